"""The Run loop on a tiny counting game, so its mechanics are pinned apart from any card."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pytest

from cardgm.card import load_card
from cardgm.game import Ending, Event, ReadAs, Reading, SaveError
from cardgm.run import MAX_MESSAGE, Run
from cardgm.transcript import Messages


@dataclass(frozen=True)
class Tally:
    turn: int = 1
    n: int = 0


@dataclass(frozen=True)
class Added(Event):
    k: int


class Counting:
    """Add numbers until the tally reaches 5. 'add K' moves; 'save' saves; 'yes' answers a confirm."""

    card = load_card("becalmed")  # any card: the Run never looks at it

    def new(self) -> Tally:
        return Tally()

    def opening(self, state: Tally) -> str:
        return "Count to five."

    def read(self, state: Tally, message: str, pending: Reading | None) -> Reading:
        text = message.strip().lower()
        if text == "save":
            return Reading(ReadAs.COMMAND, command="save")
        if text == "yes" and pending is not None and pending.kind is ReadAs.CONFIRM:
            return Reading(ReadAs.MOVE, action=pending.action)
        m = re.fullmatch(r"add (\d)", text)
        if m:
            return Reading(ReadAs.MOVE, action=int(m.group(1)))
        m = re.fullmatch(r"maybe add (\d)", text)
        if m:
            return Reading(ReadAs.CONFIRM, text=f"Add {m.group(1)}? (yes/no)", action=int(m.group(1)))
        return Reading(ReadAs.ASK, text="Add what?")

    def apply(self, state: Tally, action: int):
        return replace(state, n=state.n + action), (Added(action),)

    def narrate(self, before, action, events, after) -> str:
        return f"You add {action}."

    def ledger(self, state: Tally) -> str:
        return f"[L] n:{state.n} turn:{state.turn}"

    def save(self, state: Tally) -> str:
        return f"-----BEGIN AIGC SAVE-----\nturn:{state.turn} n:{state.n}\n-----END AIGC SAVE-----"

    def load(self, block: str) -> Tally:
        m = re.search(r"turn:(\d+) n:(\d+)", block)
        if not m:
            raise SaveError("no turn and n in it.")
        return Tally(int(m.group(1)), int(m.group(2)))

    def save_note(self, state) -> str:
        return "Paste it into a new run."

    def resumed(self, state) -> str:
        return "Resumed."

    def ending(self, state: Tally):
        return Ending("counted", state.n) if state.n >= 5 else None

    def finale(self, state) -> str:
        return "Five."

    def result(self, state) -> str:
        return f"RESULT: n:{state.n} turns:{state.turn}"

    def pointers(self, state) -> str:
        return "Check it."

    def fields(self, state) -> dict:
        return {"n": state.n, "turn": state.turn}


def test_opening_is_turn_one_and_ends_with_the_ledger() -> None:
    reply = Run(Counting()).start()
    assert reply.turn == 1 and reply.text == "Count to five.\n\n[L] n:0 turn:1"
    assert reply.as_json()["read_as"] == "opening"


def test_every_reply_counts_a_turn_and_ends_with_its_ledger() -> None:
    run = Run(Counting())
    run.start()
    for i, msg in enumerate(["add 1", "what?", "save"], start=2):
        reply = run.reply(msg)
        assert reply.turn == i
        assert reply.text.endswith(reply.ledger)


def test_a_reading_that_does_not_run_changes_nothing_but_the_turn() -> None:
    run = Run(Counting())
    run.start()
    run.reply("add 2")
    before = run.state
    reply = run.reply("gibberish")
    assert reply.read_as is ReadAs.ASK
    assert replace(run.state, turn=before.turn) == before


def test_confirm_then_yes_runs_the_pending_action() -> None:
    run = Run(Counting())
    run.start()
    assert run.reply("maybe add 3").read_as is ReadAs.CONFIRM
    assert run.state.n == 0
    run.reply("yes")
    assert run.state.n == 3


def test_save_prints_the_block_and_keeps_the_pending_question() -> None:
    run = Run(Counting())
    run.start()
    run.reply("maybe add 3")
    reply = run.reply("save")
    assert reply.save and reply.save in reply.text and "new run" in reply.text
    run.reply("yes")
    assert run.state.n == 3


def test_pasted_save_as_first_message_resumes_and_continues_identically() -> None:
    a = Run(Counting())
    a.start()
    a.reply("add 1")
    saved = a.reply("save").save
    b = Run(Counting())
    b.start()
    resumed = b.reply("here you go:\n" + saved)
    assert resumed.command == "resume" and b.state == a.state
    assert a.reply("add 2").text == b.reply("add 2").text


def test_a_save_pasted_after_play_began_is_refused() -> None:
    run = Run(Counting())
    run.start()
    run.reply("add 1")
    reply = run.reply("-----BEGIN AIGC SAVE-----\nturn:9 n:4\n-----END AIGC SAVE-----")
    assert run.state.n == 1 and "already begun" in reply.text


def test_a_bad_save_changes_nothing_and_says_why() -> None:
    run = Run(Counting())
    run.start()
    reply = run.reply("-----BEGIN AIGC SAVE-----\nrubbish\n-----END AIGC SAVE-----")
    assert run.state.n == 0 and "cannot be resumed: no turn and n in it." in reply.text


def test_an_overlong_message_is_not_read() -> None:
    run = Run(Counting())
    run.start()
    reply = run.reply("add 4 " * (MAX_MESSAGE // 6 + 1))
    assert run.state.n == 0 and "Nothing has changed" in reply.text


def test_the_end_prints_finale_result_pointers_then_ledger() -> None:
    run = Run(Counting())
    run.start()
    reply = run.reply("add 5")
    assert reply.ended and reply.end == "counted" and reply.score == 5
    assert reply.text == "You add 5.\n\nFive.\n\nRESULT: n:5 turns:2\n\nCheck it.\n\n[L] n:5 turn:2"


def test_after_the_end_nothing_moves() -> None:
    run = Run(Counting())
    run.start()
    run.reply("add 5")
    reply = run.reply("add 1")
    assert run.state.n == 5 and reply.turn == 2 and reply.result == "RESULT: n:5 turns:2"
    assert "over" in reply.text and "Five." not in reply.text


def test_a_coach_answers_hint_from_the_visible_state_and_moves_nothing() -> None:
    run = Run(Counting(), coach=lambda state: f"hint: you have {state.n}")
    run.start()
    run.reply("add 2")
    reply = run.reply("Hint?")
    assert reply.read_as is ReadAs.ANSWER and reply.command == "hint"
    assert reply.text.startswith("hint: you have 2") and run.state.n == 2


def test_without_a_coach_hint_goes_to_the_game() -> None:
    run = Run(Counting())
    run.start()
    assert run.reply("hint").text.startswith("Add what?")


def test_messages_whole_script_holds_a_line_until_the_next_shows_it_is_not_continued() -> None:
    from cardgm.transcript import Messages

    whole = Messages(continuation=True)
    assert whole.feed("FULL, SAIL") == []
    assert whole.feed("... ROW") == []
    assert whole.feed("# a comment") == []
    assert whole.feed("save") == ["FULL, SAIL\nROW"]
    assert whole.end() == ["save"]


def test_messages_live_answers_at_the_newline_and_gathers_a_save_block() -> None:
    from cardgm.transcript import Messages

    live = Messages(continuation=False)
    assert live.feed("FULL, SAIL, ROW") == ["FULL, SAIL, ROW"]
    assert live.feed("... what is the water?") == ["what is the water?"]
    assert live.feed("-----BEGIN AIGC SAVE-----") == [] and live.gathering
    assert live.feed("game:becalmed turn:3") == []
    assert live.feed("-----END AIGC SAVE-----") == ["-----BEGIN AIGC SAVE-----\ngame:becalmed turn:3\n-----END AIGC SAVE-----"]
    assert live.feed("-----BEGIN AIGC SAVE-----") == []
    assert live.end() == ["-----BEGIN AIGC SAVE-----"]  # an unclosed block is answered as it stands


def test_a_run_that_keeps_no_replies_holds_the_last_and_plays_the_same() -> None:
    # `cardgm play` writes each reply to the screen and the log and keeps none (2 KB a message
    # over a long run); the state, the pending question and the replies are those of a full run.
    messages = ["what?", "maybe add 1", "yes", "save", *["what?"] * 200, "add 3"]
    full, lean = Run(Counting()), Run(Counting(), keep=False)
    replies = [(full.start(), lean.start())] + [(full.reply(m), lean.reply(m)) for m in messages]
    assert all(a == b for a, b in replies)
    assert len(full.transcript) == full.replies == lean.replies == len(messages) + 1
    assert lean.transcript == [(messages[-1], replies[-1][1])]
    assert lean.state == full.state and lean.pending == full.pending


# -- gathering is linear (issue 19, item 4): counted, not timed ------------------------------------------


class _Counted(str):
    """A line that counts the characters every `+` made from it copies."""

    copied = 0

    def __add__(self, other: str) -> str:  # type: ignore[override]
        _Counted.copied += len(self) + len(other)
        return _Counted(str.__add__(self, other))


@pytest.mark.parametrize("first", ["a long order", "-----BEGIN AIGC SAVE-----"])
def test_continuation_lines_and_an_open_save_block_are_gathered_in_one_pass(first: str) -> None:
    """800,000 `... ` lines (or lines of a SAVE block never closed) become one message, and no
    line is copied more than a bounded number of times: the message is joined once, not grown
    line by line (which copies the whole message again at every line: 65 s for these lines)."""
    lines = [_Counted(first)] + [_Counted("... x" if not first.startswith("-----") else "x") for _ in range(800_000)]
    _Counted.copied = 0
    gather = Messages(continuation=True)
    out: list[str] = []
    for line in lines:
        out += gather.feed(line)
    out += gather.end()
    assert len(out) == 1 and out[0].count("\n") == 800_000
    assert _Counted.copied <= 4 * sum(len(line) for line in lines)
