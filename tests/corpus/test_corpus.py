"""Casual messages, as players type them, each with the reading the card demands.

The corpora are data (`tests/corpus/<game>.tsv`, described in `support.py`): at least 300
messages a card, written from the cards — typos, chatter, corrections, questions, emoji, lower
case — each with the morning it is read in, the reading it must get, the card's words that decide
it, and whether it is sure or arguable (an arguable reading is a ruling in docs/rulings.md).
"""

from __future__ import annotations

import pytest

from .support import STATES, rows

GAMES = ("becalmed", "deadreckoning", "cattle-trail")
ROWS = [row for g in GAMES for row in rows(g)]


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_a_casual_message_gets_the_reading_the_card_demands(row) -> None:
    from .support import read_row

    got, reading = read_row(row)
    assert got == row.reading, f"{row.message!r} in {row.state}: read as {got}, the card wants {row.reading} ({row.card})"
    if row.text:
        assert row.text in reading.text, f"{row.message!r}: the reply lacks {row.text!r}: {reading.text!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_corpus_holds_300_messages_with_the_cards_words_and_a_certainty(game_id: str) -> None:
    got = rows(game_id)
    assert len({(r.state, r.before, r.message) for r in got}) >= 300
    states = STATES[game_id]()
    for r in got:
        assert r.state in states, f"{r.id}: no fixture named {r.state!r}"
        assert r.certainty in ("sure", "arguable"), f"{r.id}: {r.certainty!r}"
        assert r.card.strip(), f"{r.id}: no card words"
