"""`cardgm eval`: an agent over N runs of each card, scored against the best each deal allows.

An agent is made fresh for every run by a factory `(card) -> player`, and a player is called
once per reply:

- `player(reply_text) -> str`: the player's words (a chat model is one of these: chat.py);
- `player(reply_text, legal) -> str | dict | int`: with the legal moves of this moment as JSON
  objects (`cardgm/games/<game>/moves.py`), answering with words, one of those objects (any move
  in the game's schema), or an index into `legal`.

`load_agent("module:attr")` makes a factory from a Python callable: a function is the player; a
class is instantiated once per run (no arguments) and the instance is the player.

Run i of a card is deal `first + i` (deal.py), so two agents meet the same tapes and berths;
`printed=True` plays the card as printed every run. A run ends at the card's end, or is cut
after `max_turns` messages (end "capped", score 0), or stops on an agent's error (end "error").
A chat endpoint that fails after its retries stops the whole evaluation (`EvalStopped`).
"""

from __future__ import annotations

import inspect
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from importlib import import_module
from typing import Any, TextIO

from cardgm.agents.chat import ChatError
from cardgm.agents.session import IllegalMove, Session
from cardgm.card import Card

Player = Callable[..., Any]
Factory = Callable[[Card], Player]


class AgentError(ValueError):
    """An agent that cannot be loaded or called as `cardgm eval` calls agents; says why."""


class EvalStopped(RuntimeError):
    """The model's endpoint failed (after its retries): the evaluation stops. `results` holds
    the runs finished before it."""

    def __init__(self, message: str, results: list[RunResult]) -> None:
        super().__init__(message)
        self.results = results


# -- agents -----------------------------------------------------------------------------------


