"""DROVER'S AUTUMN, ORDERS rule 1: the words, as the card lists them, and how a message is cut up.

Pure and small: a message becomes `Tok`s (words, numbers, punctuation) in sentences; a word matches
a listed word "whole, with plain endings (pushing, slowly)". Nothing here decides what a message
means; `orders_parse` does that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# -- tokens ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tok:
    text: str  # as written, markdown stripped
    low: str  # lower case, curly apostrophes made straight
    kind: str  # "w" word, "n" number, "p" punctuation
    sent: int  # which sentence it stands in (split at . ! ? ; and line breaks)
    i: int  # its index in the message
    opens: bool = False  # it stands right after an opening bracket: "steady (no, push)"

    @property
    def caps(self) -> bool:
        """Written in CAPITALS: every letter upper case, at least two of them."""
        letters = [c for c in self.text if c.isalpha()]
        return len(letters) >= 2 and all(c.isupper() for c in letters)


_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’]*|\d+|[,.:;!?\n—–-]")
SENTENCE_ENDS = frozenset(".!?;\n")
# Markdown and other decoration a message may carry: dropped before reading.
_MARKDOWN = re.compile(r"[*_`#>~|\[\]()\"“”]")


_LIST_MARK = re.compile(r"(?m)^(\s*)(?:\d{1,2}\)|[-*+]?\s*\[[ xX]?\])")


@lru_cache(maxsize=8)  # the reader cuts the same message more than once; the tokens are frozen
def tokenize(message: str) -> tuple[Tok, ...]:
    """Words, numbers and the punctuation that matters, with sentence numbers."""
    text = _LIST_MARK.sub(r"\1", message.replace("’", "'"))  # "1) steady", "- [x] push": a list's marks are markdown
    brackets = {m.end() for m in re.finditer(r"[(\[]\s*", text)}  # where a bracketed clause opens
    text = _MARKDOWN.sub(" ", text)
    out: list[Tok] = []
    sent = 0
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        kind = "n" if raw.isdigit() else "p" if not raw[0].isalnum() else "w"
        low = raw.lower().strip("'")
        out.append(Tok(raw.strip("'"), low, kind, sent, len(out), m.start() in brackets))
        if kind == "p" and raw in SENTENCE_ENDS:
            sent += 1
    return tuple(out)


# -- numbers --------------------------------------------------------------------------------------

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
}  # fmt: skip


def number(tok: Tok) -> int | None:
    """The count a token gives: digits or a number word; None otherwise."""
    if tok.kind == "n":
        return int(tok.low)
    return NUMBER_WORDS.get(tok.low)


_BARE_NUMBER = re.compile(r"\s*(\d{1,3}|[A-Za-z]+)\s*[.!]?\s*")


def bare_number(message: str) -> int | None:
    """A message that is only a number ("4", "four."), else None."""
    m = _BARE_NUMBER.fullmatch(message)
    if not m:
        return None
    word = m.group(1).lower()
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


YES = frozenset({"yes", "ok", "okay", "sure", "aye"})
NO = frozenset({"no", "nope", "nay"})
# The same answers in other words (ruling 58): what a player types at a "(yes/no)".
YES_SAID = YES | frozenset({
    "yeah", "yep", "yup", "y", "ya", "yes please", "yes pls", "ok then", "okay then", "sure thing", "do it", "go ahead",
    "confirm", "confirmed", "aye aye", "yes do it", "yes go ahead", "go for it", "yes yes",
})  # fmt: skip
NO_SAID = NO | frozenset({
    "nah", "n", "no thanks", "no thank you", "never mind", "nevermind", "cancel", "no way", "not now", "forget it", "no no",
})  # fmt: skip
# Answers to "How many?" that decline the errand.
NONE_SAID = frozenset({"none", "nothing", "zero", "0", "no meal", "no oats", "no food", "no sale", "no trade", "skip it", "skip"})


def bare_word(message: str) -> str:
    """A message cut to its words alone, lower case: for whole-message checks."""
    return " ".join(t.low for t in tokenize(message) if t.kind != "p")


# -- plain endings ----------------------------------------------------------------------------------


@lru_cache(maxsize=8192)  # a message repeats its words; each is cut once
def stems(word: str) -> frozenset[str]:
    """What a word may be with a plain ending taken off: pushing→push, slowly→slow, hurried→hurry,
    grazing→graze, stopping→stop, easier→easy. The word itself is always among them."""
    w = word.lower()
    out = {w}
    for suffix in ("ing", "ed", "er", "est"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            base = w[: -len(suffix)]
            out |= {base, base + "e"}
            if len(base) > 2 and base[-1] == base[-2]:
                out.add(base[:-1])  # stopping → stop
            if suffix != "ing" and base.endswith("i"):
                out.add(base[:-1] + "y")  # hurried → hurry, easier → easy
    if w.endswith("ily") and len(w) > 5:
        out.add(w[:-3] + "y")  # steadily → steady, easily → easy
    if w.endswith("ly") and len(w) > 4:
        out.add(w[:-2])  # slowly → slow
    if w.endswith("ies") and len(w) > 4:
        out.add(w[:-3] + "y")
    if w.endswith("es") and len(w) > 3:
        out.add(w[:-2])  # pushes → push
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        out.add(w[:-1])
    return frozenset(out)


def is_word(tok: Tok, *words: str) -> bool:
    """Does this token stand for one of `words`, whole, with a plain ending allowed."""
    return tok.kind == "w" and not stems(tok.low).isdisjoint(words)


# -- rule 1's lists -------------------------------------------------------------------------------

# PACE words (everywhere). Phrases are matched before single words, longest first.
PACE_WORDS: dict[str, tuple[str, ...]] = {
    "EASY": ("easy", "slow", "gently", "graze"),
    "STEADY": ("steady", "normal"),
    "PUSH": ("push", "hurry", "fast"),
    "REST": ("rest", "stop", "stay", "wait", "camp"),
}
PACE_PHRASES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("slow", "and", "steady"), "STEADY"),
    (("keep", "going"), "STEADY"),
    (("move", "on"), "STEADY"),
)

# The crossings' own words: only at that crossing are they order words.
CROSSING_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "kyle": {"ONE BOAT": ("boat", "swim", "cross")},
    "ford": {"FORD": ("ford", "cross", "swim", "wade")},
    "bridge": {"TOLL": ("toll", "pay"), "FORD": ("ford", "wade")},
}
CROSSING_PHRASES: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "kyle": (
        (("one", "boat"), "ONE BOAT"),
        (("two", "boat"), "TWO BOATS"),
        (("both", "boat"), "TWO BOATS"),
        (("2", "boat"), "TWO BOATS"),
    ),
}

MARCH = ("EASY", "STEADY", "PUSH")
PACES = (*MARCH, "REST")

# Rule 2: what may stand before a sentence's first word, and what names the word after it.
LEADING = (("let", "us"), ("let's",), ("lets",), ("we",), ("we'll",), ("take", "it"), ("take",), ("go",), ("march",))
NAMERS = (("i", "choose"), ("order",), ("orders",), ("pace",))
JOINERS = frozenset({"and", "or", "but"})

# Rule 3: the hedges.
CLAUSE_STOPS = frozenset({",", ".", ":", ";", "!", "\n", "?", "so", "because", "since"})
HOLDS = frozenset({"not", "never", "tomorrow", "later", "when"})
NEGATED_CONTRACTIONS = frozenset({"dont", "cant", "wont", "shouldnt", "mustnt", "didnt", "isnt", "arent", "wouldnt", "couldnt", "aint"})
PUT_OFF = frozenset({"tomorrow", "later"})
CONDITIONS = frozenset({"if", "unless"})


def holds_not(tok: Tok) -> bool:
    """not, n't, never, … : a word that turns an order into a confirm line (rule 3)."""
    return tok.kind == "w" and (tok.low in HOLDS or tok.low.endswith("n't") or tok.low in NEGATED_CONTRACTIONS)


NEGATORS = frozenset({"no", "not", "never", "without", "nor", "none", "skip", "forget", "cancel"})


def negates(tok: Tok) -> bool:
    """A word that negates business after it in the same clause ("no meal", "don't sell")."""
    return tok.kind == "w" and (tok.low in NEGATORS or tok.low.endswith("n't") or tok.low in NEGATED_CONTRACTIONS)


# Business (rule 1): "MEAL n (buy, get or n meal, oatmeal, oats, food, bag)", ROOF, SHOE, HIRE,
# SELL n beasts, TRADE n, PARK.
MEAL_NOUNS = ("meal", "oatmeal", "oats", "food", "bag")
MEAL_VERBS = ("buy", "get")
ROOF_WORDS = ("roof", "bed", "indoors")
SHOE_WORDS = ("shoe", "shod")
BEASTS = ("beast", "head", "cattle", "cow", "heifer", "stirk", "bullock", "animal")
HIRE_NAMES = ("hector", "morag")
FILLER = frozenset({"a", "an", "the", "some", "more", "of", "extra", "another", "x"})
