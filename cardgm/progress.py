"""Progress on stderr for any job that can pass a second: a bar with an estimate where the work
is countable, a status line where it is not.

    with task("density over every berth", total=4_092_136) as t:
        ...
        t.advance(batch)
        t.status("depth 12")

Silent under `quiet` and when stderr is not a terminal (a pipe, a log, a test), so nothing but
the answer reaches a program. rich is imported only when a bar is shown: `cardgm --help` never
loads it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["Task", "task"]


class Task:
    """What a job reports to: how much is done, and a word on what it is doing."""

    def advance(self, n: int = 1) -> None:  # silent: nothing to show
        pass

    def status(self, text: str) -> None:
        pass


class _Shown(Task):
    def __init__(self, progress: Any, task_id: Any) -> None:
        self._progress, self._id = progress, task_id

    def advance(self, n: int = 1) -> None:
        self._progress.advance(self._id, n)

    def status(self, text: str) -> None:
        self._progress.update(self._id, status=text)


@contextmanager
def task(description: str, total: int | None = None, *, quiet: bool = False) -> Iterator[Task]:
    """A bar (with `total`) or a status line (without) on stderr while the block runs, cleared
    when it ends. Silent under `quiet` or when stderr is not a terminal."""
    if quiet or not sys.stderr.isatty():
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

    if total is not None:
        columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("eta"),
                   TimeRemainingColumn(), TextColumn("{task.fields[status]}")]
    else:
        columns = [SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), TextColumn("{task.fields[status]}")]
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        yield _Shown(progress, progress.add_task(description, total=total, status=""))
