"""MCP round trips per second: the same tool call (show_run on one BECALMED run) in-process
(the SDK's in-memory client: the baseline), over stdio (`cardgm mcp`) and over streamable HTTP
(`cardgm mcp --http` on loopback), taking turns so load weighs on all. And env steps per second:
MovesEnv with the text observation, the structured one, and the bare Session.play loop.

    python bench/bench_mcp_transports.py [--calls 200] [--steps 2000]
"""

from __future__ import annotations

import argparse
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


async def rate(client, calls: int) -> float:  # type: ignore[no-untyped-def]
    from mcp import Client

    async with Client(client) as c:
        run_id = (await c.call_tool("start_run", {"card": "becalmed"})).structured_content["run_id"]
        t0 = time.perf_counter()
        for _ in range(calls):
            await c.call_tool("show_run", {"run_id": run_id})
        return calls / (time.perf_counter() - t0)


def main() -> None:
    import httpx2
    from mcp import StdioServerParameters
    from mcp.client.streamable_http import streamable_http_client

    from cardgm.mcp.server import build_server
    from cardgm.store import open_store

    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "runs.sqlite3"
    store = open_store(str(db))
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgm.cli", "mcp", "--http", "127.0.0.1:0", "--database", str(db)],
        stderr=subprocess.PIPE, text=True,
    )
    assert server.stderr is not None
    said = re.search(r"http://127\.0\.0\.1:(\d+)/mcp", server.stderr.readline())
    assert said, "the HTTP server did not say where it listens"
    port = int(said.group(1))
    for _ in range(300):  # until it accepts connections
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    try:
        got: dict[str, list[float]] = {"in-process": [], "stdio": [], "http": []}
        for _ in range(3):
            got["in-process"].append(anyio.run(rate, build_server(store), args.calls))
            params = StdioServerParameters(command=sys.executable, args=["-m", "cardgm.cli", "mcp", "--database", str(db)])
            got["stdio"].append(anyio.run(rate, params, args.calls))
            got["http"].append(anyio.run(rate, streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=httpx2.AsyncClient()), args.calls))
    finally:
        server.terminate()
        server.wait()
    base = max(got["in-process"])
    for name, xs in got.items():
        print(f"MCP show_run, {name}: {max(xs):,.0f} calls/s (ratio {max(xs) / base:.2f})")

    import gymnasium as gym
    import numpy as np

    import cardgm.env  # noqa: F401
    from cardgm.agents.session import Session
    from cardgm.card import load_card

    for game_id, (_, env_id) in cardgm.env.ENV_IDS.items():
        rates: dict[str, float] = {}
        for kind in ("session", "text", "structured") * 3:  # taking turns, best of three each
            rng = np.random.default_rng(0)
            steps, t0 = 0, time.perf_counter()
            if kind == "session":
                while steps < args.steps:
                    s = Session(load_card(game_id), steps)
                    s.start()
                    while not s.ended and steps < args.steps:
                        legal = s.legal()
                        s.play(legal[int(rng.integers(max(1, len(legal) - 1)))])
                        steps += 1
            else:
                env = gym.make(env_id, obs=kind, best=False)
                while steps < args.steps:
                    obs, info = env.reset(seed=steps)
                    done = False
                    while not done and steps < args.steps:
                        mask = info["action_mask"]
                        choices = np.flatnonzero(mask[:-1]) if mask[:-1].any() else [len(mask) - 1]
                        obs, r, term, trunc, info = env.step(int(rng.choice(choices)))
                        steps += 1
                        done = term or trunc
            rates[kind] = max(rates.get(kind, 0.0), steps / (time.perf_counter() - t0))
        print(f"{game_id}: Session.play {rates['session']:,.0f} steps/s; MovesEnv text {rates['text']:,.0f} "
              f"({rates['text'] / rates['session']:.2f}); structured {rates['structured']:,.0f} ({rates['structured'] / rates['session']:.2f})")


if __name__ == "__main__":
    main()
