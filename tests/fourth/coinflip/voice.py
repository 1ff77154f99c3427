"""COINFLIP's voice: what the table says."""

from __future__ import annotations

from cardgm.game import Event

from .events import Done, Tossed
from .state import TOSSES, Table


def opening() -> str:
    return f"A coin on the thumb, {TOSSES} tosses to come. Call HEADS or TAILS."


def narrate(events: tuple[Event, ...]) -> str:
    out = []
    for e in events:
        if isinstance(e, Tossed):
            verdict = "right" if e.right else "wrong"
            out.append(f"The coin spins and lands {e.side} (tape {e.position} reads {e.value}). You called {e.called}: {verdict}.")
        elif isinstance(e, Done):
            out.append("That was the fifth toss.")
    return " ".join(out) or "Nothing is tossed."


def finale(s: Table, score: int) -> str:
    return f"Five tosses, {s.right} called right: {score}."


def resumed(s: Table) -> str:
    return f"Back at the table: {s.toss} of {TOSSES} tossed, {s.right} right. Call HEADS or TAILS."


SAVE_NOTE = "Paste this block, after the card, as the first message of a new run to go on."
