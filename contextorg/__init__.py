"""contextorg: organize interrelated, conflicting contexts, then answer with every answer cited."""

from pathlib import Path as _Path

# In a source checkout the subpackages live in the repository root (graphs/, nodes/, tools/,
# state/, prompts/); installed, they sit inside this package. Let a checkout import too.
if not (_Path(__file__).parent / "graphs").is_dir():
    _root = _Path(__file__).parent.parent
    if (_root / "graphs" / "qa.py").is_file():
        __path__.append(str(_root))

from contextorg.agent import as_tool
from contextorg.api import (
    AskOptions,
    Event,
    Result,
    aask,
    as_contexts,
    ask,
    ask_stream,
    run_context,
)
from contextorg.graphs.qa import NODES, build_graph, graph
from contextorg.state import (
    Answer,
    AnswerItem,
    Context,
    Group,
    NodeUsage,
    Organization,
    Relation,
    RelationGraph,
    RunContext,
)
from contextorg.testing.world import scripted_model as _scripted_model
from contextorg.tools.inputs import InputError, load_contexts
from contextorg.tools.models.guard import forbid_if_asked as _forbid_if_asked
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.resolve import register_chat_model, resolve_chat_model
from contextorg.tools.models.structured import ScriptedChatModel
from contextorg.tools.organizers import ORGANIZERS
from contextorg.tools.organizers.base import Organizer
from contextorg.tools.relations import CLASSIFIERS
from contextorg.tools.relations.graph import build_relation_graph

# Registered here, above the tools layer: scripted worlds live with the test support.
register_chat_model("scripted", lambda world: _scripted_model(world or "demo"), real=False)

__all__ = [
    "CLASSIFIERS",
    "NODES",
    "ORGANIZERS",
    "Answer",
    "AnswerItem",
    "Context",
    "AskOptions",
    "Event",
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
    "as_tool",
    "ask",
    "ask_stream",
    "build_graph",
    "build_relation_graph",
    "graph",
    "load_contexts",
    "register_chat_model",
    "resolve_chat_model",
    "run_context",
]

_forbid_if_asked()  # a test's child process (a notebook kernel) loads no model either
