"""The `cardgm mcp` command (added to `cardgm` in cardgm/cli.py). Light: the SDK, the store and
the server load when it runs."""

from __future__ import annotations

import os
import signal
import sys
from typing import Any, NoReturn

import click

MISSING = "needs the MCP SDK (mcp 2.x), an optional extra: pip install 'cardgm[mcp]'"


def _fail(message: str) -> NoReturn:
    click.echo(f"cardgm mcp: {message}", err=True)
    sys.exit(2)


@click.command("mcp", short_help="An MCP server (stdio, or HTTP): chat AIs play the cards with cardgm as referee.")
@click.option(
    "--database", "database", metavar="URL|FILE",
    help="Where runs are kept: a SQLite file or a database URL (default $CARDGM_DATABASE_URL, else the "
    "SQLite file in your data folder that `cardgm serve` uses too).",
)
@click.option(
    "--http", "http", metavar="HOST:PORT",
    help="Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio, for a client that reaches tools over the network.",
)
@click.option(
    "--token", metavar="TOKEN",
    help="With --http: the token a client must send (Authorization: Bearer TOKEN, or the address /mcp/TOKEN); "
    "default $CARDGM_MCP_TOKEN. Needed on any address but loopback.",
)
@click.option("--verbose", "-v", is_flag=True, help="Log each refused call on stderr (a chat client shows it in its server log).")
def mcp_command(database: str | None, http: str | None, token: str | None, verbose: bool) -> None:
    """Serve the Model Context Protocol on stdin and stdout, for a chat AI (Claude Desktop, any
    MCP client) to play the cards with cardgm as the exact game master: the AI tells the story,
    cardgm keeps every rule, roll, count and score.

    A chat client starts this command itself; add it to the client's configuration
    (docs/mcp.md has the lines). It offers tools to list the cards, start a run, send the
    player's words, list and play exact moves, save and resume; each card's text as a resource;
    and a prompt per card.

    Every run is kept in the runs database after every move, the one `cardgm serve` uses: a
    run_id continues a run from another chat or another client. A sealed DEADRECKONING berth is
    drawn per run and stays in the database until the duel ends.

    With --http HOST:PORT it serves the same tools over streamable HTTP at /mcp, for a chat AI
    that reaches its tools over the network (a remote connector); `cardgm serve` serves the same
    endpoint beside the site. Off loopback it needs a token (--token or $CARDGM_MCP_TOKEN).
    """
    try:
        from cardgm.mcp.server import build_server
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in ("mcp", "mcp_types"):
            raise
        _fail(MISSING)  # not installed, or a 1.x SDK (which has no MCPServer)

    from cardgm.store import StoreError, open_store

    address = _address(http) if http is not None else None
    if address is not None:
        from cardgm.mcp.http import LOOPBACK, TOKEN_ENV

        token = token or os.environ.get(TOKEN_ENV) or None
        if token is None and address[0] not in LOOPBACK:
            _fail(f"--http {http} serves anyone who can reach that address: give --token TOKEN (or set ${TOKEN_ENV})")
    elif token is not None:
        _fail("--token is for --http: a stdio server is started by its own client")
    try:
        store = open_store(database)
    except StoreError as exc:
        _fail(str(exc))
    if address is not None:
        _serve_http(store, address, token, verbose)
        return
    if sys.stdin.isatty():
        # A person ran it by hand: say what it is waiting for (on stderr: stdout is the protocol's).
        click.echo(
            "cardgm mcp: serving MCP on stdin/stdout for a chat client (docs/mcp.md shows how to add it). "
            f"Runs kept in {store.describe()}. Ctrl-C stops it.",
            err=True,
        )
    server = build_server(store, log_level="INFO" if verbose else "WARNING")
    _leave_on_ctrl_c()  # before any thread starts: each inherits the blocked SIGINT
    _pump_stdin()
    try:
        server.run("stdio")
    finally:
        store.dispose()


def _address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        _fail(f"--http {text}: give HOST:PORT, e.g. 127.0.0.1:8765")
    return host, int(port)


def _serve_http(store: Any, address: tuple[str, int], token: str | None, verbose: bool) -> None:
    import socket

    import uvicorn

    from cardgm.mcp.http import PATH, http_app

    host, port = address
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.bind((host, port))
            port = probe.getsockname()[1]
    except OSError as exc:
        _fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    app = http_app(store, token=token, host=host, log_level="INFO" if verbose else "WARNING")
    shown = f"[{host}]" if ":" in host else host
    click.echo(
        f"cardgm mcp: serving MCP (streamable HTTP) at http://{shown}:{port}{PATH}"
        + (" (token required)" if token else " (no token: loopback only)")
        + f". Runs kept in {store.describe()}. Ctrl-C stops it.",
        err=True,
    )
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=5)
    finally:
        store.dispose()


def _pump_stdin() -> None:
    """The client's lines reach the SDK through a pipe, each with any text that is not Unicode (a
    lone surrogate, which JSON can spell) put so the tool answers it with a clear error: the SDK's
    reader drops such a line unanswered, and the client would wait for ever."""
    import threading

    from cardgm.mcp.server import readable_line

    given = os.fdopen(os.dup(0), "rb")
    read_end, write_end = os.pipe()
    os.dup2(read_end, 0)
    os.close(read_end)

    def pump() -> None:
        with os.fdopen(write_end, "wb", buffering=0) as out, given:
            for line in given:
                out.write(readable_line(line))

    threading.Thread(target=pump, daemon=True, name="cardgm-mcp-stdin").start()


def _leave_on_ctrl_c() -> None:
    """Ctrl-C: leave at once. Nothing is lost by leaving: every reply already given was committed
    before it went out, and a call cut short commits nothing.

    SIGINT is blocked in every thread and taken by one that waits for nothing else. A Python handler
    would not do: the kernel may hand the signal to any thread that does not block it, and when it
    is the SDK's stdin reader, sitting in a read, the event loop is not woken to run the handler
    until the next line comes (a Ctrl-C that did nothing, now and then, under load)."""
    import threading

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks; the handler does as well as it can
        signal.signal(signal.SIGINT, lambda signum, frame: os._exit(130))
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    def leave() -> None:
        signal.sigwait({signal.SIGINT})
        os._exit(130)

    threading.Thread(target=leave, daemon=True, name="cardgm-mcp-ctrl-c").start()
