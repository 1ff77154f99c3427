"""BECALMED's rules: pure functions from a state, an action and the printed tape to a new state
and the events that made it. No I/O, no randomness, no clock.

One reply to the calls runs the whole day from the calls on: the issue poured, THE RECKONING's
eight steps in order, and, unless the voyage ends, the next dawn read and announced (ruling 19).
A dusk whose sea value asks the player something (the turtle, the signal) stops after step 1
with the value read (tape 2n) and goes on with the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, lru_cache

from cardgm.game import Ending, Event, GameError

from . import shared
from .actions import Action, Calls, GiveOver, SetLimit, Signal, Turtle
from .events import (
    Asked,
    Birds,
    CarriedAway,
    Dawn,
    Dies,
    Ended,
    GivenOver,
    GoesDown,
    LimitSet,
    Mended,
    OverSide,
    Raised,
    Salt,
    Ship,
    Torn,
    TurtleCall,
)

# The records a day builds through `shared`, importable from here with the others (the voice and
# the audit read `rules.Poured`, …).
from .events import CallsTaken as CallsTaken
from .events import Flag as Flag
from .events import Poured as Poured
from .events import SeaRead as SeaRead
from .events import Thirst as Thirst
from .events import Water as Water
from .events import Westing as Westing
from .state import (
    BEACH,
    BUTCHER,
    DAYS,
    DEAD,
    DOWN,
    LANE,
    MAX_THIRST,
    MEASURES,
    NAMES,
    NANCE,
    NO_HANDS,
    RELIEF,
    S1,
    S2,
    SOULS,
    UP,
    State,
    Today,
    count_souls,
    on_feet,
)

# -- the card's tables ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sky:
    name: str
    sail: int | None  # None on HARD WEATHER: no sail number
    sun: int
    catch: int  # what an awning catches


@cache  # twenty values: each dawn's sky worked out once
def sky(value: int) -> Sky:
    """THE SKY for a dawn value."""
    if value <= 4:
        return Sky("DEAD CALM", 0, 2, 0)
    if value <= 8:
        return Sky("LIGHT AIRS", 1, 1, 0)
    if value <= 12:
        return Sky("STEADY BREEZE", 3, 1, 0)
    if value <= 15:
        return Sky("OVERCAST", 2, 0, 5)
    if value <= 18:
        return Sky("RAIN SQUALLS", 3, 0, 10)
    return Sky("HARD WEATHER", None, 0, 0)


def hard(value: int) -> bool:
    return value >= 19


@cache  # twenty values: each dusk's sea worked out once
def sea(value: int) -> str:
    """THE SEA's entry for a dusk value."""
    if value <= 3:
        return "HEAVY DEW"
    if value <= 6:
        return "THE SEAMS WORK"
    if value <= 9:
        return "SHARKS"
    if value <= 11:
        return "A SWELL FROM THE SOUTH-WEST"
    if value <= 13:
        return "BIRDS TO THE WESTWARD"
    if value <= 15:
        return "AN EMPTY SEA"
    if value == 16:
        return "FLOTSAM"
    if value == 17:
        return "A GREEN TURTLE"
    return "A SHIP"


def flares_needed(value: int) -> int:
    """18: a masthead light, only both flares together carry; 19–20: one flare."""
    return 2 if value == 18 else 1


# -- the calls: what is asked, what is legal --------------------------------------------------


def needs(state: State) -> tuple[str, ...]:
    """The calls this morning asks for. The canvas is not asked while it is LOST (it can only be
    DOWN: ruling 5); the hands are not asked on a BUTCHERING day (card) nor when nobody is on his
    feet to work (ruling 27)."""
    return _NEEDS[state.canvas != "lost", not state.butchering and bool(on_feet(state.crew))]


_NEEDS = {
    (canvas, hands): ("issue",) + (("canvas",) if canvas else ()) + (("hands",) if hands else ())
    for canvas in (False, True)
    for hands in (False, True)
}


