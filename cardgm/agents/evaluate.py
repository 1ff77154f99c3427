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

`report_json` is the record a paper can cite: cardgm's version, each card's version and the
SHA-256 of its text, the agent (or model and endpoint), the date, every run with its deal and the
seed it was dealt from, the runs asked for and finished (and why the evaluation stopped, if it
did), the runs that erred, and per card the mean, standard deviation and 95% interval (Student's
t) of the score and of score over best.
"""

from __future__ import annotations

import hashlib
import inspect
import math
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
    deal: str  # "{id}:{version}:{n}" or "printed": the seed the deal's tape (or sealed berth) is drawn from
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


@dataclass(frozen=True)
class Spread:
    """A sample's mean, standard deviation (n - 1) and 95% interval for its mean (Student's t;
    a sample of one has no spread, and its interval is the one value)."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    @classmethod
    def of(cls, xs: list[float]) -> Spread | None:
        if not xs:
            return None
        mean = statistics.fmean(xs)
        sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
        half = t95(len(xs) - 1) * sd / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
        return cls(len(xs), mean, sd, mean - half, mean + half)


# Student's t, two-sided 95% (the 0.975 quantile), by degrees of freedom; past 30 the next lower
# tabulated value is used (a slightly wider interval, never a narrower one).
_T95 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
    11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086,
    21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042,
    40: 2.021, 60: 2.000, 120: 1.980,
}


def t95(df: int) -> float:
    """>>> t95(9), t95(45), t95(10_000)
    (2.262, 2.021, 1.98)
    """
    return _T95[max(k for k in _T95 if k <= df)] if df >= 1 else math.inf


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
    score: Spread | None = None  # mean, sd and 95% interval of the score
    score_over_best: Spread | None = None  # the same of score over best (runs whose best is known)
    errors: int = 0  # runs that ended on the agent's error


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
                score=Spread.of([float(r.score) for r in rs]),
                score_over_best=Spread.of(ratios),
                errors=sum(r.error is not None for r in rs),
            )
        )
    return out


def table(summaries: list[CardSummary]) -> str:
    """The report as a plain text table, one row per card."""
    head = ("card", "runs", "score", "95% interval", "best", "score/best", "read as nothing", "illegal", "turns", "tokens in/out", "ends")
    rows = [head]
    for s in summaries:
        tokens = "-" if s.prompt_tokens is None and s.completion_tokens is None else f"{s.prompt_tokens or 0:,}/{s.completion_tokens or 0:,}"
        rows.append(
            (
                s.title,
                str(s.runs),
                f"{s.mean_score:.1f}",
                "-" if s.score is None or s.runs < 2 else f"{s.score.low:.1f} to {s.score.high:.1f}",
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


def report_json(
    results: list[RunResult],
    *,
    agent: dict[str, Any] | None = None,
    asked: dict[str, int] | None = None,
    stopped: str | None = None,
    settings: dict[str, Any] | None = None,
    date: str | None = None,
) -> dict[str, Any]:
    """The evaluation as one JSON object a paper can cite (see the module doc). `agent`: what
    played ({"agent": "module:attr"}, or {"model": …, "endpoint": …}); `asked`: runs asked per
    card; `stopped`: why the evaluation stopped short, if it did; `settings`: the options it ran
    with; `date`: ISO 8601, UTC (now, if not given)."""
    from datetime import UTC, datetime

    from cardgm import __version__, games
    from cardgm.card import load_card

    asked = asked or dict(Counter(r.card for r in results))
    cards = {}
    for game_id in asked:
        card = load_card(game_id)
        cards[game_id] = {
            "title": card.title,
            "version": card.version,
            "sha256": hashlib.sha256(games.card_text(game_id).encode("utf-8")).hexdigest(),
        }
    errors = [{"card": r.card, "deal": r.deal, "error": r.error} for r in results if r.error]
    return {
        "cardgm": __version__,
        "date": date or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "agent": agent or {},
        "settings": settings or {},
        "card_texts": cards,
        "runs_asked": sum(asked.values()),
        "runs_finished": len(results),
        "stopped": stopped,
        "errors": errors,
        "interval": "95%, Student's t on the runs of each card (the mean's interval; sd with n - 1)",
        "runs": [r.as_json() for r in results],
        "cards": [asdict(s) for s in summarize(results)],
    }


def plot(results: list[RunResult], path: str) -> None:
    """Each card's runs, score against the best the deal allowed (one panel a card; runs whose
    best was not worked out at best 0), the line where score equals best, to `path`. Needs
    matplotlib (ImportError otherwise)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summaries = summarize(results)
    fig, axes = plt.subplots(1, len(summaries), figsize=(max(4.6, 3.4 * len(summaries)), 3.8), squeeze=False)
    for ax, s in zip(axes[0], summaries):
        rs = [r for r in results if r.card == s.card]
        xs = [r.best if r.best is not None else 0 for r in rs]
        ys = [r.score for r in rs]
        top = max([*xs, *ys, 1])
        ax.plot([0, top], [0, top], color="#9db4c8", lw=1, zorder=1, label="score = best")
        ax.scatter(xs, ys, color="#1f3b57", s=14, zorder=3, label="a run")
        ax.set_xlim(-0.03 * top, top * 1.05)
        ax.set_ylim(-0.03 * top, top * 1.05)  # a run at 0 shows whole
        ax.set_xlabel("best the deal allows")
        ax.set_ylabel("score")
        spread = f" (score/best {s.mean_score_over_best:.2f})" if s.mean_score_over_best is not None else ""
        ax.set_title(f"{s.title}{spread}", fontsize=10)
    axes[0][0].legend(loc="upper left", fontsize=8, frameon=False)
    fig.suptitle("cardgm eval: each run's score against its deal's best", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
