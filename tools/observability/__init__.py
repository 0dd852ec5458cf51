"""Observability: JSONL traces and OpenTelemetry export to Arize Phoenix."""
