"""Small immutable values without ``dataclasses``, ``enum`` or ``typing.NamedTuple``.

The engine also runs under MicroPython (the rules page and the embeds replay and draw
positions with it, without Pyodide), which has none of those. A ``Value`` lists its
``FIELDS``; equality, hash and a pasteable repr come from them, and it refuses to be
changed once made (``set_fields`` fills it in ``__init__``).
"""

from __future__ import annotations

from typing import Any

_set = object.__setattr__


class Value:
    """Base of an immutable value whose identity is its ``FIELDS``."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()

    def values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.values() == other.values()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({args})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name}")


def by_value(values: tuple, value: str, what: str) -> Any:
    """The one of ``values`` whose ``.value`` is ``value`` (an enum's lookup by value);
    raises ``ValueError`` naming ``what`` they are."""
    for v in values:
        if v.value == value:
            return v
    raise ValueError(f"{value!r} is not {what}")


def set_fields(value: Value, **fields: Any) -> None:
    """Fills in a ``Value``'s attributes (from its ``__init__``)."""
    for name in fields:
        _set(value, name, fields[name])


try:
    new_tuple = tuple.__new__  # a tuple subclass made without its Python-level __new__
except AttributeError:  # MicroPython has no tuple.__new__; this path is not hot there

    def new_tuple(cls: Any, values: tuple) -> Any:  # type: ignore[misc]
        return cls(*values)
