"""Why a BECALMED SAVE cannot be true: the check every block passes before it resumes.

`unreached` is exact on every day: the block's morning is looked up among every morning a line of
play reaches that day on this tape (reach.py: worked out once per tape and kept), and a block no
line reaches is refused with the field that cannot be true beside the others.

`impossible` words the reason when it can: bounds on each field alone, from what the dusks played
so far can have made of it (the tape fixes which dusks brought a turtle, sharks, seams or a ship,
which dawns were hard weather, so a flag, a flare burnt, a canvas lost or a soul gone can be
dated; a day-one block must be the opening itself). No bound refuses a morning play reaches (the
tests walk every morning of every day), and where none applies the nearest reached morning is
named instead ("thirst:3/7 cannot be true by the morning of day 5 with the rest of this block").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache

from . import reach, rules
from .state import BEACH, DAYS, DEAD, LANE, MAX_THIRST, S1, S2, START_FLARES, START_WATER, UP, State

FISH_CALM, FISH = 5, 2  # THE HANDS: FISH +5 on a DEAD CALM, +2 under any other sky
DEW, FLOTSAM, TURTLE = 3, 6, 6


def _dawn(tape: tuple[int, ...], k: int) -> int:
    return tape[2 * k - 2]


def _dusk(tape: tuple[int, ...], k: int) -> int:
    return tape[2 * k - 1]


@cache
def _most(tape: tuple[int, ...], dusks: int) -> tuple[int, int, int, int, int]:
    """Through `dusks` dusks: the most westing, the most water, the most thirst a line can have,
    the least westing and the least water (each field alone, every call free to favour it)."""
    westing, water, thirst, driest = 0, START_WATER, 0, START_WATER
    # The least westing, with the canvas aboard (an awning holds her still) or carried away
    # (LOST counts as DOWN: the set takes her a league); an awning in hard weather loses it.
    still = {"aboard": 0, "lost": 10**6}
    for k in range(1, dusks + 1):
        a, b = _dawn(tape, k), _dusk(tape, k)
        sky = rules.sky(a)
        birds = 1 if rules.sea(b) == "BIRDS TO THE WESTWARD" else 0
        if rules.hard(a):
            westing += 5 + 1 + birds  # SAIL runs +5 before it, and the oars add theirs
            gain = 0  # DOWN and BAILING: nothing lost; every other call spoils 4
            heat = 1  # +1 thirst: hard weather, no sun
        else:
            westing += 1 + (sky.sail or 0) + 1 + birds  # the set, the sail number, the oars
            dew = DEW if rules.sea(b) == "HEAVY DEW" else 0
            fish = 0 if rules.sea(b) == "SHARKS" else FISH_CALM if sky.name == "DEAD CALM" else FISH
            gain = max(sky.catch + dew, fish)  # the awning's catch, or a line over under bare poles
            heat = sky.sun
        gain += FLOTSAM if b == 16 else TURTLE if b == 17 else 0
        water += gain
        # The least: a FULL issue (at most what is there), then at dusk the storm's 4 spoiled and the
        # seams' 2 (once a 4-6 dusk is past) against the flotsam that comes aboard whatever is
        # called. The flotsam lands before the seams bleed, and ruling 3 (B) floors once at the end,
        # so the dusk's sum floored once is the least any reading leaves.
        seams = any(rules.sea(_dusk(tape, j)) == "THE SEAMS WORK" for j in range(1, k))
        issued = max(0, driest - 4)
        driest = max(0, issued - (4 if rules.hard(a) else 0) + (FLOTSAM if b == 16 else 0) - (2 if seams else 0))
        swell = 1 if rules.sea(b) == "A SWELL FROM THE SOUTH-WEST" else 0
        salt = 2 if thirst >= 6 else 0  # a soul over the side last night
        thirst = min(MAX_THIRST, thirst + 1 + heat + 1 + swell + salt)  # the day, sun, oars, swell, salt
        if rules.hard(a):
            still = {"aboard": still["aboard"] + 1, "lost": min(still["aboard"], still["lost"] + 1)}
        else:
            # Mended by Nance in a day, the canvas is aboard again by the next dawn.
            still = {"aboard": min(still["aboard"], still["lost"] + 1), "lost": still["lost"] + 1}
        still = {key: v + birds for key, v in still.items()}
    return westing, water, thirst, min(still.values()), driest


def _first(tape: tuple[int, ...], dusks: int, test: Callable[[int, int], bool]) -> int | None:
    """The first dusk (1-based) up to `dusks` whose dawn and dusk values pass `test`."""
    return next((k for k in range(1, dusks + 1) if test(_dawn(tape, k), _dusk(tape, k))), None)


def impossible(s: State, tape: tuple[int, ...]) -> str | None:
    """Why no line of play on this tape stands on this morning with these fields; None if one may.
    `s` is a morning: its dawn read, its calls asked (day n, tape 2n-1)."""
    day, dusks = s.day, s.day - 1
    on = f"by the morning of day {day}"
    if dusks == 0:
        opening = State(turn=s.turn)
        for key in ("westing", "water", "thirst", "crew", "canvas", "flares", "tape"):
            if getattr(s, key) != getattr(opening, key):
                return f"{key}:{_shown(s, key)} on day 1: the first morning is the opening, {key}:{_shown(opening, key)}."
        if s.flag_list():
            return f"flags:{','.join(s.flag_list())} on day 1: no dusk has passed, so no flag is set."
        return None
    most_w, most_water, most_thirst, least_w, least_water = _most(tape, dusks)
    if s.westing > most_w:
        return f"westing:{s.westing}/{BEACH} is more than any line makes {on} (at most {most_w})."
    if s.westing < least_w:
        return f"westing:{s.westing}/{BEACH} is less than the birds alone have carried her {on} ({least_w})."
    if s.water > most_water:
        return f"water:{s.water} is more than any line can hold {on} (at most {most_water})."
    if s.water < least_water:
        return f"water:{s.water} is less than any line leaves {on} (at least {least_water}: four measures a day is the most poured)."
    if s.thirst > most_thirst:
        return f"thirst:{s.thirst}/{MAX_THIRST} is more than any line reaches {on} (at most {most_thirst})."
    off_feet = sum(c != UP for c in s.crew)
    first_down = next((k for k in range(1, dusks + 1) if _most(tape, k)[2] >= 5), None)
    if off_feet and first_down is None:
        return f"crew:{_shown(s, 'crew')}: thirst cannot reach 5 {on}, so every soul is on his feet."
    if first_down is not None and off_feet > dusks - first_down + 1:
        return (
            f"crew:{_shown(s, 'crew')}: a dusk puts at most one soul off his feet, and thirst first "
            f"can at dusk {first_down}; {on} at most {dusks - first_down + 1} can be."
        )
    first_salt = next((k for k in range(1, dusks + 1) if _most(tape, k)[2] >= 6), None)
    if any(c in (S2, S1, DEAD) for c in s.crew) and first_salt is None:
        return f"crew:{_shown(s, 'crew')}: no soul drinks salt or dies before thirst reaches 6, which it cannot {on}."
    if S1 in s.crew and first_salt is not None and dusks < first_salt + 1:
        return f"crew:{_shown(s, 'crew')}: s1 is a dusk after s2, and thirst can first send a soul over the side at dusk {first_salt}."
    if s.thirst >= 5 and off_feet == 0:
        return f"thirst:{s.thirst}/{MAX_THIRST} with all five on their feet: at 5 or more a dusk puts the next soul down."
    # What the tape dates: flares, the canvas, the flags.
    ships18 = sum(_dusk(tape, k) == 18 for k in range(1, dusks + 1))
    if s.flares < START_FLARES - ships18:
        return f"flares:{s.flares}: a flare is burnt only for a masthead light (an 18 at dusk), and {on} the tape shows {ships18}."
    if s.canvas == "lost" and _first(tape, dusks, lambda a, b: rules.hard(a)) is None:
        return f"canvas:lost: the canvas is carried away only in hard weather, and no dawn {on} was hard."
    if s.canvas in ("sail", "awning") and rules.hard(_dawn(tape, dusks)):
        return f"canvas:{s.canvas} after yesterday's hard weather: a sail or an awning in it is carried away (LOST), and DOWN stays down."
    last = _dusk(tape, dusks)
    birds = 1 if rules.sea(last) == "BIRDS TO THE WESTWARD" else 0
    in_band = LANE[0] <= s.westing - birds <= LANE[1]  # read as step 1 leaves it, before the birds
    if s.in_lane != in_band:
        return (
            f"flags: {'IN-THE-LANE with' if s.in_lane else 'no IN-THE-LANE at'} westing:{s.westing}/{BEACH}: the flag "
            f"is set exactly while step 1 leaves the westing in {LANE[0]}–{LANE[1]}."
        )
    if s.seams and _first(tape, dusks, lambda a, b: rules.sea(b) == "THE SEAMS WORK") is None:
        return f"flags: SEAMS is set only by a dusk of 4–6, and none came {on}."
    sharks_at = max((k for k in range(1, dusks + 1) if rules.sea(_dusk(tape, k)) == "SHARKS"), default=None)
    sharks = 0 if sharks_at is None or dusks - sharks_at > 2 else 3 - (dusks - sharks_at)
    if s.sharks != sharks:
        said = f"SHARKS-{s.sharks}" if s.sharks else "no SHARKS flag"
        due = f"SHARKS-{sharks}" if sharks else "no SHARKS flag"
        return f"flags: {said}, but the tape's sharks {on} leave {due} (set at 3 the dusk they come, one down each dusk after)."
    if s.butchering and rules.sea(last) != "A GREEN TURTLE":
        return "flags: BUTCHERING follows only a turtle taken at last night's dusk, and last night was no turtle."
    if s.passed_ship and _first(tape, dusks, lambda a, b: b >= 18) is None:
        return f"flags: PASSED-A-SHIP follows a ship sighted at dusk (18–20), and none came {on}."
    return None


FIELDS = ("westing", "water", "thirst", "crew", "canvas", "flares", "flags")  # as the SAVE names them


def unreached(s: State, tape: tuple[int, ...], rulings: Iterable[rules.Rulings] = (rules.RULED,)) -> str | None:
    """Why no line of play under any of `rulings` stands on this morning with these fields
    together, naming the field that cannot be true; None if one does. Exact, every day: the
    morning is looked up in every morning play reaches that day (reach.py)."""
    if len(tape) < 2 * DAYS:
        return None  # not a tape BECALMED plays (the game refuses such a card)
    sets = []
    for r in rulings:  # cardgm's reading first: another is worked out only for a block it refuses
        sets.append(reach.mornings(tape, s.day, r))
        if sets[-1].holds(s, tape):
            return None
    return impossible(s, tape) or _nearest(s, tape, sets)


def _key(s: State) -> tuple[object, ...]:
    return (s.westing, s.water, s.thirst, s.crew, s.canvas, s.flares, tuple(s.flag_list()))


def _candidates(s: State, tape: tuple[int, ...], sets: list[reach.Mornings]) -> Iterator[tuple[object, ...]]:
    """Reached mornings near `s`, as `_key`s: for each rest of the fields reached, the morning at
    this water and westing, else at this water, else at this westing, else its first."""
    for m in sets:
        for rest, mask in m.layer.items():
            row = (mask >> (s.water * reach.ROW)) & ((1 << reach.ROW) - 1) if s.water < reach.WATER_ROWS else 0
            column = reach.waters(mask, s.westing)
            points = []
            if row >> s.westing & 1:
                points.append((s.water, s.westing))
            else:
                if row:
                    points.append((s.water, min(range(BEACH), key=lambda w: (not row >> w & 1, abs(w - s.westing)))))
                if column:
                    points.append((min(column, key=lambda w: abs(w - s.water)), s.westing))
                if not points:
                    points.append(divmod((mask & -mask).bit_length() - 1, reach.ROW))
            thirst, crew, canvas, flares, seams, sharks, butchering, passed = rest
            for water, westing in points:
                flags = State(seams=seams, sharks=sharks, butchering=butchering, passed_ship=passed, in_lane=reach.in_lane(tape, m.day, westing)).flag_list()
                yield (westing, water, thirst, crew, canvas, flares, tuple(flags))


def _nearest(s: State, tape: tuple[int, ...], sets: list[reach.Mornings]) -> str:
    own = _key(s)
    on = f"by the morning of day {s.day}"
    reached = set(_candidates(s, tape, sets))
    if not reached:
        return f"no line of play reaches any morning of day {s.day} on this tape."

    apart_of = {k: [i for i, (a, b) in enumerate(zip(own, k)) if a != b] for k in reached}
    nearest = min(reached, key=lambda k: (len(apart_of[k]), apart_of[k], repr(k)))  # the same one every run
    apart = apart_of[nearest]
    if len(apart) == 1:
        i = apart[0]
        name = FIELDS[i]
        allowed = sorted({k[i] for k in reached if apart_of[k] == [i]}, key=_sort_key)
        shown = ", ".join(f"{name}:{_value(name, v)}" for v in allowed[:8]) + (" …" if len(allowed) > 8 else "")
        return (
            f"{name}:{_value(name, own[i])} cannot be true {on} with the rest of this block: no line of play "
            f"reaches it (with the other fields as they are, a line reaches {shown})."
        )
    said = " ".join(f"{FIELDS[i]}:{_value(FIELDS[i], own[i])}" for i in apart)
    near = " ".join(f"{FIELDS[i]}:{_value(FIELDS[i], nearest[i])}" for i in apart)
    return (
        f"{said} cannot be true together {on} with the rest of this block: no line of play reaches them "
        f"(the nearest morning a line reaches has {near})."
    )


def _sort_key(v: object) -> tuple[int, str]:
    return (v, "") if isinstance(v, int) else (0, str(v))


def _value(name: str, v: object) -> str:
    from .notation import crew_string

    if name == "crew":
        return crew_string(v)  # type: ignore[arg-type]
    if name == "flags":
        return ",".join(v) or "none"  # type: ignore[arg-type]
    if name == "westing":
        return f"{v}/{BEACH}"
    if name == "thirst":
        return f"{v}/{MAX_THIRST}"
    return str(v)


def _shown(s: State, key: str) -> str:
    from .notation import crew_string

    return crew_string(s.crew) if key == "crew" else str(getattr(s, key))
