"""Shared helpers for the ORDERS tests: a morning at each place, and a reading summed up in a line."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from cardgm.card import load_card
from cardgm.game import ReadAs, Reading
from cardgm.games import make_game
from cardgm.games.cattle_trail.actions import BusinessOnly, DayOrder, TurnForHome
from cardgm.games.cattle_trail.reader import read
from cardgm.games.cattle_trail.state import Drove


@lru_cache(maxsize=1)
def game() -> Any:
    return make_game(load_card("cattle-trail"))


# A morning at each kind of place the card names (day = a plausible day for the mile).
PLACES: dict[str, Drove] = {
    "township": Drove(),
    "island": Drove(mile=6, day=2, tape=1),
    "kyle": Drove(mile=12, day=2, tape=1),
    "shore": Drove(mile=20, day=3, tape=2),
    "inn": Drove(mile=33, day=4, tape=3),
    "glen": Drove(mile=45, day=5, tape=4),
    "ford": Drove(mile=57, day=6, tape=5),
    "pass": Drove(mile=70, day=7, tape=6),
    "smiddy": Drove(mile=90, day=9, tape=8),
    "bridge": Drove(mile=118, day=12, tape=11),
    "strath": Drove(mile=125, day=13, tape=12),
    "town": Drove(mile=143, day=15, tape=14),
    "lowroad": Drove(mile=160, day=17, tape=16),
    # States where the orders' answers differ: a hand laid up, silver short at a crossing or a store.
    "laid": Drove(mile=70, day=9, tape=8, flesh=4, meal=4, silver=14, wear=3, crew=("you", "Calum", "Bran"), laid=("Ewan",)),
    "kyle-poor": Drove(mile=12, day=2, tape=1, silver=1),
    "bridge-poor": Drove(mile=118, day=12, tape=11, silver=3),
    "town-poor": Drove(mile=143, day=15, tape=14, silver=2),
}


def at(place: str, **changes: Any) -> Drove:
    return replace(PLACES[place], **changes)


def reading(place: str | Drove, message: str, pending: Reading | None = None) -> Reading:
    state = PLACES[place] if isinstance(place, str) else place
    return read(game(), state, message, pending)


def business(b: Any) -> str:
    out = []
    for name in ("sell", "trade", "shoe", "hire", "roof", "park", "meal"):
        v = getattr(b, name)
        if v is True:
            out.append(f"+{name.upper()}")
        elif v:
            out.append(f"+{name.upper()}{v}")
    return "".join(" " + x for x in out)


def summary(r: Reading) -> str:
    """A reading in one line: `move PUSH`, `move TOLL/REST`, `confirm REST +ROOF`,
    `confirm biz +SELL10`, `confirm home`, `ask PUSH|REST`, `ask how-many MEAL`, `answer`."""
    kind = r.kind.value
    a = r.action
    if r.kind is ReadAs.COMMAND and a is None:
        return f"command {r.command}"
    if isinstance(a, TurnForHome):
        return f"{kind} home"
    if isinstance(a, BusinessOnly):
        return f"{kind} biz{business(a.business)}"
    if isinstance(a, DayOrder):
        pace = f"/{a.toll_pace}" if a.toll_pace else ""
        return f"{kind} {a.order}{pace}{business(a.business)}"
    if r.kind is ReadAs.ASK:
        ask = r.detail.get("ask", "")
        if ask == "options":
            return "ask " + "|".join(label for label, _, _ in r.detail["options"])
        if ask == "how-many":
            return f"ask how-many {r.detail['kind']}"
        return f"ask {ask}".strip()
    return kind
