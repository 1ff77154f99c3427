"""The card a transcript is audited against: pasted, named, or told by its LEDGER lines' shape."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from cardgm import games
from cardgm.card import Card, CardError, load_card, parse_card
from cardgm.save import blocks as save_blocks
from cardgm.verify.audit.adapter import adapter_for, auditable
from cardgm.verify.audit.findings import AuditError
from cardgm.verify.audit.lines import ledger_text
from cardgm.verify.transcript_io import Transcript, is_ledger_line


@dataclass(frozen=True)
class PastedCard:
    text: str  # the card as pasted
    game_id: str | None
    title: str


@cache
def _titles() -> dict[str, str]:
    """Each known card's title → its game id (every card parsed once a process)."""
    out = {}
    for game_id in games.ids():
        card = parse_card(games.card_text(game_id), source=game_id)
        out[card.title] = game_id
    return out


def find_card(message: str) -> PastedCard | None:
    """The card pasted in a player message, if it holds one (its '# TITLE' and its sections)."""
    titles = _titles()
    for card_title, game_id in titles.items():
        m = re.search(r"(?m)(?:^|\s)#\s+" + re.escape(card_title) + r"\b", message)
        if m and message.count("## ") >= 3:
            return PastedCard(message[m.start() :].lstrip(), game_id, card_title)
    m = re.search(r"(?m)^\s*#\s+[A-Z][A-Z'’ -]+", message)
    if m and message.count("## ") >= 3 and "RESULT: AIGC|" in message:
        text = message[m.start() :].lstrip()
        try:
            card = parse_card(text)
        except CardError:
            return None
        return PastedCard(text, card.game_id, card.title)
    return None


def _strip_saves(text: str) -> str:
    for block in save_blocks(text):
        text = text.replace(block, "")
    return text


def choose_card(transcript: Transcript, card_name: str | None, pasted: PastedCard | None) -> tuple[Card, str]:
    """The card to audit against, and how it was found."""
    if card_name:
        return load_card(card_name), f"named with --card ({card_name})"
    if pasted is not None:
        try:
            card = parse_card(_strip_saves(pasted.text), source="the pasted card")
            if card.game_id in auditable():
                return card, f"the card pasted in the transcript ({card.title} v{card.version})"
        except CardError:
            pass
        if pasted.game_id:
            return load_card(pasted.game_id), f"the pasted card's title ({pasted.title}); cardgm's copy of it"
    # The LEDGER's shape and version tag, a SAVE's game: field, a RESULT line.
    text = "\n".join(t.text for t in transcript.turns)
    votes: dict[str, int] = {}
    known = auditable()
    for line in text.splitlines():
        if is_ledger_line(line):
            for game_id in known:
                try:
                    adapter_for(game_id).parse(ledger_text(line))
                except ValueError:
                    continue
                votes[game_id] = votes.get(game_id, 0) + 1
    for m in re.finditer(r"AIGC\|([a-z0-9-]+)\||game:([a-z0-9-]+)", text):
        game_id = m.group(1) or m.group(2)
        if game_id in known:
            votes[game_id] = votes.get(game_id, 0) + 1
    if not votes:
        raise AuditError(
            "no card found: the transcript holds no pasted card, no LEDGER line of a card cardgm knows "
            f"and no RESULT or SAVE naming one; name it with --card ({', '.join(games.ids())})"
        )
    game_id = max(votes, key=lambda k: votes[k])
    return load_card(game_id), f"the shape of its LEDGER lines ({game_id})"