def down_list(state: State) -> str:
    """The living souls not on their feet, in words by what keeps them off: "down: Carrick, you;
    salt-poisoned: Ockle" (the LEDGER's `!`, and its `s2`/`s1`)."""
    down = [NAMES[SOULS[i]] for i in state.living() if state.crew[i] == DOWN]
    salted = [NAMES[SOULS[i]] for i in state.living() if state.crew[i] not in (UP, DOWN)]
    return "; ".join(f"{why}: {', '.join(names)}" for why, names in (("down", down), ("salt-poisoned", salted)) if names)


def refusals(state: State, calls: Calls) -> dict[str, str]:
    """Each call the card does not allow here, with the card's reason in the state's terms."""
    return _refusals(state, calls, needs(state))


def _refusals(state: State, calls: Calls, need: tuple[str, ...]) -> dict[str, str]:
    """refusals(), with this morning's needs(state) already in hand."""
    out: dict[str, str] = {}
    if calls.canvas in ("SAIL", "AWNING") and state.canvas == "lost":
        if state.crew[NANCE] == DEAD:
            out["canvas"] = f"{calls.canvas}: the canvas is LOST and Nance is dead; it stays gone — no sail, no shade, no rain-catch."
        else:
            out["canvas"] = f"{calls.canvas}: the canvas is LOST until Nance re-cuts it, and LOST counts as DOWN."
    h = calls.hands
    if h is None or "hands" not in need:
        return out
    canvas = calls.canvas if "canvas" not in out else None
    if canvas is None and state.canvas == "lost":
        canvas = "DOWN"
    if h == "ROW":
        if canvas == "AWNING":
            out["hands"] = "ROW: never under the awning; the drogue is out."
        elif len(on_feet(state.crew)) < 3:
            up = len(state.on_feet())
            out["hands"] = f"ROW needs three souls on their feet; only {up} {'is' if up == 1 else 'are'} ({down_list(state)})."
    elif h == "FISH":
        if canvas in ("SAIL", "AWNING"):
            out["hands"] = f"FISH: canvas DOWN or LOST only, and the canvas call is {canvas}."
        elif state.sharks > 0:
            out["hands"] = f"FISH: never while SHARKS stands (SHARKS-{state.sharks}); no line goes over."
    elif h == "MEND":
        if state.crew[NANCE] != UP:
            why = "dead" if state.crew[NANCE] == DEAD else ("salt-poisoned" if state.crew[NANCE] in (S2, S1) else "down")
            out["hands"] = f"MEND: Nance only, on her feet, and Nance is {why}; she cannot mend from the bottom-boards."
        elif state.canvas != "lost":
            out["hands"] = f"MEND: canvas LOST only, and the canvas is {state.canvas.upper()}."
    return out


def ignored(state: State, calls: Calls) -> dict[str, str]:
    """Calls given that this morning does not ask for: noted, never refused, never run."""
    out: dict[str, str] = {}
    if calls.hands and "hands" not in needs(state):
        if state.butchering:
            out["hands"] = f"No hands call today: BUTCHERING spends the day's hands, so {calls.hands} is not taken."
        else:
            out["hands"] = f"No hands call today: nobody is on his feet to work, so {calls.hands} is not taken."
    return out


def missing(state: State, calls: Calls) -> tuple[str, ...]:
    return _missing(needs(state), calls)


def _missing(need: tuple[str, ...], calls: Calls) -> tuple[str, ...]:
    if calls.issue and calls.canvas and calls.hands:
        return ()  # all three given: nothing a morning can ask for is missing
    return tuple([k for k in need if not getattr(calls, k)])  # a need is named as its Calls field


# -- apply -------------------------------------------------------------------------------------


def refusal(state: State, action: object) -> str | None:
    """Why the card does not allow `action` now, in the state's terms (the GameError `apply`
    raises); None when it does."""
    if state.end is not None:
        return f"the voyage is over (end:{state.end})"
    if isinstance(action, Calls):
        return _calls_refusal(state, action, needs(state))
    if isinstance(action, GiveOver):
        return None
    if isinstance(action, SetLimit):
        if action.stop_day is not None and not state.day <= action.stop_day <= DAYS:
            return f"a stop at day {action.stop_day}: today is day {state.day} of {DAYS}"
        return None
    if isinstance(action, Turtle):
        return None if state.phase == "turtle" and state.today is not None else "no turtle is asked about"
    if isinstance(action, Signal):
        if state.phase != "signal" or state.today is None:
            return "no ship is asked about"
        return None if 0 <= action.burn <= state.flares else f"burn {action.burn}: the boat has {state.flares} flares"
    return f"not a BECALMED action: {action!r}"


