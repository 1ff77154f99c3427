"""Benchmark: `cardgm mcp` round trips a second, against the bare `Run.reply` call.

    python bench/bench_mcp.py [--seconds 4] [--messages 20] [--card ID]

For each card, a few episodes of player's words are recorded first (masked random moves, as
their words, at most `--messages` each). Then the same episodes are played five ways, taking
turns in ten slices of `--seconds` each in all (so a busy moment of a shared machine falls on
every way), and timed:

- baseline: a `Run` on the game, `start()`, then `Run.reply` for each message: the rules alone;
- store: `cardgm.store.play.start` and `play.send` on a SQLite file (what the site pays: the run
  is rebuilt from its stored messages and each reply is committed before it is returned);
- mcp in-memory: `start_run` and `send_message` through the SDK's in-process client
  (`Client(server)`: no JSON-RPC framing), on the same kind of store;
- mcp in-memory json-rpc: the same over the SDK's in-memory streams (`mode="legacy"`: every
  message framed and parsed as on a wire);
- mcp stdio: the same to a `cardgm mcp` subprocess over its stdin and stdout.

A unit is one round trip: one message answered (a start counts as one). Figures: round trips a
second, and each way's rate over the baseline's, measured in the same run (machines differ day
to day; the ratio is the figure to compare). The store's SQLite commits are durable
(synchronous=FULL), so the disk's flush time is in every way but the baseline.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import argparse
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any

import anyio

from cardgm import games
from cardgm.card import load_card
from cardgm.run import Run
from cardgm.store import open_store, play

EPISODES = 4


def record(game_id: str, messages: int) -> list[list[str]]:
    """Episodes of words: masked random moves (the stand-down left out while others are legal)."""
    card = load_card(game_id)
    moves = games.part(games.entry(game_id), "moves")
    rng = random.Random(0)
    out = []
    for _ in range(EPISODES):
        secret = games.draw_secret(game_id, rng)
        run = Run(games.make_game(card) if secret is None else games.make_game(card, secret=secret))
        run.start()
        words: list[str] = []
        while not run.ended and len(words) < messages:
            legal = list(moves.legal(run.game, run.state))
            pick = rng.choice(legal[:-1] if len(legal) > 1 else legal)
            said = moves.say(pick)
            reply = run.reply(said)
            words.append(said)
            if reply.read_as is not None and reply.read_as.value == "confirm":
                run.reply("yes")
                words.append("yes")
        out.append(words)
    return out


async def bench(game_id: str, seconds: float, messages: int, rounds: int = 10) -> dict[str, float]:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    from cardgm.mcp.server import build_server

    card = load_card(game_id)
    episodes = record(game_id, messages)
    tmp = Path(tempfile.mkdtemp(prefix="bench-mcp-"))
    store = open_store(str(tmp / "runs.sqlite3"))
    rng = random.Random(1)

    def baseline(words: list[str]) -> int:
        secret = games.draw_secret(game_id, rng)
        run = Run(games.make_game(card) if secret is None else games.make_game(card, secret=secret))
        run.start()
        for w in words:
            run.reply(w)
        return 1 + len(words)

    def stored(words: list[str]) -> int:
        new, _ = play.start(store, card, rng=rng)
        for w in words:
            play.send(store, new.token, w)
        return 1 + len(words)

    def through(client: Any) -> Callable[[list[str]], Awaitable[int]]:
        async def episode(words: list[str]) -> int:
            started = await client.call_tool("start_run", {"card": game_id})
            run_id = started.structured_content["run_id"]
            for w in words:
                got = await client.call_tool("send_message", {"run_id": run_id, "message": w})
                assert not got.is_error, got.content[0].text
            return 1 + len(words)

        return episode

    async with AsyncExitStack() as stack:
        server = build_server(store, rng=rng)
        direct = await stack.enter_async_context(Client(server))
        framed = await stack.enter_async_context(Client(build_server(store, rng=rng), mode="legacy"))
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "cardgm.cli", "mcp", "--database", str(tmp / "stdio.sqlite3")],
        )
        piped = await stack.enter_async_context(Client(stdio_client(params)))

        async def sync(fn: Callable[[list[str]], int]) -> Callable[[list[str]], Awaitable[int]]:
            async def run(words: list[str]) -> int:
                return fn(words)

            return run

        ways: dict[str, Callable[[list[str]], Awaitable[int]]] = {
            "baseline: Run.reply": await sync(baseline),
            "store: play.send": await sync(stored),
            "mcp in-memory": through(direct),
            "mcp in-memory json-rpc": through(framed),
            "mcp stdio": through(piped),
        }
        for way in ways.values():  # warm: imports, caches, the subprocess's first run
            await way(episodes[0])
        units = dict.fromkeys(ways, 0)
        spent = dict.fromkeys(ways, 0.0)
        for _ in range(rounds):
            for name, way in ways.items():
                t0 = time.perf_counter()
                i = 0
                while time.perf_counter() - t0 < seconds / rounds:
                    units[name] += await way(episodes[i % len(episodes)])
                    i += 1
                spent[name] += time.perf_counter() - t0
    store.dispose()
    return {name: units[name] / spent[name] for name in units}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time for each way, per card (default 4)")
    parser.add_argument("--messages", type=int, default=20, help="messages per episode at most (default 20)")
    parser.add_argument("--card", action="append", help="a card's game id (default: every card with moves)")
    args = parser.parse_args()
    ids = args.card or [e.id for e in games.entries() if e.moves is not None]
    print(f"{'card':<16} {'way':<26} {'round trips/s':>14} {'x baseline':>11}")
    for game_id in ids:
        rates = anyio.run(bench, game_id, args.seconds, args.messages)
        base = rates["baseline: Run.reply"]
        for name, rate in rates.items():
            print(f"{game_id:<16} {name:<26} {rate:>14,.1f} {rate / base:>11.4f}")


if __name__ == "__main__":
    main()
