"""BECALMED's written forms: the LEDGER line, the SAVE block and the RESULT line, each written
byte for byte as the card prints it and read back (write and parse are a pair, round-trip tested).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from cardgm.game import SaveError
from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.save import END as SAVE_END
from cardgm.save import FieldWords, read_fields

from .state import (
    BEACH,
    CANVASES,
    DAYS,
    MAX_THIRST,
    S1,
    S2,
    START_FLARES,
    State,
    crew_string,
)

VERSION = "1.0.0"
KNOWN_FLAGS = ("SEAMS", "SHARKS", "BUTCHERING", "IN-THE-LANE", "PASSED-A-SHIP")


def flags_text(state: State) -> str:
    """FLAGS (comma list, or none): joined by a bare comma, in the card's listing order."""
    return ",".join(state.flag_list()) or "none"


def ledger(state: State) -> str:
    return (
        f"[L] day {state.day}/{DAYS} | westing {state.westing}/{BEACH} | water {state.water} | "
        f"thirst {state.thirst}/{MAX_THIRST} | crew:{crew_string(state.crew)} | canvas:{state.canvas} | "
        f"flares:{state.flares} | tape:{state.tape} | flags:{flags_text(state)} | v{VERSION}"
    )


@dataclass(frozen=True)
class LedgerFields:
    day: int
    westing: int
    water: int
    thirst: int
    crew: tuple[str, ...]
    canvas: str
    flares: int
    tape: int
    flags: tuple[str, ...]


_LEDGER = re.compile(
    r"^\[L\] day (\d+)/14 \| westing (\d+)/30 \| water (\d+) \| thirst (\d+)/7 \| crew:(\S+) \| "
    r"canvas:(sail|awning|down|lost) \| flares:(\d+) \| tape:(\d+) \| flags:(\S+) \| v1\.0\.0$"
)
_CREW = re.compile(r"^P(\.|!|s2|s1|x)C(\.|!|s2|s1|x)O(\.|!|s2|s1|x)N(\.|!|s2|s1|x)Y(\.|!|s2|s1|x)$")


def parse_crew(text: str) -> tuple[str, ...] | None:
    m = _CREW.match(text)
    return tuple(m.groups()) if m else None


def parse_ledger(line: str) -> LedgerFields:
    """The fields of a LEDGER line. Raises ValueError naming what does not match the card."""
    m = _LEDGER.match(line.strip())
    if not m:
        raise ValueError(f"not a BECALMED LEDGER line: {line!r}")
    crew = parse_crew(m.group(5))
    if crew is None:
        raise ValueError(f"crew:{m.group(5)} is not five souls P C O N Y each with . ! s2 s1 or x")
    flags = () if m.group(9) == "none" else tuple(m.group(9).split(","))
    return LedgerFields(
        day=int(m.group(1)), westing=int(m.group(2)), water=int(m.group(3)), thirst=int(m.group(4)), crew=crew,
        canvas=m.group(6), flares=int(m.group(7)), tape=int(m.group(8)), flags=flags,
    )  # fmt: skip


def ledger_fields(state: State) -> LedgerFields:
    return LedgerFields(
        day=state.day, westing=state.westing, water=state.water, thirst=state.thirst, crew=state.crew,
        canvas=state.canvas, flares=state.flares, tape=state.tape, flags=tuple(state.flag_list()),
    )  # fmt: skip


# -- SAVE ---------------------------------------------------------------------------------------


def save(state: State) -> str:
    """The SAVE block: BEGIN line, the fields on one line in the card's order, END line (ruling 29)."""
    fields = (
        f"game:becalmed m:open-boat rules:1 turn:{state.turn} day:{state.day}/{DAYS} "
        f"westing:{state.westing}/{BEACH} water:{state.water} thirst:{state.thirst}/{MAX_THIRST} "
        f"canvas:{state.canvas} flares:{state.flares} crew:{crew_string(state.crew)} tape:{state.tape} "
        f"flags:{flags_text(state)} sha:none"
    )
    return f"{SAVE_BEGIN}\n{fields}\n{SAVE_END}"


_WORDS = FieldWords(unknown="'{key}' is not a field of a BECALMED save.")
_KEYS = ("game", "m", "rules", "turn", "day", "westing", "water", "thirst", "canvas", "flares", "crew", "tape", "flags", "sha")


def _int(key: str, text: str, lo: int, hi: int | None = None, *, over: str = "") -> int:
    if not re.fullmatch(r"-?\d+", text):
        raise SaveError(f"{key}:{text} is not a whole number.")
    n = int(text)
    if n < lo:
        raise SaveError(f"{key}:{n} is below {lo}" + (" — there is no going below nothing." if lo == 0 else "."))
    if hi is not None and n > hi:
        raise SaveError(f"{key}:{n} is above {hi}{over}.")
    return n


def _out_of(key: str, text: str, total: int) -> int:
    m = re.fullmatch(r"(-?\d+)/(\d+)", text)
    if not m or int(m.group(2)) != total:
        raise SaveError(f"{key}:{text} is not written {key}:n/{total}.")
    return int(m.group(1))


