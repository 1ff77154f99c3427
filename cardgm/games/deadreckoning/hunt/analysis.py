"""`cardgm analyze deadreckoning`: every strategy over every legal berth, as a table, the shots
against the card's berth, and a plot.

The table streams: the density hunter runs first and its row is printed the moment it is known,
then each other strategy's as it finishes, each with a progress bar on stderr meanwhile.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from cardgm.games.deadreckoning.hunt.space import Space, space
from cardgm.games.deadreckoning.hunt.strategies import DEFAULT, STRATEGIES, Evaluation, card_score, evaluate
from cardgm.games.deadreckoning.state import PAR, Berth

__all__ = ["Analysis", "analyze", "report", "run_analysis", "FIRST"]

FIRST = "density"  # the row the analysis gives first: the hunter to beat


@dataclass(frozen=True)
class Analysis:
    evals: tuple[Evaluation, ...]
    card_shots: dict[str, int]  # strategy -> shots against the card's berth
    named_berths: int
    cell_sets: int
    seconds: float
    card_cells: dict[str, tuple[str, ...]] | None = None  # strategy -> the cells it fires at the card's berth


def analyze(strategies: Sequence[str], sp: Space | None = None, berth: Berth | int | None = None, seed: int = 0,
            samples: dict[str, int] | None = None, *, quiet: bool = True,
            row: Callable[[Evaluation], None] | None = None) -> Analysis:
    """Each strategy over every berth of the space (or over `samples[name]` berths drawn
    uniformly), in the order given, and the shots each takes against `berth` (the card's; or an
    entry of the space).
    `row(evaluation)` is called as each strategy finishes; a progress bar runs on stderr
    meanwhile unless `quiet`. Each evaluation keeps its shots as uint8 (a berth takes at most
    64), so six strategies over every berth hold 25 MB, not 200."""
    from cardgm.progress import task

    t0 = time.perf_counter()
    sp = sp if sp is not None else space()
    samples = samples or {}
    target = berth if isinstance(berth, int) or berth is None else sp.find(berth)
    evals, card_shots, card_cells = [], {}, {}
    for name in strategies:
        n = samples.get(name)
        total = (min(n, len(sp)) if n else len(sp)) * sp.per_entry
        with task(f"{name:<11}", total=total, quiet=quiet) as bar:
            ev = evaluate(name, sp, seed=seed, sample=n, follow=target, progress=lambda k: bar.advance(k * sp.per_entry))
        ev = replace(ev, shots=ev.shots.astype(np.uint8))
        if target is not None:
            card_shots[name] = len(ev.followed)
            card_cells[name] = ev.followed
        evals.append(ev)
        if row is not None:
            row(ev)
    return Analysis(tuple(evals), card_shots, sp.named_berths, len(sp), time.perf_counter() - t0, card_cells)


def head(named_berths: int, cell_sets: int) -> str:
    """The count of berths and the table's header."""
    return "\n".join([
        f"legal berths: {named_berths:,} named ({cell_sets:,} cell sets, each {named_berths // max(cell_sets, 1)} namings)",
        "",
        f"{'strategy':<12} {'berths':>11} {'mean':>7} {'median':>6} {'min':>4} {'max':>4} {'score':>6} {'card':>5}  seconds",
    ])


def table_row(e: Evaluation, card: int | None, par: int = PAR) -> str:
    """One strategy's row: shots (mean, median, min, max), the card's score, the shots against
    the card's berth, seconds."""
    mean_score = float(np.mean(card_score(e.shots, par)))
    return (f"{e.strategy:<12} {e.berths:>11,} {e.mean():>7.3f} {e.median():>6.1f} {e.min():>4} {e.max():>4} "
            f"{mean_score:>6.2f} {card if card is not None else '-':>5}  {e.seconds:>6.1f}"
            + ("  (uniform sample)" if e.sampled else ""))


