"""COINFLIP's reader: a player's words to a Reading. It never raises on what a player types."""

from __future__ import annotations

import re

from cardgm.game import ReadAs, Reading

from .actions import Call
from .state import Table

HEADS = re.compile(r"\b(?:heads?|h)\b")
TAILS = re.compile(r"\b(?:tails?|t)\b")


def read(state: Table, message: str, pending: Reading | None) -> Reading:
    words = message.strip().lower()
    if words == "save":
        return Reading(ReadAs.COMMAND, command="save")
    heads, tails = bool(HEADS.search(words)), bool(TAILS.search(words))
    if heads != tails:
        return Reading(ReadAs.MOVE, action=Call("HEADS" if heads else "TAILS"))
    return Reading(ReadAs.ASK, text="Call HEADS or TAILS. Nothing is tossed.")
