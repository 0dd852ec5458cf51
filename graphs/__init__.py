"""StateGraph builders."""

from contextorg.graphs.qa import NODES, build_graph

__all__ = ["NODES", "build_graph"]
