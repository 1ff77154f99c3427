"""DROVER'S AUTUMN: the reader's own lines — the confirm line, the asks, the choices.

What would happen on a confirm line comes from the rules (`rules.apply` on a copy of the morning:
pure, so nothing is read or moved); this module only words it. It never describes the ORDERS
grammar ("Never explain this reading").
"""

from __future__ import annotations

import re
from typing import Any

from cardgm.game import GameError
from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.actions import LANDMARKS, Business, BusinessOnly, DayOrder, place_kind
from cardgm.games.cattle_trail.state import MEAL_MAX, Drove

NUMBERS = ("head", "flesh", "meal", "silver", "wear", "spate")


def or_list(items: list[str] | tuple[str, ...]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def where(state: Drove) -> str:
    return state.landmark or f"mile {state.mile}"


def toll_ahead(state: Drove) -> int | None:
    return rules.toll(state) if state.mile < 118 else None


def choices(state: Drove) -> str:
    """Today's orders here, plainly, with their prices (no advice)."""
    kind = place_kind(state.mile)
    if kind == "kyle":
        line = "ONE BOAT (2 silver), TWO BOATS (4 silver) or REST"
    elif kind == "ford":
        line = f"FORD (the river is {rules.river(state.spate)}, SPATE {state.spate}) or REST"
    elif kind == "bridge":
        line = f"TOLL ({rules.toll(state)} silver) with its pace, EASY, STEADY or PUSH up the strath or REST at 119; FORD; or REST"
    else:
        line = "EASY, STEADY, PUSH or REST"
    errands = rules.legal_business(state)
    if errands:
        line += f"; before it, at {where(state)}: {', '.join(errands)}"
    return line


def ask_order(state: Drove) -> str:
    return f"Day {state.day}'s order: {choices(state)}?"


def tips(card: Any) -> str:
    """The card's TIPS line, in its own words."""
    m = re.search(r"TIPS:[^\n]*?(?=\n|$| ## )", card.text)
    return m.group(0).strip() if m else ""


def how_many(state: Drove, kind: str) -> str:
    """MEAL, SELL or TRADE with no number: "ask how many, naming the bag's room, the silver and
    any toll ahead"."""
    what = {"MEAL": "How many MEAL?", "SELL": "How many beasts to SELL?", "TRADE": "How many beasts to TRADE?"}[kind]
    parts = [f"the bag has room for {MEAL_MAX - state.meal}", f"you have {state.silver} silver"]
    ahead = toll_ahead(state)
    if ahead is not None:
        parts.append(f"the bridge toll ahead is {ahead} silver")
    if kind != "MEAL":
        parts.insert(0, f"the herd is {state.head} head")
    text = "; ".join(parts)
    return f"{what} {text[0].upper()}{text[1:]}."


def business_words(b: Business) -> list[str]:
    out = []
    if b.sell:
        out.append(f"SELL {b.sell}")
    if b.trade:
        out.append(f"TRADE {b.trade}")
    if b.shoe:
        out.append("SHOE")
    if b.hire:
        out.append("HIRE" if b.hire == 1 else f"HIRE {b.hire}")
    if b.roof and b.park:
        out.append("ROOF and PARK")
    elif b.roof:
        out.append("ROOF")
    elif b.park:
        out.append("PARK")
    if b.meal:
        out.append(f"MEAL {b.meal}")
    return out


def order_words(action: Any) -> str:
    if isinstance(action, BusinessOnly):
        return " and ".join(business_words(action.business))
    assert isinstance(action, DayOrder)
    head = action.order
    if action.order == "TOLL":
        head = "TOLL, then REST at 119" if action.toll_pace == "REST" else f"TOLL, then {action.toll_pace} up the strath"
    b = business_words(action.business)
    return (" and ".join(b) + ", then " + head) if b else head


def what_would_happen(card: Any, state: Drove, action: Any) -> str:
    """The confirm line's body: the order, its costs, and every number it would move, worked by
    the rules on a copy of this morning."""
    try:
        after, events = rules.apply(state, action, card.tape)
    except GameError as exc:  # the caller checks refusals first; this is a guard
        return f"{order_words(action)} ({exc})"
    bits: list[str] = []
    for ev in events:
        name = type(ev).__name__
        if name == "DayRead":
            bits.append(f"value {ev.raw}, {ev.sky} sky")
        elif name == "Banded":
            if ev.shift:
                bits.append(f"{ev.raw} {ev.shift:+d} = {ev.adjusted}: {ev.band}".replace("-", "−"))
            else:
                bits.append(f"{ev.adjusted}: {ev.band}")
        elif name == "Refused" and ev.reason not in bits:
            bits.append(ev.reason)  # a refused errand said twice is refused once (ruling 46)
    moved = []
    if after.mile != state.mile:
        moved.append(f"mile {state.mile}→{after.mile}")
    for f in NUMBERS:
        a, b = getattr(state, f), getattr(after, f)
        if a != b:
            moved.append(f"{f.upper()} {a}→{b}")
    if after.shod != state.shod:
        moved.append("SHOD")
    for name in after.crew:
        if name not in state.crew:
            moved.append(f"{name} joins")
    for name in after.laid:
        if name not in state.laid:
            moved.append(f"{name} laid up")
    for name in state.crew:
        if name not in after.crew and name not in after.laid:
            moved.append(f"{name} gone home")
    if after.end:
        moved.append(f"end:{after.end}")
    line = order_words(action)
    if bits:
        line += f" ({'; '.join(bits)})"
    if moved:
        line += ": " + ", ".join(moved)
    elif isinstance(action, BusinessOnly):
        line += ": nothing changes"
    return line


def confirm_line(card: Any, state: Drove, action: Any) -> str:
    """Rule 3's one free line: "Today: {what would happen, with costs}? (yes/no)"."""
    return f"Today: {what_would_happen(card, state, action)}? (yes/no)"


_SOLD_AT = {
    "MEAL": "the inn, the Smiddy or the town",
    "ROOF": "the inn, the Smiddy or the town",
    "SHOE": "the Smiddy",
    "HIRE": "the Smiddy or the town",
    "SELL": "the Smiddy or the town",
    "TRADE": "the Smiddy or the town",
    "PARK": "the town",
}


def store_lacks(state: Drove, kinds: list[str]) -> str:
    """Business this place does not offer, said in the state's own terms."""
    offered = rules.legal_business(state)
    if not offered:
        # STORES names where each errand is sold: SHOE only at the Smiddy, PARK only at the town.
        groups: dict[str, list[str]] = {}
        for k in kinds:
            groups.setdefault(_SOLD_AT[k], []).append(k)
        said = "; ".join(
            f"{' and '.join(ks)} {'is' if len(ks) == 1 else 'are'} done on a morning at {at}" for at, ks in groups.items()
        )
        return f"There is no store at {where(state)}: {said}."
    name = LANDMARKS[state.mile][0]
    return f"{name[0].upper()}{name[1:]} offers {', '.join(offered)}; not {or_list(kinds)}."
