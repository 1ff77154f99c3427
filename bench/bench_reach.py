"""The reachable mornings a SAVE block is checked against: how many, and what they cost.

    python bench/bench_reach.py            # time the search per day for every shipped card, from scratch
    python bench/bench_reach.py --write    # and write the printed tapes' sets into the package

Prints, per card and day, the mornings play reaches, the seconds the search took to get there from
the day before, and the time to check one block once the set is held, each against a reference
loop (a million additions in pure Python) timed in the same run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from importlib import import_module

from cardgm.card import load_card


def reference() -> float:
    t = time.perf_counter()
    n = 0
    for i in range(1_000_000):
        n += i
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the printed tapes' sets into the package")
    parser.add_argument("--card", action="append", help="only this card (repeatable)")
    parser.add_argument("--days", type=int, help="stop after this day (the whole search by default; --write needs it whole)")
    args = parser.parse_args()
    ref = reference()
    print(f"reference loop: {ref * 1000:.1f} ms")
    for card_id in args.card or ["becalmed", "cattle-trail"]:
        package = card_id.replace("-", "_")
        reach = import_module(f"cardgm.games.{package}.reach")
        card = load_card(card_id)
        tape = card.tape
        days = [reach.opening()]
        started = time.perf_counter()
        print(f"{card_id}: day 1: {len(days[0])} morning")
        last = min(reach.LAST_MORNING, args.days or reach.LAST_MORNING)
        while days[-1].day < last:
            t = time.perf_counter()
            days.append(reach.next_day(days[-1], tape))
            took = time.perf_counter() - t
            print(f"{card_id}: day {days[-1].day}: {len(days[-1]):,} mornings, {took:.2f} s ({took / ref:.1f} × reference)", flush=True)
        total = time.perf_counter() - started
        print(f"{card_id}: every day: {sum(len(d) for d in days):,} mornings, {total:.1f} s ({total / ref:.0f} × reference)")
        if args.write and last == reach.LAST_MORNING:
            kept = reach._kept(tape, reach.rules.RULED)
            reach.SHIPPED.mkdir(exist_ok=True)
            for old in reach.SHIPPED.glob("*.json.gz"):
                old.unlink()
            path = reach.SHIPPED / kept.file
            with gzip.open(path, "wt", encoding="utf-8") as f:
                json.dump(reach._encode(days), f, separators=(",", ":"))
            print(f"{card_id}: wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
