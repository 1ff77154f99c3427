"""Small builders for BECALMED tests: a state by its fields, a tape by its positions, one day run."""

from __future__ import annotations

from dataclasses import replace

from cardgm.card import load_card
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.game import make_game
from cardgm.games.becalmed.state import State
from cardgm.run import Run

CARD = load_card("becalmed")
TAPE = CARD.tape
STEADY, EMPTY = 9, 14  # a quiet default day: STEADY BREEZE dawn, AN EMPTY SEA dusk


def st(**fields) -> State:
    """A calls-phase state with the given fields; crew may be a string like 'P!C.O.N.Y.'."""
    crew = fields.pop("crew", None)
    if isinstance(crew, str):
        from cardgm.games.becalmed.notation import parse_crew

        crew = parse_crew(crew)
        assert crew is not None
    s = replace(State(), **fields)
    if crew is not None:
        s = replace(s, crew=crew)
    if "tape" not in fields:
        s = replace(s, tape=2 * s.day - 1)
    return s


def tape_with(day: int = 1, sky: int = STEADY, sea: int = EMPTY, **more: int) -> tuple[int, ...]:
    values = [STEADY if i % 2 == 0 else EMPTY for i in range(40)]
    values[2 * day - 2] = sky
    values[2 * day - 1] = sea
    for key, v in more.items():  # p5=3 sets position 5
        values[int(key[1:]) - 1] = v
    return tuple(values)


def day(state: State, issue: str = "DRY", canvas: str | None = "DOWN", hands: str | None = "WATCH", *,
        sky: int = STEADY, sea: int = EMPTY, take: bool | None = None, burn: int | None = None,
        tape: tuple[int, ...] | None = None, rulings: R.Rulings = R.RULED):
    """Run one day's calls (and the dusk's answer, if asked); (state, events)."""
    t = tape or tape_with(state.day, sky, sea)
    if state.canvas == "lost" and canvas in ("SAIL", "AWNING"):
        raise AssertionError("test asks for a refused canvas")
    s, events = R.apply(state, R.Calls(issue, canvas, hands, state.day), t, rulings)
    if s.phase == "turtle":
        assert take is not None, "the dusk asks about a turtle"
        s, more = R.apply(s, R.Turtle(take), t, rulings)
        events += more
    elif s.phase == "signal":
        assert burn is not None, "the dusk asks about a ship"
        s, more = R.apply(s, R.Signal(burn), t, rulings)
        events += more
    return s, events


def kinds(events, cls):
    return [e for e in events if isinstance(e, cls)]


def new_run(**options) -> Run:
    run = Run(make_game(CARD, **options))
    run.start()
    return run
