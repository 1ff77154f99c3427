"""Benchmark: the player's-words readers, messages read a second, against a baseline in the same run.

    python bench/bench_readers.py [--seconds 3] [--rounds 2] [--baseline REF]

Two figures per card, each measured for this checkout and for the readers at REF (default
1ec5a44, the commit before issue 10's readers), in the same run, in fresh processes, alternating,
each one's best round kept: (1) messages a second over the casual-message corpus
(`tests/corpus/<game>.tsv`, each message read in its own morning, the messages before it in the
row read too); (2) the slowest read
of a message repeated to the 4,000-character limit, over the shapes that were slow (best of three
where a read takes under half a second). Each figure is printed with the baseline's and the ratio.
Pin it to one quiet core for steady figures: `taskset -c 0 python bench/bench_readers.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def games() -> list[str]:
    """The registry's games that have a corpus to read."""
    try:
        from cardgm.games import ids
    except ImportError:  # a baseline from before the registry (1ec5a44): its table of ids
        from cardgm.games import REGISTRY

        return [gid for gid in sorted(REGISTRY) if (ROOT / "tests" / "corpus" / f"{gid}.tsv").exists()]
    return [gid for gid in sorted(ids()) if (ROOT / "tests" / "corpus" / f"{gid}.tsv").exists()]

SHAPES = ("if ", "if not ", "unless ", "PUSH push tomorrow ", "hire ", "b5 ", "shrot ", "when ? ", "full sail row ")
LIMIT = 4000


def worker(seconds: float) -> dict[str, dict[str, object]]:
    """Runs inside a process whose `cardgm` is the checkout being measured."""
    sys.path.insert(0, str(ROOT / "tests"))
    from corpus.support import STATES, game, rows  # the corpus and its mornings, from this checkout

    from cardgm.game import ReadAs

    out: dict[str, dict[str, object]] = {}
    for gid in games():
        g = game(gid)
        states = STATES[gid]()
        plan = [(states[r.state], r.before, r.message) for r in rows(gid)]
        for state, _before, message in plan[:50]:  # warm: imports and caches
            g.read(state, message, None)
        reads, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for state, before, message in plan:
                pending = None
                for earlier in before:
                    got = g.read(state, earlier, pending)
                    pending = got if got.kind in (ReadAs.ASK, ReadAs.CONFIRM) else None
                    reads += 1
                g.read(state, message, pending)
                reads += 1
        rate = reads / (time.perf_counter() - start)
        worst, worst_shape = 0.0, ""
        state = g.new()
        for shape in SHAPES:
            message = (shape * (LIMIT // len(shape) + 1))[:LIMIT]
            best = float("inf")
            for k in range(3):
                t = time.perf_counter()
                g.read(state, message[: LIMIT - 4] + f" q{k}", None)
                best = min(best, time.perf_counter() - t)
                if best > 0.5:
                    break
            if best > worst:
                worst, worst_shape = best, shape
        out[gid] = {"messages_per_s": rate, "corpus": len(plan), "worst_s": worst, "worst_shape": worst_shape}
    return out


def run_worker(code_root: Path, seconds: float) -> dict[str, dict[str, object]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(code_root), os.environ.get("PYTHONPATH")])))  # and a plugged-in card's
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", "--seconds", str(seconds)],
        env=env, capture_output=True, text=True, check=True, cwd=str(code_root),
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def best(runs: list[dict[str, dict[str, object]]]) -> dict[str, dict[str, object]]:
    """Per card, the highest rate and the lowest slowest-read over several rounds."""
    out: dict[str, dict[str, object]] = {}
    for gid in runs[0]:
        fast = max(runs, key=lambda r: float(r[gid]["messages_per_s"]))[gid]
        calm = min(runs, key=lambda r: float(r[gid]["worst_s"]))[gid]
        out[gid] = {**fast, "worst_s": calm["worst_s"], "worst_shape": calm["worst_shape"]}
    return out


def extract(ref: str, into: Path) -> None:
    """The `cardgm` package as it stood at `ref`, unpacked into `into`."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "cardgm"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time spent reading the corpus, per card and checkout")
    ap.add_argument("--baseline", default="1ec5a44", help="the git ref whose readers are the baseline")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of baseline then this checkout; each one's best is kept")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.seconds)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        print(f"baseline: readers at {args.baseline}; this checkout: {ROOT}", flush=True)
        extract(args.baseline, Path(tmp))
        # Alternate the two, and keep each one's best round: the machine's load moves between runs.
        rounds = [(run_worker(Path(tmp), args.seconds), run_worker(ROOT, args.seconds)) for _ in range(args.rounds)]
        base = best([b for b, _ in rounds])
        now = best([n for _, n in rounds])
    print(f"{'card':14} {'corpus':>6} {'msgs/s now':>11} {'baseline':>9} {'now/base':>9}   {'slowest long read now':>32} {'baseline':>34} {'base/now':>9}")
    for gid in now:
        if gid not in base:
            continue
        a, b = now[gid], base[gid]
        rate = float(a["messages_per_s"]) / float(b["messages_per_s"])
        slow = float(b["worst_s"]) / max(float(a["worst_s"]), 1e-9)
        print(
            f"{gid:14} {a['corpus']:>6} {a['messages_per_s']:>11,.0f} {b['messages_per_s']:>9,.0f} {rate:>8.2f}x"
            f"   {float(a['worst_s']) * 1000:>8.1f} ms {a['worst_shape']!r:>21}   {float(b['worst_s']) * 1000:>9.1f} ms {b['worst_shape']!r:>21} {slow:>8.2f}x"
        )


if __name__ == "__main__":
    main()
