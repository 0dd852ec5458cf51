"""Answering groups: citations, map-reduce notes, conflicts, completion, the MADAM debate."""
