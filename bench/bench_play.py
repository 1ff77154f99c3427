"""Benchmark: the memory `cardgm play` holds over a long run (it keeps the state, the pending
question and a count; the replies go to the screen and the log).

    python bench/bench_play.py [--messages 20000,60000] [--against DIR]
    python bench/bench_play.py --card becalmed --script --messages 2000,200000

Plays DEADRECKONING from stdin with N messages that move nothing ("what is the weather": each is
read, answered in full and counted), stdout thrown away, and prints the process's peak resident
memory for each N. `--against DIR` runs the same beside another tree's cardgm (DIR holds its
`cardgm` package: `git archive 3317ed4 cardgm | tar -x -C /tmp/base`), alternating: the ratio is
this tree's peak over DIR's at the same N. A run that keeps every reply grows with N; one that
does not stays flat. `--card` plays another card; `--script` hands the messages over as a file
(`cardgm play CARD --script FILE`) rather than on stdin.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CODE = (
    "import atexit, resource, sys; sys.path.insert(0, {tree!r}); "
    "atexit.register(lambda: print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)); "
    "from cardgm.cli import main; main()"
)


def peak_mb(tree: str, messages: int, card: str = "deadreckoning", script: bool = False) -> float:
    """Peak RSS (MB) of `cardgm play CARD` answering `messages` lines from stdin (or, with
    `script`, from a file named by --script)."""
    lines = "what is the weather\n" * messages
    command = [sys.executable, "-c", CODE.format(tree=tree), "play", card]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        if script:
            f.write(lines)
            f.flush()
            command += ["--script", f.name]
        out = subprocess.run(command, input=None if script else lines, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, check=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", default="20000,60000", help="message counts, comma-separated")
    ap.add_argument("--against", metavar="DIR", help="another tree's cardgm, run alternately")
    ap.add_argument("--card", default="deadreckoning", help="the card to play")
    ap.add_argument("--script", action="store_true", help="give the messages as a file (--script FILE), not on stdin")
    args = ap.parse_args()
    this = str(HERE.parent)
    for n in (int(x) for x in args.messages.split(",")):
        mine = peak_mb(this, n, args.card, args.script)
        if args.against:
            base = peak_mb(str(Path(args.against).resolve()), n, args.card, args.script)
            print(f"{n:>8,} messages: this tree {mine:7.1f} MB peak, baseline {base:7.1f} MB, ratio {mine / base:.2f}", flush=True)
        else:
            print(f"{n:>8,} messages: {mine:7.1f} MB peak", flush=True)


if __name__ == "__main__":
    main()
