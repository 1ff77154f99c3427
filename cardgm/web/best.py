"""The best line a card's tape allows, for the epilogue: the card's exact solver, run once per
card text and kept in the store (and in this process), so no visitor waits twice.

TEMPORARY lookup of the solver: the game registry will say which games have one; until then
`cardgm.solve.review` does.
"""

from __future__ import annotations

import hashlib
import threading

from cardgm.card import Card
from cardgm.store import BestLine, Store

_memo: dict[str, BestLine | None] = {}
_lock = threading.Lock()


def card_sha(card: Card) -> str:
    return hashlib.sha256(card.text.encode("utf-8")).hexdigest()


def solvable(card: Card) -> bool:
    from cardgm.solve.review import SOLVABLE

    return bool(card.tape) and card.game_id in SOLVABLE


def best_line(store: Store, card: Card) -> BestLine | None:
    """The best score on this card's tape, its end and the messages that play it; None for a card
    with no tape or no solver. The first call for a card may take seconds."""
    if not solvable(card):
        return None
    key = card_sha(card)
    if key in _memo:
        return _memo[key]
    with _lock:  # one solve at a time in this process; the store shares it with the others
        if key in _memo:
            return _memo[key]
        found = store.best_line(key)
        if found is None:
            from cardgm.solve.review import _module

            solver = _module(card)
            sol = solver.solve(card.tape)
            found = BestLine(sol.score, sol.end, tuple(solver.message(a) for a in sol.line))
            store.keep_best_line(key, found)
        _memo[key] = found
        return found
