"""Every failure a user can meet at the command line: one line naming the file and the reason,
exit status 2, no traceback, and nothing lost (issue 15, and the CLI cases of issue 14 item 4).

Each case runs the real `cardgm` in a subprocess, in a fresh folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
REVEAL = ROOT / "tests" / "golden" / "deadreckoning" / "sealed-duel-reveal.md"
TRANSCRIPT = ROOT / "tests" / "transcripts" / "becalmed-chatgpt-copy.txt"
BINARY = bytes(range(256)) * 4  # every byte value, NUL and invalid UTF-8 among them
NOT_UTF8 = b"FULL, SAIL, ROW\n" + b"caf\xe9 au lait\n"


def cardgm(*args: str, cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))  # and a plugged-in card's
    env = dict(os.environ, PYTHONPATH=path, XDG_DATA_HOME=str(cwd / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "cardgm.cli", *args], cwd=cwd, input=stdin, capture_output=True, env=env, timeout=120
    )
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))


def one_line(done: subprocess.CompletedProcess[str], *names: str) -> str:
    """Assert the failure reads as it should, and give its one line."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardgm: "), done.stderr
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]


def write(folder: Path, name: str, content: str | bytes) -> str:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return name


def jsonl(*objects: object) -> str:
    return "".join(json.dumps(o) + "\n" for o in objects)


# -- writing into a place that cannot take it ------------------------------------------------


def test_seal_into_a_missing_folder(tmp_path: Path) -> None:
    line = one_line(cardgm("seal", "-o", "nowhere/reveal.md", cwd=tmp_path), "nowhere/reveal.md")
    assert "does not exist" in line and not (tmp_path / "nowhere").exists()


def test_par_out_that_cannot_be_a_folder_fails_before_the_runs(tmp_path: Path) -> None:
    write(tmp_path, "blocker", "a file where the folder would go")
    done = cardgm("par", "becalmed", "-n", "1", "--random-runs", "1", "--out", "blocker/plots", cwd=tmp_path)
    one_line(done, "blocker/plots", "cannot write the plots")
    assert done.stdout == ""  # refused before any run, not after the table


def test_audit_html_into_a_missing_folder(tmp_path: Path) -> None:
    one_line(cardgm("audit", str(TRANSCRIPT), "--html", "nowhere/report.html", cwd=tmp_path), "nowhere/report.html")


def test_log_into_a_missing_folder_fails_before_the_game_starts(tmp_path: Path) -> None:
    done = cardgm("play", "becalmed", "--log", "nowhere/run.jsonl", cwd=tmp_path, stdin=b"FULL, SAIL, ROW\n")
    one_line(done, "nowhere/run.jsonl", "does not exist")
    assert done.stdout == ""


# -- input that is not text ---------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--resume", "--script", "--sealed"])
def test_a_binary_file_given_to_play(tmp_path: Path, option: str) -> None:
    name = write(tmp_path, "photo.jpg", BINARY)
    game = "deadreckoning" if option == "--sealed" else "becalmed"
    one_line(cardgm("play", game, option, name, cwd=tmp_path), "photo.jpg")


@pytest.mark.parametrize("command", [["play"], ["solve", "becalmed", "--card"], ["par", "becalmed", "--no-plot", "--card"]])
def test_a_binary_card_file(tmp_path: Path, command: list[str]) -> None:
    name = write(tmp_path, "card.md", BINARY)
    one_line(cardgm(*command, name, cwd=tmp_path), "card.md", "UTF-8")


@pytest.mark.parametrize("command", [["audit"], ["verify", "run"], ["review"], ["verify", "seal"]])
def test_a_binary_file_to_the_checkers(tmp_path: Path, command: list[str]) -> None:
    name = write(tmp_path, "blob.bin", BINARY)
    extra = ["0123456789abcdef"] if command == ["verify", "seal"] else []
    done = cardgm(*command, name, *extra, cwd=tmp_path)
    if command == ["verify", "seal"]:  # a hash check reads bytes: any file either matches or not
        assert done.returncode == 1 and "MISMATCH" in done.stdout and "Traceback" not in done.stderr
    else:
        one_line(done, "blob.bin")


