"""Par: how named policies that play blind score, on the printed tape and on tapes derived from
seeds `{id}:{version}:{i}`.

Blind means a policy sees what a player at the table has been told and nothing more: the state
(the LEDGER) and the tape values already read. It is handed `read`, the values read so far,
never the tape itself, so it cannot look ahead (tests/solve/test_par.py changes every value
ahead and checks that no choice changes).

Every game names the same four policies — cautious, steady, greedy and random — each a plain
rule of thumb written in the game's own `par` module (`GameEntry.par`, a `protocols.ParRules`),
which says what each does on its card. This module plays them and counts.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardgm import games
from cardgm.card import Card
from cardgm.solve.protocols import ParRules, Policy
from cardgm.tape import derive

__all__ = ["POLICIES", "ParRules", "Policy", "Row", "game_for", "par", "play", "table", "tapes"]

POLICIES = ("cautious", "steady", "greedy", "random")


# -- playing a policy -------------------------------------------------------------------------


def game_for(game_id: str) -> ParRules:
    """The par rules of a game (its registry entry's `par`); ValueError if it has none."""
    found = games.entry(game_id)
    if found.par is None:
        known = " and ".join(e.id for e in games.entries() if e.par is not None)
        raise ValueError(f"par knows {known}, not {game_id}")
    rules: ParRules = games.part(found, "par")
    return rules


def play(game: ParRules, tape: tuple[int, ...], policy: Policy, rng: random.Random) -> Any:
    """One run of `policy` on `tape`; the final state. The policy sees only the values read."""
    s = game.new()
    while not game.done(s):
        s = game.step(tape, s, policy(s, tuple(tape[: s.tape]), rng))
    return s


@dataclass(frozen=True)
class Row:
    policy: str
    printed: tuple[int, ...]  # scores on the printed tape (one for a fixed policy, many for random)
    printed_ends: Counter
    scores: tuple[int, ...]  # one per derived tape
    ends: Counter

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.scores) if self.scores else 0.0


def tapes(card: Card, n: int) -> list[tuple[int, ...]]:
    """The N tapes derived from `{id}:{version}:{i}`, i = 0 … N−1."""
    return [derive(f"{card.game_id}:{card.version}:{i}", max(40, len(card.tape))) for i in range(n)]


def par(card: Card, n: int = 100, random_runs: int = 200, seed: int = 0, quiet: bool = False, rows: list[Row] | None = None) -> list[Row]:
    """Every policy on the printed tape and on `n` derived tapes. A fixed policy plays each tape
    once; random plays the printed tape `random_runs` times and each derived tape once. A bar on
    stderr counts the runs (cardgm.progress). `rows`, when given, is filled as each policy
    finishes (what stands when the run is stopped)."""
    from cardgm.progress import task

    game = game_for(card.game_id)
    derived = tapes(card, n)
    rows = [] if rows is None else rows
    total = sum((random_runs if name == "random" else 1) + n for name in POLICIES)
    with task(f"Par for {card.title}", total=total, quiet=quiet) as shown:
        for name in POLICIES:
            shown.status(name)
            rows.append(_row(game, card, name, derived, random_runs, seed, shown))
    return rows


def _row(game: ParRules, card: Card, name: str, derived: list[tuple[int, ...]], random_runs: int, seed: int, shown: Any) -> Row:
    """One policy's runs on the printed tape and on every derived tape."""
    policy = game.policies[name]
    rng = random.Random(f"{seed}:{name}")
    runs = random_runs if name == "random" else 1
    printed: list[Any] = []
    over: list[Any] = []
    for _ in range(runs):
        printed.append(play(game, card.tape, policy, rng))
        shown.advance()
    for t in derived:
        over.append(play(game, t, policy, rng))
        shown.advance()
    return Row(
        name,
        tuple(game.outcome(s)[1] for s in printed),
        Counter(game.outcome(s)[0] for s in printed),
        tuple(game.outcome(s)[1] for s in over),
        Counter(game.outcome(s)[0] for s in over),
    )


def table(card: Card, rows: list[Row], n: int) -> str:
    """The terminal table."""
    out = [
        f"{card.title} v{card.version} — par over the printed tape and {n} tapes derived from "
        f"{card.game_id}:{card.version}:0 … {n - 1}",
        "",
        f"{'policy':9} {'printed tape':>22}   {'mean':>6} {'median':>6} {'min':>4} {'max':>4}   ends over the derived tapes",
    ]
    for r in rows:
        if len(r.printed) == 1:
            printed = f"{r.printed[0]} ({next(iter(r.printed_ends))})"
        else:
            printed = f"mean {statistics.fmean(r.printed):.1f} of {len(r.printed)}"
        ends = ", ".join(f"{e} {c}" for e, c in r.ends.most_common())
        lo = min(r.scores) if r.scores else 0
        hi = max(r.scores) if r.scores else 0
        out.append(f"{r.policy:9} {printed:>22}   {r.mean:6.1f} {r.median:6.1f} {lo:4} {hi:4}   {ends}")
    return "\n".join(out)
