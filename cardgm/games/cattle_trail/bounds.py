"""What the days played allow: bounds on a DROVER'S AUTUMN SAVE's fields from the printed tape.

`notation.impossible` keeps each field in its range and the miles to those the days can walk;
these go on to what the days played can have made of the rest, and say which field cannot be
true. The tape alone sets the rivers (every day reads its value, and the sky moves SPATE whatever
is ordered), so SPATE is exact; the rest are bounds no line breaks (the tests walk every line of
the first days and random play to the end), not proof that a line reaches the block. `unreached`
is exact on every day (reach.py): these bounds only refuse a block sooner and word the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from . import reach, rules
from .state import FLESH_MAX, HEAD_START, MEAL_MAX, SPATE_MAX, Drove

SMIDDY, INN = 90, 33  # the first store that buys beasts, and the first store of all
PRICE = 3  # SELL: 3 silver a beast
MOST_LOST = 8  # beasts a day can lose: the ford's BAD (6), and strays for two hands short
MOST_THIN = 3  # FLESH a day can lose: PUSH's 1, and the low road's BAD 2
ISLAND_GIFTS = 2  # the island road's GOOD, a gift of 1 meal, on each of at most two days marching it
HANDS_ORDER = ("Ewan", "Calum", "Hector", "Morag")  # the first hand on their feet is laid up first


@cache
def spate_after(tape: tuple[int, ...], days: int) -> int:
    """SPATE on the morning after `days` days: 1 at the start, +1 a STORM or RAIN day, −1 a FAIR
    one, clamped 0–3 (THE DAY, step 5)."""
    spate = 1
    for raw in tape[:days]:
        spate = max(0, min(SPATE_MAX, spate + (1 if rules.sky(raw) in ("STORM", "RAIN") else -1)))
    return spate


def impossible(s: Drove, tape: tuple[int, ...]) -> str | None:
    """Why no drove on this tape stands on this morning with these fields; None if one may."""
    days = s.day - 1
    on = f"by the morning of day {s.day}"
    if days == 0:
        opening = Drove(turn=s.turn)
        if s != opening:
            key = next(k for k in ("mile", "head", "flesh", "meal", "silver", "wear", "spate", "shod", "crew", "laid") if getattr(s, k) != getattr(opening, k))
            return f"{key}:{_shown(s, key)} on day 1: the first morning is the township's, {key}:{_shown(opening, key)}."
        return None
    spate = spate_after(tape, days)
    if s.spate != spate:
        return f"spate:{s.spate}: the skies of the {_days(days)} played leave SPATE {spate} (each day's sky moves it, whatever is ordered)."
    if s.mile < SMIDDY and s.head < HEAD_START - MOST_LOST * days:
        least = HEAD_START - MOST_LOST * days
        return f"head:{s.head}: before the Smiddy a day loses at most {MOST_LOST} beasts, so after {_days(days)} at least {least} are left."
    if s.flesh < FLESH_MAX - MOST_THIN * days:
        return f"flesh:{s.flesh}: a day takes at most {MOST_THIN} FLESH, so {on} it is at least {FLESH_MAX - MOST_THIN * days}."
    sold = HEAD_START - s.head  # every beast not in the herd, as if all were sold
    most_silver = 20 if s.mile < SMIDDY else 20 + PRICE * sold
    if s.silver > most_silver:
        why = "no store before the Smiddy buys a beast" if s.mile < SMIDDY else f"selling every one of the {sold} beasts gone brings {PRICE * sold}"
        return f"silver:{s.silver} is more than the drove can have ({most_silver}): it starts with 20, and {why}."
    # The island road's GOOD needs the value at 16 or more with EASY's +3, on one of at most two
    # days marching it (any days: a drove may REST first): the tape says how many could give.
    gifts = min(ISLAND_GIFTS, sum(rules.clamp_value(raw + 3) >= 16 for raw in tape[:days]))
    if s.mile < INN and s.meal > max(0, 8 + gifts - days):
        return (
            f"meal:{s.meal}: before the inn the bag holds its 8, {gifts} given on the island road at most, less 1 "
            f"eaten a day (at most {max(0, 8 + gifts - days)} {on})."
        )
    if s.meal > MEAL_MAX:
        return f"meal:{s.meal}: the bag holds {MEAL_MAX}."
    if list(s.laid) != [h for h in HANDS_ORDER if h in s.laid]:
        return f"laid:{','.join(s.laid)}: hands are laid up in the crew's order ({', '.join(HANDS_ORDER)}), and the Ledger lists them as they were laid."
    hands = [h for h in HANDS_ORDER if h in s.crew or h in s.laid]
    laid = [h for h in hands if h in s.laid]
    if laid != hands[: len(laid)]:
        standing = next(h for h in hands[: len(laid)] if h not in s.laid)
        return f"laid:{','.join(s.laid)} while {standing} stands: the first hand on their feet is the one laid up."
    return None


FIELDS = reach.FIELDS


def unreached(s: Drove, tape: tuple[int, ...], rulings: Iterable[rules.Rulings] = (rules.RULED,)) -> str | None:
    """Why no drove under any of `rulings` stands on this morning; None if one may. Exact on every
    day: through reach.EXACT_DAYS the morning is looked up among every morning play reaches that
    day; after, `reach.toward` searches for a line to it from every morning of day EXACT_DAYS. The
    bounds of `impossible` only refuse sooner, and word the reason where they can."""
    if s.day > reach.EXACT_DAYS:
        why = impossible(s, tape)
        if why:
            return why
        found = []
        for r in rulings:  # cardgm's reading first: another is searched only for a block it refuses
            f = reach.toward(s, tape, r)
            if f.reached:
                return None
            found.append(f)
        return _unmet(s, found)
    sets = []
    for r in rulings:
        found_set = reach.mornings(tape, s.day, r)
        assert found_set is not None
        if found_set.holds(s):
            return None
        sets.append(found_set)
    return impossible(s, tape) or _nearest(s, sets)


def _unmet(s: Drove, found: list[reach.Found]) -> str:
    """A later block no line reaches: the fields where the nearest morning of its day that the
    search met differs, or the field that set aside every line that could have come to it."""
    on = f"by the morning of day {s.day}"
    near = [f.nearest for f in found if f.nearest is not None]
    own = reach.key_of(s)
    if near:
        nearest = min((reach.key_of(n) for n in near), key=lambda k: (len(reach.apart(k, own)), repr(k)))
        apart = reach.apart(nearest, own)
        said, other = _fields(own, apart), _fields(nearest, apart)
        together = "cannot be true" if len(apart) == 1 else "cannot be true together"
        return (
            f"{said} {together} {on} with the rest of this block: no line of play reaches it "
            f"(searched from every morning of day {reach.EXACT_DAYS}; a line reaches {other} with the rest as it is)."
        )
    cut: Counter[str] = Counter()
    for f in found:
        cut.update(f.cut)
    name = max(cut, key=lambda k: (cut[k], k)) if cut else "mile"
    return (
        f"{name}:{_shown(s, name)} cannot be true {on} with the rest of this block: no line of play reaches it "
        f"(searched from every morning of day {reach.EXACT_DAYS}; the lines set aside were set aside most often for their {name})."
    )


def _nearest(s: Drove, sets: list[reach.Mornings]) -> str:
    own = reach.key_of(s)
    on = f"by the morning of day {s.day}"
    keys = set().union(*(m.keys for m in sets))
    if not keys:
        return f"no line of play reaches any morning of day {s.day} on this tape."

    apart_of = {k: reach.apart(own, k) for k in keys}
    fewest = min(len(a) for a in apart_of.values())
    nearest = min((k for k, a in apart_of.items() if len(a) == fewest), key=lambda k: (apart_of[k], repr(k)))  # the same one every run
    apart = apart_of[nearest]
    if len(apart) == 1:
        i = apart[0]
        allowed = sorted({k[i] for k in keys if apart_of[k] == [i]}, key=repr)
        shown = ", ".join(f"{FIELDS[i]}:{_text(v)}" for v in allowed[:8]) + (" …" if len(allowed) > 8 else "")
        return (
            f"{FIELDS[i]}:{_text(own[i])} cannot be true {on} with the rest of this block: no line of play "
            f"reaches it (with the other fields as they are, a line reaches {shown})."
        )
    said, near = _fields(own, apart), _fields(nearest, apart)
    return f"{said} cannot be true together {on} with the rest of this block: no line of play reaches them (the nearest morning a line reaches has {near})."


def _fields(key: reach.Key, apart: list[int]) -> str:
    """The fields of a morning at these places, as its SAVE shows them: "silver:17 head:54"."""
    return " ".join(f"{FIELDS[i]}:{_text(key[i])}" for i in apart)


def _text(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(value) or "none"
    if isinstance(value, bool):
        return "y" if value else "n"
    return str(value)


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


def _shown(s: Drove, key: str) -> str:
    return _text(getattr(s, key))
