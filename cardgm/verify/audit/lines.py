"""The card's lines in an AI reply: its LEDGER (the last), its RESULT, what follows them."""

from __future__ import annotations

import re

from cardgm.verify.transcript_io import is_ledger_line

_LEDGER_START = re.compile(r"\[L\]")


def ledger_text(line: str) -> str:
    """A LEDGER line without the code-block backticks or Markdown around it."""
    m = _LEDGER_START.search(line)
    text = line[m.start() :] if m else line
    return text.strip().strip("`*_ ").rstrip()


def ai_ledger(text: str) -> tuple[str | None, bool]:
    """The AI reply's LEDGER line (its last), and whether anything but decoration follows it."""
    lines = text.splitlines()
    at = [i for i, line in enumerate(lines) if is_ledger_line(line) or line.lstrip().startswith("[L]")]
    if not at:
        return None, False
    after = [line for line in lines[at[-1] + 1 :] if line.strip() and not re.fullmatch(r"\s*(`{3}\w*|[-*_]{3,})\s*", line)]
    return ledger_text(lines[at[-1]]), bool(after)


# Up to the Markdown around it: a code span, or bold (no field of the card's line holds a `*`).
_RESULT = re.compile(r"RESULT:\s*AIGC\|[^\s`*]*")


def ai_result(text: str) -> str | None:
    found = _RESULT.findall(text)
    return found[-1].strip() if found else None


def result_fields(line: str) -> dict[str, str]:
    from cardgm.verify.replay import split_result

    return split_result(line)


def only_the_end_after(text: str) -> bool:
    """After the LEDGER: only the RESULT line and the card's pointers (the final reply's other order)."""
    lines = text.splitlines()
    at = max(i for i, line in enumerate(lines) if is_ledger_line(line) or line.lstrip().startswith("[L]"))
    after = "\n".join(line for line in lines[at + 1 :] if line.strip() and not re.fullmatch(r"\s*(`{3}\w*|[-*_]{3,})\s*", line))
    return bool(_RESULT.search(after)) and not re.search(r"\[L\]", after)


def fields_equal(a: dict[str, str], b: dict[str, str], skip: tuple[str, ...] = ()) -> bool:
    return {k: v for k, v in a.items() if k not in skip} == {k: v for k, v in b.items() if k not in skip}


def field_problem(line: str, card_line: str) -> str | None:
    """Which field of a LEDGER line is not as the card prints it, compared with the card's line for
    the same numbers: "its field 'water: 26' is printed 'water 26' on the card".

    >>> field_problem("[L] day 1/14 | water: 26 | v1.0.0", "[L] day 1/14 | water 26 | v1.0.0")
    "its field 'water: 26' is printed 'water 26' on the card"
    """
    mine = [p.strip() for p in line.strip().strip("`").split("|")]
    card = [p.strip() for p in card_line.split("|")]
    for a, b in zip(mine, card):
        if a != b:
            return f"its field {a!r} is printed {b!r} on the card"
    if len(mine) != len(card):
        return f"it has {len(mine)} fields between its bars; the card's has {len(card)}"
    return None
