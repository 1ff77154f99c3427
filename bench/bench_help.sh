#!/bin/sh
# Benchmark: `cardgm --help` start-up (target: under 0.3 s). Prints the wall time of five runs
# and the slowest imports (python -X importtime, cumulative microseconds).
cd "$(dirname "$0")/.." || exit 1
for i in 1 2 3 4 5; do
  /usr/bin/time -f "cardgm --help  %e s" python -m cardgm.cli --help > /dev/null
done
python -X importtime -m cardgm.cli --help 2>&1 >/dev/null | sort -t'|' -k2 -n | tail -12
