"""One registry type for every swappable slot: a name, or an instance, to a component.

Chat models, embedders, retrievers, rerankers, relation classifiers, organizers, completers,
conflict policies and attributors each have one :class:`Registry`. A new component is one
``register`` call (or one line where the registry is built); an unknown name raises
:class:`UnknownComponentError`, which lists the names there are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from contextorg.tools.inputs import InputError

T = TypeVar("T")


class UnknownComponentError(InputError):
    """No component of a slot has this name; the message lists the ones that do."""

    def __init__(self, slot: str, name: str, known: Iterable[str], hint: str = "") -> None:
        self.slot = slot
        self.name = name
        self.known = list(known)
        super().__init__(f"unknown {slot} {name!r}; choose one of {', '.join(self.known)}{hint}")


class Registry(dict[str, T]):
    """The components of one slot by name; a dict whose missing names raise a clear error.

    Args:
        slot: What the components are, for the error (``"strategy"``, ``"embedder"``).
        components: The built-in ones.
        hint: Appended to the unknown-name error (what else the slot accepts).
    """

    def __init__(
        self, slot: str, components: Mapping[str, T] | None = None, hint: str = ""
    ) -> None:
        super().__init__(components or {})
        self.slot = slot
        self.hint = hint

    def __missing__(self, name: str) -> T:
        raise UnknownComponentError(self.slot, name, self, self.hint)

    def register(self, name: str, component: T) -> None:
        """Make ``component`` the one called ``name`` (replacing any before it)."""
        self[name] = component

    def resolve(self, spec: str | T) -> T:
        """The component called ``spec``, or ``spec`` itself when it is already a component."""
        return self[spec] if isinstance(spec, str) else spec

    def by_prefix(self, spec: str) -> tuple[T, str]:
        """For ``prefix:rest`` names (``openai:gpt-4o-mini``): the prefix's entry and the rest."""
        prefix, _, rest = spec.partition(":")
        if prefix not in self:
            raise UnknownComponentError(self.slot, spec, self, self.hint)
        return self[prefix], rest
