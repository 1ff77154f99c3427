"""Chats in the shapes chat AIs write (tests/verify/chat_specs.py, built by chat_ai.py from cardgm's
own Run): Markdown tables of the day, emoji headings, the LEDGER in a code block, in backticks or
after a "Ledger:" label, narration that looks back at a tape value, a reply that asks back before
moving, a forecast answered from the printed tape, another reading of a rule the card allows, a
SAVE and its resume in a new chat, in every export form. An honest chat draws no finding; one
planted error draws exactly one, of its kind, at its reply."""

from __future__ import annotations

import re

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


def _counted_from_1(n: int, text: str, prev: str) -> str:
    """An AI in a new chat that counts its turns from this chat's first reply: every LEDGER's, SAVE's
    and RESULT's turn is the reply's number in this chat (the SAVE's counting the reply that prints it)."""
    text = re.sub(r"\[L\] turn:\d+", f"[L] turn:{n}", text)
    text = re.sub(r"(?<=[\s:])turn:\d+(?=\s)", f"turn:{n}", text)  # a SAVE block's field, on its line or in one
    return re.sub(r"\|turns:\d+\|", f"|turns:{n}|", text)


def _restarted(name: str, more: list[Ex], *, plant: Ex | None = None) -> Chat:
    chat = next(c for c in CHATS if c.name == name)
    exchanges = [*chat.exchanges[:1], plant or chat.exchanges[1], *chat.exchanges[2:], *more]
    return Chat(**{**chat.__dict__, "name": f"{name}-from-1", "exchanges": exchanges, "style": _counted_from_1})


# The resumed chats, each played on past its save and saved again (BECALMED then let go: its RESULT).
RESTARTED = {
    "becalmed": ("b-resumed-new-chat", [Ex("save"), Ex("let her drive", "let her drive")]),
    "deadreckoning": ("d-resumed-new-chat", [Ex("g3", "G3"), Ex("save")]),
    "cattle-trail": ("c-resumed-new-chat", [Ex("easy"), Ex("save")]),
}


@pytest.mark.parametrize("card", sorted(RESTARTED))
def test_a_resumed_chat_counting_its_turns_from_1_is_accused_only_where_the_card_carries_the_turn_on(card: str) -> None:
    """docs/rulings.md, a SAVE resumed in a new chat: BECALMED defines no turn, and DEADRECKONING's
    is "replies so far" with the grid as "full recoverable state", so a new chat may count its own
    replies from 1 (LEDGER, SAVE and RESULT alike). DROVER'S AUTUMN's OPENING says "On a pasted save,
    skip this and print its Ledger": the SAVE's turn, so a LEDGER that starts again at turn:1 is
    one finding, in the card's words; the count carried on from there is not found again."""
    name, more = RESTARTED[card]
    chat = _restarted(name, more)
    found = audit(read_transcript(transcript(chat)))
    assert found.game_id == card and found.resumed
    if card != "cattle-trail":
        assert found.findings == [], [f.text for f in found.findings]
        return
    assert [(f.reply, f.code, f.field, f.ai, f.rules) for f in found.findings] == [(1, "ledger", "turn", "1", "12")]
    said = found.findings[0].text
    assert 'OPENING says "On a pasted save, skip this and print its Ledger"' in said and "turn:12" in said
    assert "opening LEDGER" not in said  # not the card's opening for a new drove: the save's


# A move after the resume in each card, and the LEDGER number an AI might slip on it.
SLIP = {
    "becalmed": (Ex("full, down, bail", "FULL, DOWN, BAIL"), r"(?<=water )\d+"),
    "deadreckoning": (Ex("g3", "G3"), r"(?<=hits:)\d+"),
    "cattle-trail": (Ex("easy"), r"(?<=head:)\d+"),
}


@pytest.mark.parametrize("card", sorted(RESTARTED))
def test_after_a_restarted_turn_the_save_carries_on_and_a_real_error_is_still_found(card: str) -> None:
    """The chat counted from 1 is judged from the SAVE's numbers (its day, shots, miles carried on), and
    a slip after the restart is found, once, at its reply."""
    name, _ = RESTARTED[card]
    move, number = SLIP[card]
    honest = audit(read_transcript(transcript(_restarted(name, [move]))))
    assert honest.findings == ([] if card != "cattle-trail" else honest.findings[:1])
    carried = {"becalmed": "day 5/14", "deadreckoning": "shots:4", "cattle-trail": "day:8/20"}[card]
    assert carried in honest.replies[1].true_ledger  # the SAVE's numbers, one move on
    slipped = Ex(**{**move.__dict__, "ledger": lambda line: re.sub(number, lambda m: str(int(m.group()) + 1), line, count=1)})
    found = audit(read_transcript(transcript(_restarted(name, [slipped]))))
    want = [(4, "ledger")] if card != "cattle-trail" else [(1, "ledger"), (4, "ledger")]
    assert [(f.reply, f.code) for f in found.findings] == want, [f.text for f in found.findings]
    assert found.findings[-1].field in ("water", "hits", "head")


def test_a_new_chat_counted_from_1_with_another_number_off_is_found_for_that_number_only() -> None:
    """DEADRECKONING 31: turn:1 on the reply that resumes is a reading the card allows; a shot count
    that is not the SAVE's on the same LEDGER is the finding, and the turn is not accused beside it."""
    chat = _restarted("d-resumed-new-chat", [])

    def shots_off(n: int, text: str, prev: str) -> str:
        text = _counted_from_1(n, text, prev)
        return text.replace("[L] turn:1 shots:3", "[L] turn:1 shots:4") if n == 1 else text

    found = audit(read_transcript(transcript(Chat(**{**chat.__dict__, "style": shots_off}))))
    assert [(f.reply, f.code, f.field, f.ai, f.rules) for f in found.findings] == [(1, "ledger", "shots", "4", "3")]
    assert "The SAVE the player pasted gives shots 3" in found.findings[0].text
