"""AI styles: one honest cardgm reply re-voiced the way chat models write (docs/audit.md).

A style never changes a number: it only adds the narration, tables and restatements chat AIs wrap
around the card's formats, so an honest reply in any style must draw no finding. Each style is a
pure function of the reply and a seeded generator; nothing here knows a game: the names restated
come from the reply's own prose, the fields from the game's audit adapter.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from cardgm.verify.transcript_io import is_ledger_line


@dataclass(frozen=True)
class Said:
    """One reply to re-voice: cardgm's text (LEDGER last), what went before it, and the game's words."""

    text: str
    label: str  # "day 3", "turn 4": where the game stands, as the audit labels it
    fields: dict[str, str]  # the LEDGER's fields, as the audit reads them
    earlier: str  # the previous reply's prose (its names are restated)


STYLES: tuple[str, ...] = ("plain", "chatty", "table", "prose-ledger", "fenced", "recap", "tape-table")

_OPENERS = ("Alright, here's how it goes.", "Got it.", "Okay! Running that now.", "Here we go.", "Noted.")
_CLOSERS = ("Let me know what you'd like to do next!", "What's your call?", "Anything you want to ask first?", "Your move.")


def _split(text: str) -> tuple[str, str]:
    """The reply's body and its LEDGER line (the last line of the card's LEDGER)."""
    lines = text.rstrip().splitlines()
    at = max((i for i, line in enumerate(lines) if is_ledger_line(line)), default=len(lines) - 1)
    return "\n".join(lines[:at]).rstrip(), lines[at]


def _names(prose: str) -> list[str]:
    """The card's names in capitals that a reply's prose used (restated as narration)."""
    found = re.findall(r"\b[A-Z][A-Z'’-]{2,}(?: [A-Z][A-Z'’-]{2,})*\b", prose)
    seen = dict.fromkeys(n for n in found if n not in {"LEDGER", "SAVE", "RESULT", "GM"})
    return list(seen)[:3]


def plain(said: Said, rng: random.Random) -> str:
    return said.text


def chatty(said: Said, rng: random.Random) -> str:
    """A heading with the day, an opener, the card's prose, a recap naming what the last reply named."""
    body, ledger = _split(said.text)
    names = _names(said.earlier)
    recap = ""
    if names:
        recap = rng.choice((
            "Still on my mind: {n}.", "For the record, {n} still stands from before.", "(Recap: {n}.)",
        )).format(n=", ".join(names))
    head = f"**{said.label[:1].upper()}{said.label[1:]}**" if said.label else ""
    parts = [head, rng.choice(_OPENERS), body, recap, rng.choice(_CLOSERS), ledger]
    return "\n\n".join(p for p in parts if p)


def table(said: Said, rng: random.Random) -> str:
    """The LEDGER's fields as a Markdown table before the line itself."""
    body, ledger = _split(said.text)
    rows = ["| field | value |", "|---|---|", *(f"| {k} | {v} |" for k, v in said.fields.items() if len(v) < 40)]
    return "\n\n".join(p for p in (body, "\n".join(rows), ledger) if p)


def prose_ledger(said: Said, rng: random.Random) -> str:
    """The LEDGER restated in a sentence, then the line."""
    body, ledger = _split(said.text)
    words = ", ".join(f"{k} {v}" for k, v in said.fields.items() if len(v) < 40)
    told = rng.choice(("Where things stand: {w}.", "So, in words: {w}.", "Status: {w}."))
    return "\n\n".join(p for p in (body, told.format(w=words), ledger) if p)


def fenced(said: Said, rng: random.Random) -> str:
    """The LEDGER in a code block, as many chat AIs print it."""
    body, ledger = _split(said.text)
    return "\n\n".join(p for p in (body, f"```\n{ledger}\n```") if p)


def recap(said: Said, rng: random.Random) -> str:
    """A line naming where the game stands ("That's day 3.") and the names of the last reply."""
    body, ledger = _split(said.text)
    names = _names(said.earlier)
    line = f"That's {said.label} on the books." if said.label else ""
    if names:
        line += f" {names[0]} was the last thing I called out."
    return "\n\n".join(p for p in (body, line.strip(), ledger) if p)


# cardgm's own sentences announcing a read: "Tape 4 reads 3: HEAVY DEW." and "Day 2: value 3, RAIN."
_READS = (
    re.compile(r"Tape (\d+) reads (\d+): ([A-Z][A-Z' -]*[A-Z])(?=[ .—-])\.?"),
    re.compile(r"Day (\d+): value (\d+), ([A-Z]+)\."),
)


def tape_table(said: Said, rng: random.Random) -> str:
    """The tape reads taken out of the prose and given only in a table's cells."""
    body, ledger = _split(said.text)
    rows = []
    for pattern, head, value in zip(_READS, ("tape", "day"), ("", "value ")):
        for m in list(pattern.finditer(body)):
            rows.append(f"| {head} {m.group(1)} | {value}{m.group(2)} | {m.group(3)} |")
            body = body.replace(m.group(0), "", 1)
    table_text = "\n".join(["| read | value | meaning |", "|---|---|---|", *rows]) if rows else ""
    return "\n\n".join(p for p in (body.strip(), table_text, ledger) if p)


RENDER: dict[str, Callable[[Said, random.Random], str]] = {
    "plain": plain, "chatty": chatty, "table": table, "prose-ledger": prose_ledger, "fenced": fenced, "recap": recap,
    "tape-table": tape_table,
}


def render(style: str, said: Said, rng: random.Random) -> str:
    return RENDER[style](said, rng)