def _calls_refusal(state: State, calls: Calls, need: tuple[str, ...]) -> str | None:
    """refusal() of a day's calls, with this morning's needs(state) in hand."""
    if state.phase != "calls":
        return f"the calls are not asked now (the dusk waits on the {state.phase})"
    if calls.day and calls.day != state.day:
        return f"calls given for day {calls.day} on day {state.day}"
    gaps = _missing(need, calls)
    if gaps:
        return "calls missing: " + ", ".join(gaps)
    bad = _refusals(state, calls, need)
    return " ".join(bad.values()) if bad else None


# -- readings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rulings:
    """Readings of the card's doubtful sentences that its words allow (docs/rulings.md, BECALMED).
    `RULED` is the one cardgm plays; each other reading is a switch, so the audit can follow an AI
    that plays it consistently. Every switch off is cardgm's ruling."""

    sharks_count_the_setting_dusk: bool = False  # ruling 1 (B): "counted down each dusk", that dusk too
    water_floored_after_step_2: bool = False  # ruling 3 (B): "Never below nothing" once, at the end of step 2
    new_man_stays_aboard: bool = False  # ruling 10 (A): tonight's new man does not go over tonight
    bail_closes_new_seams: bool = False  # ruling 12 (A): a day of BAIL closes the seams that open that dusk


RULED = Rulings()


def apply(state: State, action: Action, tape: tuple[int, ...], rulings: Rulings = RULED) -> tuple[State, tuple[Event, ...]]:
    """The new state and what happened. Raises GameError, with `refusal`'s reason, for anything
    the card does not allow. `rulings`: the readings of doubtful sentences played (cardgm's: RULED)."""
    if isinstance(action, Calls) and state.end is None:  # nearly every action: checked as it runs
        return _calls(state, action, tape, rulings)
    why = refusal(state, action)
    if why is not None:
        raise GameError(why)
    if isinstance(action, GiveOver):
        return replace(state, end="given-over", phase="over"), (GivenOver(), Ended("given-over"))
    if isinstance(action, SetLimit):
        new = state
        if action.deaths_plain is not None:
            new = replace(new, deaths_plain=action.deaths_plain)
        if action.stop_day is not None:
            new = replace(new, stop_day=action.stop_day)
        return new, (LimitSet(action.deaths_plain, action.stop_day),)
    held = state.today
    assert held is not None  # refusal: a turtle or a signal answers a dusk that waits
    # The dusk goes on with the player's answer: the held calls and step 1's results are in `state`.
    dusk = _Dusk(state, tape, held.issue, held.canvas, held.hands)
    if isinstance(action, Turtle):
        return _reckon(state, dusk, tape, [], rulings, turtle=action.take)
    assert isinstance(action, Signal)  # refusal: nothing else is an action
    return _reckon(state, dusk, tape, [], rulings, burn=action.burn)


# -- the working copy of a dusk ---------------------------------------------------------------

