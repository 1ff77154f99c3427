"""The audit in plain words, for the player who reads it: what each kind of finding is called,
and numbers and lists written as sentences. The codes stay in the JSON, for programs; nothing a
player reads shows one.

>>> title("tape-out-of-turn")
'A tape value read out of turn'
>>> joined(["4", "6", "9"])
'4, 6 and 9'
>>> count(1, "problem")
'1 problem'
"""

from __future__ import annotations

TITLES = {
    "ledger": "A number in the LEDGER does not follow",
    "ledger-missing": "No LEDGER line",
    "ledger-format": "A LEDGER line that cannot be read as the card prints it",
    "ledger-not-last": "Words after the LEDGER line",
    "decided-for-player": "A move the player did not make",
    "tape-changed": "A tape value changed",
    "tape-out-of-turn": "A tape value read out of turn",
    "third-value": "A value read too many",
    "hidden-revealed": "A hidden cell given away",
    "result": "The RESULT line does not follow",
    "save": "The SAVE block's numbers do not follow",
    "save-format": "A SAVE block that cannot be read",
    "save-followed": "A SAVE pasted mid-game followed",
    "recommended": "A recommendation given",
}

# How a summary counts each kind ("2 numbers in a LEDGER that do not follow").
NOUNS = {
    "ledger": ("number in a LEDGER that does not follow", "numbers in a LEDGER that do not follow"),
    "ledger-missing": ("reply without its LEDGER line", "replies without their LEDGER line"),
    "ledger-format": ("LEDGER line that cannot be read", "LEDGER lines that cannot be read"),
    "ledger-not-last": ("reply with words after its LEDGER", "replies with words after their LEDGER"),
    "decided-for-player": ("move the player did not make", "moves the player did not make"),
    "tape-changed": ("tape value changed", "tape values changed"),
    "tape-out-of-turn": ("tape value read out of turn", "tape values read out of turn"),
    "third-value": ("value read too many", "values read too many"),
    "hidden-revealed": ("hidden cell given away", "hidden cells given away"),
    "result": ("RESULT line that does not follow", "RESULT lines that do not follow"),
    "save": ("SAVE block number that does not follow", "SAVE block numbers that do not follow"),
    "save-format": ("SAVE block that cannot be read", "SAVE blocks that cannot be read"),
    "save-followed": ("SAVE pasted mid-game and followed", "SAVEs pasted mid-game and followed"),
    "recommended": ("recommendation given", "recommendations given"),
}


def title(code: str) -> str:
    return TITLES.get(code, code)


def noun(code: str, n: int) -> str:
    one, many = NOUNS.get(code, (code, code))
    return f"{n} {one if n == 1 else many}"


def count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def joined(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(text: str) -> str:
    """A clause as a sentence: a capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" or text.endswith(('."', '.)')) else text + "."


def quote(message: str, n: int = 60) -> str:
    flat = " ".join(message.split())
    return f"\"{flat[:n]}{'…' if len(flat) > n else ''}\""