def test_non_utf8_stdin_with_a_log_keeps_what_was_answered(tmp_path: Path) -> None:
    done = cardgm("play", "becalmed", "--log", "run.jsonl", cwd=tmp_path, stdin=NOT_UTF8)
    one_line(done, "stdin", "line 2", "UTF-8")
    assert "[L] day 2/14 | westing 5/30 | water 22" in done.stdout  # line 1 was answered
    assert "-----BEGIN AIGC SAVE-----" in done.stdout  # and where to resume from
    log = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text(encoding="utf-8").splitlines()]
    assert log[-1]["message"] == "FULL, SAIL, ROW" and log[-1]["state"]["water"] == 22


def test_non_utf8_script_names_its_line(tmp_path: Path) -> None:
    name = write(tmp_path, "orders.txt", NOT_UTF8)
    done = cardgm("play", "becalmed", "--script", name, cwd=tmp_path)
    one_line(done, "orders.txt", "line 2")
    assert "[L] day 2/14" in done.stdout


# -- run logs that are not what they claim (issue 14, item 4) ------------------------------------

HEADER = {"cardgm_log": 1, "game": "becalmed", "version": "1.0.0", "card": "becalmed", "options": {}}
OPENING = {"turn": 1, "message": None, "text": "x"}


@pytest.mark.parametrize(
    "content, reason",
    [
        ("[" * 1000 + "]" * 1000 + "\n", "nested more than 100 levels"),
        ('{"message": ' + "7" * 5000 + ', "text": "x"}\n', "5,000 digits"),
        ("[1, 2]\n", "JSON array"),
        ("null\n", "JSON null"),
        (jsonl({**HEADER, "game": 5}, OPENING), "game is not a card's name"),
        (jsonl(HEADER, OPENING, {"message": ["FULL"], "text": "x"}), "message is not text"),
        (jsonl({**HEADER, "options": "fast"}, OPENING), "options"),
        (jsonl({**HEADER, "options": {"bogus": 1}}, OPENING), "(bogus) are not options of BECALMED"),
        (jsonl({**HEADER, "options": {"stop_day": 99}}, OPENING), "stop_day"),
        (jsonl({**HEADER, "options": {"stop_day": "two"}}, OPENING), "option stop_day is 'two'; --stop-day takes a whole number"),
        (jsonl({**HEADER, "options": {"stop_day": True}}, OPENING), "option stop_day is true; --stop-day takes a whole number"),
        (jsonl({**HEADER, "options": {"stop_day": 2.5}}, OPENING), "option stop_day is 2.5"),
        ('{"cardgm_log": 1, "game": "becalmed", "options": {"stop_day": 1e400}}\n' + json.dumps(OPENING) + "\n", "stop_day is Infinity"),
        (jsonl({**HEADER, "options": {"deaths": "loud"}}, OPENING), "option deaths is 'loud'; --deaths takes one of 'plain'"),
        (jsonl({**HEADER, "options": {"rulings": {"sharks_count_the_setting_dusk": True}}}, OPENING), "(rulings) are not options of BECALMED"),
        (jsonl({**HEADER, "options": {"sealed_file": "x.md"}}, OPENING), "(sealed_file) are not options of BECALMED"),
    ],
    ids=[
        "deep", "digits", "array", "null", "game", "message", "options", "unknown-option", "bad-option", "stop-day-words",
        "stop-day-true", "stop-day-fraction", "stop-day-infinite", "deaths-loud", "rulings", "another-games-option",
    ],
)
def test_verify_run_on_a_log_that_cannot_be_replayed(tmp_path: Path, content: str, reason: str) -> None:
    name = write(tmp_path, "run.jsonl", content)
    one_line(cardgm("verify", "run", name, "--card", "becalmed", cwd=tmp_path), "run.jsonl", reason)


def test_a_sealed_duels_log_moved_away_from_its_reveal_file(tmp_path: Path) -> None:
    (tmp_path / "reveal.md").write_bytes(REVEAL.read_bytes())
    played = cardgm("play", "deadreckoning", "--sealed", "reveal.md", "--log", "duel.jsonl", cwd=tmp_path, stdin=b"A1\n")
    assert played.returncode == 0, played.stderr
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "duel.jsonl").rename(tmp_path / "elsewhere" / "duel.jsonl")
    one_line(cardgm("verify", "run", "elsewhere/duel.jsonl", cwd=tmp_path), "elsewhere/duel.jsonl", "reveal.md", "beside")


