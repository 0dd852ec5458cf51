"""OpenTelemetry/OpenInference export to Arize Phoenix (or any OTLP/HTTP collector).

``enable_phoenix("http://127.0.0.1:6006")`` instruments LangChain once per process, so the graph,
every node and every model call become spans in the Phoenix project ``contextorg``. Spans are
batched and flushed when a question ends (:func:`flush_phoenix`), so tracing adds no network
round trip inside a run.
"""

from __future__ import annotations

import http.client
import os
import threading
import urllib.error
import urllib.request
from typing import Any

from contextorg.tools.inputs import InputError

PROJECT = "contextorg"
_state: dict[str, Any] = {}
_lock = threading.Lock()


def enable_phoenix(endpoint: str, *, project: str = PROJECT) -> None:
    """Send spans to the Phoenix (or OTLP/HTTP collector) at ``endpoint`` from now on.

    Calling it again with the same endpoint does nothing; another endpoint is refused, because
    LangChain can only be instrumented once per process.
    """
    if not endpoint.startswith(("http://", "https://")):
        raise InputError(f"not a Phoenix URL: {endpoint!r} (for example http://127.0.0.1:6006)")
    target = endpoint.rstrip("/") + "/v1/traces"
    with _lock:
        if _state.get("target") == target:
            return
        if _state:
            raise InputError(
                f"spans already go to {_state['target']}: one Phoenix endpoint per process"
            )
        try:
            from openinference.instrumentation.langchain import LangChainInstrumentor
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
            from opentelemetry.sdk.resources import Resource
            from opentelemetry.sdk.trace import TracerProvider
            from opentelemetry.sdk.trace.export import BatchSpanProcessor
        except ImportError:
            raise InputError(
                "Phoenix export needs OpenTelemetry: pip install 'contextorg[phoenix]'"
            ) from None
        _check_reachable(endpoint, target)
        provider = TracerProvider(resource=Resource.create({"openinference.project.name": project}))
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(target, timeout=5)))
        LangChainInstrumentor().instrument(tracer_provider=provider)
        _state.update(target=target, provider=provider)


def _check_reachable(endpoint: str, target: str) -> None:
    """Refuse an endpoint that does not take spans, before the run.

    Its spans would all be lost: the exporter retries in the background, then logs that it
    gave up, while the run goes on as if they were kept. An empty export (an OTLP request
    with no spans) must be taken; nothing listening, something that is not an HTTP server,
    or one that refuses the export (a web app on Phoenix's port) is an error that says so.
    """
    from opentelemetry.util.re import parse_env_headers  # the phoenix extra, checked already

    # with the headers the exporter sends (an API key, say): OpenTelemetry's own variables
    given = os.environ.get("OTEL_EXPORTER_OTLP_TRACES_HEADERS")
    given = given or os.environ.get("OTEL_EXPORTER_OTLP_HEADERS", "")
    headers = dict(parse_env_headers(given, liberal=True))
    headers["Content-Type"] = "application/x-protobuf"
    request = urllib.request.Request(target, data=b"", headers=headers, method="POST")
    try:
        urllib.request.urlopen(request, timeout=3).close()
    except urllib.error.HTTPError as exc:
        if exc.code in (401, 403):
            raise InputError(
                f"Phoenix at {endpoint} refused the span export (HTTP {exc.code}): give its "
                "API key in OTEL_EXPORTER_OTLP_HEADERS (for example 'authorization=Bearer KEY')"
            ) from None
        raise InputError(
            f"{endpoint} is not Phoenix: it answered HTTP {exc.code} to a span export at "
            f"{target}; give the URL Phoenix listens at (`phoenix serve`: http://127.0.0.1:6006)"
        ) from None
    except http.client.HTTPException as exc:  # what it sent is not shown: it is not ours
        raise InputError(
            f"{endpoint} is not Phoenix: it does not answer as an HTTP server "
            f"({type(exc).__name__}); give the URL Phoenix listens at (`phoenix serve`: "
            "http://127.0.0.1:6006)"
        ) from None
    except (OSError, ValueError) as exc:
        cause = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        reason = getattr(cause, "strerror", None) or str(cause) or type(cause).__name__
        raise InputError(
            f"cannot reach Phoenix at {endpoint} ({reason}): start it (`phoenix serve` listens "
            "on http://127.0.0.1:6006) or run without it"
        ) from None


def flush_phoenix(timeout_seconds: float = 10.0) -> bool:
    """Send the spans still buffered; True when all went out (or tracing is off)."""
    provider = _state.get("provider")
    return bool(provider.force_flush(int(timeout_seconds * 1000))) if provider else True