class _OpenState(State):
    """The day's one State while the rules write it: a subclass that adds no slots (so its layout
    is `State`'s) and is open to writes (object's `__setattr__` and `__delattr__`, so each write is
    a plain slot store). Made by `object.__new__`, every field written in the rules' own frame,
    then given `State`'s class, which makes it the frozen record in place (docs/performance.md,
    item 5: a keyword constructor call cost more than the twenty fields).
    `tests/test_speed_idiom.py` holds its fields to `State`'s and each build site to all of them."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    # State's fields, open to writes (mypy reads a frozen record's fields as read-only)
    turn: int
    day: int
    westing: int
    water: int
    thirst: int
    crew: tuple[str, ...]
    canvas: str
    flares: int
    tape: int
    seams: bool
    sharks: int
    butchering: bool
    in_lane: bool
    passed_ship: bool
    phase: str
    today: Today | None
    end: str | None
    ship_answered: bool
    deaths_plain: bool
    stop_day: int | None


_new = object.__new__


def _closed(opened: _OpenState) -> State:
    """The open State, every field written, made the frozen record in place."""
    done: State = opened
    done.__class__ = State
    return done


class _Dusk:
    """A day at its dusk while one reply's rules run, as DROVER'S AUTUMN's `_Work`: the day's
    calls, the day's two tape values (2n-1, 2n) as read once, and a working copy of the numbers
    the issue and step 1 move. The reckoning (steps 2 to 8) starts from it, on the day
    the calls are made or on the player's answer to a dusk that waits, and the day's State is
    built once, at the end.

    Plain slots, not a frozen record: it lives inside one `apply` and is written as the steps run."""

    __slots__ = ("issue", "canvas_call", "hands", "sky_value", "sea_value", "sea", "water", "canvas", "westing", "in_lane")

    def __init__(self, s: State, tape: tuple[int, ...], issue: str, canvas_call: str, hands: str) -> None:
        self.issue = issue  # as poured
        self.canvas_call = canvas_call  # SAIL, AWNING or DOWN
        self.hands = hands  # a HANDS call, BUTCHER or NONE
        day = s.day
        self.sky_value = tape[2 * day - 2]  # the dawn's, tape 2n-1
        self.sea_value = value = tape[2 * day - 1]  # the dusk's, tape 2n
        self.sea = sea(value)  # THE SEA's entry for it
        self.water = s.water
        self.canvas = s.canvas
        self.westing = s.westing
        self.in_lane = s.in_lane


def _calls(state: State, calls: Calls, tape: tuple[int, ...], rulings: Rulings = RULED) -> tuple[State, tuple[Event, ...]]:
    """The day from the calls on, once `refusal` would pass them."""
    need = needs(state)
    why = _calls_refusal(state, calls, need)
    if why is not None:
        raise GameError(why)
    # THE ISSUE: the measures leave the breaker at the call, against what is in her this morning.
    called = calls.issue or "DRY"
    issue = called
    if issue == "FULL" and state.water < MEASURES["FULL"]:
        issue = "SHORT"
    if issue == "SHORT" and state.water == 0:
        issue = "DRY"
    measures = min(MEASURES[issue], state.water)  # a SHORT on one measure pours it and counts
    canvas_call = "DOWN" if state.canvas == "lost" else (calls.canvas or "DOWN")
    if "hands" in need:
        hands = calls.hands or NO_HANDS
    else:
        hands = BUTCHER if state.butchering else NO_HANDS
    d = _Dusk(state, tape, issue, canvas_call, hands)
    d.water -= measures
    if d.canvas != "lost":
        d.canvas = canvas_call.lower()
    events: list[Event] = [shared.poured(called, issue, measures, d.water), shared.calls_taken(canvas_call, hands)]

    # 1) WESTING
    westing, in_lane, carried, made_good = _westing(d.sky_value, canvas_call, hands, state.westing)
    if carried:
        d.canvas = "lost"
        events.append(CarriedAway(canvas_call))
    d.westing, d.in_lane = westing, in_lane
    events.append(made_good)

    # The dusk's sea value is read now, after the westing.
    pos = 2 * state.day
    value = d.sea_value
    events.append(shared.sea_read(pos, value, d.sea))
    if value == 17:
        phase = "turtle"
    elif value >= 18 and in_lane and state.flares >= flares_needed(value):
        phase = "signal"
    else:  # no question: the reckoning runs on in this same step
        return _reckon(state, d, tape, events, rulings)
    events.append(Asked(phase, value))
    held = Today(called, issue, measures, canvas_call, hands)  # held while the dusk waits
    s = _new(_OpenState)  # the day's State, written open and closed in place (docs/performance.md, item 5)
    s.turn = state.turn
    s.day = state.day
    s.westing = westing
    s.water = d.water
    s.thirst = state.thirst
    s.crew = state.crew
    s.canvas = d.canvas
    s.flares = state.flares
    s.tape = pos
    s.seams = state.seams
    s.sharks = state.sharks
    s.butchering = state.butchering
    s.in_lane = in_lane
    s.passed_ship = state.passed_ship
    s.phase = phase
    s.today = held
    s.end = state.end
    s.ship_answered = state.ship_answered
    s.deaths_plain = state.deaths_plain
    s.stop_day = state.stop_day
    return _closed(s), tuple(events)


@cache  # a few hundred (sky value, canvas call, hands) in all: each worked out once
def _westing_terms(sky_value: int, canvas_call: str, hands: str) -> tuple[tuple[tuple[str, int], ...], int, bool]:
    """Step 1's terms for the dawn's sky and the day's calls: (the parts, their sum, whether the
    canvas is carried away)."""
    parts: list[tuple[str, int]] = []
    carried = False
    if hard(sky_value):
        if canvas_call == "SAIL":
            parts.append(("running before it", 5))
        elif canvas_call == "AWNING":
            parts.append(("no way under the awning", 0))
        else:
            parts.append(("riding it out", 1))
        carried = canvas_call in ("SAIL", "AWNING")
    else:
        if canvas_call == "AWNING":
            parts.append(("no set under the awning", 0))
        else:
            parts.append(("the set", 1))
        if canvas_call == "SAIL":
            parts.append(("sail", sky(sky_value).sail or 0))
    if hands == "ROW":
        parts.append(("oars", 1))
    return tuple(parts), sum(n for _, n in parts), carried


@cache  # the terms' few hundred keys x WESTING 0-30
def _westing(sky_value: int, canvas_call: str, hands: str, before: int) -> tuple[int, bool, bool, Westing]:
    """Step 1 worked out from WESTING at dawn: WESTING after it (30 is the beach), whether she is
    in the lane, whether the canvas is carried away, and the step's record."""
    parts, gain, carried = _westing_terms(sky_value, canvas_call, hands)
    westing = min(BEACH, before + gain)
    in_lane = LANE[0] <= westing <= LANE[1]
    return westing, in_lane, carried, shared.westing(parts, gain, westing, in_lane)


