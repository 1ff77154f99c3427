"""`cardgm mcp` as a chat client runs it: a subprocess speaking MCP on stdin and stdout, through
the SDK's stdio client (bounded by a timeout). And the command's own edges: no SDK, a database
that cannot be opened."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from cardgm import games
from cardgm.card import load_card
from cardgm.mcp.server import build_server
from cardgm.run import Run
from cardgm.store import open_store

from .conftest import connected

TIMEOUT_S = 60
TAPED = next(g for g in games.ids() if load_card(g).seed is not None)


def test_a_real_stdio_session(tmp_path: Path) -> None:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    db = tmp_path / "runs.sqlite3"
    # A run begun elsewhere (the site, another chat) on the same database, taken up over stdio.
    store = open_store(str(db))
    with connected(build_server(store)) as other:
        earlier = other.call("start_run", {"card": TAPED})["run_id"]
    store.dispose()

    params = StdioServerParameters(command=sys.executable, args=["-m", "cardgm.cli", "mcp", "--database", str(db)])
    errlog = (tmp_path / "stderr.txt").open("w+")

    async def session() -> dict[str, object]:
        seen: dict[str, object] = {}
        with anyio.fail_after(TIMEOUT_S):
            async with Client(stdio_client(params, errlog=errlog)) as c:
                seen["tools"] = sorted(t.name for t in (await c.list_tools()).tools)
                started = await c.call_tool("start_run", {"card": TAPED})
                run_id = started.structured_content["run_id"]
                seen["opening"] = started.structured_content["ledger"]
                legal = (await c.call_tool("legal_moves", {"run_id": run_id})).structured_content["moves"]
                seen["move"] = (await c.call_tool("play_move", {"run_id": run_id, "move": legal[0]["move"]})).structured_content
                seen["error"] = await c.call_tool("send_message", {"run_id": run_id, "message": ""})
                seen["earlier"] = (await c.call_tool("send_message", {"run_id": earlier, "message": legal[0]["words"]})).structured_content
                seen["card"] = (await c.read_resource(f"cardgm://cards/{TAPED}")).contents[0].text
                seen["prompt"] = (await c.get_prompt(f"play-{TAPED}", {})).messages[0].content.text
        return seen

    seen = anyio.run(session)
    assert seen["tools"] == sorted(["list_cards", "start_run", "send_message", "legal_moves", "play_move", "save_run", "resume_run", "show_run"])
    game = games.make_game(load_card(TAPED))
    assert seen["opening"] == Run(game).start().ledger
    moves = games.part(games.entry(TAPED), "moves")
    assert seen["move"]["turn"] == 2 and seen["move"]["sent"] == [moves.say(moves.legal(game, game.new())[0])]  # type: ignore[index]
    error = seen["error"]
    assert error.is_error and "That message is empty" in error.content[0].text  # type: ignore[attr-defined]
    assert seen["earlier"]["run_id"] == earlier and seen["earlier"]["turn"] == 2  # type: ignore[index]
    assert seen["card"] == games.card_text(TAPED)
    assert "LEDGER" in str(seen["prompt"])
    errlog.seek(0)
    assert errlog.read() == ""  # quiet unless --verbose: a chat client shows this as the server's log
    # Both runs were kept where `cardgm serve` would find them.
    store = open_store(str(db))
    assert sorted(r.turn for r in store.list_runs()) == [2, 2]
    store.dispose()


def _cardgm(*args: str, code: str = "", stdin: str = "", timeout: int = TIMEOUT_S) -> subprocess.CompletedProcess[str]:
    run = f"{code}\nfrom cardgm.cli import main\nmain({list(args)!r})"
    return subprocess.run([sys.executable, "-c", run], input=stdin, capture_output=True, text=True, timeout=timeout)


def test_without_the_sdk_one_line_names_the_extra() -> None:
    out = _cardgm("mcp", code="import sys; sys.modules['mcp'] = None")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "cardgm mcp: needs the MCP SDK (mcp 2.x), an optional extra: pip install 'cardgm[mcp]'"


def test_a_database_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    out = _cardgm("mcp", "--database", str(blocked / "runs.sqlite3"))
    assert out.returncode == 2 and out.stdout == ""
    line = out.stderr.strip()
    assert line.startswith("cardgm mcp: cannot open the runs database at") and "\n" not in line


def test_stdin_closed_ends_the_server_quietly(tmp_path: Path) -> None:
    out = _cardgm("mcp", "--database", str(tmp_path / "runs.sqlite3"))
    assert out.returncode == 0 and out.stdout == "" and "Traceback" not in out.stderr


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_says_how_it_is_used(flag: str) -> None:
    from click.testing import CliRunner

    from cardgm.cli import main

    out = CliRunner().invoke(main, ["mcp", flag])
    assert out.exit_code == 0
    assert "chat client starts this command itself" in out.output and "docs/mcp.md" in out.output


def test_ctrl_c_stops_it_at_once(tmp_path: Path) -> None:
    """A person who started it by hand stops it with Ctrl-C, even while the SDK waits on stdin."""
    import json
    import select
    import signal

    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgm.cli", "mcp", "--database", str(tmp_path / "runs.sqlite3")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}}}
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(hello) + "\n")
        proc.stdin.flush()
        assert select.select([proc.stdout], [], [], TIMEOUT_S)[0], "no answer to initialize"
        assert json.loads(proc.stdout.readline())["id"] == 1  # serving, and waiting on stdin again
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 130
    finally:
        proc.kill()
        proc.wait()
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


def test_cardgm_database_url_keeps_the_runs_elsewhere(tmp_path: Path) -> None:
    """$CARDGM_DATABASE_URL names another database (PostgreSQL here, as a shared site would use),
    and a run begun over stdio is found there."""
    import os
    import secrets

    psycopg = pytest.importorskip("psycopg")
    url = os.environ.get("CARDGM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
    try:
        psycopg.connect(url, connect_timeout=2).close()
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL does not answer at {url}: {str(exc).strip().splitlines()[0]}")
    from mcp import Client, StdioServerParameters

    schema = f"cardgm_mcp_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    where = f"{url}?options=-csearch_path%3D{schema}"
    try:
        params = StdioServerParameters(command=sys.executable, args=["-m", "cardgm.cli", "mcp"], env={"CARDGM_DATABASE_URL": where})

        async def session() -> str:
            with anyio.fail_after(TIMEOUT_S):
                async with Client(params) as c:
                    run_id = (await c.call_tool("start_run", {"card": TAPED})).structured_content["run_id"]
                    await c.call_tool("send_message", {"run_id": run_id, "message": "save"})
                    return str(run_id)

        run_id = anyio.run(session)
        store = open_store(where)
        try:
            found = store.load(run_id)
            assert found is not None and found.game_id == TAPED and [m.message for m in found.messages] == [None, "save"]
        finally:
            store.dispose()
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def test_a_message_that_is_not_unicode_text_is_answered_with_an_error(tmp_path: Path) -> None:
    """A lone surrogate ("\\ud800" in the JSON) used to be dropped by the SDK's reader unanswered,
    the client waiting for ever (issue 19): now the tool answers it, and the run goes on."""
    import json
    import os
    import select

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent.parent))
    args = [sys.executable, "-m", "cardgm.cli", "mcp", "--database", str(tmp_path / "runs.sqlite3")]
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert p.stdin is not None and p.stdout is not None

    def call(n: int, method: str, params: dict[str, object]) -> dict[str, object]:
        p.stdin.write((json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}) + "\n").encode())  # type: ignore[union-attr]
        p.stdin.flush()  # type: ignore[union-attr]
        ready, _, _ = select.select([p.stdout], [], [], TIMEOUT_S)
        assert ready, f"no answer to {method} within {TIMEOUT_S} s"
        return json.loads(p.stdout.readline())  # type: ignore[union-attr]

    try:
        call(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
        p.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        run_id = call(2, "tools/call", {"name": "start_run", "arguments": {"card": TAPED}})["result"]["structuredContent"]["run_id"]  # type: ignore[index]
        bad = call(3, "tools/call", {"name": "send_message", "arguments": {"run_id": run_id, "message": "\ud800"}})
        assert bad["result"]["isError"] is True  # type: ignore[index]
        assert "lone surrogate" in bad["result"]["content"][0]["text"]  # type: ignore[index]
        shown = call(4, "tools/call", {"name": "show_run", "arguments": {"run_id": run_id}})
        assert shown["result"]["structuredContent"]["turn"] == 1  # type: ignore[index]  # nothing was read
    finally:
        p.kill()
        p.wait()


def test_ctrl_c_without_signal_masks_falls_back_to_a_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there are no signal masks (Windows), the server still leaves on Ctrl-C, by a handler,
    instead of failing to start."""
    import signal

    from cardgm.mcp import cli

    monkeypatch.delattr(signal, "pthread_sigmask")
    before = signal.getsignal(signal.SIGINT)
    try:
        cli._leave_on_ctrl_c()
        assert signal.getsignal(signal.SIGINT) is not before
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        (b"this is not JSON\n", {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}),
        (b'{"jsonrpc": "2.0", "id": 9, "method": \n', {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}),
        (b"\xff\xfe\n", {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}),
        (b"[1, 2]\n", {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}}),
        (b'"start_run"\n', {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}}),
        # JSON whose id can be read: the answer carries it, so the client waiting on it is freed.
        (b'{"jsonrpc": "2.0", "id": 9, "method": 3}\n', {"jsonrpc": "2.0", "id": 9, "error": {"code": -32600, "message": "Invalid Request"}}),
        (b'{"jsonrpc": "1.0", "id": "q", "method": "ping"}\n', {"jsonrpc": "2.0", "id": "q", "error": {"code": -32600, "message": "Invalid Request"}}),
    ],
    ids=["words", "cut-short", "not-utf8", "batch", "bare-string", "method-not-text", "jsonrpc-1.0"],
)
def test_a_line_that_is_not_json_rpc_is_answered_and_the_session_goes_on(tmp_path: Path, line: bytes, answer: dict[str, object]) -> None:
    """JSON-RPC 2.0: a line that is not JSON is answered with a parse error (-32700), and JSON that
    is not a JSON-RPC message with an invalid request (-32600), id null unless the line's own id
    can be read. The SDK's reader used to drop such a line unanswered: the client waited for ever.
    The run begun before it goes on after it."""
    import json
    import os
    import select

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent.parent))
    args = [sys.executable, "-m", "cardgm.cli", "mcp", "--database", str(tmp_path / "runs.sqlite3")]
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert p.stdin is not None and p.stdout is not None

    def send(raw: bytes) -> dict[str, object]:
        p.stdin.write(raw)  # type: ignore[union-attr]
        p.stdin.flush()  # type: ignore[union-attr]
        ready, _, _ = select.select([p.stdout], [], [], TIMEOUT_S)
        assert ready, f"no answer to {raw!r} within {TIMEOUT_S} s"
        out = p.stdout.readline()  # type: ignore[union-attr]
        assert out.endswith(b"\n") and out.count(b"\n") == 1  # one line, as every message on stdio
        return json.loads(out)  # type: ignore[no-any-return]

    def call(n: int, method: str, params: dict[str, object]) -> dict[str, object]:
        return send((json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}) + "\n").encode())

    try:
        call(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
        p.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        run_id = call(2, "tools/call", {"name": "start_run", "arguments": {"card": TAPED}})["result"]["structuredContent"]["run_id"]  # type: ignore[index]
        assert send(line) == answer
        assert send(line) == answer  # and again: the session was not left in a state
        shown = call(3, "tools/call", {"name": "show_run", "arguments": {"run_id": run_id}})
        assert shown["id"] == 3 and shown["result"]["structuredContent"]["turn"] == 1  # type: ignore[index]
    finally:
        p.kill()
        p.wait()
    assert b"Traceback" not in p.stderr.read()  # type: ignore[union-attr]
