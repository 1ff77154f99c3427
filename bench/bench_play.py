"""Benchmark: the memory `cardgm play` holds over a long run (it keeps the state, the pending
question and a count; the replies go to the screen and the log).

    python bench/bench_play.py [--messages 20000,60000] [--against DIR]

Plays DEADRECKONING from stdin with N messages that move nothing ("what is the weather": each is
read, answered in full and counted), stdout thrown away, and prints the process's peak resident
memory for each N. `--against DIR` runs the same beside another tree's cardgm (DIR holds its
`cardgm` package: `git archive 3317ed4 cardgm | tar -x -C /tmp/base`), alternating: the ratio is
this tree's peak over DIR's at the same N. A run that keeps every reply grows with N; one that
does not stays flat.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CODE = (
    "import atexit, resource, sys; sys.path.insert(0, {tree!r}); "
    "atexit.register(lambda: print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)); "
    "from cardgm.cli import main; main()"
)


def peak_mb(tree: str, messages: int) -> float:
    """Peak RSS (MB) of `cardgm play deadreckoning` answering `messages` lines from stdin."""
    lines = "what is the weather\n" * messages
    out = subprocess.run([sys.executable, "-c", CODE.format(tree=tree), "play", "deadreckoning"], input=lines,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", default="20000,60000", help="message counts, comma-separated")
    ap.add_argument("--against", metavar="DIR", help="another tree's cardgm, run alternately")
    args = ap.parse_args()
    this = str(HERE.parent)
    for n in (int(x) for x in args.messages.split(",")):
        mine = peak_mb(this, n)
        if args.against:
            base = peak_mb(str(Path(args.against).resolve()), n)
            print(f"{n:>8,} messages: this tree {mine:7.1f} MB peak, baseline {base:7.1f} MB, ratio {mine / base:.2f}", flush=True)
        else:
            print(f"{n:>8,} messages: {mine:7.1f} MB peak", flush=True)


if __name__ == "__main__":
    main()
