"""MicroPython has no ``typing``: the names the engine imports from it, as stand-ins (its
annotations are never evaluated, and ``TYPE_CHECKING`` blocks are skipped)."""

TYPE_CHECKING = False
Any = object
