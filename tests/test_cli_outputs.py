"""Issue 19, items 2 and 3: no file of the user's destroyed, and a write that fails is one line.

Each case runs the real `cardgm` in a subprocess, in a fresh folder (test_cli_faults.py's helpers).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from test_cli_faults import TRANSCRIPT, cardgm, one_line

ORDERS = "FULL, SAIL, ROW\nFULL, AWNING, WATCH\n"


def _orders(cwd: Path, name: str = "o.txt") -> Path:
    path = cwd / name
    path.write_text(ORDERS, encoding="utf-8")
    return path


# -- never over an input --------------------------------------------------------------------------


def test_a_log_named_as_the_script_is_refused_and_the_orders_are_whole(tmp_path: Path) -> None:
    orders = _orders(tmp_path)
    done = cardgm("play", "becalmed", "--script", "o.txt", "--log", "o.txt", cwd=tmp_path)
    one_line(done, "o.txt", "reads")
    assert orders.read_text(encoding="utf-8") == ORDERS and done.stdout == ""


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_a_log_that_is_the_script_through_a_link_is_refused(tmp_path: Path, link: str) -> None:
    orders = _orders(tmp_path)
    (os.symlink if link == "symlink" else os.link)(orders, tmp_path / "other.txt")
    done = cardgm("play", "becalmed", "--script", "o.txt", "--log", "other.txt", "--force", cwd=tmp_path)
    one_line(done, "other.txt")
    assert orders.read_text(encoding="utf-8") == ORDERS


def test_a_log_that_is_stdin_is_refused(tmp_path: Path) -> None:
    orders = _orders(tmp_path)
    with open(orders, "rb") as f:
        import subprocess

        env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent))
        args = [sys.executable, "-m", "cardgm.cli", "play", "becalmed", "--log", "o.txt", "--force"]
        done = subprocess.run(args, stdin=f, capture_output=True, cwd=tmp_path, env=env, timeout=120)
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"stdin" in done.stderr
    assert orders.read_text(encoding="utf-8") == ORDERS


def test_a_resume_file_named_as_the_log_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "save.txt"
    first = cardgm("play", "becalmed", cwd=tmp_path, stdin=b"save\n")
    block = first.stdout[first.stdout.index("-----BEGIN") : first.stdout.index("-----END") + len("-----END AIGC SAVE-----")]
    saved.write_text(block, encoding="utf-8")
    done = cardgm("play", "becalmed", "--resume", "save.txt", "--log", "save.txt", "--force", cwd=tmp_path, stdin=b"")
    one_line(done, "save.txt")
    assert saved.read_text(encoding="utf-8") == block


def test_audit_html_named_as_the_transcript_is_refused(tmp_path: Path) -> None:
    chat = tmp_path / "chat.md"
    chat.write_bytes(TRANSCRIPT.read_bytes())
    done = cardgm("audit", "chat.md", "--html", "chat.md", cwd=tmp_path)
    one_line(done, "chat.md")
    assert chat.read_bytes() == TRANSCRIPT.read_bytes()


def test_an_existing_log_needs_force_as_seal_does(tmp_path: Path) -> None:
    _orders(tmp_path)
    log = tmp_path / "run.jsonl"
    log.write_text("my notes\n", encoding="utf-8")
    done = cardgm("play", "becalmed", "--script", "o.txt", "--log", "run.jsonl", cwd=tmp_path)
    one_line(done, "run.jsonl", "--force")
    assert log.read_text(encoding="utf-8") == "my notes\n"
    done = cardgm("play", "becalmed", "--script", "o.txt", "--log", "run.jsonl", "--force", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert log.read_text(encoding="utf-8").startswith('{"cardgm_log": 1')
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_a_log_that_fails_part_way_leaves_the_old_file_whole(tmp_path: Path) -> None:
    """A log past the file-size limit (EFBIG): one line, and the file it would replace untouched."""
    import resource
    import subprocess

    _orders(tmp_path)
    log = tmp_path / "run.jsonl"
    log.write_text("the old log\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent))

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

    done = subprocess.run(
        [sys.executable, "-m", "cardgm.cli", "play", "becalmed", "--script", "o.txt", "--log", "run.jsonl", "--force"],
        capture_output=True, cwd=tmp_path, env=env, timeout=120, preexec_fn=small_files,
    )  # fmt: skip
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and len(err.splitlines()) == 1, err
    assert "run.jsonl" in err and "too large" in err.lower()
    assert log.read_text(encoding="utf-8") == "the old log\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


# -- write errors: one line, exit 2, on every output -------------------------------------------------

FULL = "/dev/full"


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args,names",
    [
        (["play", "becalmed", "--script", "o.txt", "--log", FULL], [FULL, "No space"]),
        (
            ["play", "becalmed", "--script", "o.txt", "--log", "/proc/version", "--force"],
            ["/proc/version: cannot write the run log", "no new file can be made in /proc"],
        ),
        (["seal", "-o", FULL, "--force"], [FULL, "No space"]),
        (["audit", "chat.md", "--html", FULL], [FULL, "No space"]),
    ],
)
def test_a_file_that_cannot_be_written_is_one_line(tmp_path: Path, args: list[str], names: list[str]) -> None:
    _orders(tmp_path)
    (tmp_path / "chat.md").write_bytes(TRANSCRIPT.read_bytes())
    one_line(cardgm(*args, cwd=tmp_path), *names)


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args",
    [
        ["play", "becalmed", "--script", "o.txt"],
        ["play", "becalmed", "--script", "o.txt", "--json"],
        ["tape", "becalmed:1.0.0"],
        ["audit", "chat.md", "--json"],
        ["audit", "chat.md"],
        ["--help"],
    ],
)
def test_stdout_that_cannot_be_written_is_one_line(tmp_path: Path, args: list[str]) -> None:
    import subprocess

    _orders(tmp_path)
    (tmp_path / "chat.md").write_bytes(TRANSCRIPT.read_bytes())
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent))
    with open(FULL, "w") as full:
        done = subprocess.run([sys.executable, "-m", "cardgm.cli", *args], stdout=full, stderr=subprocess.PIPE, cwd=tmp_path, env=env, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and "Exception ignored" not in err, err
    assert err.splitlines() == ["cardgm: stdout: cannot write: No space left on device"], err


def test_the_reveal_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    done = cardgm("seal", "-o", "reveal.md", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE((tmp_path / "reveal.md").stat().st_mode) == 0o600


# -- the small ones: a file that is not there, or not a file ------------------------------------------


@pytest.mark.parametrize(
    "args,names",
    [
        (["play", "becalmed", "--script", "missing.txt"], ["missing.txt: no such file (--script)"]),
        (["audit", "missing.md"], ["missing.md: no such file"]),
        (["verify", "run", "missing.jsonl"], ["missing.jsonl: no such file"]),
        (["review", "folder"], ["folder: a directory, not a file"]),
        (["play", "folder"], ["folder: a directory, not a card file"]),
        (["play", "/dev/zero"], ["/dev/zero: a device, not a card file"]),
        (["play", "fifo"], ["fifo: a FIFO, not a card file"]),
    ],
)
def test_a_file_that_is_not_there_or_not_a_file_is_one_line_naming_what_it_is(tmp_path: Path, args: list[str], names: list[str]) -> None:
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    one_line(cardgm(*args, cwd=tmp_path), *names)


# -- one set of limits ---------------------------------------------------------------------------------


def test_play_stops_its_log_where_verify_run_and_review_stop_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from cardgm import terminal
    from cardgm.card import load_card
    from cardgm.games import make_game
    from cardgm.run import Run

    monkeypatch.setattr(terminal, "MAX_MESSAGES", 3)
    log, out = io.StringIO(), io.StringIO()
    session = terminal.Session(Run(make_game(load_card("becalmed"))), log=log, out=out)
    session.emit(session.run.start())
    with pytest.raises(terminal.InputError, match="3 messages, the most `cardgm verify run`"):
        session.answer(["FULL, SAIL, ROW", "what is the tape?", "FULL, SAIL, ROW", "FULL, SAIL, ROW"])
    assert log.getvalue().count("\n") == 4  # the opening and three replies


def test_review_checks_a_logs_header_as_verify_run_does(tmp_path: Path) -> None:
    import json

    log = tmp_path / "run.jsonl"
    header = {"cardgm_log": 1, "game": "becalmed", "version": "1.0.0", "card": "becalmed", "options": {"stop_day": "soon"}}
    log.write_text(json.dumps(header) + "\n" + json.dumps({"message": None, "text": "x"}) + "\n", encoding="utf-8")
    verified = one_line(cardgm("verify", "run", "run.jsonl", cwd=tmp_path), "stop_day")
    reviewed = one_line(cardgm("review", "run.jsonl", cwd=tmp_path), "stop_day")
    assert verified == reviewed