@pytest.mark.parametrize(
    "content",
    [
        "[" * 1000 + "]" * 1000,
        '{"mapping": {"a": {"message": {"author": {"role": "user"}, "content": {"parts": [' + "7" * 5000 + "]}}}}}",
        '{"mapping": {"a": 5, "b": {"message": {"author": 3}}}, "current_node": "b"}',
        '{"mapping": {"b": {"message": {"author": {"role": "user"}, "content": "x"}}}, "current_node": ["b"]}',
    ],
    ids=["deep", "digits", "node-not-an-object", "current-node-a-list"],
)
def test_audit_of_a_malformed_chat_export(tmp_path: Path, content: str) -> None:
    name = write(tmp_path, "conversations.json", content)
    one_line(cardgm("audit", name, cwd=tmp_path), "conversations.json")


# -- the audit says what each finding is about (issue 15: "a changed water under tape-changed") ----


def _planted(tmp_path: Path, source: str, old: str, new: str) -> str:
    text = (ROOT / "tests" / "transcripts" / source).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return write(tmp_path, source, text.replace(old, new))


def _findings(done: subprocess.CompletedProcess[str], reply: int) -> dict[str, dict[str, object]]:
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    found = [f for f in json.loads(done.stdout)["findings"] if f["reply"] == reply]
    return {f"{f['code']} {f['field']}": f for f in found}


def test_a_changed_tape_value_keeps_only_its_own_consequences(tmp_path: Path) -> None:
    """The AI reads FLOTSAM (+6) where the tape prints HEAVY DEW, and its water is 16, as the
    value it announced gives: the water is the tape's consequence. The same reply with water 19
    holds a second error of its own: a ledger finding, and nothing of it under the tape."""
    honest = cardgm("audit", str(ROOT / "tests" / "transcripts" / "becalmed-tape-changed.txt"), "--json", cwd=tmp_path)
    found = _findings(honest, 6)
    assert list(found) == ["tape-changed tape 10"]
    assert found["tape-changed tape 10"]["consequences"] == ["the LEDGER says water 16; the rules give 10"]

    name = _planted(tmp_path, "becalmed-tape-changed.txt", "| water 16 |", "| water 19 |")
    found = _findings(cardgm("audit", name, "--json", cwd=tmp_path), 6)
    assert sorted(found) == ["ledger water", "tape-changed tape 10"]
    assert found["tape-changed tape 10"]["consequences"] == []
    water = found["ledger water"]
    assert (water["ai"], water["rules"]) == ("19", "16")
    assert "flotsam +6 = 16" in str(water["text"])  # explained from the value the AI announced
    text = cardgm("audit", name, cwd=tmp_path).stdout
    assert "Because of it" not in text and "The LEDGER says water 19; the rules give 16" in text


def test_a_changed_tape_value_in_droving_keeps_silver_apart(tmp_path: Path) -> None:
    name = _planted(tmp_path, "cattle-trail-tape-changed.json", "meal:7 silver:18 | wear:0/5", "meal:7 silver:25 | wear:0/5")
    found = _findings(cardgm("audit", name, "--json", cwd=tmp_path), 3)
    assert sorted(found) == ["ledger silver", "tape-changed tape 2"]
    consequences = found["tape-changed tape 2"]["consequences"]
    assert consequences and not any("silver" in c for c in consequences)  # head, wear, spate follow from the value
    assert (found["ledger silver"]["ai"], found["ledger silver"]["rules"]) == ("25", "18")


