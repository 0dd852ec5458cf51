"""contextorg: organize interrelated, conflicting contexts, then answer with every answer cited."""

from contextorg.api import Result, aask, as_contexts, ask, run_context
from contextorg.graphs.qa import NODES, build_graph
from contextorg.state import (
    Answer,
    AnswerItem,
    Context,
    Group,
    NodeUsage,
    Organization,
    Relation,
    RunContext,
)
from contextorg.tools.chat_models import LlamaCppChatModel, ScriptedChatModel
from contextorg.tools.inputs import InputError, load_contexts
from contextorg.tools.models import register_chat_model, resolve_chat_model
from contextorg.tools.organizers import ORGANIZERS, Organizer
from contextorg.tools.relation_graph import RelationGraph, build_relation_graph
from contextorg.tools.relations import CLASSIFIERS

__all__ = [
    "CLASSIFIERS",
    "NODES",
    "ORGANIZERS",
    "Answer",
    "AnswerItem",
    "Context",
    "Group",
    "InputError",
    "LlamaCppChatModel",
    "NodeUsage",
    "Organization",
    "Organizer",
    "Relation",
    "RelationGraph",
    "Result",
    "RunContext",
    "ScriptedChatModel",
    "aask",
    "as_contexts",
    "ask",
    "build_graph",
    "build_relation_graph",
    "load_contexts",
    "register_chat_model",
    "resolve_chat_model",
    "run_context",
]
