"""DROVER'S AUTUMN's text formats, each written and read back: the LEDGER, the SAVE block and the
RESULT line, byte for byte as the card prints them.

>>> from cardgm.games.cattle_trail.state import Drove
>>> ledger(Drove())
'[L] turn:1 day:1/20 mile:0/179 @township | head:60 flesh:6/6 meal:8 silver:20 | wear:0/5 crew:you,Ewan,Calum,Bran laid:none | spate:1/3 shod:n tape:0 | v1.0.0'
>>> load(save(Drove(turn=2))) == Drove(turn=2)
True
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from cardgm.game import SaveError
from cardgm.games.cattle_trail.actions import LANDMARKS
from cardgm.games.cattle_trail.rules import STORE_ERRANDS
from cardgm.games.cattle_trail.state import (
    DOG,
    FINAL_DAY,
    FLESH_MAX,
    HANDS,
    HEAD_START,
    HIRES,
    LAST_DAY,
    MAX_HANDS,
    MEAL_MAX,
    SPATE_MAX,
    TRYST_MILE,
    WEAR_MAX,
    YOU,
    Drove,
)
from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.save import END as SAVE_END
from cardgm.save import FieldWords, read_fields

GAME_ID = "cattle-trail"
MODE = "drove"
VERSION = "1.0.0"
RULES = "1"
CREW_ORDER = (YOU, *HANDS, DOG, *HIRES)  # hires join "at the end of the crew", after Bran

# -- LEDGER -------------------------------------------------------------------------------------


def _names(names: tuple[str, ...]) -> str:
    return ",".join(names) if names else "none"


def ledger(s: Drove) -> str:
    """[L] turn:{n} day:{d}/20 mile:{m}/179 @{place} | head … | v1.0.0"""
    return (
        f"[L] turn:{s.turn} day:{s.day}/{LAST_DAY} mile:{s.mile}/{TRYST_MILE} @{s.place} | "
        f"head:{s.head} flesh:{s.flesh}/{FLESH_MAX} meal:{s.meal} silver:{s.silver} | "
        f"wear:{s.wear}/{WEAR_MAX} crew:{','.join(s.crew)} laid:{_names(s.laid)} | "
        f"spate:{s.spate}/{SPATE_MAX} shod:{'y' if s.shod else 'n'} tape:{s.tape} | v{VERSION}"
    )


_LEDGER = re.compile(
    r"\[L\] turn:(?P<turn>\d+) day:(?P<day>\d+)/20 mile:(?P<mile>\d+)/179 @(?P<place>[a-z]+) \| "
    r"head:(?P<head>\d+) flesh:(?P<flesh>\d+)/6 meal:(?P<meal>\d+) silver:(?P<silver>\d+) \| "
    r"wear:(?P<wear>\d+)/5 crew:(?P<crew>[A-Za-z,]+) laid:(?P<laid>[A-Za-z,]+) \| "
    r"spate:(?P<spate>\d+)/3 shod:(?P<shod>[yn]) tape:(?P<tape>\d+) \| v(?P<version>\d+\.\d+\.\d+)"
)
_INTS = ("turn", "day", "mile", "head", "flesh", "meal", "silver", "wear", "spate", "tape")


def ledger_fields(s: Drove) -> dict[str, Any]:
    """The fields a LEDGER line carries, as `parse_ledger` gives them back."""
    return {
        "turn": s.turn,
        "day": s.day,
        "mile": s.mile,
        "place": s.place,
        "head": s.head,
        "flesh": s.flesh,
        "meal": s.meal,
        "silver": s.silver,
        "wear": s.wear,
        "crew": s.crew,
        "laid": s.laid,
        "spate": s.spate,
        "shod": s.shod,
        "tape": s.tape,
        "version": VERSION,
    }


def parse_ledger(line: str) -> dict[str, Any]:
    """The fields of a LEDGER line (the first one in `line`). Raises ValueError if there is none."""
    m = _LEDGER.search(line)
    if not m:
        raise ValueError(f"not a DROVER'S AUTUMN LEDGER line: {line[:120]!r}")
    out: dict[str, Any] = dict(m.groupdict())
    for key in _INTS:
        out[key] = int(out[key])
    out["crew"] = tuple(out["crew"].split(","))
    out["laid"] = () if out["laid"] == "none" else tuple(out["laid"].split(","))
    out["shod"] = out["shod"] == "y"
    return out


# -- SAVE ---------------------------------------------------------------------------------------


def save(s: Drove) -> str:
    """The SAVE block exactly as the card prints it, BEGIN and END lines included."""
    return "\n".join(
        (
            SAVE_BEGIN,
            f"game:{GAME_ID} m:{MODE} rules:{RULES} v:{VERSION} turn:{s.turn} day:{s.day}/{LAST_DAY} mile:{s.mile}",
            f"head:{s.head} flesh:{s.flesh} meal:{s.meal} silver:{s.silver} wear:{s.wear} "
            f"spate:{s.spate} shod:{'y' if s.shod else 'n'}",
            f"crew:{','.join(s.crew)} laid:{_names(s.laid)}",
            "sha:none",
            SAVE_END,
        )
    )


_WORDS = FieldWords(
    no_begin="there is no '{begin}' line.",
    no_end="there is no '{end}' line; the block was cut short.",
    not_field="'{token}' is not a key:value field of this card's SAVE.",
    unknown=None,
    missing="missing {keys}.",
    extra="{keys} is not a field of this card's SAVE.",
    begin_anywhere=True,
)
_SAVE_KEYS = ("game", "m", "rules", "v", "turn", "day", "mile", "head", "flesh", "meal", "silver", "wear", "spate", "shod", "crew", "laid", "sha")


def _int(fields: dict[str, str], key: str) -> int:
    value = fields[key]
    if key == "day":
        if not re.fullmatch(r"\d+/20", value):
            raise SaveError(f"day:{value} should read day:n/20.")
        value = value.split("/")[0]
    if not re.fullmatch(r"\d+", value):
        raise SaveError(f"{key}:{value} is not a whole number.")
    return int(value)


@cache
def reachable_miles(days: int) -> frozenset[int]:
    """Every mile a drove can stand on after `days` days, by any orders (REST keeps it still)."""
    if days <= 0:
        return frozenset({0})
    out = set(reachable_miles(days - 1))
    landmarks = sorted(LANDMARKS)
    for m in reachable_miles(days - 1):
        if m == TRYST_MILE:
            continue
        if m in (12, 57, 118):
            out.add(m + 1)
            if m == 118:  # TOLL, then a march up the strath from 119
                out.update(min(119 + miles, 143) for miles in (8, 12, 16))
            continue
        stop = next(x for x in landmarks if x > m)
        out.update(min(m + miles, stop) for miles in (8, 12, 16))
    return frozenset(out)


def load(block: str) -> Drove:
    """A Drove from a SAVE block. Raises SaveError saying why it cannot be resumed."""
    fields = read_fields(block, _SAVE_KEYS, _WORDS)
    if fields["game"] != GAME_ID:
        raise SaveError(f"it is a save of game '{fields['game']}', not {GAME_ID}.")
    if fields["m"] != MODE or fields["rules"] != RULES:
        raise SaveError(f"m:{fields['m']} rules:{fields['rules']} is not this card's m:{MODE} rules:{RULES}.")
    if fields["v"] != VERSION:
        raise SaveError(f"it is a save of v{fields['v']}; this card is v{VERSION}, and a new version reseeds the tape.")
    if fields["sha"] != "none":
        raise SaveError(f"sha:{fields['sha']}: this card's saves carry sha:none.")
    n = {k: _int(fields, k) for k in ("turn", "day", "mile", "head", "flesh", "meal", "silver", "wear", "spate")}
    if fields["shod"] not in ("y", "n"):
        raise SaveError(f"shod:{fields['shod']} should be y or n.")
    crew = tuple(fields["crew"].split(","))
    laid = () if fields["laid"] == "none" else tuple(fields["laid"].split(","))
    state = Drove(
        turn=n["turn"],
        day=n["day"],
        mile=n["mile"],
        head=n["head"],
        flesh=n["flesh"],
        meal=n["meal"],
        silver=n["silver"],
        wear=n["wear"],
        spate=n["spate"],
        shod=fields["shod"] == "y",
        crew=crew,
        laid=laid,
        tape=n["day"] - 1,  # "The day sets the tape."
    )
    why = impossible(state)
    if why:
        raise SaveError(why)
    return state


def impossible(s: Drove) -> str | None:
    """Why no drove on this card could stand between days in state `s`; None if one could."""
    if s.turn < 1:
        return f"turn:{s.turn}: turns count from 1."
    if not 1 <= s.day <= FINAL_DAY:
        return f"day:{s.day}: a drove's mornings run from day 1 to day {FINAL_DAY}."
    if s.turn < s.day:
        return f"turn:{s.turn} is fewer replies than day:{s.day} needs (one a day at least)."
    if not 0 <= s.mile < TRYST_MILE:
        return f"mile:{s.mile}: a drove between days stands between mile 0 and {TRYST_MILE - 1} (at the tryst ground it has already sold)."
    if s.mile not in reachable_miles(s.day - 1):
        return f"mile:{s.mile} cannot be reached by the morning of day {s.day}."
    # Ruling 12: the whole herd may be sold at a store that buys ("at most the herd"); the drove
    # scatters at that day's dusk, and a SAVE taken before the day's order holds head:0.
    sold_out_here = s.head == 0 and "SELL" in STORE_ERRANDS.get(s.mile, ())
    if not 1 <= s.head <= HEAD_START and not sold_out_here:
        return f"head:{s.head}: the herd is 1 to {HEAD_START} head between days (at 0 it has scattered)."
    for key, top in (("flesh", FLESH_MAX), ("meal", MEAL_MAX), ("spate", SPATE_MAX), ("wear", WEAR_MAX - 1)):
        value = getattr(s, key)
        if not 0 <= value <= top:
            return f"{key}:{value} is outside 0–{top}" + (" (WEAR 5 lays a hand up at once)." if key == "wear" else ".")
    if s.silver < 0:
        return f"silver:{s.silver} is below 0."
    names = s.crew + s.laid
    if not s.crew or s.crew[0] != YOU:
        return "crew: must start with you."
    if "" in names:
        return f"crew:{','.join(s.crew)} laid:{_names(s.laid)} has an empty name (a comma too many); a drove with no one laid up writes laid:none."
    unknown = [c for c in names if c not in CREW_ORDER]
    if unknown:
        return f"{', '.join(unknown)} is not one of this drove (you, Ewan, Calum, Bran, Hector, Morag)."
    if len(set(names)) != len(names):
        return "a name appears twice in crew and laid."
    if YOU in s.laid or DOG in s.laid:
        return "laid: only hands are laid up (Bran never is; when you are, the drove ends)."
    if tuple(sorted(s.crew, key=CREW_ORDER.index)) != s.crew:
        return f"crew:{','.join(s.crew)} is out of order: you, Ewan, Calum, Bran, then Hector and Morag."
    for hand in HANDS:
        if hand not in names:
            return f"{hand} is neither on their feet nor laid up."
    if "Morag" in names and "Hector" not in names:
        return "Morag is hired only after Hector."
    if len(s.hands) > MAX_HANDS:
        return "at most two hands are on their feet."
    if s.hired and s.mile < 90:
        return f"{' and '.join(s.hired)} can be hired only at the Smiddy (mile 90) or the town."
    if s.shod and s.mile < 90:
        return "shod:y before the Smiddy (mile 90), where the herd is shod."
    if not s.bran and s.mile < 120:
        return "Bran can run off only on the strath (mile 119 on)."
    return None


# -- RESULT -------------------------------------------------------------------------------------


def result(s: Drove, score: int) -> str:
    """RESULT: AIGC|cattle-trail|drove|v1.0.0|end:…|ch:1|turns:{n}|score:{n}|tape:{n}|sha:none"""
    # "RESULT: " is part of the line, as on the other two cards (ruling 45).
    return f"RESULT: AIGC|{GAME_ID}|{MODE}|v{VERSION}|end:{s.end}|ch:1|turns:{s.turn}|score:{score}|tape:{s.tape}|sha:none"


_RESULT = re.compile(
    r"AIGC\|cattle-trail\|drove\|v(?P<version>\d+\.\d+\.\d+)\|end:(?P<end>sold|missed|laid-up|scattered|turned-home)"
    r"\|ch:1\|turns:(?P<turns>\d+)\|score:(?P<score>\d+)\|tape:(?P<tape>\d+)\|sha:none"
)


def parse_result(line: str) -> dict[str, Any]:
    m = _RESULT.search(line)
    if not m:
        raise ValueError(f"not a DROVER'S AUTUMN RESULT line: {line[:120]!r}")
    out: dict[str, Any] = dict(m.groupdict())
    for key in ("turns", "score", "tape"):
        out[key] = int(out[key])
    return out
