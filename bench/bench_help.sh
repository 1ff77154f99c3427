#!/bin/sh
# Benchmark: `cardgm --help` start-up (target: under 0.3 s). Prints the medians of `python -c pass`
# and `cardgm --help` measured in the same run, their ratio, the load, and the slowest imports
# (python -X importtime, cumulative microseconds).
cd "$(dirname "$0")/.." || exit 1
PYTHON=${PYTHON:-python}
"$PYTHON" bench/bench_help.py "$@"
"$PYTHON" -X importtime -m cardgm.cli --help 2>&1 >/dev/null | sort -t'|' -k2 -n | tail -12