@cache  # a few thousand combinations in all: each worked out once
def _thirst_terms(
    sky_value: int, canvas_call: str, hands: str, swell: bool, salted: bool, issue: str
) -> tuple[tuple[tuple[str, int], ...], int]:
    """Step 3's terms before the clamp: (the parts, their sum). `salted`: a soul went over last
    night (s2 in the crew at this dusk); `issue` as poured."""
    parts: list[tuple[str, int]] = [("the day", 1)]
    sun = sky(sky_value).sun
    if sun and canvas_call != "AWNING":
        parts.append(("sun", sun))
    if hands == "ROW":
        parts.append(("rowed", 1))
    if hard(sky_value):
        parts.append(("hard weather", 1))
    if swell and hands != "WATCH":
        parts.append(("the swell", 1))
    if salted:
        parts.append(("salt last night", 2))
    relief = RELIEF[issue]
    if relief:
        parts.append((issue, -relief))
    return tuple(parts), sum(n for _, n in parts)


@lru_cache(maxsize=1 << 16)  # the terms' few thousand keys x THIRST 0-7
def _thirst(sky_value: int, canvas_call: str, hands: str, swell: bool, salted: bool, issue: str, *, before: int) -> tuple[int, Thirst]:
    """Step 3 worked out from THIRST at dawn: every term, then the relief, then one clamp (ruling
    2); THIRST after it and the step's record."""
    parts, terms = _thirst_terms(sky_value, canvas_call, hands, swell, salted, issue)
    after = max(0, min(MAX_THIRST, before + terms))
    return after, shared.thirst(before, parts, after)


