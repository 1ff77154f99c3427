"""Example agents for `cardgm eval` (and a start for your own): each takes the reply and the
legal moves of this moment as JSON objects, and answers with one of them.

    cardgm eval cardgm.agents.examples:RandomMove --runs 10
    cardgm eval cardgm.agents.examples:first_move --card deadreckoning
"""

from __future__ import annotations

import random
from typing import Any


class RandomMove:
    """A legal move drawn uniformly at random (the stand-down too). A class, so `cardgm eval`
    makes one per run; seeded, so an evaluation can be run again to the same results."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, reply: str, legal: list[dict[str, Any]]) -> dict[str, Any]:
        return self.rng.choice(legal)


def first_move(reply: str, legal: list[dict[str, Any]]) -> int:
    """The first legal move, always (its index): DEADRECKONING's sea fired A1, B1, … in order."""
    return 0
