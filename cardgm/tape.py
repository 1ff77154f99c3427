"""Printed tapes and the seed derivation (shared/cards/README.md).

The printed tape is what a game reads, always; the derivation exists so a tape can be rebuilt
from its seed and checked against what the card prints.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

FNV_OFFSET = 2166136261
FNV_PRIME = 16777619
MASK32 = 0xFFFFFFFF


def fnv1a32(text: str) -> int:
    """32-bit FNV-1a of the UTF-8 bytes of `text`."""
    h = FNV_OFFSET
    for b in text.encode("utf-8"):
        h = ((h ^ b) * FNV_PRIME) & MASK32
    return h


def _imul(a: int, b: int) -> int:
    return (a * b) & MASK32


def mulberry32(state: int) -> Iterator[float]:
    """Yield uniform floats in [0, 1) from mulberry32 seeded with `state` (unsigned 32-bit)."""
    a = state & MASK32
    while True:
        a = (a + 0x6D2B79F5) & MASK32
        t = a
        t = _imul(t ^ (t >> 15), t | 1)
        t = (t ^ ((t + _imul(t ^ (t >> 7), t | 61)) & MASK32)) & MASK32
        yield ((t ^ (t >> 14)) & MASK32) / 2**32


def derive(seed: str, n: int = 40, sides: int = 20) -> tuple[int, ...]:
    """The first `n` d`sides` values of the tape derived from `seed`.

    >>> derive("cattle-trail:1.0.0", 12)
    (16, 3, 6, 5, 18, 11, 9, 2, 9, 8, 15, 1)
    """
    gen = mulberry32(fnv1a32(seed))
    return tuple(int(next(gen) * sides) + 1 for _ in range(n))


@dataclass(frozen=True)
class TapeDifference:
    position: int  # 1-based, as the cards count tape:{pos}
    printed: int | None
    derived: int | None


def compare(printed: tuple[int, ...], derived: tuple[int, ...]) -> list[TapeDifference]:
    """Every position where the printed and derived tapes differ (lengths may differ too)."""
    out: list[TapeDifference] = []
    for i in range(max(len(printed), len(derived))):
        p = printed[i] if i < len(printed) else None
        d = derived[i] if i < len(derived) else None
        if p != d:
            out.append(TapeDifference(i + 1, p, d))
    return out
