"""cardgm.progress: a bar or a status line on stderr at a terminal; nothing otherwise."""

from __future__ import annotations

import io
import os
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
        for _i in range(4):
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


# -- the jobs that show it ------------------------------------------------------------------------


def test_a_solve_reports_states_and_the_best_whole_line_found_so_far() -> None:
    from cardgm.card import load_card
    from cardgm.games.becalmed import solve as becalmed

    seen: list[tuple[int, int]] = []
    sol = becalmed.solve(load_card("becalmed").tape, progress=lambda searched, found: seen.append((searched, found)))
    assert seen and [n for n, _ in seen] == sorted(n for n, _ in seen) and seen[-1][0] <= sol.searched
    assert all(found <= sol.score for _, found in seen) and seen[-1][1] > 0


def test_par_and_review_draw_a_counted_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgm.card import load_card
    from cardgm.solve.par import par
    from cardgm.solve.review import review

    terminal = fake_terminal(monkeypatch)
    card = load_card("becalmed")
    par(card, n=2, random_runs=3)
    # cautious, steady, greedy: the printed tape and 2 derived; random: 3 runs on it and the 2 derived
    assert "Par for BECALMED" in terminal.getvalue() and "14/14" in terminal.getvalue()
    review(card, ["FULL, SAIL, ROW", "let her drive"])
    assert "Reviewing the run" in terminal.getvalue() and "2/2" in terminal.getvalue()


def test_solve_at_a_terminal_shows_a_status_line_and_quiet_does_not() -> None:
    pexpect = pytest.importorskip("pexpect")
    command = f"{sys.executable} -m cardgm.cli solve becalmed --no-ends"
    shown = pexpect.run(command, encoding="utf-8", timeout=120, env={**os.environ, "TERM": "xterm"})
    assert "Solving BECALMED" in shown and "best so far" in shown and "best      100 (end:landfall)" in shown
    quiet = pexpect.run(command + " --quiet", encoding="utf-8", timeout=120)
    assert "Solving BECALMED" not in quiet and "best      100 (end:landfall)" in quiet
