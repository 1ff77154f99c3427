"""`cardgm play` on a live pipe, as a bot drives it: write one line, read its reply, write the next.

Each test starts a real `cardgm play` with pipes and never writes a line before the reply to the
one before it has been read, so a cardgm that waited for the end of its input would time out.
"""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

TIMEOUT = 30  # seconds for any one reply: generous for a loaded machine, never reached when live


class Player:
    """A live `cardgm play`: lines to its stdin, and its stdout read line by line with a timeout."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardgm.cli", "play", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self) -> str:
        try:
            got = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"no output within {TIMEOUT} s: cardgm is not answering line by line") from None
        if got is None:
            raise AssertionError("cardgm ended its output")
        return got

    def reply(self) -> list[str]:
        """One text reply: its lines up to its LEDGER line, and the blank line after it."""
        out = []
        while not (line := self.line()).startswith("[L] "):
            out.append(line)
        out.append(line)
        assert self.line() == ""
        return out

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def rest(self) -> tuple[str, str, int]:
        """Close stdin; what is left of stdout, all of stderr, and the exit status."""
        assert self.proc.stdin is not None and self.proc.stderr is not None
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        code = self.proc.wait(timeout=TIMEOUT)
        left = []
        while (line := self.lines.get(timeout=TIMEOUT)) is not None:
            left.append(line)
        return "\n".join(left), self.proc.stderr.read(), code


@contextmanager
def player(*args: str) -> Iterator[Player]:
    p = Player(*args)
    try:
        yield p
    finally:
        if p.proc.poll() is None:
            p.proc.kill()
            p.proc.wait()


def test_each_line_is_answered_before_the_next_is_sent() -> None:
    with player("becalmed") as p:
        assert p.reply()[-1].startswith("[L] day 1/14 | westing 0/30 | water 26")
        p.send("FULL, SAIL, ROW")
        assert p.reply()[-1].startswith("[L] day 2/14 | westing 5/30 | water 22")
        p.send("what is the water?")
        assert p.reply()[-1].startswith("[L] day 2/14 | westing 5/30 | water 22")
        p.send("short ration, awning up, watch tonight")
        assert p.reply()[-1].startswith("[L] day 3/14")
        out, err, code = p.rest()
    assert code == 0 and out == "" and err == ""


def test_json_answers_each_line_with_one_object_before_the_next() -> None:
    with player("becalmed", "--json") as p:
        assert json.loads(p.line())["read_as"] == "opening"
        p.send("FULL, SAIL, ROW")
        first = json.loads(p.line())
        assert first["message"] == "FULL, SAIL, ROW" and first["state"]["water"] == 22
        p.send("save")
        saved = json.loads(p.line())
        assert saved["command"] == "save" and saved["save"].startswith("-----BEGIN AIGC SAVE-----")
        out, err, code = p.rest()
    assert code == 0 and out == "" and err == ""


def test_a_save_block_sent_line_by_line_is_answered_once_at_its_end_line() -> None:
    with player("becalmed", "--json") as p:
        json.loads(p.line())
        p.send("FULL, SAIL, ROW")
        json.loads(p.line())
        p.send("save")
        block = json.loads(p.line())["save"]
    with player("becalmed", "--json") as q:
        json.loads(q.line())
        for line in block.splitlines():
            q.send(line)
        resumed = json.loads(q.line())
        assert resumed["command"] == "resume" and resumed["message"] == block
        q.send("dry, down, fish")
        after = json.loads(q.line())  # the very next object answers the next line
        assert after["message"] == "dry, down, fish" and after["state"]["day"] == 3


def test_a_continuation_line_on_a_live_pipe_is_a_message_of_its_own() -> None:
    with player("becalmed", "--json") as p:
        json.loads(p.line())
        p.send("FULL, SAIL, ROW")
        assert json.loads(p.line())["message"] == "FULL, SAIL, ROW"
        p.send("... what is the water?")
        assert json.loads(p.line())["message"] == "what is the water?"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_keeps_the_replies_and_prints_a_save_block() -> None:
    with player("becalmed") as p:
        p.reply()
        p.send("FULL, SAIL, ROW")
        assert p.reply()[-1].startswith("[L] day 2/14")
        p.proc.send_signal(signal.SIGINT)
        out, err, code = p.rest()
    assert code == 130 and "Traceback" not in err and "Aborted" not in err
    assert "-----BEGIN AIGC SAVE-----\ngame:becalmed m:open-boat rules:1 turn:2 day:2/14" in out
    assert out.rstrip().endswith("state them again after you resume.")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_under_json_ends_with_one_object_holding_the_save() -> None:
    with player("becalmed", "--json") as p:
        json.loads(p.line())
        p.send("FULL, SAIL, ROW")
        json.loads(p.line())
        p.proc.send_signal(signal.SIGINT)
        out, err, code = p.rest()
    last = json.loads(out)
    assert code == 130 and last["interrupted"] is True and last["turn"] == 2
    assert last["save"].startswith("-----BEGIN AIGC SAVE-----") and "turn:2 day:2/14" in last["save"]


def test_stdin_from_a_file_is_a_whole_script_where_continuation_lines_join(tmp_path) -> None:
    script = tmp_path / "orders.txt"
    script.write_text("FULL, SAIL\n... and ROW\nsave\n", encoding="utf-8")
    with open(script, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "cardgm.cli", "play", "becalmed", "--json"],
            stdin=stdin, capture_output=True, text=True, timeout=TIMEOUT,
        )
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["message"] for o in objects[1:]] == ["FULL, SAIL\nand ROW", "save"]
    assert objects[1]["state"]["westing"] == 5
