"""Example agents for `cardgm eval` (and a start for your own): each takes the reply and the
legal moves of this moment as JSON objects, and answers with one of them or its index.

    cardgm eval cardgm.agents.examples:RandomMove --runs 10
    cardgm eval cardgm.agents.examples:first_move --card deadreckoning

Your own agent can live in a file in the folder you run `cardgm eval` from: `cardgm eval
myagent:play` imports `myagent.py` from there.
"""

from __future__ import annotations

import itertools
import random
from typing import Any


class RandomMove:
    """A legal move drawn uniformly at random, never the stand-down (every game lists it last)
    while another move is legal. A class, so `cardgm eval` makes one per run; run k of an
    evaluation draws from seed k, so the same command gives the same results."""

    _runs = itertools.count()

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(next(self._runs) if seed is None else seed)

    def __call__(self, reply: str, legal: list[dict[str, Any]]) -> int:
        return self.rng.randrange(len(legal) - 1) if len(legal) > 1 else 0


def first_move(reply: str, legal: list[dict[str, Any]]) -> int:
    """The first legal move, always (its index): DEADRECKONING's sea fired A1, B1, … in order."""
    return 0
