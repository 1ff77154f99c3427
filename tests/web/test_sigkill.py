"""SIGKILL under load: kill -9 the server while players are moving, start it again on the same
database, and every move it acknowledged is there, reply for reply (on SQLite, and on
PostgreSQL when it answers)."""

from __future__ import annotations

import http.client
import json
import signal
import threading
import time
from urllib.parse import urlsplit

import pytest

from . import live

CELLS = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"]


def call(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"{}")


def load_until_killed(url: str, players: int, moves: int, kill) -> dict[str, dict[int, str]]:
    """Players fire shots until `kill()` runs, once `moves` are acknowledged (or a minute has
    passed); returns, per run token, the acknowledged replies (turn -> text)."""
    host = urlsplit(url)
    acked: dict[str, dict[int, str]] = {}
    lock = threading.Lock()
    stop = threading.Event()

    def player(i: int) -> None:
        conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
        try:
            status, new = call(conn, "POST", "/api/runs", {"card": "deadreckoning"})
            assert status == 201
            token = new["token"]
            with lock:
                acked[token] = {1: new["reply"]["text"]}
            for k in range(10_000):
                if stop.is_set():
                    return
                status, reply = call(conn, "POST", f"/api/runs/{token}/messages", {"message": CELLS[(i * 7 + k) % 64]})
                assert status == 200, reply
                with lock:
                    acked[token][reply["turn"]] = reply["text"]
        except (OSError, http.client.HTTPException):
            return  # the server died under us: what was acknowledged is what counts

    threads = [threading.Thread(target=player, args=(i,)) for i in range(players)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with lock:
            if sum(len(v) - 1 for v in acked.values()) >= moves:
                break
        time.sleep(0.05)
    kill()
    stop.set()
    for t in threads:
        t.join(timeout=30)
    return acked


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_every_acknowledged_move_survives_sigkill(backend, tmp_path, request) -> None:
    database = str(tmp_path / "runs.sqlite3") if backend == "sqlite" else request.getfixturevalue("pg_url")
    server = live.start(database, workers=2)
    acked = load_until_killed(server.url, players=4, moves=40, kill=lambda: server.stop(signal.SIGKILL))
    moves = sum(len(v) - 1 for v in acked.values())
    assert moves > 10, "the load never got going"

    again = live.start(database, workers=1)
    try:
        host = urlsplit(again.url)
        conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
        for token, replies in acked.items():
            status, run = call(conn, "GET", f"/api/runs/{token}")
            assert status == 200
            kept = {r["turn"]: r["text"] for r in run["replies"]}
            missing = [turn for turn in replies if kept.get(turn) != replies[turn]]
            assert not missing, f"acknowledged replies lost at turns {missing}"
            # and the run goes on, its stored messages replaying exactly
            status, _ = call(conn, "POST", f"/api/runs/{token}/messages", {"message": "status"})
            assert status == 200
    finally:
        again.stop()
