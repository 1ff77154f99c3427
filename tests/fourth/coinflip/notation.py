"""COINFLIP's LEDGER, SAVE and RESULT, each written and read back.

>>> ledger(Table(turn=3, toss=2, right=1, tape=2))
'[L] turn:3 toss:2/5 right:1 tape:2 | v1.0.0'
>>> load(save(Table(turn=3, toss=2, right=1, tape=2)))
Table(turn=3, toss=2, right=1, tape=2)
"""

from __future__ import annotations

import re

from cardgm.game import SaveError
from cardgm.save import BEGIN, END, FieldWords, read_fields

from .state import TOSSES, Table

VERSION = "1.0.0"
KEYS = ("game", "turn", "toss", "right", "tape")
WORDS = FieldWords(unknown="'{key}' is not a field of a COINFLIP save.")
LEDGER = re.compile(r"\[L\] turn:(\d+) toss:(\d+)/5 right:(\d+) tape:(\d+) \| v1\.0\.0")


def ledger(s: Table) -> str:
    return f"[L] turn:{s.turn} toss:{s.toss}/{TOSSES} right:{s.right} tape:{s.tape} | v{VERSION}"


def parse_ledger(line: str) -> Table:
    m = LEDGER.search(line)
    if not m:
        raise ValueError("not a COINFLIP LEDGER line")
    turn, toss, right, tape = map(int, m.groups())
    return Table(turn, toss, right, tape)


def save(s: Table) -> str:
    return f"{BEGIN}\ngame:coinflip turn:{s.turn} toss:{s.toss} right:{s.right} tape:{s.tape}\n{END}"


def load(block: str) -> Table:
    fields = read_fields(block, KEYS, WORDS)
    if fields["game"] != "coinflip":
        raise SaveError(f"game:{fields['game']} is not this card (coinflip).")
    try:
        turn, toss, right, tape = (int(fields[k]) for k in KEYS[1:])
    except ValueError:
        raise SaveError("turn, toss, right and tape are whole numbers.") from None
    if not (0 <= right <= toss < TOSSES and tape == toss and turn > toss):
        raise SaveError("those numbers cannot come from play: right ≤ toss < 5, tape = toss, turn > toss.")
    return Table(turn, toss, right, tape)


def result(s: Table, score: int) -> str:
    return f"RESULT: AIGC|coinflip|toss|v{VERSION}|end:tossed|ch:1|turns:{s.turn}|score:{score}|tape:{s.tape}|sha:none"
