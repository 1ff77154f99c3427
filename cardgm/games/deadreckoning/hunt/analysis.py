"""`cardgm analyze deadreckoning`: every strategy over every legal berth, as a table, the shots
against the card's berth, and a plot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from cardgm.games.deadreckoning.hunt.space import Space, space
from cardgm.games.deadreckoning.hunt.strategies import STRATEGIES, Evaluation, card_score, evaluate, play
from cardgm.games.deadreckoning.state import PAR, Berth

__all__ = ["Analysis", "analyze", "report", "run_analysis"]


@dataclass(frozen=True)
class Analysis:
    evals: tuple[Evaluation, ...]
    card_shots: dict[str, int]  # strategy -> shots against the card's berth
    named_berths: int
    cell_sets: int
    seconds: float


def analyze(strategies: Sequence[str], sp: Space | None = None, berth: Berth | None = None, seed: int = 0,
            samples: dict[str, int] | None = None, progress: Callable[[str], None] | None = None) -> Analysis:
    """Each strategy over every berth of the space (or over `samples[name]` berths drawn
    uniformly), and the shots each takes against `berth` (the card's)."""
    import time

    t0 = time.perf_counter()
    sp = sp if sp is not None else space()
    samples = samples or {}
    target = sp.find(berth) if berth is not None else None
    evals, card_shots = [], {}
    for name in strategies:
        if progress:
            progress(name)
        n = samples.get(name)
        ev = evaluate(name, sp, seed=seed, sample=n)
        if target is not None:
            hit = np.nonzero(ev.entries == target)[0]
            card_shots[name] = int(ev.shots[hit[0]]) if len(hit) else len(play(name, target, sp, seed))
        evals.append(ev)
    return Analysis(tuple(evals), card_shots, sp.named_berths, len(sp), time.perf_counter() - t0)


def report(a: Analysis, par: int = PAR) -> str:
    """The analysis as a terminal table: shots (mean, median, max), the card's score, the shots
    against the card's berth, and how each was evaluated."""
    lines = [
        f"legal berths: {a.named_berths:,} named ({a.cell_sets:,} cell sets, each 4 namings)",
        "",
        f"{'strategy':<12} {'berths':>11} {'mean':>7} {'median':>6} {'min':>4} {'max':>4} {'score':>6} {'card':>5}  seconds",
    ]
    for e in a.evals:
        mean_score = float(np.mean(card_score(e.shots, par)))
        card = a.card_shots.get(e.strategy)
        lines.append(
            f"{e.strategy:<12} {e.berths:>11,} {e.mean():>7.3f} {e.median():>6.1f} {e.min():>4} {e.max():>4} "
            f"{mean_score:>6.2f} {card if card is not None else '-':>5}  {e.seconds:>6.1f}"
            + ("  (uniform sample)" if e.sampled else "")
        )
    lines += ["", "score: the card's SCORING, 100 - (shots - 10), mean over the berths; card: shots against the card's berth.",
              "", "the card's score, share of berths (score bands of 5):"]
    bands = list(range(100, 40, -5))
    lines.append(f"{'strategy':<12} " + " ".join(f"{b:>5}" for b in bands))
    for e in a.evals:
        sc = card_score(e.shots, par)
        row = []
        for b in bands:  # band b holds scores b..b+4 (100 alone)
            hi = 100 if b == 100 else b + 4
            row.append(f"{np.mean((sc >= b) & (sc <= hi)) * 100:>4.1f}%")
        lines.append(f"{e.strategy:<12} " + " ".join(row))
    return "\n".join(lines)


DEFAULT_SAMPLES: dict[str, int] = {}  # every strategy runs over every berth by default (about 4 min in all)


def run_analysis(out_dir: str, strategies: Sequence[str] | None = None, sample: int | None = None,
                 seed: int = 0, plot: bool = True, echo: Callable[[str], None] = print) -> int:
    """`cardgm analyze deadreckoning`: each strategy over every legal berth (or, with `sample`,
    over that many cell sets drawn uniformly), a table, the shots against the card's berth, and
    a plot (PNG and SVG) in `out_dir`. Returns the exit status."""
    from cardgm import seal
    from cardgm.card import load_card
    from cardgm.games.deadreckoning.notation import card_berth

    names = list(strategies) if strategies else list(STRATEGIES)
    unknown = [s for s in names if s not in STRATEGIES]
    if unknown:
        echo(f"no strategy {', '.join(unknown)}; there are: {', '.join(STRATEGIES)}")
        return 2
    card = load_card("deadreckoning")
    berth = card_berth(card.section("GM-ONLY"))
    sp = space()
    counted = len(seal.all_berths())
    echo(f"{card.title}: enumerating every legal berth … {sp.named_berths:,} named berths "
         f"({'equal to' if counted == sp.named_berths else 'NOT equal to'} cardgm.seal's count, {counted:,}).")
    samples = {s: sample for s in names} if sample else {s: n for s, n in DEFAULT_SAMPLES.items() if s in names}
    for s in names:
        echo(f"  {s}: {STRATEGIES[s].about}" + (f" [uniform sample of {samples[s]:,} cell sets, seed {seed}]" if s in samples else ""))
    a = analyze(names, sp, berth, seed=seed, samples=samples)
    echo("")
    echo(report(a))
    echo("")
    echo("the card's berth (GM-ONLY: THE FLEET), shot by shot:")
    for s in names:
        echo(f"  {s:<12} {a.card_shots[s]:>2} shots: {' '.join(play(s, berth, sp, seed))}")
    if plot:
        from cardgm.games.deadreckoning.hunt.plot import shots_plot

        echo("")
        try:
            paths = shots_plot(a.evals, out_dir, a.card_shots)
        except ImportError:
            echo("plots skipped: matplotlib is not installed (pip install matplotlib)")
        else:
            echo("plots: " + ", ".join(str(p) for p in paths))
    return 0 if counted == sp.named_berths else 1
