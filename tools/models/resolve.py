"""One registry that turns a model name, or an instance, into a chat model.

Names: ``local`` (the embedded 1.5B model), ``local:0.5b``, ``gguf:/path/to/model.gguf``,
``openai:MODEL`` (OpenAI or any OpenAI-compatible server via ``OPENAI_BASE_URL``),
``scripted:demo`` (no model: scripted replies on the bundled demo corpus; registered by the
package, from :mod:`contextorg.testing`). New
prefixes are one :func:`register_chat_model` call.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from langchain_core.language_models import BaseChatModel
from pydantic import SecretStr

from contextorg.tools.models import guard
from contextorg.tools.models.llama import LlamaCppChatModel
from contextorg.tools.models.structured import JsonSchemaChatModel
from contextorg.tools.models.weights import DEFAULT_WEIGHTS, ensure_weights
from contextorg.tools.registry import Registry
from contextorg.tools.settings import get_settings

Factory = Callable[[str], BaseChatModel]


@dataclass(frozen=True)
class ChatModelFactory:
    """How a name prefix becomes a chat model (``make(rest)``).

    ``real`` marks one that loads weights or reaches a network.
    """

    make: Factory
    real: bool = True


CHAT_MODELS: Registry[ChatModelFactory] = Registry(
    "model",
    hint=" (for example 'local' or 'openai:gpt-4o-mini'), or pass a BaseChatModel",
)
"""Chat model factories by name prefix; ``register_chat_model`` adds one."""
_CACHE: dict[str, BaseChatModel] = {}
_CACHE_LOCK = threading.Lock()


def register_chat_model(prefix: str, factory: Factory, *, real: bool = True) -> None:
    """Make ``prefix:REST`` (or bare ``prefix``) resolve through ``factory(REST)``.

    ``real=False`` marks a model that reaches no network and loads no weights (a test model),
    which stays allowed when :mod:`~contextorg.tools.models.guard` forbids real ones.
    """
    CHAT_MODELS.register(prefix, ChatModelFactory(factory, real))
    for cached in [name for name in _CACHE if name.partition(":")[0] == prefix]:
        del _CACHE[cached]


def resolve_chat_model(spec: str | BaseChatModel) -> BaseChatModel:
    """The chat model for a name or an instance; instances pass through unchanged."""
    if isinstance(spec, BaseChatModel):
        return spec
    factory, rest = CHAT_MODELS.by_prefix(spec)
    if factory.real:
        guard.check(f"the model {spec!r}")
    with _CACHE_LOCK:
        if spec not in _CACHE:
            _CACHE[spec] = factory.make(rest)
        return _CACHE[spec]


def _local(size: str) -> BaseChatModel:
    return _gguf(str(ensure_weights(size or DEFAULT_WEIGHTS)))


def _gguf(path: str) -> BaseChatModel:
    model_path = Path(path).expanduser()
    if not model_path.is_file():
        raise FileNotFoundError(f"no GGUF model file at {model_path}")
    settings = get_settings()
    return LlamaCppChatModel(
        model_path=model_path, n_ctx=settings.n_ctx, n_threads=settings.threads
    )


def _openai(model: str) -> BaseChatModel:
    from langchain_openai import ChatOpenAI

    if not model:
        raise ValueError("name the model after the prefix, for example 'openai:gpt-4o-mini'")
    base_url = os.environ.get("OPENAI_BASE_URL")
    # Local OpenAI-compatible servers (vLLM, llama.cpp, Ollama) accept any key.
    api_key = os.environ.get("OPENAI_API_KEY") or ("not-needed" if base_url else None)
    if api_key is None:
        raise ValueError(
            f"openai:{model} needs OPENAI_API_KEY, or OPENAI_BASE_URL for a compatible server"
        )
    # No retries in the client: calls retry transient errors themselves (tools/models/calls.py),
    # and a refused request is not worth repeating.
    return ChatOpenAI(
        model=model,
        base_url=base_url,
        api_key=SecretStr(api_key),
        temperature=0,
        max_retries=0,
    )


register_chat_model("local", _local)
register_chat_model("gguf", _gguf)
register_chat_model("openai", _openai)


def token_counter(model: BaseChatModel) -> Callable[[str], int]:
    """Count tokens with the model's own tokenizer where it has one offline.

    The embedded and scripted models count exactly. LangChain's default for other models
    downloads a tokenizer (GPT-2, tiktoken), which hangs offline: those count about four
    characters a token.
    """
    if isinstance(model, JsonSchemaChatModel):
        return model.get_num_tokens
    return lambda text: len(text) // 4 + 1


def context_budget(model: BaseChatModel, chosen: int | None) -> int:
    """Tokens of context one call may read: ``chosen``, else what the model's window allows."""
    if chosen is not None:
        return chosen
    if isinstance(model, LlamaCppChatModel):
        return model.n_ctx - model.max_tokens - 512  # room for instructions and the answer
    return 6000