def bands(evals: Sequence[Evaluation], par: int = PAR) -> str:
    """What the table's rows mean, and the share of berths in each band of the card's score."""
    lines = ["score: the card's SCORING, 100 - (shots - 10), mean over the berths; card: shots against the card's berth.",
             "", "the card's score, share of berths (score bands of 5):"]
    edges = list(range(100, 40, -5))
    lines.append(f"{'strategy':<12} " + " ".join(f"{b:>5}" for b in edges))
    for e in evals:
        sc = card_score(e.shots.astype(np.int64), par)
        cells = []
        for b in edges:  # band b holds scores b..b+4 (100 alone)
            hi = 100 if b == 100 else b + 4
            cells.append(f"{np.mean((sc >= b) & (sc <= hi)) * 100:>4.1f}%")
        lines.append(f"{e.strategy:<12} " + " ".join(cells))
    return "\n".join(lines)


def report(a: Analysis, par: int = PAR) -> str:
    """The analysis as a terminal table: shots (mean, median, max), the card's score, the shots
    against the card's berth, and how each was evaluated."""
    rows = [table_row(e, a.card_shots.get(e.strategy), par) for e in a.evals]
    return "\n".join([head(a.named_berths, a.cell_sets), *rows, "", bands(a.evals, par)])


def run_analysis(out_dir: str, strategies: Sequence[str] | None = None, sample: int | None = None,
                 seed: int = 0, plot: bool = True, echo: Callable[[str], None] = print, quiet: bool = False) -> int:
    """`cardgm analyze deadreckoning`: each strategy over every legal berth (or, with `sample`,
    over that many cell sets drawn uniformly), a table, the shots against the card's berth, and
    a plot (PNG and SVG) in `out_dir`. The density hunter's row comes first, each other row as
    its strategy finishes; progress bars go to stderr unless `quiet` (or stderr is not a
    terminal). Returns the exit status: 0, 1 if the berth count disagrees with the seal module's,
    2 for an unknown strategy or plots that cannot be written."""
    from cardgm.card import load_card
    from cardgm.games.deadreckoning.notation import card_berth
    from cardgm.progress import task

    from .. import seal

    names = list(dict.fromkeys(strategies)) if strategies else list(DEFAULT)
    unknown = [s for s in names if s not in STRATEGIES]
    if unknown:
        echo(f"no strategy {', '.join(unknown)}; there are: {', '.join(STRATEGIES)}")
        return 2
    names.sort(key=lambda s: s != FIRST)  # density first, the rest as given
    card = load_card("deadreckoning")
    berth = card_berth(card.section("GM-ONLY"))
    with task("Enumerating every legal berth", quiet=quiet):
        sp = space()
        counted = len(seal.all_berths())
    echo(f"{card.title}: enumerating every legal berth … {sp.named_berths:,} named berths "
         f"({'equal to' if counted == sp.named_berths else 'NOT equal to'} the seal's count, {counted:,}).")
    samples = {s: sample for s in names} if sample else {}
    for s in names:
        echo(f"  {s}: {STRATEGIES[s].about}" + (f" [uniform sample of {samples[s]:,} cell sets, seed {seed}]" if s in samples else ""))
    echo("")
    echo(head(sp.named_berths, len(sp)))
    a = analyze(names, sp, berth, seed=seed, samples=samples, quiet=quiet, row=lambda e: echo(table_row(e, len(e.followed))))
    echo("")
    echo(bands(a.evals))
    echo("")
    echo("the card's berth (GM-ONLY: THE FLEET), shot by shot:")
    for s in names:
        echo(f"  {s:<12} {a.card_shots[s]:>2} shots: {' '.join(a.card_cells[s] if a.card_cells else ())}")
    if plot:
        echo("")
        try:
            from cardgm.games.deadreckoning.hunt.plot import shots_plot

            with task("Plotting", quiet=quiet):
                paths = shots_plot(a.evals, out_dir, a.card_shots)
        except ImportError:
            echo("plots skipped: matplotlib is not installed (pip install 'cardgm[plot]')")
        except OSError as exc:  # the table is out already: say why the plots are not, and fail
            echo(f"plots not written: {out_dir}: {exc.strerror or exc}")
            return 2
        else:
            echo("plots: " + ", ".join(str(p) for p in paths))
    return 0 if counted == sp.named_berths else 1
