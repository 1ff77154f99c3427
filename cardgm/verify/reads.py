"""Tape reads as a chat AI announces them, found in its prose: a position and a value ("Tape 4
reads 3", "tape position 4: 3", "position 4 on the tape gives 3", "tape[4] = 3", "the tape reads 3
(position 4)"), a value with the card's name for it ("The tape reads 8: SHARKS", "16 → Rain
Squalls", "a 17: a green turtle"), or a name alone in the card's capitals or in Title Case.

Nothing here knows a card: the names come from the caller. Markdown emphasis is taken out first.

>>> names = {"SHARKS": "sea", "LIGHT AIRS": "sky"}
>>> [(r.position, r.value, r.name) for r in announced("**Dusk.** The tape reads 8: SHARKS.", names)]
[(None, 8, 'SHARKS')]
>>> [(r.position, r.value, r.name) for r in announced("Tape 15 reads 8: Light Airs", names)]
[(15, 8, 'LIGHT AIRS')]
>>> [(r.position, r.value, r.name) for r in announced("At dawn the tape reads 8 (position 15).", names)]
[(15, 8, None)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_SEP = r"\s*(?:reads|read|is|shows|gives|=|:|→|->|—|–|-|,|\|)\s*(?:a|an)?\s*"
_POS_VALUE = (
    re.compile(r"\btape\s*(?:position\s*|pos\.?\s*|value\s*|#\s*|\[\s*)?(\d{1,2})\s*\]?" + _SEP + r"\**(\d{1,2})\b(?!\s*/)", re.I),
    re.compile(r"\bposition\s*(\d{1,2})(?:\s+(?:on|of)\s+the\s+tape)?" + _SEP + r"\**(\d{1,2})\b(?!\s*/)", re.I),
)
_VALUE_POS = re.compile(
    r"\b(?:reads|gives|shows|is)\s*(?:a|an)?\s*(\d{1,2})\s*(?:\(|,|—|–|-)\s*(?:at\s+)?(?:tape\s*|position\s*|pos\.?\s*)(\d{1,2})\b", re.I
)
_DAY_BEFORE = re.compile(r"\b(?:day|turn|step|night|dawn)\s*$", re.I)
_VALUE_NAME = r"(?<![\d/+−-])(\d{1,2})\s*(?:\*\*)?\s*(?::|—|–|-|→|->|\(|,)\s*(?:\*\*)?\s*(?:a |an )?\s*({names})\b"


@dataclass(frozen=True)
class Read:
    position: int | None
    value: int | None
    name: str | None  # the card's name, as the card writes it
    start: int  # where it stands in the text
    text: str


def plain(text: str) -> str:
    """The prose without Markdown emphasis, code fences or LEDGER and RESULT lines."""
    lines = [line for line in text.splitlines() if "[L]" not in line and "RESULT:" not in line and not line.strip().startswith("```")]
    return re.sub(r"\*\*|__|`", "", "\n".join(lines))


def announced(text: str, names: dict[str, str]) -> list[Read]:
    """Every read the text announces, in order: (position, value, name), each part None when unsaid."""
    text = plain(text)
    by_upper = {n.upper(): n for n in names}
    value_name = _value_name(tuple(sorted(names, key=len, reverse=True)))
    upper = text.upper()
    found: dict[int, Read] = {}
    taken: list[tuple[int, int]] = []
    for pattern in _POS_VALUE:
        for m in pattern.finditer(text):
            if _inside(m.start(), taken) or _inside(m.end() - 1, taken):
                continue
            name = _name_after(text, m.end(), value_name, by_upper)
            found[m.start()] = Read(int(m.group(1)), int(m.group(2)), name, m.start(), m.group(0))
            taken.append((m.start(), _taken_to(text, m.end(), by_upper)))
    for m in _VALUE_POS.finditer(text):
        if not _inside(m.start(), taken):
            found[m.start()] = Read(int(m.group(2)), int(m.group(1)), _name_after(text, m.end(), value_name, by_upper), m.start(), m.group(0))
            taken.append((m.start(), _taken_to(text, m.end(), by_upper)))
    for m in value_name.finditer(text):
        if _DAY_BEFORE.search(text[max(0, m.start() - 12) : m.start()]):
            continue  # "Dawn day 2: rain squalls", "Step 1: hard weather": a day or a step, not a value read
        if not _inside(m.start(), taken):
            found[m.start()] = Read(None, int(m.group(1)), by_upper[m.group(2).upper()], m.start(), m.group(0))
            taken.append((m.start(), m.end()))
    for name in names:
        if name.upper() not in upper:
            continue  # not in the text at all: no need to look for it
        for m in re.finditer(r"\b" + re.escape(name) + r"\b", text, re.I):
            said = m.group(0)
            shouted = said == said.upper()
            titled = said == said.title() or said == name.title()
            if (shouted or titled) and not _inside(m.start(), taken) and _announces(text, m.start()):
                found[m.start()] = Read(None, None, name, m.start(), said)
    return [found[k] for k in sorted(found)]


# A name alone is a read only where the sentence gives it as this dawn's or dusk's reading ("Dawn:
# HARD WEATHER", "tonight's sea is FLOTSAM"); named in passing ("SHARKS counts down", "still on
# my mind: STEADY BREEZE", "hard weather, canvas down, hands bail") it reads nothing.
_READING_WORDS = re.compile(r"\b(dawn|dusk|sky|sea|morning|evening|tonight|today|overhead|brings?|comes?|rolls? in|the tape)\b", re.I)
_PASSING_WORDS = re.compile(
    r"\b(still|recap|record|yesterday|last|earlier|before|from before|was|were|stands?|counts? down|clears?|"
    r"step \d|if|when|whenever|in it|mind)\b",
    re.I,
)


@lru_cache(maxsize=16)
def _value_name(names: tuple[str, ...]) -> re.Pattern[str]:
    """A value said with one of the card's names ("16 → Rain Squalls"), compiled once per card."""
    return re.compile(_VALUE_NAME.replace("{names}", "|".join(re.escape(n) for n in names)), re.I)


def _announces(text: str, at: int) -> bool:
    """Does the sentence around a name give it as the reading now?"""
    start = max(text.rfind(c, 0, at) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, at) for c in ".!?\n") if i != -1]
    sentence = text[start : min(ends) if ends else len(text)]
    return bool(_READING_WORDS.search(sentence)) and not _PASSING_WORDS.search(sentence)


def _name_after(text: str, at: int, value_name: re.Pattern[str], by_upper: dict[str, str]) -> str | None:
    """The card's name said right after a read ("Tape 4 reads 3: HEAVY DEW", "… 16 (RAIN SQUALLS)")."""
    return _name_and_end(text, at, by_upper)[0]


def _name_and_end(text: str, at: int, by_upper: dict[str, str]) -> tuple[str | None, int]:
    """That name and where it ends (`at` when there is none)."""
    rest = text[at : at + 40]
    for name_upper, name in by_upper.items():
        m = re.match(r"\s*(?:\)|\*\*)?\s*(?::|—|–|-|→|->|\(|,)?\s*(?:\*\*)?\s*(?:a |an )?" + re.escape(name_upper) + r"\b", rest, re.I)
        if m:
            return name, at + m.end()
    return None, at


def _taken_to(text: str, at: int, by_upper: dict[str, str]) -> int:
    """Where a read's span ends: after the name said with it, never over the next line's read (two
    short lines, "Dawn: tape 11 reads 20 — HARD WEATHER." then "Dusk: tape 12 reads 4 …")."""
    return _name_and_end(text, at, by_upper)[1]


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= at < b for a, b in spans)
