"""`cardgm play` as other programs drive it: scripted lines, --json, --resume, --log; and the
interactive terminal through a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import sys

import pytest
from click.testing import CliRunner

from cardgm.cli import main

ORDERS = "FULL, SAIL, ROW\nshort ration, awning up, watch tonight\nsave\n"


def play(*args: str, input: str = ""):
    return CliRunner().invoke(main, ["play", *args], input=input)


def test_scripted_play_prints_every_reply_ending_with_its_ledger() -> None:
    result = play("becalmed", input=ORDERS)
    assert result.exit_code == 0
    replies = [r for r in result.output.split("\n\n[L] ")]
    # opening + three replies, each closed by a LEDGER line
    assert result.output.count("\n[L] day ") == 4
    for block in result.output.strip().split("\n\n\n"):
        assert block.splitlines()[-1].startswith("[L] day ")
    assert replies


def test_script_file_is_the_same_as_stdin(tmp_path) -> None:
    f = tmp_path / "orders.txt"
    f.write_text(ORDERS, encoding="utf-8")
    assert play("becalmed", "--script", str(f)).output == play("becalmed", input=ORDERS).output


def test_json_prints_one_object_per_reply_with_the_documented_keys() -> None:
    result = play("becalmed", "--json", input=ORDERS)
    objects = [json.loads(line) for line in result.output.splitlines()]
    assert len(objects) == 4
    keys = {"turn", "message", "read_as", "command", "prose", "ledger", "state", "ended", "end", "score", "result", "save", "text"}
    for obj in objects:
        assert keys <= set(obj)
        assert obj["text"].endswith(obj["ledger"])
    assert [o["read_as"] for o in objects] == ["opening", "move", "move", "command"]
    assert [o["turn"] for o in objects] == [1, 2, 3, 4]
    assert objects[3]["command"] == "save" and objects[3]["save"].startswith("-----BEGIN AIGC SAVE-----")
    assert objects[1]["state"]["water"] == 22


def test_resume_from_a_file_continues_where_the_save_left_off(tmp_path) -> None:
    first = play("becalmed", "--json", input=ORDERS)
    saved = json.loads(first.output.splitlines()[-1])
    f = tmp_path / "save.txt"
    f.write_text(saved["save"], encoding="utf-8")
    again = play("becalmed", "--json", "--resume", str(f), input="dry, down, fish\n")
    a, b = (json.loads(line) for line in again.output.splitlines())
    assert a["command"] == "resume" and a["ledger"] == saved["ledger"]
    straight = play("becalmed", "--json", input=ORDERS + "dry, down, fish\n")
    assert json.loads(straight.output.splitlines()[-1])["text"] == b["text"]


def test_pasted_save_block_in_a_script_is_one_message() -> None:
    saved = json.loads(play("becalmed", "--json", input=ORDERS).output.splitlines()[-1])
    result = play("becalmed", "--json", input=saved["save"] + "\n")
    objects = [json.loads(line) for line in result.output.splitlines()]
    assert len(objects) == 2 and objects[1]["command"] == "resume"


def test_a_bad_resume_file_is_a_clear_error(tmp_path) -> None:
    f = tmp_path / "save.txt"
    f.write_text("-----BEGIN AIGC SAVE-----\ngame:becalmed water:-3\n-----END AIGC SAVE-----\n", encoding="utf-8")
    result = play("becalmed", "--resume", str(f))
    assert result.exit_code == 2 and "cannot be resumed" in result.output and "Traceback" not in result.output


def test_log_replays_with_verify_run_and_checks_the_result(tmp_path) -> None:
    log = tmp_path / "run.jsonl"
    result = play("becalmed", "--log", str(log), input="FULL, SAIL, ROW\nlet her drive\n")
    assert result.exit_code == 0
    last = json.loads(log.read_text().splitlines()[-1])
    assert last["ended"] and last["result"].startswith("RESULT: AIGC|becalmed|")
    ok = CliRunner().invoke(main, ["verify", "run", str(log), "--result", last["result"]])
    assert ok.exit_code == 0, ok.output
    assert "RESULT matches exactly." in ok.output
    wrong = last["result"].replace("turns:", "turns:9")
    bad = CliRunner().invoke(main, ["verify", "run", str(log), "--result", wrong])
    assert bad.exit_code == 1 and "DIFFERS" in bad.output and "turns" in bad.output


def test_verify_run_reads_json_output_with_card_and_refuses_garbage(tmp_path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(play("becalmed", "--json", input="FULL, SAIL, ROW\n").output)
    assert CliRunner().invoke(main, ["verify", "run", str(out), "--card", "becalmed"]).exit_code == 0
    nocard = CliRunner().invoke(main, ["verify", "run", str(out)])
    assert nocard.exit_code == 2 and "--card" in nocard.output
    junk = tmp_path / "junk.jsonl"
    junk.write_text("{not json\n")
    assert CliRunner().invoke(main, ["verify", "run", str(junk), "--card", "becalmed"]).exit_code == 2


def test_interactive_terminal_plays_and_leaves_with_a_save(tmp_path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", XDG_DATA_HOME=str(tmp_path), NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "cardgm.cli", "play", "becalmed"], encoding="utf-8", timeout=20, env=env)
    child.expect(r"tape:1 \| flags:none \| v1\.0\.0")
    child.expect(">")
    child.sendline("FULL, SAIL, ROW")
    child.expect(r"day 2/14 \| westing 5/30 \| water 22")
    child.expect(">")
    child.sendeof()
    child.expect("-----BEGIN AIGC SAVE-----")
    child.expect("-----END AIGC SAVE-----")
    child.expect(pexpect.EOF)
    # The input history is kept between sessions in the user's data folder.
    assert "FULL, SAIL, ROW" in (tmp_path / "cardgm" / "history-becalmed").read_text(encoding="utf-8")


def test_ctrl_d_while_the_dusk_waits_asks_first_then_leaves_with_the_save_before_the_calls(tmp_path) -> None:
    pexpect = pytest.importorskip("pexpect")
    to_the_turtle = [  # the same days as tests/test_terminal.py's TO_THE_TURTLE
        "FULL, SAIL, BAIL", "SHORT, AWNING, BAIL", "FULL, DOWN, FISH", "FULL, SAIL, WATCH", "FULL, FISH",
        "FULL, MEND", "FULL, DOWN, WATCH", "FULL, DOWN, BAIL", "DRY, DOWN, BAIL",
    ]
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", XDG_DATA_HOME=str(tmp_path), NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "cardgm.cli", "play", "becalmed"], encoding="utf-8", timeout=20, env=env)
    child.expect(r"\[L\] day 1/14")
    for message in to_the_turtle:
        child.expect(">")
        child.sendline(message)
        child.expect(r"\[L\] day")
    child.expect(">")
    child.sendeof()
    child.expect(r"No\s+SAVE\s+block\s+can\s+be\s+taken\s+here")
    child.expect(r"Answer,\s+then\s+leave")
    child.expect(">")
    child.sendeof()
    # prose is wrapped to the terminal's width: the words may break across lines, never a word
    child.expect(r'This\s+is\s+the\s+SAVE\s+of\s+the\s+moment\s+before\s+"DRY,\s+DOWN,\s+BAIL"')
    child.expect("turn:9 day:9/14 westing:14/30 water:6")
    child.expect("-----END AIGC SAVE-----")
    child.expect(pexpect.EOF)


def test_coach_answers_hint_with_a_heat_map_and_fires_nothing() -> None:
    result = play("deadreckoning", "--coach", "--json", input="D4\nhint\n")
    hint = json.loads(result.output.splitlines()[-1])
    assert hint["read_as"] == "answer" and hint["command"] == "hint"
    assert "Hit odds" in hint["prose"] and hint["state"]["shots"] == 1
    # D4 was fired: it keeps its mark; the other 63 cells get a percentage or '-'.
    assert "   o" in hint["prose"]
    # Rule 8: "Print the full shot grid every turn": the card's own grid follows the heat map.
    assert hint["prose"].endswith("\n4 . . . o . . . .\n5 . . . . . . . .\n6 . . . . . . . .\n7 . . . . . . . .\n8 . . . . . . . .")


def test_coach_is_refused_for_a_card_without_one() -> None:
    result = play("becalmed", "--coach", input="")
    assert result.exit_code == 2 and "--coach is for DEADRECKONING" in result.output


def test_review_after_play_names_the_first_slip() -> None:
    result = play("becalmed", "--review", input="FULL, SAIL, ROW\nFULL, AWNING, WATCH\nlet her drive\n")
    assert result.exit_code == 0, result.output
    tail = result.output[result.output.index("run review"):]
    assert "best line    100" in tail
    assert 'first slip   day 3 (turn 4): "let her drive"' in tail


def test_review_is_refused_where_no_solver_exists() -> None:
    result = play("deadreckoning", "--review", input="")
    assert result.exit_code == 2 and "--review needs a solver" in result.output


def test_verify_run_replays_a_resumed_run_from_the_save_block_its_log_holds(tmp_path) -> None:
    saved = json.loads(play("becalmed", "--json", input=ORDERS).output.splitlines()[-1])
    save = tmp_path / "save.txt"
    save.write_text(saved["save"], encoding="utf-8")
    log = tmp_path / "run.jsonl"
    assert play("becalmed", "--resume", str(save), "--log", str(log), input="dry, down, fish\nlet her drive\n").exit_code == 0
    header = json.loads(log.read_text().splitlines()[0])
    assert header["resume"] == saved["save"]
    result = json.loads(log.read_text().splitlines()[-1])["result"]
    assert "turns:6" in result  # the saved run's turn 4, then two replies
    ok = CliRunner().invoke(main, ["verify", "run", str(log), "--result", result])
    assert ok.exit_code == 0 and "RESULT matches exactly." in ok.output and "from the SAVE block it resumed" in ok.output
    review = CliRunner().invoke(main, ["review", str(log)])
    assert review.exit_code == 0 and "your score   0 (end:given-over)" in review.output


def test_verify_run_refuses_a_resumed_run_whose_save_block_it_does_not_hold(tmp_path) -> None:
    saved = json.loads(play("becalmed", "--json", input=ORDERS).output.splitlines()[-1])
    save = tmp_path / "save.txt"
    save.write_text(saved["save"], encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_text(play("becalmed", "--json", "--resume", str(save), input="dry, down, fish\n").output)
    old = tmp_path / "old.jsonl"  # a log from before the header held the block
    header = {"cardgm_log": 1, "game": "becalmed", "version": "1.0.0", "card": "becalmed", "options": {}}
    old.write_text(json.dumps(header) + "\n" + out.read_text())
    for path in (out, old):
        refused = CliRunner().invoke(main, ["verify", "run", str(path), "--card", "becalmed"])
        assert refused.exit_code == 2 and "resumed from a SAVE block (--resume) that the log does not hold" in refused.output


def test_verify_run_result_on_an_unfinished_run_says_it_has_not_ended(tmp_path) -> None:
    log = tmp_path / "run.jsonl"
    play("becalmed", "--log", str(log), input="FULL, SAIL, ROW\n")
    claimed = "RESULT: AIGC|becalmed|open-boat|v1.0.0|end:landfall|ch:1|turns:20|score:100|tape:27|sha:none"
    got = CliRunner().invoke(main, ["verify", "run", str(log), "--result", claimed])
    assert got.exit_code == 1
    assert "RESULT does NOT match: the run has not ended (the replay stops at turn 2 with no RESULT line)." in got.output
    assert "(missing)" not in got.output


def test_a_save_block_of_another_card_names_that_card(tmp_path) -> None:
    drove = json.loads(play("cattle-trail", "--json", input="save\n").output.splitlines()[-1])["save"]
    pasted = json.loads(play("becalmed", "--json", input=drove + "\n").output.splitlines()[-1])
    assert "it is a SAVE block of DROVER'S AUTUMN (game:cattle-trail), not of BECALMED" in pasted["text"]
    assert "cardgm play cattle-trail" in pasted["text"] and pasted["state"]["turn"] == 2
    f = tmp_path / "save.txt"
    f.write_text(drove, encoding="utf-8")
    result = play("deadreckoning", "--resume", str(f))
    assert result.exit_code == 2 and "a SAVE block of DROVER'S AUTUMN (game:cattle-trail), not of DEADRECKONING" in result.output
