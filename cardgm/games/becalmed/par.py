"""BECALMED's par policies: plain rules of thumb that play blind (cardgm.solve.par plays them).

A policy sees the state and the tape values read so far; the dawn sky is read before the calls,
so it sees today's sky.

- **cautious** — water first and the crew on their feet: a ration only when thirst climbs (SHORT
  from 1, FULL from 3), the awning on overcast and rain, the canvas down in a calm (to fish) and
  in hard weather (to bail), the watch whenever a soul is down; never rows.
- **steady** — sail whenever the sky has a sail number, SHORT rations (FULL from thirst 3), the
  awning only to catch a squall when the breaker is low, the oars while thirst is 2 or less and
  three are on their feet, otherwise watch, bail or mend as the state asks.
- **greedy** — distance above all: FULL, SAIL (hard weather too), ROW whenever allowed; the
  turtle left (it would spend tomorrow's oars).
- **random** — one of `rules.legal_actions`, uniformly (every legal set of calls, turtle or signal).

Every policy answers a ship it can answer (burning what she needs) and, but for greedy, takes
the turtle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cardgm.solve.protocols import Policy

from . import rules as R
from .state import State


def _becalmed_pick(s: Any, prefs: list[tuple[str, str, str]]) -> Any:
    """The first preference the rules allow this morning (a call the morning does not ask for —
    the canvas while LOST, the hands on a butchering day — is matched by its absence)."""
    legal = R.legal_calls(s)
    for issue, canvas, hands in prefs:
        for c in legal:
            if c.issue == issue and c.canvas in (canvas, None) and c.hands in (hands, None):
                return c
    return legal[0]


def _becalmed_dusk(s: Any, read: tuple[int, ...], take: bool) -> Any:
    if s.phase == "turtle":
        return R.Turtle(take)
    need = R.flares_needed(read[-1])
    return R.Signal(need if s.flares >= need else 0)


def becalmed_cautious(s: Any, read: tuple[int, ...], rng: random.Random) -> Any:
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
    return rng.choice(R.legal_actions(s))


@dataclass(frozen=True)
class BecalmedPar:
    """The par tools' view of this card (cardgm.solve.protocols.ParRules)."""

    policies: dict[str, Policy] = field(
        default_factory=lambda: {"cautious": becalmed_cautious, "steady": becalmed_steady, "greedy": becalmed_greedy, "random": becalmed_random}
    )

    def new(self) -> State:
        return State()

    def step(self, tape: tuple[int, ...], state: State, action: Any) -> State:
        return R.apply(state, action, tape)[0]

    def done(self, state: State) -> bool:
        return state.end is not None

    def outcome(self, state: State) -> tuple[str, int]:
        assert state.end is not None
        return state.end, R.score(state)


PAR = BecalmedPar()