def _reckon(
    s: State,
    dusk: _Dusk,
    tape: tuple[int, ...],
    events: list[Event],
    rulings: Rulings = RULED,
    *,
    turtle: bool | None = None,
    burn: int | None = None,
) -> tuple[State, tuple[Event, ...]]:
    """Steps 2 to 8 of THE RECKONING, the sea value already read at tape 2n. `dusk` holds the
    day's calls, its tape values and what the issue, step 1 and the dusk's reading moved; `s` is
    the day's state but for those, so that a day builds its State once. `events` are the day's
    so far; `tape` gives the next dawn (step 8)."""
    issue, canvas_call, hands = dusk.issue, dusk.canvas_call, dusk.hands
    water, canvas, westing, in_lane = dusk.water, dusk.canvas, dusk.westing, dusk.in_lane
    pos = 2 * s.day  # the dusk's tape position, its value the last read
    sky_value, value, kind = dusk.sky_value, dusk.sea_value, dusk.sea
    the_sky = sky(sky_value)
    is_hard = hard(sky_value)
    if turtle is not None:
        events.append(TurtleCall(turtle))

    # 2) THE WATER, in the card's order; every removal stops at nothing (ruling 3).
    floor_each = rulings is RULED or not rulings.water_floored_after_step_2
    if is_hard and (canvas_call != "DOWN" or hands != "BAIL"):
        took = min(4, water) if floor_each else 4
        water -= took
        events.append(shared.water("spoiled", -took, water))
    if canvas_call == "AWNING" and not is_hard and the_sky.catch:
        water += the_sky.catch
        events.append(shared.water("rain-catch", the_sky.catch, water))
    seams, sharks_set, swell = s.seams, False, False
    flares, passed, answered = s.flares, s.passed_ship, False
    butcher_next = False
    if kind == "HEAVY DEW":
        if canvas_call == "AWNING" and not is_hard:  # carried away in a gale: nothing spread (ruling 8)
            water += 3
            events.append(shared.water("dew", 3, water))
    elif kind == "THE SEAMS WORK":
        if not s.seams:
            if hands == "BAIL" and rulings is not RULED and rulings.bail_closes_new_seams:
                events.append(shared.flag("SEAMS", "closed"))  # ruling 12 (A): today's bailing closes her
            else:
                seams = True
                events.append(shared.flag("SEAMS", "set"))
        else:
            events.append(shared.flag("SEAMS", "stands"))  # ruling 13: nothing new
    elif kind == "SHARKS":
        sharks_set = True
    elif kind == "A SWELL FROM THE SOUTH-WEST":
        swell = True
    elif kind == "BIRDS TO THE WESTWARD":
        westing = min(BEACH, westing + 1)  # counts everywhere; the lane stays as step 1 left it
        events.append(Birds(westing))
    elif kind == "FLOTSAM":
        water += 6
        events.append(shared.water("flotsam", 6, water))
    elif kind == "A GREEN TURTLE":
        if turtle:
            water += 6
            butcher_next = True
            events.append(shared.water("turtle", 6, water))
    elif kind == "A SHIP":
        need = flares_needed(value)
        if in_lane:
            burnt = burn or 0
            lacked = burn is None  # no question: too few flares to answer her
            answered = burnt >= need
            flares -= burnt
            if not answered:
                passed = True
            events.append(Ship(value, True, burnt, answered, lacked))
        else:
            events.append(Ship(value, False, 0, False, False))
    if hands == "FISH":
        if kind == "SHARKS":
            events.append(Torn())
        else:
            catch = 5 if sky_value <= 4 else 2
            water += catch
            events.append(shared.water("fish", catch, water))
    if s.seams:  # SEAMS set on an earlier dusk
        if hands == "BAIL":
            seams = False
            events.append(shared.flag("SEAMS", "closed"))
        else:
            took = min(2, water) if floor_each else 2
            water -= took
            events.append(shared.water("bled", -took, water))
    if not floor_each and water < 0:
        water = 0  # ruling 3 (B): never below nothing, once, at the end of the water
    if sharks_set:
        if rulings is not RULED and rulings.sharks_count_the_setting_dusk:
            sharks = 2  # ruling 1 (B): set at 3 and counted down this same dusk
            events.append(shared.flag("SHARKS-2", "set"))
        else:
            sharks = 3  # the setting dusk does not count (ruling 1)
            events.append(shared.flag("SHARKS-3", "set"))
    elif s.sharks > 0:
        sharks = s.sharks - 1
        events.append(shared.flag(f"SHARKS-{sharks}" if sharks else "SHARKS", "counted" if sharks else "cleared"))
    else:
        sharks = 0

    # 3) THIRST: every term, then the relief, then one clamp (ruling 2).
    thirst, worked = _thirst(sky_value, canvas_call, hands, swell, S2 in s.crew, issue, before=s.thirst)
    events.append(worked)

    # 4) THE CREW, 5) THE OVER-SIDE, 6) THE WATCH: what they read is small, each case worked once.
    new_crew, thirst, fates = _crew_at_dusk(s.crew, thirst, hands, sharks > 0, rulings is not RULED and rulings.new_man_stays_aboard)
    events += fates

    if hands == "MEND":  # a day of her hands and it is bent again by dawn (ruling 7)
        canvas = "down"
        events.append(Mended())

    # 7) THE ENDS, in this order and no other; a stated day limit after them.
    day = s.day
    end = None
    if count_souls(new_crew) == 0:
        end = "boat-empty"
    elif westing >= BEACH:
        end = "landfall"
    elif answered:
        end = "taken-off"
    elif day >= DAYS:
        end = "carried-off"
    elif s.stop_day is not None and day >= s.stop_day:
        end = "given-over"
    if end is not None:
        phase = "over"  # the dusk's own value was the last read
        events.append(Ended(end))
    else:
        # 8) The LEDGER follows; the next dawn is read in the same reply (ruling 19).
        day, pos, dawn = _dawn(day, tape)
        phase = "calls"
        events.append(dawn)
    # The day's state, built once (yesterday's butchering clears at this dusk; a turtle sets it anew).
    after = _new(_OpenState)
    after.turn = s.turn
    after.day = day
    after.westing = westing
    after.water = water
    after.thirst = thirst
    after.crew = new_crew
    after.canvas = canvas
    after.flares = flares
    after.tape = pos
    after.seams = seams
    after.sharks = sharks
    after.butchering = butcher_next
    after.in_lane = in_lane
    after.passed_ship = passed
    after.phase = phase
    after.today = None
    after.end = end
    after.ship_answered = answered
    after.deaths_plain = s.deaths_plain
    after.stop_day = s.stop_day
    return _closed(after), tuple(events)


