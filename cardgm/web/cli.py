"""The `cardgm serve` command (added to `cardgm` in cardgm/cli.py)."""

from __future__ import annotations

import os
import socket
import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from cardgm.store import Store


def _fail(message: str) -> None:
    click.echo(f"cardgm serve: {message}", err=True)
    sys.exit(2)


@click.command("serve", short_help="The site: play in the browser, /verify, /epilogue, a JSON API.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every interface).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0 picks a free one).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes; they share the database.")
@click.option(
    "--database",
    "database",
    metavar="URL|FILE",
    help="Where runs are kept: a SQLite file or a database URL (default $CARDGM_DATABASE_URL, else a SQLite file in your data folder).",
)
@click.option("--access-log", is_flag=True, help="Log every request (the log then holds play addresses, which are capabilities).")
@click.option("--warm/--no-warm", default=True, show_default=True, help="Work out the epilogue's best lines at start (seconds, once per database).")
@click.option(
    "--migrate/--no-migrate", default=True, show_default=True,
    help="Bring the database's schema up to date at start (with several servers: `cardgm db upgrade` once, then --no-migrate).",
)
@click.option(
    "--forwarded-allow-ips", "forwarded", metavar="IPS", default=None,
    help="Proxies whose X-Forwarded-Proto/For are trusted, comma-separated ('*': any); default $FORWARDED_ALLOW_IPS, else 127.0.0.1. "
    "Behind HTTPS they make the runs cookie Secure.",
)
def serve(
    host: str, port: int, workers: int, database: str | None, access_log: bool, warm: bool, migrate: bool, forwarded: str | None
) -> None:
    """Serve the site the cards point to: every card playable in the browser by keyboard or
    mouse, /verify (run logs, chat transcripts, seeds, seals), /epilogue (leaderboards beside the
    best line each tape allows, share links) and a JSON API (/openapi.json).

    Every run is kept in the database after every move, before the reply is sent; a sealed
    DEADRECKONING berth is drawn per run and stays there. Several workers, or several machines
    on one PostgreSQL database, serve one site (docs/web.md: behind a proxy).
    """
    import uvicorn

    from cardgm.store import StoreError, database_url, open_store

    url = database_url(database)
    try:
        store = open_store(url, migrate=migrate)  # migrations run once here, before any worker starts
    except StoreError as exc:
        _fail(str(exc))
    where = store.describe()
    if warm:
        _warm(store)
    os.environ["CARDGM_DATABASE_URL"] = url  # the workers open the same database

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.bind((host, port))
            port = probe.getsockname()[1]
    except OSError as exc:
        _fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    click.echo(f"cardgm serving at http://{shown}:{port}/  ({workers} worker{'s' if workers > 1 else ''})")
    click.echo(f"runs kept in {where}")
    click.echo("Ctrl-C stops it.")
    sys.stdout.flush()
    uvicorn.run(
        "cardgm.web.asgi:app_factory", factory=True, host=host, port=port, workers=workers,
        log_level="warning", access_log=access_log, timeout_graceful_shutdown=5,
        proxy_headers=True, forwarded_allow_ips=forwarded,
    )


def _warm(store: Store) -> None:
    """Solve each card's tape for the epilogue in the background, once: the store keeps it."""
    import threading

    from .app import cards
    from .best import best_line

    threading.Thread(target=lambda: [best_line(store, c) for c in cards()], daemon=True, name="best-lines").start()


@click.group("db", short_help="The runs database: bring its schema up to date.")
def db() -> None:
    """The runs database `cardgm serve` and `cardgm mcp` keep their runs in."""


@db.command("upgrade")
@click.option("--database", "database", metavar="URL|FILE", help="A SQLite file or a database URL (default $CARDGM_DATABASE_URL).")
def db_upgrade(database: str | None) -> None:
    """Apply the schema's migrations (safe to run again; servers may be running)."""
    from cardgm.store import StoreError, database_url, open_store

    try:
        store = open_store(database_url(database))
    except StoreError as exc:
        click.echo(f"cardgm db upgrade: {exc}", err=True)
        sys.exit(2)
    click.echo(f"the runs database at {store.describe()} is at the schema's head ({store.schema_revision()})")
    store.dispose()
