"""Driving `cardgm` the way a user does, through a subprocess, and checking how it fails.

A hostile input is answered with exit status 2 and one line on stderr, `cardgm: FILE: reason`
(or, for an argument click itself checks, its usage lines and one `Error:` line), never a
traceback. The cases run all at once (each is a separate process that mostly waits on its
own start-up), and each test then checks its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Outcome:
    args: tuple[str, ...]
    code: int
    stdout: str
    stderr: str


def cardgm(*args: str, cwd: Path, stdin: bytes | None = None, timeout: float = 120) -> Outcome:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))  # and a plugged-in card's
    env = {**os.environ, "PYTHONPATH": path, "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "cardgm.cli", *args],
        cwd=cwd,
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=timeout,
        env=env,
    )
    return Outcome(tuple(args), done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


@dataclass(frozen=True)
class Case:
    """One hostile input: how to make its files in a folder, and the command that reads them."""

    setup: Callable[[Path], None]
    args: tuple[str, ...]
    said: tuple[str, ...] = ()  # words the one line must hold (the limit, the field)
    stdin: bytes | None = None


def run_all(cases: Mapping[str, Case], folder: Path) -> dict[str, Outcome]:
    """Every case in its own sub-folder, the processes side by side."""

    def one(name: str) -> tuple[str, Outcome]:
        where = folder / name
        where.mkdir()
        cases[name].setup(where)
        return name, cardgm(*cases[name].args, cwd=where, stdin=cases[name].stdin)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(pool.map(one, cases))


def assert_refused(outcome: Outcome, said: tuple[str, ...] = ()) -> None:
    """Exit 2, no traceback anywhere, and one line on stderr that names the reason."""
    both = outcome.stdout + outcome.stderr
    assert "Traceback" not in both, both[-3000:]
    assert outcome.code == 2, (outcome.code, both[-2000:])
    lines = outcome.stderr.strip().splitlines()
    if lines and lines[0].startswith("Usage: "):
        # click's own answer to a bad argument: usage, where to find help, and one Error line.
        lines = [line for line in lines if line.startswith("Error: ")]
        assert len(lines) == 1, outcome.stderr
    else:
        assert len(lines) == 1, outcome.stderr
        assert lines[0].startswith("cardgm: "), lines[0]
    for word in said:
        assert word in lines[0], (word, lines[0])