@lru_cache(maxsize=50_000)  # a search and random play meet the same crews and thirsts again and again
def _crew_at_dusk(
    crew_at_dawn: tuple[str, ...], thirst: int, hands: str, sharks: bool, new_man_stays: bool
) -> tuple[tuple[str, ...], int, tuple[Event, ...]]:
    """Steps 4 to 6 of THE RECKONING from what they read: the crew, THIRST as step 3 left it, the
    hands call, whether SHARKS stands after step 2, and ruling 10's reading (A: tonight's new man
    stays aboard). Returns the crew and THIRST after them and who was moved, in order; a crew
    nothing touched comes back as it came."""
    crew = list(crew_at_dawn)
    fates: list[Event] = []
    # 4) THE CREW: the salted move first, then the ladder.
    if S1 in crew or S2 in crew:
        for i, c in enumerate(crew):
            if c == S1:
                crew[i] = DEAD
                fates.append(Salt(SOULS[i], DEAD))
            elif c == S2:
                crew[i] = S1
                fates.append(Salt(SOULS[i], S1))

    if thirst == 7 and DOWN in crew:  # with nobody down, nobody dies
        dead = crew.index(DOWN)  # the soul longest down: earliest in the printed order
        crew[dead] = DEAD
        fates.append(Dies(SOULS[dead]))
    new = -1
    if thirst >= 5 and UP in crew:
        new = crew.index(UP)
        crew[new] = DOWN
        fates.append(GoesDown(SOULS[new]))

    # 5) THE OVER-SIDE: tonight's new man is down, and can go (rulings 10, 26).
    if thirst >= 6 and hands != "WATCH" and DOWN in crew:
        over = crew.index(DOWN)
        if over == new and new_man_stays:
            over = next((i for i, c in enumerate(crew) if c == DOWN and i != new), -1)  # ruling 10 (A)
        if over < 0:
            pass
        elif sharks:
            crew[over] = DEAD
            fates.append(OverSide(SOULS[over], True))
        else:
            crew[over] = S2
            thirst = max(0, thirst - 1)
            fates.append(OverSide(SOULS[over], False))

    # 6) THE WATCH
    if hands == "WATCH" and thirst <= 3 and DOWN in crew:
        up = crew.index(DOWN)
        crew[up] = UP
        fates.append(Raised(SOULS[up]))

    if not fates:  # every fate moves a soul: with none, the crew comes back as it came
        return crew_at_dawn, thirst, ()
    return tuple(crew), thirst, tuple(fates)


