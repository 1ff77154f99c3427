"""Benchmark: the DEADRECKONING hunter over every legal berth, each figure beside a reference
loop timed in the same run, so that a figure from another machine (or a busier one) can be
compared by its ratio.

    python bench/bench_hunt.py                  # the density strategy (target: under 30 s on one core)
    python bench/bench_hunt.py --all            # every strategy analyze runs unasked, one by one
    python bench/bench_hunt.py rollout          # named strategies only (rollout: tens of minutes)
    python bench/bench_hunt.py --analyze        # the whole `cardgm analyze deadreckoning`: wall, first row, peak memory
    python bench/bench_hunt.py --analyze --checkout DIR   # the same, run from another checkout (e.g. the previous commit)
    python bench/bench_hunt.py --sample 1000,10000,100000 --all   # each strategy over samples, beside its whole table
    python bench/bench_hunt.py --analyze --sample 10000   # the whole command with --sample
    python bench/bench_hunt.py --sea 4          # a smaller sea and one round of the reference: the script runs (tests)

With `--sample`, each strategy is evaluated over every berth and then over each sample size (the
seed-0 sample `cardgm analyze --sample` draws), CPU seconds against CPU seconds: the ratio to
the whole table's time is the figure, and every sampled berth's shots (and the cells fired at the
card's berth) are checked equal to the whole table's.

Pinned to one core (the analysis runs as a child on the same core). The reference loop is a
fixed numpy workload of the hunter's kind (counting keys into bins, comparing bytes); it is
timed before and after, and the faster of the two is the baseline. Prints the load average too.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from cardgm.games.deadreckoning.state import Berth

ROOT = Path(__file__).resolve().parent.parent


def reference(rounds: int = 30) -> tuple[float, float]:
    """Wall and CPU seconds for a fixed workload: 30 rounds of counting 4M keys into 1M bins and
    comparing 40 MB of bytes. About a second on the machine the figures in docs/ were taken on."""
    import numpy as np

    keys = (np.arange(1 << 22, dtype=np.int64) * 2654435761) % (1 << 20)
    cells = (np.arange(10 << 22, dtype=np.int64) % 65).astype(np.uint8).reshape(10, -1)
    t, c = time.perf_counter(), time.process_time()
    for i in range(rounds):
        np.bincount(keys + i, minlength=(1 << 20) + 30)
        (cells == np.uint8(i)).sum()
    return time.perf_counter() - t, time.process_time() - c


def line(what: str, seconds: float, ref: float, extra: str = "") -> str:
    """A figure, wall seconds against the reference's wall seconds (a CPU figure in `extra` is
    read against the reference's CPU seconds, printed on its line)."""
    return f"{what:<34} {seconds:7.2f} s   {seconds / ref:6.1f} x reference{extra}"


def analyze(checkout: Path, sample: int | None = None) -> tuple[float, float | None, float, float]:
    """The whole analysis as a child process: wall clock, when the density row came, peak RSS,
    CPU seconds."""
    code = f"import sys; sys.path.insert(0, {str(checkout)!r}); from cardgm.cli import main; main()"
    out_dir = Path("/tmp") / f"bench-hunt-{os.getpid()}"
    args = [sys.executable, "-c", code, "analyze", "deadreckoning", "--out", str(out_dir)]
    if sample:
        args += ["--sample", str(sample)]
    if (checkout / "cardgm" / "progress.py").exists():
        args.append("--quiet")
    t = time.perf_counter()
    first = None
    with subprocess.Popen(args, stdout=subprocess.PIPE, text=True, cwd=checkout) as child:
        assert child.stdout is not None
        for text in child.stdout:
            if first is None and text.startswith("density "):
                first = time.perf_counter() - t
    wall = time.perf_counter() - t
    if child.returncode:
        raise SystemExit(f"cardgm analyze exited {child.returncode}")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, first, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def _card_berth() -> Berth:
    from cardgm.card import load_card
    from cardgm.games.deadreckoning.notation import card_berth

    return card_berth(load_card("deadreckoning").section("GM-ONLY"))


def main() -> None:
    if "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    checkout = Path(sys.argv[sys.argv.index("--checkout") + 1]).resolve() if "--checkout" in sys.argv else ROOT
    size = int(sys.argv[sys.argv.index("--sea") + 1]) if "--sea" in sys.argv else 8
    rounds = 30 if size == 8 else 1  # a smaller sea is for trying the script, not for a figure
    before = reference(rounds)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; checkout {checkout}")
    figures: list[tuple[str, float, str, float | None]] = []  # what, wall s, more, CPU s
    samples = [int(n) for n in sys.argv[sys.argv.index("--sample") + 1].split(",")] if "--sample" in sys.argv else []
    if "--analyze" in sys.argv:
        wall, first, peak, cpu = analyze(checkout, samples[0] if samples else None)
        what = "cardgm analyze deadreckoning" + (f" --sample {samples[0]}" if samples else "")
        figures.append((what, wall, f"   peak {peak:,.0f} MB", cpu))
        if first is not None:
            figures.append(("  ... its density row came at", first, "", None))
    else:
        sys.path.insert(0, str(checkout))
        try:
            from cardgm.games.deadreckoning.hunt import space as berths
            from cardgm.games.deadreckoning.hunt import strategies
        except ImportError:  # a checkout from before the hunter moved into its game's package
            from cardgm.solve import hunt as berths  # type: ignore[no-redef]
            from cardgm.solve import hunt as strategies  # type: ignore[no-redef]

        w = time.perf_counter()
        sp = berths.space() if size == 8 else berths.space(berths.Sea(size, size))
        figures.append(("enumerate every berth", time.perf_counter() - w, f"   {sp.named_berths:,} named berths", None))
        named = [a for a in sys.argv[1:] if a in strategies.STRATEGIES]  # e.g. rollout, which --all leaves out
        every = getattr(strategies, "DEFAULT", strategies.STRATEGIES)
        card = 0 if size != 8 else sp.find(_card_berth())
        for name in named or (list(every) if "--all" in sys.argv else ["density"]):
            w, c = time.perf_counter(), time.process_time()
            ev = strategies.evaluate(name, sp, follow=card if samples else None)
            wall, cpu = time.perf_counter() - w, time.process_time() - c
            figures.append((f"{name} over every berth", wall, f"  mean {ev.mean():.4f}  max {ev.max()}", cpu))
            for n in samples:
                w2, c2 = time.perf_counter(), time.process_time()
                part = strategies.evaluate(name, sp, sample=n, follow=card)
                wall2, cpu2 = time.perf_counter() - w2, time.process_time() - c2
                same = np.array_equal(part.shots, ev.shots[part.entries]) and part.followed == ev.followed
                if not same:
                    raise SystemExit(f"{name}: a sample of {n} took other shots than the whole table")
                figures.append((f"  ... over a sample of {n:,}", wall2, f"  = {cpu2 / cpu:.3f} of the whole table's CPU"
                                f"  mean {part.mean():.4f}  (every shot the whole table's)", cpu2))
    after = reference(rounds)
    ref, ref_cpu = min(before[0], after[0]), min(before[1], after[1])
    print(f"{'reference loop':<34} {ref:7.2f} s   (CPU {ref_cpu:.2f} s; the faster of before and after, each)")
    for what, seconds, extra, cpu_s in figures:
        print(line(what, seconds, ref, ("" if cpu_s is None else f"   cpu {cpu_s:6.2f} s {cpu_s / ref_cpu:6.1f} x reference CPU") + extra))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (after)")


if __name__ == "__main__":
    main()
