"""Par: how named policies that play blind score, on the printed tape and on tapes derived from
seeds `{id}:{version}:{i}`.

Blind means a policy sees what a player at the table has been told and nothing more: the state
(the LEDGER) and the tape values already read. It is handed `read`, the values read so far,
never the tape itself, so it cannot look ahead (tests/solve/test_par.py changes every value
ahead and checks that no choice changes). For BECALMED the dawn sky is read before the calls,
so a policy sees today's sky; for DROVER'S AUTUMN the order comes before the day's value.

The policies (the same three names on both cards, each a plain rule of thumb):

- **cautious** — BECALMED: water first and the crew on their feet: a ration only when thirst
  climbs (SHORT from 1, FULL from 3), the awning on overcast and rain, the canvas down in a calm
  (to fish) and in hard weather (to bail), the watch whenever a soul is down; never rows.
  DROVER'S AUTUMN ("a careful drove"): EASY while the days allow, STEADY or PUSH only when the
  road left needs it, REST (under a ROOF at a store) when WEAR reaches 3, TWO BOATS at the Kyle,
  the ford only with the river LOW or UP (or no day to wait), meal bought for the days left with
  the toll kept back, the herd shod at the Smiddy when silver allows.
- **steady** — BECALMED: sail whenever the sky has a sail number, SHORT rations (FULL from thirst
  3), the awning only to catch a squall when the breaker is low, the oars while thirst is 2 or
  less and three are on their feet, otherwise watch, bail or mend as the state asks.
  DROVER'S AUTUMN: STEADY every day, ONE BOAT, FORD, TOLL at STEADY, meal for the days left.
- **greedy** — BECALMED: distance above all: FULL, SAIL (hard weather too), ROW whenever allowed;
  the turtle left (it would spend tomorrow's oars). DROVER'S AUTUMN: PUSH every day, ONE BOAT,
  FORD, TOLL at PUSH; meal only when the bag is empty.
- **random** — a uniformly random legal choice: BECALMED, one of `rules.legal_actions` (every
  legal set of calls, turtle or signal); DROVER'S AUTUMN, one of the day's orders (TOLL counted
  once per pace), with no business.

Every policy answers a ship it can answer (burning what she needs) and, but for greedy, takes
the turtle.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Callable

from cardgm.card import Card
from cardgm.tape import derive

POLICIES = ("cautious", "steady", "greedy", "random")
Policy = Callable[[Any, tuple[int, ...], random.Random], Any]


# -- BECALMED ---------------------------------------------------------------------------------


def _becalmed_pick(s: Any, prefs: list[tuple[str, str, str]]) -> Any:
    """The first preference the rules allow this morning (a call the morning does not ask for —
    the canvas while LOST, the hands on a butchering day — is matched by its absence)."""
    from cardgm.games.becalmed import rules as R

    legal = R.legal_calls(s)
    for issue, canvas, hands in prefs:
        for c in legal:
            if c.issue == issue and c.canvas in (canvas, None) and c.hands in (hands, None):
                return c
    return legal[0]


def _becalmed_dusk(s: Any, read: tuple[int, ...], take: bool) -> Any:
    from cardgm.games.becalmed import rules as R

    if s.phase == "turtle":
        return R.Turtle(take)
    need = R.flares_needed(read[-1])
    return R.Signal(need if s.flares >= need else 0)


def becalmed_cautious(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.becalmed import rules as R

    if s.phase != "calls":
        return _becalmed_dusk(s, read, True)
    sky = read[-1]
    issue = "FULL" if s.thirst >= 3 else "SHORT" if s.thirst >= 1 else "DRY"
    down = s.longest_down() is not None
    if R.hard(sky):
        return _becalmed_pick(s, [(issue, "DOWN", "BAIL")])
    if 13 <= sky <= 18:
        return _becalmed_pick(s, [(issue, "AWNING", "BAIL" if s.seams else "WATCH"), (issue, "DOWN", "WATCH")])
    hands = ["BAIL"] if s.seams else []
    hands += ["WATCH"] if down else []
    hands += ["MEND", "FISH", "WATCH", "BAIL"]
    canvas = "DOWN" if sky <= 4 else "SAIL"
    return _becalmed_pick(s, [(issue, c, h) for c in (canvas, "DOWN") for h in hands])


def becalmed_steady(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.becalmed import rules as R

    if s.phase != "calls":
        return _becalmed_dusk(s, read, True)
    sky = read[-1]
    issue = "FULL" if s.thirst >= 3 else "SHORT"
    if R.hard(sky):
        return _becalmed_pick(s, [(issue, "DOWN", "BAIL")])
    canvas = "AWNING" if 16 <= sky <= 18 and s.water < 12 else "SAIL" if R.sky(sky).sail else "DOWN"
    hands = ["BAIL"] if s.seams else []
    hands += ["WATCH"] if s.longest_down() is not None else []
    hands += ["MEND"]
    if s.thirst <= 2:
        hands.append("ROW")
    hands += ["FISH", "WATCH", "BAIL"]
    return _becalmed_pick(s, [(issue, c, h) for c in (canvas, "DOWN") for h in hands])


def becalmed_greedy(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    if s.phase != "calls":
        return _becalmed_dusk(s, read, False)
    return _becalmed_pick(s, [("FULL", c, h) for c in ("SAIL", "DOWN") for h in ("ROW", "MEND", "WATCH", "BAIL")])


def becalmed_random(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.becalmed import rules as R

    return rng.choice(R.legal_actions(s))


# -- DROVER'S AUTUMN --------------------------------------------------------------------------


def _trail_plan(s: Any) -> float:
    """Miles a marching day must average to reach the tryst ground by day 20 (from the road
    alone: the crossings ahead take a day each, the toll's march excepted)."""
    crossings = (s.mile <= 12) + (s.mile <= 57)
    days = 20 - s.day + 1 - crossings
    return (179 - s.mile) / max(days, 1) if days > 0 else 99.0


def _trail_meal(s: Any, keep: int) -> int:
    """Meal for the days left, as far as the bag and the silver (less `keep`) go."""
    from cardgm.games.cattle_trail.state import MEAL_MAX

    want = min(MEAL_MAX, 21 - s.day) - s.meal
    return max(0, min(want, s.silver - keep))


def _trail_order(s: Any, pace: str, boats: str, ford_ok: bool, business: Any = None) -> Any:
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import Business, DayOrder

    business = business or Business()
    legal = R.legal_orders(s)
    if s.mile == 12:
        order = boats if boats in legal else "ONE BOAT" if "ONE BOAT" in legal else "REST"
        return DayOrder(order, business)
    if s.mile == 57:
        return DayOrder("FORD" if ford_ok else "REST", business)
    if s.mile == 118:
        if "TOLL" in legal:
            return DayOrder("TOLL", business, toll_pace=pace)
        return DayOrder("FORD" if ford_ok else "REST", business)
    return DayOrder(pace, business)


def trail_cautious(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import Business

    need = _trail_plan(s)
    pace = "EASY" if need <= 8 else "STEADY" if need <= 12 else "PUSH"
    if s.wear >= 3 and need <= 8.5:
        pace = "REST"
    offered = R.legal_business(s)
    keep = R.per_ten(s.head) if s.mile < 118 else 0  # the toll kept back
    business = Business()
    if offered:
        shoe = "SHOE" in offered and not s.shod and s.silver - R.per_ten(s.head) >= keep + 2
        spend = R.per_ten(s.head) if shoe else 0
        roof = pace == "REST" and s.silver - spend >= keep + R.ROOF_PRICE
        spend += R.ROOF_PRICE if roof else 0
        meal = _trail_meal(replace(s, silver=s.silver - spend), keep)
        business = Business(meal=meal, roof=roof, shoe=shoe)
    ford_ok = s.spate <= 1 or need > 12
    return _trail_order(s, pace, "TWO BOATS", ford_ok, business)


def trail_steady(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import Business

    business = Business()
    if R.legal_business(s):
        keep = R.per_ten(s.head) if s.mile < 118 else 0
        business = Business(meal=_trail_meal(s, keep))
    return _trail_order(s, "STEADY", "ONE BOAT", True, business)


def trail_greedy(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import Business

    business = Business()
    if R.legal_business(s) and s.meal == 0:
        business = Business(meal=_trail_meal(s, R.per_ten(s.head) if s.mile < 118 else 0))
    return _trail_order(s, "PUSH", "ONE BOAT", True, business)


def trail_random(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    from cardgm.games.cattle_trail import rules as R
    from cardgm.games.cattle_trail.actions import DayOrder

    choices = [(o, p) for o in R.legal_orders(s) for p in (("EASY", "STEADY", "PUSH", "REST") if o == "TOLL" else (None,))]
    order, pace = rng.choice(choices)
    return DayOrder(order, toll_pace=pace)


# -- playing a policy -------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """What par needs of a card's rules: its opening, one step, the score, the end."""

    id: str
    policies: dict[str, Policy]
    new: Callable[[], Any]
    step: Callable[[tuple[int, ...], Any, Any], Any]
    done: Callable[[Any], bool]
    outcome: Callable[[Any], tuple[str, int]]
    tape_len: int


def game_for(game_id: str) -> Game:
    if game_id == "becalmed":
        from cardgm.games.becalmed import rules as R
        from cardgm.games.becalmed.state import State

        return Game(
            "becalmed",
            {"cautious": becalmed_cautious, "steady": becalmed_steady, "greedy": becalmed_greedy, "random": becalmed_random},
            State,
            lambda tape, s, a: R.apply(s, a, tape)[0],
            lambda s: s.end is not None,
            lambda s: (s.end, R.score(s)),
            28,
        )
    if game_id == "cattle-trail":
        from cardgm.games.cattle_trail import rules as R
        from cardgm.games.cattle_trail.state import Drove

        return Game(
            "cattle-trail",
            {"cautious": trail_cautious, "steady": trail_steady, "greedy": trail_greedy, "random": trail_random},
            Drove,
            lambda tape, s, a: R.apply(tape, s, a)[0],
            lambda s: s.ended,
            lambda s: (s.end, R.score(s)),
            21,
        )
    raise ValueError(f"par knows becalmed and cattle-trail, not {game_id}")


def play(game: Game, tape: tuple[int, ...], policy: Policy, rng: random.Random) -> Any:
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


def par(card: Card, n: int = 100, random_runs: int = 200, seed: int = 0, quiet: bool = False) -> list[Row]:
    """Every policy on the printed tape and on `n` derived tapes. A fixed policy plays each tape
    once; random plays the printed tape `random_runs` times and each derived tape once. A bar on
    stderr counts the runs (cardgm.progress)."""
    from cardgm.progress import task

    game = game_for(card.game_id)
    derived = tapes(card, n)
    rows = []
    total = sum((random_runs if name == "random" else 1) + n for name in POLICIES)
    with task(f"Par for {card.title}", total=total, quiet=quiet) as shown:
        for name in POLICIES:
            shown.status(name)
            rows.append(_row(game, card, name, derived, random_runs, seed, shown))
    return rows


def _row(game: Game, card: Card, name: str, derived: list[tuple[int, ...]], random_runs: int, seed: int, shown: Any) -> Row:
    """One policy's runs on the printed tape and on every derived tape."""
    policy = game.policies[name]
    rng = random.Random(f"{seed}:{name}")
    runs = random_runs if name == "random" else 1
    printed, over = [], []
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
