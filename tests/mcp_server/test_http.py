"""`cardgm mcp` over streamable HTTP, through the SDK's HTTP client: the command a remote
connector reaches (`cardgm mcp --http HOST:PORT`, a real subprocess on loopback), its token, and
the same endpoint served by the site at /mcp on the site's store. The whole-game check runs on
both transports: a client plays every card with structured moves to its end, and the RESULT is
the one `cardgm play` prints for the same words."""

from __future__ import annotations

import json
import random
import re
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest

from cardgm import games
from cardgm.card import load_card

from .test_tools import MOVED

httpx2 = pytest.importorskip("httpx2", reason="the MCP SDK's HTTP client")

from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

TIMEOUT_S = 120
TOKEN = "a-test-token-4f9c"


@contextmanager
def http_server(db: Path, *args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`cardgm mcp --http 127.0.0.1:0` on `db`; its endpoint's address once it answers."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgm.cli", "mcp", "--http", "127.0.0.1:0", "--database", str(db), *args],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stderr is not None
        assert select.select([proc.stderr], [], [], TIMEOUT_S)[0], "the server said nothing"
        line = proc.stderr.readline()
        found = re.search(r"at (http://127\.0\.0\.1:(\d+)/mcp)", line)
        assert found, line
        url, port = found.group(1), int(found.group(2))
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not listen"
                time.sleep(0.1)
        yield url, proc
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def http_client(url: str, token: str | None = TOKEN) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=TIMEOUT_S))


@asynccontextmanager
async def over(transport: str, db: Path) -> AsyncIterator[Client]:
    """A client session on `db`, over stdio or HTTP."""
    if transport == "stdio":
        params = StdioServerParameters(command=sys.executable, args=["-m", "cardgm.cli", "mcp", "--database", str(db)])
        async with Client(params) as c:
            yield c
    else:
        with http_server(db, "--token", TOKEN) as (url, _):
            async with Client(http_client(url)) as c:
                yield c


async def play_to_the_end(c: Client, game_id: str, rng: random.Random) -> tuple[dict[str, Any], list[str]]:
    """Masked random moves (the stand-down only now and then) to the card's end: the last
    result, and every word the server sent as the player's."""
    started = (await c.call_tool("start_run", {"card": game_id})).structured_content
    run_id, words = started["run_id"], []
    out = started
    for _ in range(500):
        legal = (await c.call_tool("legal_moves", {"run_id": run_id})).structured_content["moves"]
        if not legal:
            break
        pick = legal[-1] if len(legal) == 1 or rng.random() < 0.02 else rng.choice(legal[:-1])
        got = await c.call_tool("play_move", {"run_id": run_id, "move": pick["move"]})
        assert not got.is_error, got.content[0].text
        out = got.structured_content
        words += out["sent"]
    return out, words


