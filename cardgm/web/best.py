"""The best line a card's tape allows, for the epilogue: the card's exact solver, run once per
card text and kept in the store (and in this process), so no visitor waits twice.

The solver is the game's own (`GameEntry.solver`). A game with nothing to search (no tape: a
hidden berth) may say its best score in its moves module (`BEST`, DEADRECKONING's 100): the
epilogue shows that score, with no line, beside its runs.
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
    from cardgm.solve.review import solvable as solvable_games

    return bool(card.tape) and card.game_id in solvable_games()


def stated_best(card: Card) -> BestLine | None:
    """The best score a game with nothing to search says it allows (its moves module's `BEST`),
    as a line of no messages; None if it says none."""
    from cardgm import games

    moves = games.part(games.entry(card.game_id), "moves")
    best = getattr(moves, "BEST", None)
    return None if best is None else BestLine(int(best), None, ())


def best_line(store: Store, card: Card) -> BestLine | None:
    """The best score on this card's tape, its end and the messages that play it (by the game's
    solver); for a card with nothing to search, the best the game says it allows (`stated_best`);
    None when neither is known. The first call for a card may take seconds."""
    if not solvable(card):
        return stated_best(card)
    key = card_sha(card)
    if key in _memo:
        return _memo[key]
    with _lock:  # one solve at a time in this process; the store shares it with the others
        if key in _memo:
            return _memo[key]
        found = store.best_line(key)
        if found is None:
            from cardgm.solve.review import solver_for

            solver = solver_for(card)
            sol = solver.solve(card.tape)
            found = BestLine(sol.score, sol.end, tuple(solver.message(a) for a in sol.line))
            store.keep_best_line(key, found)
        _memo[key] = found
        return found
