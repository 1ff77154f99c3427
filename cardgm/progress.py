"""Progress for long jobs: one helper every command uses, on stderr, never in the way.

    with task("Solving BECALMED", quiet=quiet) as t:
        for state in search():
            t.advance()
            t.status(f"best so far {best}")

With `total` it is a bar with a count and an estimate of the time left; without, a status line
(a spinner, the description, the latest `status` text and the time so far). Nothing at all is
drawn under `quiet`, or when stderr is not a terminal (a pipe, a log file, a test), so output
that programs read never carries it. Colour is off under `NO_COLOR` (https://no-color.org).

rich is imported only when something is drawn: `cardgm --help` stays quick.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["Task", "task", "shown", "no_color"]


class Task:
    """What `task()` yields. The silent kind: every call does nothing (and costs next to nothing)."""

    def advance(self, n: int = 1) -> None:
        """n more units of the countable work done (ignored on a status line)."""

    def status(self, text: str) -> None:
        """Replace the line's status text, e.g. the best score found so far."""


class _Drawn(Task):
    def __init__(self, progress: Any, task_id: Any) -> None:
        self._progress = progress
        self._id = task_id

    def advance(self, n: int = 1) -> None:
        self._progress.advance(self._id, n)

    def status(self, text: str) -> None:
        self._progress.update(self._id, status=text)


def no_color() -> bool:
    """True when the user asked for no colour: NO_COLOR set to anything but the empty string."""
    return os.environ.get("NO_COLOR", "") != ""


def shown(quiet: bool = False) -> bool:
    """Whether progress would be drawn now: not quiet, and stderr is a terminal."""
    if quiet:
        return False
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stderr
        return False


@contextmanager
def task(description: str, total: int | None = None, *, quiet: bool = False) -> Iterator[Task]:
    """A progress bar (when `total` is given) or a status line for the work inside the block.

    Drawn on stderr and cleared when the block ends, so what the command prints after it stands
    alone; silent under `quiet` or when stderr is not a terminal."""
    if not shown(quiet):
        yield Task()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(file=sys.stderr, no_color=no_color(), highlight=False)
    if total is not None:
        columns: tuple[Any, ...] = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[status]}"),
        )
    else:
        columns = (
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            TextColumn("{task.fields[status]}"),
        )
    with Progress(*columns, console=console, transient=True, refresh_per_second=8) as progress:
        yield _Drawn(progress, progress.add_task(description, total=total, status=""))
