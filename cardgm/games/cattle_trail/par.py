"""DROVER'S AUTUMN's par policies: plain rules of thumb that play blind (cardgm.solve.par plays
them). A policy sees the drove and the values read so far; the order comes before the day's value.

- **cautious** ("a careful drove") — EASY while the days allow, STEADY or PUSH only when the road
  left needs it, REST (under a ROOF at a store) when WEAR reaches 3, TWO BOATS at the Kyle, the
  ford only with the river LOW or UP (or no day to wait), meal bought for the days left with the
  toll kept back, the herd shod at the Smiddy when silver allows.
- **steady** — STEADY every day, ONE BOAT, FORD, TOLL at STEADY, meal for the days left.
- **greedy** — PUSH every day, ONE BOAT, FORD, TOLL at PUSH; meal only when the bag is empty.
- **random** — one of the day's orders, uniformly (TOLL counted once per pace), with no business.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from cardgm.solve.protocols import Policy

from . import rules as R
from .actions import Business, DayOrder
from .state import MEAL_MAX, Drove


def _trail_plan(s: Any) -> float:
    """Miles a marching day must average to reach the tryst ground by day 20 (from the road
    alone: the crossings ahead take a day each, the toll's march excepted)."""
    crossings = (s.mile <= 12) + (s.mile <= 57)
    days = 20 - s.day + 1 - crossings
    return (179 - s.mile) / max(days, 1) if days > 0 else 99.0


def _trail_meal(s: Any, keep: int) -> int:
    """Meal for the days left, as far as the bag and the silver (less `keep`) go."""
    want = min(MEAL_MAX, 21 - s.day) - s.meal
    return max(0, min(want, s.silver - keep))


def _trail_order(s: Any, pace: str, boats: str, ford_ok: bool, business: Any = None) -> Any:
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
    business = Business()
    if R.legal_business(s):
        keep = R.per_ten(s.head) if s.mile < 118 else 0
        business = Business(meal=_trail_meal(s, keep))
    return _trail_order(s, "STEADY", "ONE BOAT", True, business)


def trail_greedy(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    business = Business()
    if R.legal_business(s) and s.meal == 0:
        business = Business(meal=_trail_meal(s, R.per_ten(s.head) if s.mile < 118 else 0))
    return _trail_order(s, "PUSH", "ONE BOAT", True, business)


def trail_random(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
    choices = [(o, p) for o in R.legal_orders(s) for p in (("EASY", "STEADY", "PUSH", "REST") if o == "TOLL" else (None,))]
    order, pace = rng.choice(choices)
    return DayOrder(order, toll_pace=pace)


@dataclass(frozen=True)
class DroversAutumnPar:
    """The par tools' view of this card (cardgm.solve.protocols.ParRules)."""

    policies: dict[str, Policy] = field(
        default_factory=lambda: {"cautious": trail_cautious, "steady": trail_steady, "greedy": trail_greedy, "random": trail_random}
    )

    def new(self) -> Drove:
        return Drove()

    def step(self, tape: tuple[int, ...], state: Drove, action: Any) -> Drove:
        return R.apply(state, action, tape)[0]

    def done(self, state: Drove) -> bool:
        return state.ended

    def outcome(self, state: Drove) -> tuple[str, int]:
        assert state.end is not None
        return state.end, R.score(state)


PAR = DroversAutumnPar()