def test_verify_run_plays_the_options_its_log_recorded(tmp_path: Path) -> None:
    """A run played with --stop-day 2 --deaths plain ends given over at day 2: its log's header
    holds both, and the replay honours them (from the opening it would run on to day 4)."""
    played = cardgm("play", "becalmed", "--stop-day", "2", "--deaths", "plain", "--log", "run.jsonl", cwd=tmp_path,
                    stdin=b"FULL, SAIL, ROW\nFULL, SAIL, ROW\nFULL, SAIL, ROW\n")
    assert played.returncode == 0, played.stderr
    lines = (tmp_path / "run.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["options"] == {"stop_day": 2, "deaths": "plain"}
    result = json.loads(lines[-1])["result"]
    assert "end:given-over" in result and "tape:4" in result
    checked = cardgm("verify", "run", "run.jsonl", "--result", result, cwd=tmp_path)
    assert checked.returncode == 0 and "RESULT matches exactly." in checked.stdout, checked.stdout
    # The same messages without the header's limit play on: the options are what made that RESULT.
    write(tmp_path, "bare.jsonl", "\n".join([json.dumps({**json.loads(lines[0]), "options": {}}), *lines[1:]]) + "\n")
    bare = cardgm("verify", "run", "bare.jsonl", "--result", result, cwd=tmp_path)
    assert bare.returncode == 1 and "RESULT does NOT match" in bare.stdout


# -- Ctrl-C in a long command: one line, exit 130, and what was finished stands (brief item 4) ----


def _interrupted(args: list[str], cwd: Path, after: float) -> subprocess.CompletedProcess[str]:
    import signal
    import time

    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))  # and a plugged-in card's
    env = dict(os.environ, PYTHONPATH=path, XDG_DATA_HOME=str(cwd / "data"))
    p = subprocess.Popen([sys.executable, "-m", "cardgm.cli", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(after)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    return subprocess.CompletedProcess(p.args, p.returncode, out.decode(), err.decode())


def test_ctrl_c_in_par_is_one_line_and_exit_130(tmp_path: Path) -> None:
    done = _interrupted(["par", "becalmed", "--no-plot", "-n", "100000", "--random-runs", "100000"], tmp_path, 3.0)
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr
    line = one_line_any(done)
    assert line.startswith("cardgm: par stopped (Ctrl-C); ")
    if "the table above" in line:  # a policy finished: its row was printed
        assert "cautious" in done.stdout


def one_line_any(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize(
    "args, target, said",
    [
        (["solve", "becalmed"], "cardgm.solve.review.solve_report", "solve stopped (Ctrl-C); no whole line was found yet"),
        (["verify", "run", "--card", "becalmed", "m.txt"], "cardgm.verify.replay.replay", "verify stopped (Ctrl-C)"),
        (["review", "m.txt", "--card", "becalmed"], "cardgm.solve.review.review", "review stopped (Ctrl-C)"),
        (["audit", str(TRANSCRIPT), "--html", "report.html"], "cardgm.verify.audit.audit", "audit stopped (Ctrl-C); no report was written"),
    ],
    ids=["solve", "verify-run", "review", "audit-html"],
)
def test_ctrl_c_in_any_command_is_one_line_and_exit_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], target: str, said: str) -> None:
    """The interrupt is raised where the work runs (as SIGINT raises it there); the command says
    one line, exits 130, and leaves no empty report file behind (click alone says 'Aborted!', exit 1)."""
    from click.testing import CliRunner

    from cardgm.cli import main

    def stop(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(target, stop)
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "m.txt", "FULL, SAIL, ROW\n")
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 130, (done.exit_code, done.output)
    assert done.stderr.splitlines() == [done.stderr.strip()] and done.stderr.startswith("cardgm: " + said), done.stderr
    assert not (tmp_path / "report.html").exists()


@pytest.mark.parametrize(
    "command, limits",
    [
        (["play"], ["4,000 characters", "--resume file of up to 8 MB", "card file of up to 1 MB", "64 kB"]),
        (["audit"], ["up to 8 MB", "1 GB", "2,000 player messages", "100", "4,000 characters"]),
        (["verify", "run"], ["16 MB", "2,000 messages", "262,144 characters", "64 kB"]),
        (["review"], ["16 MB"]),
    ],
    ids=["play", "audit", "verify-run", "review"],
)
def test_help_names_the_size_limits(tmp_path: Path, command: list[str], limits: list[str]) -> None:
    """Issue 14, item 5: the limits a user can meet are in --help, as the refusals name them."""
    done = cardgm(*command, "--help", cwd=tmp_path)
    shown = " ".join(done.stdout.split())
    for limit in limits:
        assert limit in shown, (limit, done.stdout)
