"""Plotting is an extra (`pip install 'cardgm[plot]'`): in a fresh process where matplotlib cannot
be imported, every command that would draw says in one line how to install it and exits 2 before
any work, never a traceback; the same command with its plot left off runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HIDE = "import sys; sys.modules['matplotlib'] = None; from cardgm.cli import main; sys.argv[0] = 'cardgm'; main()"
INSTALL = "pip install 'cardgm[plot]'"


def _without_matplotlib(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", HIDE, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    "args",
    [
        ("par", "becalmed", "-n", "2", "--random-runs", "2"),
        ("analyze", "deadreckoning"),
        ("eval", "cardgm.agents.examples:first_move", "--card", "deadreckoning", "-n", "1", "--plot", "scores.png"),
    ],
    ids=["par", "analyze", "eval"],
)
def test_a_plot_without_matplotlib_is_one_line_saying_how_to_install(args: tuple[str, ...], tmp_path: Path) -> None:
    done = _without_matplotlib(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and INSTALL in lines[0] and "matplotlib" in lines[0], done.stderr
    assert list(tmp_path.iterdir()) == []  # nothing begun, nothing written


def test_without_matplotlib_the_same_command_runs_with_its_plot_left_off(tmp_path: Path) -> None:
    done = _without_matplotlib("par", "becalmed", "-n", "2", "--random-runs", "2", "--no-plot", "--out", "par", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not list(tmp_path.rglob("*.png"))
