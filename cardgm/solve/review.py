"""Review a run: the player's score against the best the tape allowed, and the first move after
which that best was out of reach, with a call that would have kept it.

`review(card, messages)` replays the player's messages through the same Run `cardgm play`
drives, and asks the card's exact solver for the best score from the state before and after
every move (one solver, one memo, for the whole run). The first move whose after-state's best is
lower than its before-state's best is where the best slipped away.

The solver is the game's own (`GameEntry.solver`, a `protocols.Solver`); this module knows no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardgm import games
from cardgm.card import Card
from cardgm.run import Reply
from cardgm.solve.protocols import Solution, Solver, day_line


def solvable() -> tuple[str, ...]:
    """The games with a solver."""
    return tuple(e.id for e in games.entries() if e.solver is not None)


def solver_for(card: Card, doing: str = "cardgm solves") -> Solver:
    """The card's solver; ValueError naming the games that have one if it has none."""
    found = games.entry(card.game_id)
    if found.solver is None:
        hint = f" (see `cardgm analyze {found.id}`)" if found.analyze else ""
        raise ValueError(f"{doing} {' and '.join(solvable())}; {card.game_id} has no tape to solve{hint}")
    solver: Solver = games.part(found, "solver")
    return solver


def replay(card: Card, messages: Sequence[str], start: Any = None) -> Reply:
    """Type `messages` into a fresh run of `card` (the same Run `cardgm play` drives); the last
    reply, whose score is the line's score when the line is read as it was meant. A confirm line
    (turn for home) is answered yes."""
    from cardgm.game import ReadAs
    from cardgm.run import Run

    run = Run(games.make_game(card), state=start)
    reply = run.start()
    for m in messages:
        reply = run.reply(m)
        if reply.read_as is ReadAs.CONFIRM:
            reply = run.reply("yes")
    return reply


@dataclass(frozen=True)
class Slip:
    turn: int
    day: int
    message: str
    best_before: int
    best_after: int
    instead: str  # a message that keeps best_before reachable


@dataclass(frozen=True)
class Review:
    card: Card
    score: int | None  # None if the run did not end
    end: str | None
    best: int  # the best from the run's first state
    slip: Slip | None
    best_now: int  # the best still reachable from where the run stands (= score once ended)


def review(card: Card, messages: list[str] | tuple[str, ...], start: Any = None, quiet: bool = False) -> Review:
    """Replay `messages` from the opening (or from `start`, a resumed run's first state) and
    find where the best slipped. `cardgm play CARD --review` calls this with the run's own
    messages (`[m for m, _ in run.transcript if m is not None]`) once the run ends. A bar on
    stderr counts the messages (cardgm.progress)."""
    from cardgm.progress import task
    from cardgm.run import Run
    from cardgm.save import find_block

    found = solver_for(card, "review solves")
    solver, say = found.search(card.tape), found.message
    run = Run(games.make_game(card), state=start)
    reply = run.start()
    with task("Reviewing the run", total=len(messages), quiet=quiet) as shown:
        start_best, _ = solver.best(run.state)
        last = start_best  # no later state's best beats an earlier one's
        slip: Slip | None = None
        for message in messages:
            before = run.state
            reply = run.reply(message)
            after = run.state
            shown.advance()
            if find_block(message) is not None:
                start_best, _ = solver.best(after)  # a resumed run is reviewed from where it resumed
                last = start_best
                continue
            if slip is not None or replace(after, turn=before.turn) == before:
                continue  # nothing moved (an ask, an answer, a save), or the slip is already found
            best_before, action = solver.best(before, below=last)
            best_after, _ = solver.best(after, below=best_before)
            last = best_after
            if best_after < best_before:
                slip = Slip(reply.turn, getattr(before, "day", before.turn), message, best_before, best_after, say(action))
                shown.status(f"first slip at turn {reply.turn}")
        best_now, _ = solver.best(run.state, below=slip.best_after if slip else last)
    return Review(card, reply.score, reply.end, start_best, slip, best_now)


