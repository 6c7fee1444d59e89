"""MicroPython has no ``__future__``: the engine's ``from __future__ import annotations`` finds
this stand-in on the rules page and in the embeds (MicroPython never evaluates annotations)."""

annotations = True
