"""One step of a Run, with what the rules ran and the state and question before it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgm.game import Event
from cardgm.run import Reply, Run


@dataclass(frozen=True)
class Step:
    reply: Reply
    before: Any  # the state before the message (turn not yet bumped)
    after: Any
    events: tuple[Event, ...]
    action: Any  # the action the rules ran, if any
    pending: Any = None  # the question the Run had pending before the message


def step(run: Run, message: str) -> Step:
    """`run.reply(message)`, with the state and the pending question before it, the state after,
    and what the rules ran (the Reply carries the action and its events)."""
    before, pending = run.state, run.pending
    reply = run.reply(message)
    return Step(reply, before, run.state, reply.events, reply.action, pending)


def take(run: Run, message: str, action: Any) -> Step:
    """Answer `message` with `action`, a move read from the AI's numbers: the Run runs it as it
    runs a move it read itself (`Run.play`)."""
    before, pending = run.state, run.pending
    reply = run.play(message, action)
    return Step(reply, before, run.state, reply.events, reply.action, pending)


def undo(run: Run, st: Step) -> None:
    """Put a Run back where it stood before `st`."""
    run.state, run.pending = st.before, st.pending


def copy_run(run: Run, state: Any = None) -> Run:
    return Run(run.game, state=run.state if state is None else state, pending=run.pending, moved=run.moved, history=list(run.history))