def parse_save(block: str, tape_length: int) -> State:
    """A State from a SAVE block, whatever its line breaks. Raises SaveError with the reason.

    Rejects what the card makes impossible (negative water, six souls, a tape past the tape, an
    unknown flag, a voyage already ended); an even tape (a dusk done, the next dawn unread) is
    accepted and gives a state whose dawn the caller reads (the card: "the next value read is the
    one after tape:{pos}").
    """
    found = read_fields(block, _KEYS, _WORDS)
    if found["game"] != "becalmed":
        raise SaveError(f"game:{found['game']} is not this card (becalmed).")
    if found["m"] != "open-boat" or found["rules"] != "1":
        raise SaveError(f"m:{found['m']} rules:{found['rules']} is not this card's (m:open-boat rules:1).")
    if found["sha"] != "none":
        raise SaveError(f"sha:{found['sha']}: this card's saves carry sha:none.")
    turn = _int("turn", found["turn"], 1)
    day = _out_of("day", found["day"], DAYS)
    if not 1 <= day <= DAYS:
        raise SaveError(f"day:{day}/{DAYS} is outside the fortnight.")
    westing = _out_of("westing", found["westing"], BEACH)
    if westing < 0:
        raise SaveError(f"westing:{westing} is below 0.")
    if westing > BEACH:
        raise SaveError(f"westing:{westing} is past the beach at {BEACH}.")
    water = _int("water", found["water"], 0)
    thirst = _out_of("thirst", found["thirst"], MAX_THIRST)
    if not 0 <= thirst <= MAX_THIRST:
        raise SaveError(f"thirst:{thirst} is outside 0 to {MAX_THIRST}.")
    canvas = found["canvas"]
    if canvas not in CANVASES:
        raise SaveError(f"canvas:{canvas} is not sail, awning, down or lost.")
    flares = _int("flares", found["flares"], 0, START_FLARES, over=": the boat got clear with two")
    crew_text = found["crew"]
    crew = parse_crew(crew_text)
    if crew is None:
        letters = re.findall(r"[A-Za-z](?=\.|!|s\d|x)", crew_text)
        if len(letters) > 5 or len(crew_text) > 15:
            raise SaveError(f"crew:{crew_text} is more than the five souls Boat Four got clear with.")
        raise SaveError(f"crew:{crew_text} is not P C O N Y in that order, each with . ! s2 s1 or x.")
    if crew.count(S2) > 1 or crew.count(S1) > 1:
        raise SaveError(f"crew:{crew_text}: one man goes over a night, so no two souls share a salt count.")
    pos = _int("tape", found["tape"], 1)
    if pos > tape_length:
        raise SaveError(f"tape:{pos} is past the tape, which prints {tape_length} values.")
    if pos not in (2 * day - 1, 2 * day):
        raise SaveError(f"tape:{pos} does not belong to day {day} (a dawn reads {2 * day - 1}, a dusk {2 * day}).")
    if turn < day:
        raise SaveError(f"turn:{turn} is fewer replies than the {day} days reached.")
    seams = butchering = in_lane = passed = False
    sharks = 0
    if found["flags"] != "none":
        seen = []
        for flag in found["flags"].split(","):
            name = "SHARKS" if flag.startswith("SHARKS-") else flag
            if name not in KNOWN_FLAGS:
                raise SaveError(f"'{flag}' is not a flag of this card ({', '.join(KNOWN_FLAGS)}).")
            if name in seen:
                raise SaveError(f"the flag {name} appears twice.")
            seen.append(name)
            if name == "SHARKS":
                sharks = _int("SHARKS", flag[len("SHARKS-") :], 1, 3, over=": SHARKS is set at 3")
            seams |= name == "SEAMS"
            butchering |= name == "BUTCHERING"
            in_lane |= name == "IN-THE-LANE"
            passed |= name == "PASSED-A-SHIP"
    state = State(
        turn=turn, day=day, westing=westing, water=water, thirst=thirst, crew=crew, canvas=canvas,
        flares=flares, tape=pos, seams=seams, sharks=sharks, butchering=butchering, in_lane=in_lane,
        passed_ship=passed,
    )
    if state.souls() == 0:
        raise SaveError(f"crew:{crew_text}: nobody is left who is not salt-poisoned; that voyage ended boat-empty.")
    if westing >= BEACH:
        raise SaveError(f"westing:{westing}/30 is the beach; that voyage ended in landfall.")
    if pos == 2 * DAYS:
        raise SaveError(f"tape:{pos} is the fourteenth dusk; that voyage has ended.")
    return replace(state, phase="calls")


def result(state: State, score: int) -> str:
    assert state.end is not None
    return (
        f"RESULT: AIGC|becalmed|open-boat|v{VERSION}|end:{state.end}|ch:1|turns:{state.turn}|"
        f"score:{score}|tape:{state.tape}|sha:none"
    )


_RESULT = re.compile(
    r"^RESULT: AIGC\|becalmed\|open-boat\|v1\.0\.0\|end:(landfall|taken-off|carried-off|boat-empty|given-over)"
    r"\|ch:1\|turns:(\d+)\|score:(\d+)\|tape:(\d+)\|sha:none$"
)


def parse_result(line: str) -> tuple[str, int, int, int]:
    """(end, turns, score, tape) from a RESULT line."""
    m = _RESULT.match(line.strip())
    if not m:
        raise ValueError(f"not a BECALMED RESULT line: {line!r}")
    return m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))