def cardgm_play(game_id: str, words: list[str], tmp_path: Path, reveal: str | None) -> str:
    """The RESULT line `cardgm play` prints for the same words (with the same sealed berth)."""
    script = tmp_path / f"{game_id}.txt"
    script.write_text("\n".join(words) + "\n", encoding="utf-8")
    args = ["play", game_id, "--script", str(script), "--json", "--quiet"]
    if reveal is not None:
        sealed = tmp_path / f"{game_id}-reveal.md"
        sealed.write_text(reveal, encoding="utf-8")
        args += ["--sealed", str(sealed)]
    out = subprocess.run([sys.executable, "-m", "cardgm.cli", *args], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 0, out.stderr
    last = json.loads(out.stdout.strip().splitlines()[-1])
    return str(last["result"])


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_every_card_played_to_its_end_gives_the_result_cardgm_play_gives(transport: str, tmp_path: Path) -> None:
    async def session() -> list[tuple[str, dict[str, Any], list[str]]]:
        played = []
        with anyio.fail_after(TIMEOUT_S * 3):
            async with over(transport, tmp_path / "runs.sqlite3") as c:
                for k, game_id in enumerate(MOVED):
                    out, words = await play_to_the_end(c, game_id, random.Random(k))
                    played.append((game_id, out, words))
        return played

    for game_id, out, words in anyio.run(session):
        assert out["ended"] and out["result"], game_id
        reveal = out["reveal"]["text"] if games.hides_secret(game_id) else None
        assert out["result"] == cardgm_play(game_id, words, tmp_path, reveal), game_id


def test_the_token_is_asked_for_and_checked(tmp_path: Path) -> None:
    with http_server(tmp_path / "runs.sqlite3", "--token", TOKEN) as (url, proc):
        hello = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {TOKEN}"}):
            got = httpx2.post(url, json=hello, headers=headers, timeout=TIMEOUT_S)
            assert got.status_code == 401 and got.headers["www-authenticate"].startswith("Bearer")
            assert "Authorization: Bearer <token>" in got.json()["error"] and TOKEN not in got.text
        assert httpx2.post(f"{url}/wrong", json=hello, timeout=TIMEOUT_S).status_code == 401

        async def session(client: Any) -> list[str]:
            with anyio.fail_after(TIMEOUT_S):
                async with Client(client) as c:
                    return sorted(t.name for t in (await c.list_tools()).tools)

        # The header, or the token as the address's last part (a client given only a URL).
        assert "start_run" in anyio.run(session, http_client(url))
        assert "start_run" in anyio.run(session, http_client(f"{url}/{TOKEN}", token=None))
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


def test_off_loopback_a_token_is_required(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardgm.cli", "mcp", "--http", "0.0.0.0:0", "--database", str(tmp_path / "r.sqlite3")],
        capture_output=True, text=True, timeout=TIMEOUT_S, env={"PATH": "/usr/bin:/bin"},
    )
    assert out.returncode == 2 and out.stderr.strip() == (
        "cardgm mcp: --http 0.0.0.0:0 serves anyone who can reach that address: give --token TOKEN (or set $CARDGM_MCP_TOKEN)"
    )
    bad = subprocess.run([sys.executable, "-m", "cardgm.cli", "mcp", "--http", "nowhere"], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert bad.returncode == 2 and bad.stderr.strip() == "cardgm mcp: --http nowhere: give HOST:PORT, e.g. 127.0.0.1:8765"


def test_the_site_serves_the_same_endpoint_on_its_own_store(store) -> None:
    """`cardgm serve`'s app answers MCP at /mcp on the site's store: a run started in a chat is
    the site's run (its page plays it), and a run started on the site is played over MCP."""
    from cardgm.web.app import create_app

    game_id = MOVED[0]
    app = create_app(store)

    async def session() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], int]:
        async with app.router.lifespan_context(app):  # as uvicorn runs it: the MCP sessions' task group
            site = httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://testserver")
            begun = (await site.post("/api/runs", json={"card": game_id})).json()
            async with Client(streamable_http_client("http://testserver/mcp", http_client=site)) as c:
                chat = (await c.call_tool("start_run", {"card": game_id})).structured_content
                there = (await c.call_tool("send_message", {"run_id": begun["token"], "message": "status"})).structured_content
            page = (await site.get(f"/play/{chat['run_id']}")).status_code
            return begun, chat, there, page

    begun, chat, there, page = anyio.run(session)
    assert there["run_id"] == begun["token"] and there["turn"] == 2
    assert page == 200
    assert len(store.list_runs()) == 2 and store.load(chat["run_id"]) is not None


def test_the_site_without_the_sdk_serves_no_mcp_and_still_serves(store, monkeypatch) -> None:
    from starlette.testclient import TestClient

    from cardgm.mcp import http
    from cardgm.web.app import create_app

    monkeypatch.setitem(sys.modules, "mcp", None)
    monkeypatch.delitem(sys.modules, "cardgm.mcp.server", raising=False)
    assert http.mount(create_app(store), store) is False
    with TestClient(create_app(store)) as site:
        assert site.get("/healthz").text == "ok" and site.post("/mcp", json={}).status_code == 404


