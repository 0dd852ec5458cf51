"""Chat models: names to models, the embedded llama.cpp model and its weights, structured calls."""

from typing import TYPE_CHECKING

from contextorg.tools import moved_names

if not TYPE_CHECKING:  # names of release 0.1, deprecated; type checkers see none
    __getattr__ = moved_names(__name__, "resolve")