def load_agent(spec: str) -> Factory:
    """A factory of players from "module:attr" (a function, or a class made once per run)."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise AgentError(f"{spec!r}: an agent is named module:function, e.g. cardgm.agents.examples:RandomMove")
    if os.getcwd() not in sys.path:  # an agent in a file beside the user, as uvicorn finds apps
        sys.path.insert(0, os.getcwd())
    try:
        module = import_module(module_name)
    except ImportError as exc:
        raise AgentError(f"{spec!r}: cannot import {module_name} ({exc})") from None
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise AgentError(f"{spec!r}: {module_name} has no {attr}")
        target = getattr(target, part)
    if isinstance(target, type):
        return lambda card: target()
    if not callable(target):
        raise AgentError(f"{spec!r}: {attr} is not callable")
    return lambda card: target


def wants_moves(player: Player) -> bool:
    """Does the player take the legal moves too (two positional arguments)?"""
    try:
        sig = inspect.signature(player)
    except (TypeError, ValueError):
        return False
    positional = [p for p in sig.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in sig.parameters.values())


# -- one run ----------------------------------------------------------------------------------


@dataclass
class RunResult:
    card: str  # the game id
    title: str
    deal: str  # "{id}:{version}:{n}" or "printed"
    end: str  # the card's end id, or "capped" / "error"
    score: int  # the card's score; 0 for a run that did not end
    best: int | None  # the best score this deal allows (None: not worked out)
    turns: int  # the card's turn count (replies so far)
    messages: int  # messages the agent sent
    nothing: int  # of them, read as an ask or an answer: nothing moved
    illegal: int  # structured moves refused as not legal (never sent)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    seconds: float = 0.0
    result: str | None = None  # the RESULT line
    error: str | None = None
    reveal: str | None = None  # a sealed berth's reveal file (the run is over): check the seal with it

    @property
    def score_over_best(self) -> float | None:
        return self.score / self.best if self.best else None

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "score_over_best": self.score_over_best}


def play_run(card: Card, n: int | None, factory: Factory, *, max_turns: int = 200, best: bool = True) -> RunResult:
    """One run of `card`, deal `n`, by a fresh player from `factory`."""
    t0 = time.perf_counter()
    session = Session(card, n)
    reply = session.start()
    player = factory(session.card)
    structured = wants_moves(player)
    illegal = 0
    error: str | None = None
    sent = 0
    while not session.ended and sent < max_turns:
        sent += 1
        try:
            if structured:
                legal = session.legal()
                out = player(reply.text, [session.moves.to_json(a) for a in legal])
            else:
                out = player(reply.text)
            if isinstance(out, str):
                reply = session.send(out)
                continue
            if isinstance(out, bool) or not isinstance(out, (int, dict)):
                raise AgentError(f"the agent answered {type(out).__name__}; it answers words (str), a move (dict) or an index (int)")
            if isinstance(out, int):
                if not structured or not 0 <= out < len(legal):
                    raise IllegalMove(f"move {out} is not an index into this moment's legal moves")
                action = legal[out]
            else:
                action = session.moves.from_json(out)
            reply = session.play(action)[-1]
        except IllegalMove:
            illegal += 1
        except ChatError:
            raise  # the endpoint, not the agent: evaluate() stops
        except ValueError as exc:  # a dict that is not a move of this game
            if isinstance(exc, AgentError):
                error = str(exc)
                break
            illegal += 1
        except Exception as exc:  # the agent's own failure ends its run, not the evaluation
            error = f"{type(exc).__name__}: {exc}"
            break
    usage = getattr(player, "usage", None)
    ended = session.ended
    end = session.end if ended else ("error" if error else "capped")
    return RunResult(
        card=card.game_id,
        title=card.title,
        deal=session.deal.label,
        end=end or "capped",
        score=session.score or 0,
        best=session.best() if best else None,
        turns=session.turn,
        messages=session.messages,
        nothing=session.nothing,
        illegal=illegal,
        prompt_tokens=getattr(usage, "prompt", None),
        completion_tokens=getattr(usage, "completion", None),
        seconds=round(time.perf_counter() - t0, 3),
        result=session.reply.result if session.reply is not None else None,
        error=error,
        reveal=session.deal.secret,
    )


def evaluate(
    cards: Iterable[Card],
    factory: Factory,
    *,
    runs: int = 5,
    first: int = 0,
    printed: bool = False,
    max_turns: int = 200,
    best: bool = True,
    progress: TextIO | None = None,
) -> list[RunResult]:
    """Every card, `runs` times; lines of progress on `progress` (`cardgm eval`: stderr)."""
    out: list[RunResult] = []
    for card in cards:
        for i in range(runs):
            n = None if printed else first + i
            if progress is not None:
                print(f"{card.title}: run {i + 1}/{runs} ({'printed' if n is None else f'deal {n}'})…", file=progress, flush=True)
            try:
                r = play_run(card, n, factory, max_turns=max_turns, best=best)
            except ChatError as exc:
                raise EvalStopped(str(exc), out) from None
            if progress is not None:
                of = f" of best {r.best}" if r.best is not None else ""
                why = f" ({r.error})" if r.error else ""
                print(f"  end:{r.end} score {r.score}{of}, {r.turns} turns, {r.nothing} read as nothing{why}", file=progress, flush=True)
            out.append(r)
    return out


# -- the report -------------------------------------------------------------------------------


@dataclass
class CardSummary:
    card: str
    title: str
    runs: int
    mean_score: float
    mean_best: float | None
    mean_score_over_best: float | None
    messages: int
    nothing: int
    illegal: int
    mean_turns: float
    prompt_tokens: int | None
    completion_tokens: int | None
    ends: dict[str, int] = field(default_factory=dict)


def summarize(results: list[RunResult]) -> list[CardSummary]:
    by_card: dict[str, list[RunResult]] = {}
    for r in results:
        by_card.setdefault(r.card, []).append(r)
    out = []
    for card, rs in by_card.items():
        bests = [r.best for r in rs if r.best is not None]
        ratios = [x for x in (r.score_over_best for r in rs) if x is not None]
        prompt = [r.prompt_tokens for r in rs if r.prompt_tokens is not None]
        completion = [r.completion_tokens for r in rs if r.completion_tokens is not None]
        out.append(
            CardSummary(
                card=card,
                title=rs[0].title,
                runs=len(rs),
                mean_score=statistics.fmean(r.score for r in rs),
                mean_best=statistics.fmean(bests) if bests else None,
                mean_score_over_best=statistics.fmean(ratios) if ratios else None,
                messages=sum(r.messages for r in rs),
                nothing=sum(r.nothing for r in rs),
                illegal=sum(r.illegal for r in rs),
                mean_turns=statistics.fmean(r.turns for r in rs),
                prompt_tokens=sum(prompt) if prompt else None,
                completion_tokens=sum(completion) if completion else None,
                ends=dict(Counter(r.end for r in rs).most_common()),
            )
        )
    return out


def table(summaries: list[CardSummary]) -> str:
    """The report as a plain text table, one row per card."""
    head = ("card", "runs", "score", "best", "score/best", "read as nothing", "illegal", "turns", "tokens in/out", "ends")
    rows = [head]
    for s in summaries:
        tokens = "-" if s.prompt_tokens is None and s.completion_tokens is None else f"{s.prompt_tokens or 0:,}/{s.completion_tokens or 0:,}"
        rows.append(
            (
                s.title,
                str(s.runs),
                f"{s.mean_score:.1f}",
                "-" if s.mean_best is None else f"{s.mean_best:.1f}",
                "-" if s.mean_score_over_best is None else f"{s.mean_score_over_best:.2f}",
                f"{s.nothing}/{s.messages}",
                str(s.illegal),
                f"{s.mean_turns:.1f}",
                tokens,
                ", ".join(f"{k} {v}" for k, v in s.ends.items()),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = []
    for j, r in enumerate(rows):
        cells = [c.ljust(w) if i in (0, len(head) - 1) else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))]
        lines.append("  ".join(cells).rstrip())
        if j == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def report_json(results: list[RunResult]) -> dict[str, Any]:
    return {"runs": [r.as_json() for r in results], "cards": [asdict(s) for s in summarize(results)]}


def plot(results: list[RunResult], path: str) -> None:
    """Each card's runs, score over best (score alone where no best was worked out), to `path`.
    Needs matplotlib (ImportError otherwise)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summaries = summarize(results)
    # Wide enough for the title even with one card.
    fig, ax = plt.subplots(figsize=(max(4.6, 1.8 + 1.6 * len(summaries)), 3.6))
    for x, s in enumerate(summaries):
        rs = [r for r in results if r.card == s.card]
        ys = [r.score_over_best if r.score_over_best is not None else r.score / 100 for r in rs]
        ax.bar(x, statistics.fmean(ys), color="#9db4c8", width=0.6)
        ax.scatter([x + (k - (len(ys) - 1) / 2) * 0.4 / max(1, len(ys)) for k in range(len(ys))], ys, color="#1f3b57", s=12, zorder=3)
    ax.set_xticks(range(len(summaries)), [s.title for s in summaries])
    ax.set_ylim(-0.03, 1.05)  # a run at 0 shows whole
    ax.set_ylabel("score over best")
    ax.set_title("cardgm eval: each run, and the mean")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
