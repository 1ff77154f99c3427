"""Two `cardgm serve` processes on one PostgreSQL database (as two machines behind a proxy):
concurrent moves on one run, sent to both, are each kept once and in order, and every reply a
player was shown is the one kept. Skipped, saying why, where PostgreSQL does not answer."""

from __future__ import annotations

import http.client
import json
import threading
from urllib.parse import urlsplit

from click.testing import CliRunner

from cardgm.cli import main

from . import live

CELLS = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"]


def _post(url: str, path: str, body: dict) -> tuple[int, dict]:
    where = urlsplit(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    try:
        conn.request("POST", path, body=json.dumps(body), headers={"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def _get(url: str, path: str) -> dict:
    where = urlsplit(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    try:
        conn.request("GET", path)
        return json.loads(conn.getresponse().read())
    finally:
        conn.close()


def test_db_upgrade_then_two_servers_keep_every_move_once_in_order(pg_url: str) -> None:
    done = CliRunner().invoke(main, ["db", "upgrade", "--database", pg_url])
    assert done.exit_code == 0 and "at the schema's head" in done.output
    servers = [live.start(pg_url, extra=["--no-migrate"]) for _ in range(2)]
    try:
        status, new = _post(servers[0].url, "/api/runs", {"card": "deadreckoning"})
        assert status == 201
        token = new["token"]
        shown: dict[str, dict] = {}  # cell -> the reply the player was shown
        errors: list[str] = []

        def player(server: live.Server, cells: list[str]) -> None:
            for cell in cells:
                status, reply = _post(server.url, f"/api/runs/{token}/messages", {"message": cell})
                if status != 200:
                    errors.append(f"{cell}: {status} {reply}")
                    continue
                shown[cell] = reply

        # Four players, two on each server, each firing its own cells at the same run at once.
        mine = [CELLS[i:24:4] for i in range(4)]
        threads = [threading.Thread(target=player, args=(servers[i % 2], mine[i])) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        run = _get(servers[1].url, f"/api/runs/{token}")
        replies = run["replies"][1:]
        # Every move once, in order: 24 messages, turns 2..25 with no gap and no repeat, each
        # cell fired once, and the shot count rising by one each time (until the duel's end).
        assert [r["turn"] for r in replies] == list(range(2, 2 + len(replies)))
        assert sorted(r["message"] for r in replies) == sorted(CELLS[:24]) or run["status"] == "ended"
        fired = [r["message"] for r in replies if r["read_as"] == "move"]
        assert len(fired) == len(set(fired))
        shots = [r["state"]["shots"] for r in replies if r["read_as"] == "move"]
        assert shots == list(range(1, len(shots) + 1))
        # Each reply a player was shown is the one kept for that message.
        kept = {r["message"]: r for r in replies}
        assert all(kept[cell]["text"] == reply["text"] for cell, reply in shown.items())
        check = _post(servers[0].url, f"/api/shared/{run['share_id']}/check", {})[1]
        assert check["ok"] in (True, None)  # None: a sealed duel still being played checks at its end
    finally:
        for server in servers:
            server.stop()


def test_behind_an_https_proxy_the_cookie_is_secure(tmp_path) -> None:
    """`--forwarded-allow-ips` names the proxy whose X-Forwarded-Proto is believed: from it, an
    HTTPS page's runs cookie is Secure; from anyone else the header changes nothing."""
    for trusted, secure in (("127.0.0.1", True), ("10.9.8.7", False)):
        server = live.start(str(tmp_path / f"runs-{trusted}.sqlite3"), extra=["--forwarded-allow-ips", trusted])
        try:
            where = urlsplit(server.url)
            conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
            conn.request("POST", "/runs", body="card=becalmed", headers={
                "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https",
            })
            r = conn.getresponse()
            cookie = r.getheader("set-cookie") or ""
            assert r.status == 303 and "cardgm_runs=" in cookie
            assert ("secure" in cookie.lower()) is secure, cookie
            conn.close()
        finally:
            server.stop()
