"""cardgm.terminal: what `cardgm play` leaves with when it stops early."""

from __future__ import annotations

import io
import json

from cardgm.card import load_card
from cardgm.games import make_game
from cardgm.run import Run
from cardgm.terminal import Session

# Nine days of BECALMED's printed tape that end at day 9's dusk: a green turtle, waiting on the player.
TO_THE_TURTLE = [
    "FULL, SAIL, BAIL", "SHORT, AWNING, BAIL", "FULL, DOWN, FISH", "FULL, SAIL, WATCH", "FULL, FISH",
    "FULL, MEND", "FULL, DOWN, WATCH", "FULL, DOWN, BAIL", "DRY, DOWN, BAIL",
]


def session(as_json: bool = False) -> Session:
    run = Run(make_game(load_card("becalmed")))
    s = Session(run, as_json=as_json, out=io.StringIO())
    s.emit(run.start())
    return s


def test_leaving_between_the_calls_prints_this_moments_save() -> None:
    s = session()
    s.answer(["FULL, SAIL, ROW"])
    block, why, again, note = s.leaving()
    assert why is None and again == [] and block == s.run.game.save(s.run.state)
    assert "start a NEW chat" in note


def test_leaving_while_the_dusk_waits_gives_the_save_before_the_calls_and_the_way_back() -> None:
    s = session()
    s.answer(TO_THE_TURTLE)
    waiting = s.run.transcript[-1][1]
    assert "or leave her?" in waiting.text
    assert s.asking_first() is not None and "Answer, then leave" in s.asking_first()
    block, why, again, _ = s.leaving()
    assert block is not None and "turn:9 day:9/14" in block and "tape:17" in block
    assert again == ["DRY, DOWN, BAIL"] and '"DRY, DOWN, BAIL"' in why
    # Resuming that block and sending the same message comes back to the very same dusk.
    back = session()
    back.answer([block, *again])
    assert back.run.transcript[-1][1].text == waiting.text
    assert back.run.state == s.run.state


def test_leaving_under_json_is_one_object() -> None:
    s = session(as_json=True)
    s.answer(TO_THE_TURTLE)
    s.leave(interrupted=False)
    last = json.loads(s.out.getvalue().splitlines()[-1])
    assert last["interrupted"] is False and last["turn"] == 10 and last["send_again"] == ["DRY, DOWN, BAIL"]
    assert last["save"].startswith("-----BEGIN AIGC SAVE-----") and "No SAVE block can be taken here" in last["save_note"]


def test_after_the_end_there_is_nothing_to_save() -> None:
    s = session()
    s.answer(["let her drive"])
    assert s.run.ended and s.leaving() == (None, None, [], "")
    s.leave(interrupted=True)
    assert s.out.getvalue().endswith("\n\n")  # nothing after the last reply


# -- colour ---------------------------------------------------------------------------------------

ANSI = "\x1b["


def test_paint_marks_the_ledger_fields_that_changed_and_hits_and_misses() -> None:
    from cardgm.terminal import paint

    before = "[L] turn:2 shots:1 hits:1 sunk:none | x... | v1.0.0"
    now = "[L] turn:3 shots:2 hits:1 sunk:none | xo.. | v1.0.0"
    painted = paint(f"Salvo at A1: MISS. Then a HIT.\n\n{now}", now, before)
    assert "\x1b[34mMISS\x1b[0m" in painted and "\x1b[31m\x1b[1mHIT\x1b[0m" in painted
    assert "\x1b[33m\x1b[1mshots:2\x1b[0m" in painted and "\x1b[33m\x1b[1mturn:3\x1b[0m" in painted
    assert " hits:1 sunk:none | " in painted  # unchanged fields stay plain
    assert paint("HITS and MISSED", "x", None) == "HITS and MISSED"  # whole words only


def test_no_colour_reaches_a_pipe_json_or_the_log(tmp_path) -> None:
    from click.testing import CliRunner

    from cardgm.cli import main

    log = tmp_path / "run.jsonl"
    for args in (["play", "deadreckoning"], ["play", "deadreckoning", "--json", "--log", str(log)]):
        got = CliRunner().invoke(main, args, input="B2\nA1\n")
        assert got.exit_code == 0 and "HIT" in got.output and ANSI not in got.output
    assert ANSI not in log.read_text(encoding="utf-8")


def test_colour_at_a_terminal_and_none_under_no_color(tmp_path) -> None:
    import os
    import sys

    import pytest

    pexpect = pytest.importorskip("pexpect")
    for no_color, coloured in (("", True), ("1", False)):
        env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", XDG_DATA_HOME=str(tmp_path), TERM="xterm", NO_COLOR=no_color)
        child = pexpect.spawn(sys.executable, ["-m", "cardgm.cli", "play", "deadreckoning"], encoding="utf-8", timeout=20, env=env)
        child.expect(r"v1\.0\.0")
        child.expect(">")
        child.sendline("B2")
        child.expect(r"\| v1\.0\.0")
        reply = child.before[child.before.index("Salvo at B2"):]
        assert ("\x1b[31m\x1b[1mHIT" in reply) is coloured and ("\x1b[33m\x1b[1mshots:1" in reply) is coloured
        child.expect(">")  # the next prompt: Ctrl-D sent before it would meet a cooked terminal
        child.sendeof()
        child.expect(pexpect.EOF)
