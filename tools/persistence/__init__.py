"""Persistence: conversation checkpoints and the cache of model responses."""
