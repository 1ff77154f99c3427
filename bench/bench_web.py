"""Benchmark: `cardgm serve` under load on loopback, and the SIGKILL check.

    python bench/bench_web.py [--players 8] [--seconds 8] [--workers 1,4] [--kill-players 8]
                              [--length 200] [--length-pairs 3]

N concurrent players (each its own process, one keep-alive connection) play DEADRECKONING runs
through the JSON API: a run is created, 40 shots are fired one message at a time, then a new run.
For each database (SQLite; PostgreSQL at 127.0.0.1:5432 when it answers, in a fresh schema
dropped afterwards) and each worker count: moves a second, and the p50 and p99 latency of one
message (request to reply, the reply written to the database before it is sent).

Baseline, measured in the same run and interleaved: the same moves through
`cardgm.store.play.send` in-process (one thread, no HTTP) on a SQLite file, timed just before and
just after each figure, so that it meets the load the figure met; each figure is given as a ratio
to the mean of the baselines on either side of it (both printed). Wall seconds throughout: the
server's figure is a throughput across processes.

Then a move's cost against the run's length, on each database: pairs of DEADRECKONING runs, one
fresh and one with `--length` - 1 messages already kept (questions, which move nothing), each
sent the same fresh shots in turn, interleaved with the same on two in-process `Run`s (the
engine, no store, no HTTP: the baseline). Moves/s (1 / mean) and p99 at move 1 and at move
`--length`, and their ratio; the page keeps each run's state with it, so the ratio is about 1.

Then the SIGKILL check: the players load a two-worker server, it is killed with SIGKILL, started
again on the same database, and every acknowledged move is looked for, reply for reply.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import argparse
import http.client
import json
import multiprocessing as mp
import os
import re
import secrets
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
from urllib.parse import urlsplit

CELLS = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"]
SHOTS_PER_RUN = 40
PG_URL = os.environ.get("CARDGM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


# -- a server ---------------------------------------------------------------------------------


def start_server(database: str, workers: int) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("CARDGM_DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cardgm.cli import main; main()", "serve", "--port", "0",
         "--workers", str(workers), "--database", database, "--no-warm"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True,
    )
    first = proc.stdout.readline() if proc.stdout else ""
    m = re.search(r"serving at (http://\S+/)", first)
    if not m:
        raise SystemExit(f"cardgm serve did not start: {first}")
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # type: ignore[union-attr]
    url = m.group(1)
    for _ in range(300):
        try:
            with urllib.request.urlopen(url + "healthz", timeout=2):
                break
        except OSError:
            time.sleep(0.1)
    # Every worker up: a few requests answered in a row.
    for _ in range(workers * 4):
        urllib.request.urlopen(url + "healthz", timeout=10).read()
    return proc, url


def stop_server(proc: subprocess.Popen[str], sig: int = signal.SIGTERM) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        proc.wait(timeout=30)


# -- a player ---------------------------------------------------------------------------------


def _call(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"{}")


def player(url: str, index: int, start_at: float, stop_at: float, out: mp.Queue) -> None:
    """Play until stop_at; report (latencies of moves after start_at, acknowledged replies)."""
    host = urlsplit(url)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
    latencies: list[float] = []
    acked: dict[str, dict[int, str]] = {}
    errors = 0
    try:
        while time.time() < stop_at:
            status, new = _call(conn, "POST", "/api/runs", {"card": "deadreckoning"})
            if status != 201:
                errors += 1
                continue
            token = new["token"]
            acked[token] = {1: new["reply"]["text"]}
            for k in range(SHOTS_PER_RUN):
                t0 = time.perf_counter()
                status, reply = _call(conn, "POST", f"/api/runs/{token}/messages", {"message": CELLS[(index * 7 + k * 3) % 64]})
                dt = time.perf_counter() - t0
                if status != 200:
                    errors += 1
                    continue
                acked[token][reply["turn"]] = reply["text"]
                now = time.time()
                if start_at <= now <= stop_at:
                    latencies.append(dt)
                if now > stop_at:
                    break
    except (OSError, http.client.HTTPException):
        pass  # killed under us
    out.put((latencies, acked, errors))


def load(url: str, players: int, seconds: float, warmup: float = 1.0, kill: float | None = None,
         proc: subprocess.Popen[str] | None = None) -> tuple[list[float], dict[str, dict[int, str]], int, float]:
    out: mp.Queue = mp.Queue()
    start_at = time.time() + warmup
    stop_at = start_at + seconds
    procs = [mp.Process(target=player, args=(url, i, start_at, stop_at, out)) for i in range(players)]
    for p in procs:
        p.start()
    if kill is not None and proc is not None:
        time.sleep(warmup + kill)
        stop_server(proc, signal.SIGKILL)
    results = [out.get(timeout=seconds + warmup + 120) for _ in procs]
    for p in procs:
        p.join()
    latencies = [x for r in results for x in r[0]]
    acked: dict[str, dict[int, str]] = {}
    for r in results:
        acked.update(r[1])
    return latencies, acked, sum(r[2] for r in results), seconds


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


# -- the baseline -----------------------------------------------------------------------------


def baseline(seconds: float) -> tuple[float, float, float]:
    """The same moves through the store in-process: moves/s, p50, p99 (seconds)."""
    from cardgm.card import load_card
    from cardgm.store import open_store, play

    with tempfile.TemporaryDirectory() as folder:
        store = open_store(str(Path(folder) / "runs.sqlite3"))
        card = load_card("deadreckoning")
        lat: list[float] = []
        t_end = time.perf_counter() + seconds
        while time.perf_counter() < t_end:
            new, _ = play.start(store, card)
            for k in range(SHOTS_PER_RUN):
                t0 = time.perf_counter()
                play.send(store, new.token, CELLS[(k * 3) % 64])
                lat.append(time.perf_counter() - t0)
        store.dispose()
    return len(lat) / seconds, pct(lat, 0.5), pct(lat, 0.99)


# -- PostgreSQL -------------------------------------------------------------------------------


def pg_schema() -> str | None:
    try:
        import psycopg

        schema = f"cardgm_bench_{secrets.token_hex(4)}"
        with psycopg.connect(PG_URL, autocommit=True, connect_timeout=2) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        return schema
    except Exception as exc:  # noqa: BLE001 - any failure means: no PostgreSQL here
        print(f"PostgreSQL does not answer at {PG_URL} ({str(exc).splitlines()[0]}): SQLite only")
        return None


def drop_schema(schema: str) -> None:
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


# -- the SIGKILL check ------------------------------------------------------------------------


def sigkill_check(database: str, players: int) -> str:
    proc, url = start_server(database, workers=2)
    _, acked, _, _ = load(url, players, seconds=60, warmup=0.5, kill=2.5, proc=proc)
    moves = sum(len(v) - 1 for v in acked.values())
    proc, url = start_server(database, workers=1)
    host = urlsplit(url)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
    lost = kept_extra = 0
    for token, replies in acked.items():
        status, run = _call(conn, "GET", f"/api/runs/{token}")
        kept = {r["turn"]: r["text"] for r in run.get("replies", [])} if status == 200 else {}
        lost += sum(1 for turn, text in replies.items() if kept.get(turn) != text)
        kept_extra += len(set(kept) - set(replies))
    stop_server(proc)
    return (
        f"{moves} moves acknowledged over {len(acked)} runs before SIGKILL; after restart {moves + len(acked) - lost} "
        f"of {moves + len(acked)} acknowledged replies found ({lost} lost); {kept_extra} more were written "
        "but not yet acknowledged when the server died"
    )


QUESTIONS = ("how many ships are left?", "what does the grid look like?", "how many salvos have I fired?")
MEASURED_SHOTS = 20  # per run: fresh cells, too few to sink every hull (so the duel never ends)


def _engine_run(history: int) -> object:
    from cardgm import games
    from cardgm.card import load_card
    from cardgm.run import Run

    card = load_card("deadreckoning")
    run = Run(games.make_game(card, secret=games.draw_secret(card.game_id)))
    run.start()
    for i in range(history):
        run.reply(QUESTIONS[i % len(QUESTIONS)])
    return run


def length_check(url: str, length: int, pairs: int) -> dict[str, list[float]]:
    """Latencies of one message at move 1.. and at move `length`.., over HTTP and in the engine,
    interleaved shot by shot so that a change of load falls on all four alike."""
    host = urlsplit(url)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
    lat: dict[str, list[float]] = {"http 1": [], "http long": [], "engine 1": [], "engine long": []}
    for _ in range(pairs):
        tokens = []
        for history in (0, length - 1):
            status, new = _call(conn, "POST", "/api/runs", {"card": "deadreckoning"})
            assert status == 201, new
            for i in range(history):
                _call(conn, "POST", f"/api/runs/{new['token']}/messages", {"message": QUESTIONS[i % len(QUESTIONS)]})
            tokens.append(new["token"])
        engines = [_engine_run(0), _engine_run(length - 1)]
        for k in range(MEASURED_SHOTS):
            cell = CELLS[(k * 3) % 64]
            for which, token, engine in (("1", tokens[0], engines[0]), ("long", tokens[1], engines[1])):
                t0 = time.perf_counter()
                engine.reply(cell)  # type: ignore[attr-defined]
                lat[f"engine {which}"].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                status, reply = _call(conn, "POST", f"/api/runs/{token}/messages", {"message": cell})
                lat[f"http {which}"].append(time.perf_counter() - t0)
                assert status == 200 and not reply["ended"], reply
    conn.close()
    return lat


def _rate(values: list[float]) -> float:
    return len(values) / sum(values) if values else float("nan")


def print_length(name: str, length: int, lat: dict[str, list[float]]) -> None:
    for kind in ("http", "engine"):
        one, long = lat[f"{kind} 1"], lat[f"{kind} long"]
        what = f"{name}, HTTP + store" if kind == "http" else "in-process engine"
        print(
            f"| {what} | {_rate(one):,.0f} | {pct(one, 0.99) * 1000:.2f} | {_rate(long):,.0f} | "
            f"{pct(long, 0.99) * 1000:.2f} | {_rate(long) / _rate(one):.2f} | {pct(long, 0.99) / pct(one, 0.99):.2f} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--workers", default="1,4", help="worker counts to measure, comma-separated")
    ap.add_argument("--kill-players", type=int, default=8, help="players in the SIGKILL check (0: no check)")
    ap.add_argument("--length", type=int, default=200, help="the long run's move for the cost-by-length check")
    ap.add_argument("--length-pairs", type=int, default=3, help="pairs of runs in that check (0: no check)")
    args = ap.parse_args()
    workers = [int(w) for w in args.workers.split(",")]

    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores; {args.players} players, {args.seconds:.0f} s a figure")
    bases = [baseline(args.seconds)]
    print(f"baseline: play.send in-process on SQLite, one thread: {bases[0][0]:,.0f} moves/s, p50 {bases[0][1] * 1000:.1f} ms, "
          f"p99 {bases[0][2] * 1000:.1f} ms; timed again after each figure")
    print()
    print("| database | workers | moves/s | baseline before / after | ratio to baseline | p50 ms | p99 ms | errors |")
    print("|---|---|---|---|---|---|---|---|")
    schema = pg_schema()
    with tempfile.TemporaryDirectory() as folder:
        databases = [("SQLite", lambda w: str(Path(folder) / f"runs-{w}.sqlite3"))]
        if schema:
            databases.append(("PostgreSQL", lambda w: f"{PG_URL}?options=-csearch_path%3D{schema}"))
        try:
            for name, db in databases:
                for w in workers:
                    proc, url = start_server(db(w), w)
                    try:
                        lat, _, errors, secs = load(url, args.players, args.seconds)
                    finally:
                        stop_server(proc)
                    rate = len(lat) / secs
                    bases.append(baseline(args.seconds))  # after this figure, before the next: the same load
                    before, after = bases[-2][0], bases[-1][0]
                    print(f"| {name} | {w} | {rate:,.0f} | {before:,.0f} / {after:,.0f} | {rate / ((before + after) / 2):.2f} "
                          f"| {pct(lat, 0.5) * 1000:.1f} | {pct(lat, 0.99) * 1000:.1f} | {errors} |", flush=True)
            print()
            if args.length_pairs:
                print(f"A move's cost by the run's length: {args.length_pairs} pairs of runs, {MEASURED_SHOTS} shots each, interleaved")
                print(f"| path | moves/s at move 1 | p99 ms | moves/s at move {args.length} | p99 ms | rate ratio {args.length}/1 | p99 ratio |")
                print("|---|---|---|---|---|---|---|")
                for name, db in databases:
                    proc, url = start_server(db("length"), 1)
                    try:
                        print_length(name, args.length, length_check(url, args.length, args.length_pairs))
                    finally:
                        stop_server(proc)
                print()
            for name, db in (databases if args.kill_players else []):
                print(f"SIGKILL ({name}, 2 workers, {args.kill_players} players): {sigkill_check(db('kill'), args.kill_players)}")
        finally:
            if schema:
                drop_schema(schema)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
