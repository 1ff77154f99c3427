"""Benchmark: Gymnasium environment steps a second, against the bare `Run.reply` loop.

    python bench/bench_env.py [--seconds 3] [--episodes 20]

For each card, a fixed set of episodes is recorded first: masked random moves in the moves
environment (the stand-down left out, so episodes run to the card's end), each with its deal.
Then the same episodes are replayed three ways, taking turns in ten slices of `--seconds`
each in all (so a busy moment of a shared machine falls on all three), and timed:

- baseline: a `Run` on the dealt game, `start()`, then `Run.reply` for each message (the
  words the moves were sent as: what any front end pays);
- `CardEnv`: `reset(options={"deal": n})`, then `step(message)` for each message;
- `MovesEnv`: `reset(options={"deal": n})`, then `step(index)` for each move (a move read as a
  confirm line is two messages, so a moves step can be two replies).

Figures: messages (or steps) a second, and each environment's rate over the baseline's, measured
in the same run (machines differ day to day; the ratio is the figure to compare).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import argparse
import time

import numpy as np

from cardgm import games
from cardgm.agents.deal import deal
from cardgm.card import load_card
from cardgm.env import CardEnv, MovesEnv
from cardgm.run import Run


def record(game_id: str, episodes: int) -> list[tuple[int, list[int], list[str]]]:
    """(deal, move indices, messages sent) for each episode of masked random play."""
    env = MovesEnv(game_id, best=False)
    rng = np.random.default_rng(0)
    out = []
    for n in range(episodes):
        obs, info = env.reset(options={"deal": n})
        moves: list[int] = []
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            if len(legal) > 1:
                legal = legal[legal != len(env.universe) - 1]  # the stand-down is last
            i = int(rng.choice(legal))
            moves.append(i)
            obs, _, terminated, truncated, info = env.step(i)
            done = terminated or truncated
        assert env.session is not None
        messages = [m for m, _ in env.session.run.transcript[1:]]
        out.append((n, moves, messages))
    return out


def timed(seconds: float, ways: dict[str, object], rounds: int = 10) -> dict[str, float]:
    """Units a second for each way: `way()` plays one episode and returns its units. The ways
    take turns, `rounds` slices each, so a busy moment of the machine falls on all of them."""
    units = dict.fromkeys(ways, 0)
    spent = dict.fromkeys(ways, 0.0)
    for _ in range(rounds):
        for name, one in ways.items():
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < seconds / rounds:
                units[name] += one()  # type: ignore[operator]
            spent[name] += time.perf_counter() - t0
    return {name: units[name] / spent[name] for name in ways}


def bench(game_id: str, seconds: float, episodes: int) -> dict[str, float]:
    card = load_card(game_id)
    recorded = record(game_id, episodes)
    deals = {n: deal(card, n) for n, _, _ in recorded}
    words, moves = CardEnv(card, best=False), MovesEnv(card, best=False)
    k = {"i": 0}

    def nxt() -> tuple[int, list[int], list[str]]:
        k["i"] = (k["i"] + 1) % len(recorded)
        return recorded[k["i"]]

    def baseline() -> int:
        n, _, messages = nxt()
        run = Run(deals[n].game)
        run.start()
        for m in messages:
            run.reply(m)
        return len(messages)

    def words_env() -> int:
        n, _, messages = nxt()
        words.reset(options={"deal": n})
        for m in messages:
            words.step(m)
        return len(messages)

    def moves_env() -> int:
        n, indices, _ = nxt()
        moves.reset(options={"deal": n})
        for i in indices:
            moves.step(i)
        return len(indices)

    return timed(seconds, {"baseline": baseline, "words": words_env, "moves": moves_env})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--episodes", type=int, default=20)
    args = ap.parse_args()
    print(f"{'card':<16} {'Run.reply msg/s':>16} {'CardEnv step/s':>15} {'ratio':>6} {'MovesEnv step/s':>16} {'ratio':>6}")
    for game_id in [e.id for e in games.entries() if e.moves is not None]:  # MovesEnv needs structured moves
        r = bench(game_id, args.seconds, args.episodes)
        title = load_card(game_id).title
        print(
            f"{title:<16} {r['baseline']:>16,.0f} {r['words']:>15,.0f} {r['words'] / r['baseline']:>6.2f}"
            f" {r['moves']:>16,.0f} {r['moves'] / r['baseline']:>6.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
