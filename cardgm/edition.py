"""Which edition of a card's rules a card text is: a fingerprint of its text, the tape aside.

cardgm plays rules it was built for, not the words of any card it is handed. A card file whose
rules text was edited (the water changed from 26 to 30) would otherwise play the built-in rules
without a word. So a card is recognised by the fingerprint of its text with every run of
whitespace made one space (cards arrive flattened or line-broken) and its DICE TAPE's seed and
values set aside (a tape of your own is the one edit cardgm plays: the printed tape is what a game
reads). The known fingerprints are those of the cards cardgm ships, computed from their text when
first asked; nothing here lists a game by name.

    >>> all(recognise(card) is card for card in shipped())
    True
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from cardgm.card import Card, CardError, parse_card

_TAPE_HEAD = re.compile(r"(##\s*DICE TAPE\b[^)]*?seed\s+)[A-Za-z0-9_.-]+:\d+\.\d+\.\d+(\s*\)\s*)((?:\d{1,2}\s+)*\d{1,2})")


class EditionError(CardError):
    """A card whose rules text is no edition cardgm knows; says where it differs."""


def rules_text(text: str) -> str:
    """The card's text as its edition is recognised: whitespace made single spaces, the DICE
    TAPE's seed and values replaced by placeholders."""
    flat = " ".join(text.split())
    return _TAPE_HEAD.sub(lambda m: f"{m.group(1)}{{seed}}{m.group(2)}{{tape}}", flat, count=1)


def fingerprint(text: str) -> str:
    """SHA-256 of `rules_text`, 16 hex digits: the same for every copy of one edition."""
    return hashlib.sha256(rules_text(text).encode("utf-8")).hexdigest()[:16]


def shipped() -> tuple[Card, ...]:
    """The cards cardgm ships (`cardgm/cards/*.md`), each an edition it knows."""
    return _shipped()


@lru_cache(maxsize=1)
def _shipped() -> tuple[Card, ...]:
    folder = resources.files("cardgm.cards")
    cards = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".md"):
            cards.append(parse_card(entry.read_text(encoding="utf-8"), source=entry.name.removesuffix(".md")))
    return tuple(cards)


@lru_cache(maxsize=1)
def known() -> dict[str, Card]:
    """Every known edition by its fingerprint."""
    return {fingerprint(card.text): card for card in shipped()}


def recognise(card: Card) -> Card | None:
    """The shipped card whose rules this card's text is, or None."""
    return known().get(fingerprint(card.text))


@dataclass(frozen=True)
class Difference:
    """Where a card's rules differ from the nearest known edition."""

    edition: Card  # the known edition of the same game it was compared with
    sections: tuple[str, ...]  # headings of the sections that differ, added or missing
    card_reads: str  # the first differing words, in context, as the card has them
    edition_reads: str  # the same place in the known edition

    def say(self) -> str:
        where = ", ".join(self.sections) if self.sections else "its text"  # (never empty in practice)
        e = self.edition
        return (
            f"its rules differ from {e.title} v{e.version}, the edition cardgm knows, in {where}: "
            f"the card reads \"{self.card_reads}\" where v{e.version} reads \"{self.edition_reads}\""
        )


def difference(card: Card) -> Difference | None:
    """How `card` differs from the known edition of its game (same version first), or None
    when it is a known edition or cardgm knows no edition of its game."""
    if recognise(card) is not None:
        return None
    same_game = [c for c in shipped() if c.game_id == card.game_id]
    if not same_game:
        return None
    edition = next((c for c in same_game if c.version == card.version), same_game[0])
    mine, theirs = _parts(card), _parts(edition)
    names = {**mine, **theirs}
    differing = tuple(names[k][0] for k in dict.fromkeys([*theirs, *mine]) if mine.get(k, ("", ""))[1] != theirs.get(k, ("", ""))[1])
    card_reads, edition_reads = _first_change(rules_text(card.text), rules_text(edition.text))
    return Difference(edition, differing, card_reads, edition_reads)


def check(card: Card, *, known_rules: bool = False, option: str | None = None) -> str | None:
    """Nothing for a known edition (or a game cardgm has no rules for: the registry says so).

    For an edited card: raise EditionError saying where it differs (and, given the `option` that
    allows it, how to play the known rules anyway), or with `known_rules`, return the warning to
    print, naming the edition whose rules will be played instead."""
    diff = difference(card)
    if diff is None:
        return None
    e = diff.edition
    if not known_rules:
        how = f"; add {option} to play {e.title} v{e.version}'s rules with this card's tape" if option else ""
        raise EditionError(
            f"{card.source}: {diff.say()}. cardgm plays only the rules it knows, so it will not play "
            f"this card as written{how}"
        )
    return (
        f"{card.source}: {diff.say()}. Playing {e.title} v{e.version}'s rules as cardgm knows them, "
        "with this card's tape: the edits are NOT played"
    )


def _parts(card: Card) -> dict[str, tuple[str, str]]:
    """The card's parts by a key: (how to name it, its rules text); the text before the first
    section is a part of its own."""
    head = re.split(r"(?:^|\s)##\s", card.text, maxsplit=1)[0]
    parts = {"": ("the text before its first section", rules_text(head))}
    for section in card.sections:
        name = section.heading.rstrip(" —–-:,.")
        parts[" ".join(name.upper().split()[:3])] = (f"## {name}", rules_text(section.text))
    return parts


def _first_change(a: str, b: str, context: int = 4) -> tuple[str, str]:
    """The first place two texts differ, as a few words of each around it."""
    wa, wb = a.split(" "), b.split(" ")
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes():
        if tag != "equal":
            lo_a, lo_b = max(0, i1 - context), max(0, j1 - context)
            return _words(wa, lo_a, i2 + context), _words(wb, lo_b, j2 + context)
    return "", ""


def _words(words: list[str], lo: int, hi: int) -> str:
    hi = min(len(words), max(hi, lo + 1))
    return ("… " if lo > 0 else "") + " ".join(words[lo:hi]) + (" …" if hi < len(words) else "")
