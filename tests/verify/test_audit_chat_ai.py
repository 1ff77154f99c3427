"""Chats in the shapes chat AIs write (tests/verify/chat_specs.py, built by chat_ai.py from cardgm's
own Run): Markdown tables of the day, emoji headings, the LEDGER in a code block, in backticks or
after a "Ledger:" label, narration that looks back at a tape value, a reply that asks back before
moving, a forecast answered from the printed tape, another reading of a rule the card allows, a
SAVE and its resume in a new chat, in every export form. An honest chat draws no finding; one
planted error draws exactly one, of its kind, at its reply."""

from __future__ import annotations

import pytest

from cardgm.verify.audit import audit
from cardgm.verify.transcript_io import is_ledger_line, read_transcript
from tests.verify.chat_ai import Chat, Ex, transcript
from tests.verify.chat_specs import CHATS


def test_at_least_thirty_honest_chats_every_card_and_planted_ones_for_each() -> None:
    honest = [c for c in CHATS if not c.expect]
    assert len(honest) >= 30
    for card in ("becalmed", "deadreckoning", "cattle-trail"):
        assert sum(c.game == card for c in honest) >= 8, card
        assert any(c.expect for c in CHATS if c.game == card), card
    assert all(len(c.expect) == 1 for c in CHATS if c.expect)
    assert len({c.name for c in CHATS}) == len(CHATS)


@pytest.mark.parametrize("chat", CHATS, ids=lambda c: c.name)
def test_the_audit_accuses_only_the_planted_error_at_its_reply(chat: Chat) -> None:
    found = audit(read_transcript(transcript(chat)))
    assert found.game_id == chat.game
    assert [(f.reply, f.code) for f in found.findings] == chat.expect, [f.text for f in found.findings]


def test_a_ledger_marked_up_as_chat_ais_print_it_is_the_ledger() -> None:
    line = "[L] turn:1 shots:0 hits:0 sunk:none | " + "." * 64 + " | v1.0.0"
    for shown in (line, f"`{line}`", f"**{line}**", f"> {line}", f"**Ledger:** `{line}`", f"LEDGER: {line}"):
        assert is_ledger_line(shown), shown
    assert not is_ledger_line(f"The ledger reads {line}")


@pytest.mark.parametrize("turns", ["4", "3"])  # replies so far; the player's messages and the day reached (day 3)
def test_a_becalmed_result_may_count_replies_messages_or_the_day(turns: str) -> None:
    chat = next(c for c in CHATS if c.name == "b-given-over")
    given = Chat(**{**chat.__dict__, "name": f"b-turns-{turns}", "exchanges": [
        *chat.exchanges[:-1], Ex("let her drive", "let her drive", edit=(("|turns:4|", f"|turns:{turns}|"),)),
    ]})
    assert audit(read_transcript(transcript(given))).findings == []
    wrong = Chat(**{**given.__dict__, "exchanges": [
        *chat.exchanges[:-1], Ex("let her drive", "let her drive", edit=(("|turns:4|", "|turns:9|"),)),
    ]})
    assert [(f.reply, f.code) for f in audit(read_transcript(transcript(wrong))).findings] == [(4, "result")]


def test_a_struck_duels_last_ledger_may_show_the_reveal() -> None:
    """DEADRECKONING question 7 (A): the reveal grid in the last LEDGER; a cell revealed that is no hull is still wrong."""
    honest = next(c for c in CHATS if c.name == "d-struck-ledger-reveal")
    assert audit(read_transcript(transcript(honest))).findings == []
    wrong = next(c for c in CHATS if c.name == "d-x-struck-ledger-reveal-wrong")
    assert [(f.reply, f.code) for f in audit(read_transcript(transcript(wrong))).findings] == [(5, "ledger")]


def test_a_hedged_order_run_at_once_is_the_players_own() -> None:
    """DROVER'S AUTUMN rulings 24–26: cardgm asks a confirm line first; an AI that runs the one order
    named is not deciding for the player, and the report says how it read the message."""
    from cardgm.verify import report

    for chat in (c for c in CHATS if c.name.startswith("c-hedged-run-at-once-")):
        found = audit(read_transcript(transcript(chat)))
        assert found.findings == [], chat.name
        assert "where cardgm asks its own confirm line first" in report.text(found), chat.name
    other = next(c for c in CHATS if c.name == "c-x-hedged-other-move")
    assert [(f.reply, f.code) for f in audit(read_transcript(transcript(other))).findings] == [(4, "decided-for-player")]