def test_unknown_prompts_and_resources_are_one_line_errors(tmp_path: Path) -> None:
    with http_server(tmp_path / "runs.sqlite3", "--token", TOKEN, "--verbose") as (url, proc):

        async def session() -> list[str]:
            errors = []
            async with Client(http_client(url)) as c:
                for call in (c.get_prompt("play-chess", {}), c.read_resource("cardgm://cards/chess")):
                    try:
                        await call
                    except Exception as exc:  # the SDK's McpError: the server's error, as a client sees it
                        errors.append(str(exc))
            return errors

        errors = anyio.run(session)
    ids = ", ".join(f"play-{g}" for g in games.ids())
    assert errors == [f"No prompt is called 'play-chess'; the prompts are {ids}.", "Unknown resource: cardgm://cards/chess"]
    assert proc.stderr is not None
    log = proc.stderr.read()
    assert "Traceback" not in log and len([line for line in log.splitlines() if "chess" in line]) <= 2


def test_a_card_title_is_found_in_the_prompt_over_http(tmp_path: Path) -> None:
    """The prompt, the resource and the tools' output schemas reach an HTTP client whole."""
    game_id = MOVED[0]

    async def session() -> tuple[str, str, dict[str, Any]]:
        with http_server(tmp_path / "runs.sqlite3", "--token", TOKEN) as (url, _):
            async with Client(http_client(url)) as c:
                prompt = (await c.get_prompt(f"play-{game_id}", {})).messages[0].content.text
                text = (await c.read_resource(f"cardgm://cards/{game_id}")).contents[0].text
                schemas = {t.name: t.output_schema for t in (await c.list_tools()).tools}
                return prompt, text, schemas

    prompt, text, schemas = anyio.run(session)
    assert games.entry(game_id).title in prompt and text == games.card_text(game_id)
    assert all(schemas.values()) and "run_id" in schemas["start_run"]["properties"]
    assert load_card(game_id).title in text


@pytest.mark.parametrize(
    ("body", "code", "rid"),
    [
        (b"this is not JSON", -32700, None),
        (b"", -32700, None),
        (b"\xff\xfe", -32700, None),
        (b'{"jsonrpc": "2.0", "id": 9, "method": ', -32700, None),
        (b"[1, 2]", -32600, None),
        (b'"start_run"', -32600, None),
        (b'{"jsonrpc": "2.0", "id": 9, "method": 3}', -32600, 9),
        (b'{"jsonrpc": "1.0", "id": "q", "method": "ping"}', -32600, "q"),
    ],
    ids=["words", "empty", "not-utf8", "cut-short", "batch", "bare-string", "method-not-text", "jsonrpc-1.0"],
)
def test_a_body_that_is_not_json_rpc_is_a_one_line_json_rpc_error(store, body: bytes, code: int, rid: object) -> None:
    """A body that is not JSON is a parse error (-32700), and JSON that is not a JSON-RPC message an
    invalid request (-32600, with the body's id when it can be read), each a 400 whose message is
    one line: never a 500, and never pydantic's report of it (which the SDK gives, as wrong params)."""
    from starlette.testclient import TestClient

    from cardgm.mcp.http import http_app

    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream", "authorization": f"Bearer {TOKEN}"}
    with TestClient(http_app(store, token=TOKEN), base_url="http://127.0.0.1:8765") as site:
        answer = site.post("/mcp", content=body, headers=headers)
        assert answer.status_code == 400 and answer.headers["content-type"] == "application/json"
        error = answer.json()
        assert error["jsonrpc"] == "2.0" and error["id"] == rid and error["error"]["code"] == code
        assert "\n" not in error["error"]["message"] and "pydantic" not in answer.text
        assert error["error"]["message"].startswith({-32700: "Parse error", -32600: "Invalid Request"}[code])
        # and the endpoint goes on answering
        ping = site.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers)
        assert ping.status_code == 200 and "send_message" in ping.text