def read_dawn(s: State, tape: tuple[int, ...]) -> tuple[State, Dawn]:
    """Read the next dawn sky (tape 2n+1) and open day n+1 for its calls."""
    day, pos, dawn = _dawn(s.day, tape)
    return replace(s, day=day, tape=pos, phase="calls", today=None), dawn


def _dawn(today: int, tape: tuple[int, ...]) -> tuple[int, int, Dawn]:
    """The day after `today`, its dawn's tape position, and the dawn as read."""
    day = today + 1
    pos = 2 * day - 1
    return day, pos, _dawn_read(day, tape[pos - 1])


@cache  # 14 days x 20 values
def _dawn_read(day: int, value: int) -> Dawn:
    """Day `day`'s dawn, its value read at tape 2n-1, with THE SKY's name, as its record."""
    return shared.dawn(day, 2 * day - 1, value, sky(value).name)


# -- the end and the score ----------------------------------------------------------------------


def score(state: State) -> int:
    """SCORING — souls count, distance breaks the tie. Clamp 0–100."""
    n = state.souls()
    if state.end == "landfall":
        raw = 14 * n + 30
    elif state.end == "taken-off":
        raw = 14 * n + state.westing
    elif state.end == "carried-off":
        raw = 5 * n + state.westing // 4
    else:
        raw = 0
    return max(0, min(100, raw))


def ending(state: State) -> Ending | None:
    return None if state.end is None else Ending(state.end, score(state))


def legal_calls(state: State) -> list[Calls]:
    """Every complete, legal set of calls this morning (for random play and search)."""
    if state.phase != "calls" or state.end is not None:
        return []
    return list(_legal_calls(state.day, state.canvas, state.crew, state.sharks, state.butchering))


@lru_cache(maxsize=50_000)  # a search and random play meet the same mornings again and again
def _legal_calls(day: int, canvas: str, crew: tuple[str, ...], sharks: int, butchering: bool) -> tuple[Calls, ...]:
    """legal_calls for a morning, from what `needs` and `refusals` read and the day the calls are for."""
    state = State(day=day, canvas=canvas, crew=crew, sharks=sharks, butchering=butchering)
    need = needs(state)
    canvases = ["SAIL", "AWNING", "DOWN"] if "canvas" in need else [None]
    hands = ["ROW", "FISH", "BAIL", "MEND", "WATCH"] if "hands" in need else [None]
    out = []
    for issue in ("FULL", "SHORT", "DRY"):
        for canvas_call in canvases:
            for h in hands:
                c = Calls(issue, canvas_call, h, day)
                if not refusals(state, c):
                    out.append(c)
    return tuple(out)


def legal_actions(state: State) -> list[Action]:
    """Every action the card allows now: each legal set of calls, the turtle taken or left, every
    number of flares the boat holds. ("let her drive" and a stated limit are always allowed and
    never listed: neither is a move of the voyage.)"""
    if state.end is not None:
        return []
    if state.phase == "turtle":
        return [Turtle(True), Turtle(False)]
    if state.phase == "signal":
        return [Signal(n) for n in range(state.flares + 1)]
    return list(legal_calls(state))