def text(r: Review) -> str:
    """The review as the terminal prints it."""
    lines = [f"{r.card.title} v{r.card.version}: run review"]
    if r.score is None:
        lines.append(f"the run has not ended; the best still reachable from where it stands is {r.best_now}")
    else:
        lines.append(f"your score   {r.score} (end:{r.end})")
    lines.append(f"best line    {r.best} (from the run's first state, over every line of play)")
    if r.slip is None:
        lines.append("every move kept the best within reach." if r.score is None or r.score >= r.best else "")
    else:
        s = r.slip
        lines.append(
            f"first slip   day {s.day} (turn {s.turn}): \"{s.message}\" left at best {s.best_after}; "
            f"\"{s.instead}\" kept {s.best_before} within reach"
        )
    return "\n".join(line for line in lines if line)


# -- `cardgm solve`: the best line, checked by replay, against the card's own claims ---------------


def _claims(card: Card, solver: Solver, best: int, by_end: dict[str, Solution]) -> list[str]:
    """The card's own figures, each against what the solver found: the game's own (its solver's
    `claims`), then the best line and par every card may print."""
    import re

    out = [f"  {'agrees ' if c.ok else 'DIFFERS'}  \"{c.words}\": {c.found}" for c in solver.claims(card, best, by_end)]
    text = " ".join(card.text.split())
    m = re.search(r"(\d+) is the best line this tape allows", text)
    if m:
        claimed = int(m.group(1))
        out.append(f"  {'agrees ' if claimed == best else 'DIFFERS'}  \"{m.group(0)}\": the solver's best is {best}")
    m = re.search(r"Par is (\d+)", text)
    if m:
        out.append(f"  (\"{m.group(0)}\" is a blind policy's figure: see `cardgm par {card.game_id}`)")
    return out


def solve_report(card: Card, ends: bool = True, quiet: bool = False, so_far: dict[str, int] | None = None) -> tuple[str, bool]:
    """`cardgm solve`'s text, and whether the best line replayed to its score. A status line on
    stderr shows the states searched and the best line found so far (cardgm.progress); `so_far`,
    when given, holds them too ("searched", "found", and "best" once the best line is proved),
    for a run stopped before its end."""
    if so_far is None:
        so_far = {}
    import time

    from cardgm.progress import task

    solver = solver_for(card)
    t0 = time.perf_counter()
    with task(f"Solving {card.title}", quiet=quiet) as shown:
        stage = "best line"

        def progress(searched: int, found: int) -> None:
            if "best" not in so_far:
                so_far.update(searched=searched, found=found)
            said = f"best so far {found}" if found >= 0 else "no whole line yet"
            shown.status(f"{stage}: {searched:,} states, {said}")

        sol = solver.solve(card.tape, progress=progress)
        so_far["best"] = sol.score
        by_end: dict[str, Solution] = {}
        if ends:
            # The best line's own end needs no second search: its best is the best line.
            for i, end in enumerate(solver.ends, 1):
                stage = f"end:{end} ({i} of {len(solver.ends)})"
                shown.status(stage)
                by_end[end] = sol if end == sol.end else solver.solve(card.tape, end=end, progress=progress)
    lines = [f"{card.title} v{card.version} — the best line on this tape, by exact search", ""]
    lines.append(f"tape      {' '.join(map(str, card.tape))}")
    lines.append(f"best      {sol.score} (end:{sol.end})")
    lines.append(f"searched  {sol.searched:,} states in {sol.seconds:.2f} s")
    lines.append("")
    lines.append("one best line, day by day (type these into `cardgm play`):")
    messages: list[str] = []
    for day, said, summary in solver.days(card.tape, sol.line):
        messages += said
        lines.append(day_line(day, said, summary))
    reply = replay(card, messages)
    ok = reply.score == sol.score and reply.end == sol.end
    lines.append("")
    lines.append(f"replayed through the run loop: {reply.result}")
    lines.append("  the replay scores " + (f"{reply.score}, as the search found" if ok else f"{reply.score}, NOT {sol.score}: a bug to report"))
    if ends:
        lines.append("")
        lines.append("best for each end:")
        for end, e in by_end.items():
            score = "unreachable" if e.score < 0 else str(e.score)
            lines.append(f"  end:{end:12} {score:>11}   {e.searched:>9,} states  {e.seconds:6.2f} s")
    claims = _claims(card, solver, sol.score, by_end)
    if claims:
        lines.append("")
        lines.append("the card's claims:")
        lines += claims
    lines.append("")
    lines.append(f"total time {time.perf_counter() - t0:.2f} s")
    return "\n".join(lines), ok
