"""Dealing a run: the card's own setup, or a fresh one numbered n.

Deal n of a card is reproducible from n alone:
- a card with a tape plays the tape derived from the seed `{id}:{version}:{n}`
  (`cardgm.tape.derive`, as par does), and its text is rewritten to print that tape and seed, so
  the card a chat model is shown is the card it plays;
- a card with hidden information (DEADRECKONING's berth) plays a setup drawn from a generator
  seeded with that same string. The label then stays private until the end: anyone holding it
  could draw the berth again.
`n = None` is the card as printed: its own tape, or the berth it prints.

>>> from cardgm.card import load_card
>>> d = deal(load_card("becalmed"), 3)
>>> d.label, d.card.tape == derive("becalmed:1.0.0:3", 40), d.card.tape[:3] == d.game.tape[:3]
('becalmed:1.0.0:3', True, True)
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from cardgm.agents import _games
from cardgm.card import Card, CardError, parse_card
from cardgm.game import Game
from cardgm.tape import derive

PRINTED = "printed"
# "## DICE TAPE (d20, seed {id}:{version}) 12 14 16 …": the seed and the values, line-broken or flat.
_TAPE = re.compile(r"(##\s+DICE TAPE\s*\([^)]*?seed\s+)([A-Za-z0-9_.:-]+)(\)\s*)((?:\d{1,2}\s+)*\d{1,2})")


@dataclass(frozen=True)
class Deal:
    card: Card  # the card as dealt: a derived tape is printed in its text
    game: Game
    label: str  # "{id}:{version}:{n}", or "printed"
    public: bool  # False while the label could rebuild a hidden setup
    secret: str | None = None  # the hidden setup's text (a reveal file), for after the end


def label(card: Card, n: int) -> str:
    return f"{card.game_id}:{card.version}:{n}"


def retape(card: Card, seed: str) -> Card:
    """The card with the tape derived from `seed` printed in place of its own."""
    tape = derive(seed, len(card.tape))
    m = _TAPE.search(card.text)
    if m is None:
        raise CardError(f"{card.source}: no DICE TAPE with a seed to replace")
    text = card.text[: m.start(2)] + seed + m.group(3) + " ".join(map(str, tape)) + card.text[m.end(4) :]
    dealt = replace(card, tape=tape, seed=seed, text=text, sections=parse_card(text, card.source).sections)
    assert parse_card(text, card.source).tape == tape, "the rewritten card prints the derived tape"
    return dealt


def deal(card: Card, n: int | None) -> Deal:
    """Deal `n` of `card` (None: the card as printed)."""
    if n is None:
        return Deal(card, _games.make_game(card), PRINTED, True)
    name = label(card, n)
    if card.seed is not None:
        dealt = _retaped(card, name)
        return Deal(dealt, _games.make_game(dealt), name, True)
    secret = _games.draw_secret(card.game_id, random.Random(name))
    return Deal(card, _games.make_game(card, secret), name, secret is None, secret)


@lru_cache(maxsize=64)
def _retaped(card: Card, seed: str) -> Card:
    return retape(card, seed)


@lru_cache(maxsize=1024)
def _best(card: Card) -> int | None:
    return _games.best(card)


def best(d: Deal) -> int | None:
    """The best score the dealt tape (or berth) allows; worked out once per tape."""
    return _best(d.card)
