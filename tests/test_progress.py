"""cardgm.progress: a bar on stderr for a person at a terminal, nothing for a program."""

from __future__ import annotations

import io
import sys

import pytest

from cardgm.progress import task


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_written_when_stderr_is_not_a_terminal(capsys):
    with task("Counting berths", total=10) as t:
        t.advance(4)
        t.status("half way")
        t.advance()
    with task("Thinking") as t:
        t.status("still")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("total", [100, None])
def test_a_terminal_sees_the_job_and_quiet_silences_it(monkeypatch, total):
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    with task("Counting berths", total=total) as t:
        t.advance(40)
        t.status("depth 3")
    assert "Counting berths" in term.getvalue()
    quiet = Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    with task("Counting berths", total=total, quiet=True) as t:
        t.advance(40)
    assert quiet.getvalue() == ""
