"""Issue 14, item 6: a BECALMED SAVE says what it cannot carry. The card's SAVE is "exactly" its
fields, so calls held for today and stated limits cannot ride in it; the save reply names them."""

from __future__ import annotations

from cardgm.card import load_card
from cardgm.games import make_game
from cardgm.run import Run


def _run(*messages: str):
    run = Run(make_game(load_card("becalmed")))
    run.start()
    return run, [run.reply(m) for m in messages]


def test_a_save_while_calls_are_held_names_them_and_the_run_keeps_them() -> None:
    run, replies = _run("FULL, SAIL", "save")
    saved = replies[-1]
    assert saved.save is not None
    assert "You have called FULL, SAIL for today" in saved.prose and "not in it" in saved.prose
    assert saved.prose.index("You have called") < saved.prose.index("-----BEGIN AIGC SAVE-----")
    after = run.reply("ROW")  # the held calls complete with the third
    assert after.read_as.value == "move" and after.fields["day"] == 2


def test_a_save_after_stated_limits_names_each_limit() -> None:
    _, replies = _run("stop at day 9", "tell deaths plainly", "save")
    text = replies[-1].prose
    assert "not carried over: your stated limits (the stop at the end of day 9; deaths told in one plain line)" in text


def test_a_save_with_nothing_held_says_only_the_cards_note() -> None:
    _, replies = _run("save")
    assert "You have called" not in replies[-1].prose and "not carried over" not in replies[-1].prose


def test_a_resumed_save_indeed_lacks_the_held_calls_and_limits() -> None:
    """What the note says is so: the block resumes with no calls held and no limits."""
    _, replies = _run("stop at day 9", "FULL, SAIL", "save")
    fresh = Run(make_game(load_card("becalmed")))
    fresh.start()
    back = fresh.reply(replies[-1].save)
    assert back.fields["today"] is None and back.fields["limits"] == {"deaths": None, "stop_day": None}
    assert fresh.reply("ROW").read_as.value == "ask"  # FULL and SAIL must be given again
