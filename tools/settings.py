"""Settings read from the environment (``CONTEXTORG_*``); explicit arguments always win."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Environment defaults for what a caller did not choose explicitly."""

    model_config = SettingsConfigDict(env_prefix="CONTEXTORG_", extra="ignore")

    home: Path = Field(
        default=Path.home() / ".cache" / "contextorg",
        description="where model weights and indexes are kept",
    )
    model: str = Field(default="local", description="the chat model for every role")
    threads: int | None = Field(
        default=None, description="CPU threads for the embedded model (None: all cores)"
    )
    n_ctx: int = Field(default=4096, description="context window of the embedded model")
    trace: Path | None = Field(
        default=None, description="append every run to this JSONL trace file"
    )
    checkpoints: str | None = Field(
        default=None,
        description="where threads live: sqlite:///PATH or postgresql://... (default: a SQLite "
        "file in the user's data directory)",
    )
    phoenix: str | None = Field(
        default=None, description="send spans to the Arize Phoenix at this URL"
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The settings, read once per process."""
    return Settings()
