"""cardgm.progress: a bar or a status line on stderr at a terminal; nothing otherwise."""

from __future__ import annotations

import io
import re
import sys

import pytest

from cardgm.progress import shown, task

SGR_COLOUR = re.compile(r"\x1b\[(?:\d+;)*(?:3\d|9\d|38;)")  # a foreground colour code


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def fake_terminal(monkeypatch: pytest.MonkeyPatch) -> FakeTerminal:
    # Called in the test body: pytest's capture puts its own stderr back before each test runs.
    fake = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", fake)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return fake


def test_a_counted_task_draws_a_bar_with_its_count_and_status(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = fake_terminal(monkeypatch)
    with task("Solving the tape", total=4) as t:
        for i in range(4):
            t.advance()
        t.status("best 96")
    drawn = terminal.getvalue()
    assert "Solving the tape" in drawn and "4/4" in drawn and "best 96" in drawn and "eta" in drawn


def test_an_uncounted_task_draws_a_status_line(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = fake_terminal(monkeypatch)
    with task("Searching") as t:
        t.status("best so far 100")
    drawn = terminal.getvalue()
    assert "Searching" in drawn and "best so far 100" in drawn and "/" not in drawn.split("Searching", 1)[1][:6]


def test_quiet_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = fake_terminal(monkeypatch)
    assert not shown(quiet=True)
    with task("Solving", total=3, quiet=True) as t:
        t.advance(3)
        t.status("best 1")
    assert terminal.getvalue() == ""


def test_nothing_is_drawn_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = io.StringIO()
    monkeypatch.setattr(sys, "stderr", plain)
    assert not shown()
    with task("Solving", total=3) as t:
        t.advance()
        t.status("x")
    assert plain.getvalue() == ""


def test_no_color_keeps_the_bar_and_drops_the_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = fake_terminal(monkeypatch)
    monkeypatch.setenv("TERM", "xterm-256color")
    with task("Solving", total=2) as t:
        t.advance(2)
    assert SGR_COLOUR.search(terminal.getvalue())  # coloured at a colour terminal…
    monkeypatch.setenv("NO_COLOR", "1")
    terminal.truncate(0)
    terminal.seek(0)
    with task("Solving", total=2) as t:
        t.advance(2)
    drawn = terminal.getvalue()
    assert "2/2" in drawn and not SGR_COLOUR.search(drawn)  # …and not under NO_COLOR


def test_the_bar_is_cleared_when_the_task_ends_and_an_error_passes_through(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = fake_terminal(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        with task("Solving", total=2) as t:
            t.advance()
            raise KeyboardInterrupt
    assert terminal.getvalue().endswith("\x1b[2K")  # the last thing drawn erases the line
