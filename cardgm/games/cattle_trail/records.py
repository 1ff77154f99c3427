"""Frozen records built quickly: the DROVER'S AUTUMN state and events are built hundreds of
thousands of times in a search."""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import TypeVar

_E = TypeVar("_E")


def quick_init(cls: type[_E]) -> type[_E]:
    """Give a frozen record (an event, the Drove) an `__init__` that fills its fields with one
    dict update.

    A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, one call a
    field: most of the cost of the half-dozen events a day builds (a third of a day in random
    play), and of the Drove built every day. The record is the same: the same fields, defaults,
    order, equality, hash and repr, and it stays frozen (assigning to a field still raises).
    Apply it above `@dataclass(frozen=True)`, on a class with no `__post_init__` and no field
    factories (tests/cattle_trail/test_rules_fast.py checks every record that uses it)."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}  # type: ignore[arg-type]
    params = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    body = ", ".join(f"{n}={n}" for n in names)
    src = f"def __init__(self, {params}):\n    self.__dict__.update({body})\n" if names else "def __init__(self):\n    pass\n"
    scope: dict[str, object] = {f"_default_{n}": v for n, v in defaults.items()}
    exec(src, scope)  # the way dataclasses builds its own __init__
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls
