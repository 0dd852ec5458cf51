"""Test support: scripted models that answer every contextorg prompt, and faults to inject.

- :class:`World`: readings per context; its model replies to every prompt from them, a pure
  function of the prompt, so parallel ``Send`` fan-out does not change it::

      world = World(contexts, {"c1": Triple(True, "Velmora", "1987"), ...})
      ask(question, contexts, model=world.model())

  The demo corpus has a world of its own, by name: ``model="scripted:demo"``; any other text
  answers with the first number it states (``scripted:any``).
- :func:`faulty`: a model that misbehaves as told (raises, hangs, replies empty, truncated,
  malformed or invented), for testing what every node does when the model fails.
- :class:`FakeOpenAIServer`: an OpenAI-compatible API inside the process (``ChatOpenAI`` over
  ``httpx.MockTransport``), scripted the same way, accepting the structured-output methods a
  test says, counting requests.
- :class:`HashEmbedder`: a deterministic embedder with no weights.
"""

from contextorg.testing.faults import Fault, Faults, faulty
from contextorg.testing.helpers import (
    BRIDGE,
    BRIDGE_QUESTION,
    MODEL_SERVER_NAME,
    HashEmbedder,
    ask_demo_in_new_process,
    dies_with_parent,
    free_port,
    local_postgres,
    race_turns,
    start_model_server,
    thread_questions,
)
from contextorg.testing.openai_server import FakeOpenAIServer
from contextorg.testing.world import (
    DEMO_COMPLETIONS,
    DEMO_READINGS,
    SCRIPTED_WORLDS,
    World,
    agent_reply,
    first_number,
    numbered_texts,
    scripted_model,
    stating_sentence,
)

__all__ = [
    "BRIDGE",
    "BRIDGE_QUESTION",
    "MODEL_SERVER_NAME",
    "DEMO_COMPLETIONS",
    "DEMO_READINGS",
    "SCRIPTED_WORLDS",
    "Fault",
    "Faults",
    "FakeOpenAIServer",
    "HashEmbedder",
    "World",
    "agent_reply",
    "ask_demo_in_new_process",
    "dies_with_parent",
    "faulty",
    "free_port",
    "local_postgres",
    "race_turns",
    "start_model_server",
    "thread_questions",
    "first_number",
    "numbered_texts",
    "scripted_model",
    "stating_sentence",
]
