"""The runs database: every run kept after every move, for the web site and the MCP server.

A SQLite file in the user's data folder by default; PostgreSQL (or any URL SQLAlchemy takes) by
`CARDGM_DATABASE_URL`. The schema is made and upgraded by the Alembic migrations shipped in
`cardgm/store/migrations/`, applied when a store is opened. Front ends keep no state between
requests: this holds it all, and a hidden berth lives only here.

The API (all a front end needs; `cardgm.store.play` drives the games on top of it):

    from cardgm.store import open_store
    store = open_store()                        # or open_store("sqlite:///runs.db"), a PostgreSQL URL…

    new = store.create_run(card, options, secret, opening, name=None, secret_hidden=True)
        # card: a `Card`; options: the game's options (JSON-able); secret: text the game needs
        # and the player must not see (a sealed berth's reveal file), or None; opening: the
        # opening reply (`Reply.as_json()`). Returns `NewRun(token, run)`: `token` is the secret
        # play token (shown once, kept only as its SHA-256), `run.share_id` the read-only id.
    run = store.load(token)                     # StoredRun with its messages, or None
    run = store.load_shared(share_id)           # the same, found by its share id
    with store.playing(token) as live:          # the run's row locked until the block ends:
        live.run                                #   FOR UPDATE on PostgreSQL, BEGIN IMMEDIATE on
        live.append(message, reply)             #   SQLite; a message and its reply are written
                                                #   in one transaction, committed when the block
                                                #   ends, before the caller answers anyone
    store.list_runs(status="playing" | "ended" | None, game_id=None, tokens=None, limit=50)
        # StoredRun summaries (no messages), newest first; `tokens` limits them to those runs
    store.runs_for_tokens(tokens)               # [(token, summary)]: "your runs", from a cookie
    store.leaderboard(game_id, limit=20)        # finished runs by score, best first
    store.best_line(card_sha) / store.keep_best_line(card_sha, score, end, line)

A `StoredRun` holds the card (game id, title, version, its name or "<text>", the text exactly as
played), the options, the secret, the messages with their replies (`StoredMessage`: seq 0 is the
opening, `message` None), status ("playing" or "ended"), turn, last LEDGER, end, score, RESULT,
share id and timestamps. Its repr shows neither the secret nor the card text.

Two requests on one run are serialised by the row lock; the second waits (up to
`LOCK_TIMEOUT_S`) and then sees the first's message.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, overload

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from cardgm.card import Card

from . import schema as S

__all__ = [
    "LOCK_TIMEOUT_S",
    "BestLine",
    "Live",
    "NewRun",
    "RunNotFound",
    "Store",
    "StoreError",
    "StoredMessage",
    "StoredRun",
    "database_url",
    "open_store",
    "token_sha",
]

ENV_URL = "CARDGM_DATABASE_URL"
LOCK_TIMEOUT_S = 30  # how long a request waits for another on the same run (SQLite busy timeout)
PLAYING, ENDED = "playing", "ended"


class StoreError(RuntimeError):
    """The database cannot be opened or used; says which and why (never shows a secret)."""


class RunNotFound(LookupError):
    """No run has that token or share id."""


@dataclass(frozen=True)
class StoredMessage:
    seq: int  # 0: the opening
    message: str | None
    reply: dict[str, Any]  # Reply.as_json()
    created_at: datetime


@dataclass(frozen=True)
class StoredRun:
    id: int
    share_id: str
    game_id: str
    card_title: str
    card_version: str
    card_source: str
    card_text: str = field(repr=False)
    options: dict[str, Any] = field(default_factory=dict)
    secret: str | None = field(default=None, repr=False)
    secret_hidden: bool = False
    name: str | None = None
    status: str = PLAYING
    turn: int = 1
    ledger: str = ""
    end: str | None = None
    score: int | None = None
    result: str | None = None
    n_messages: int = 0
    created_at: datetime | None = None
    updated_at: datetime | None = None
    messages: tuple[StoredMessage, ...] = field(default=(), repr=False)

    @property
    def ended(self) -> bool:
        return self.status == ENDED

    @property
    def last_reply(self) -> dict[str, Any] | None:
        return self.messages[-1].reply if self.messages else None


@dataclass(frozen=True)
class NewRun:
    token: str = field(repr=False)  # the capability: whoever holds it can play the run
    run: StoredRun


@dataclass(frozen=True)
class BestLine:
    score: int
    end: str | None
    line: tuple[str, ...]


def token_sha(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


@overload
def _aware(value: datetime) -> datetime: ...
@overload
def _aware(value: None) -> None: ...
def _aware(value: datetime | None) -> datetime | None:
    # SQLite gives naive datetimes back; every time kept is UTC.
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


def default_sqlite_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("cardgm", appauthor=False) / "runs.sqlite3"


def database_url(given: str | None = None) -> str:
    """The URL to open: `given` (a URL or a SQLite file path), else $CARDGM_DATABASE_URL, else
    the SQLite file in the user's data folder. PostgreSQL URLs get the psycopg driver."""
    url = given or os.environ.get(ENV_URL) or ""
    if not url:
        path = default_sqlite_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" not in url:  # a plain path is a SQLite file
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": LOCK_TIMEOUT_S, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
            # The driver's own transaction handling is switched off so that BEGIN is ours to say
            # (IMMEDIATE for a write: the write lock is taken before the run is read).
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")  # readers never wait on the writer
            cur.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the reply goes out
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            write = conn.get_execution_options().get("cardgm_write", False)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    return sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def _migrate(engine: Engine) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.connect().execution_options(cardgm_write=True) as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
        conn.commit()


def open_store(url: str | None = None, *, migrate: bool = True) -> Store:
    """The store at `url` (see `database_url`), its schema brought up to date."""
    full = database_url(url)
    try:
        engine = _engine(full)
        if migrate:
            _migrate(engine)
    except (sa.exc.SQLAlchemyError, OSError) as exc:
        where = engine.url.render_as_string(hide_password=True) if "engine" in locals() else "the database"
        raise StoreError(f"cannot open the runs database at {where}: {_reason(exc)}") from None
    return Store(engine)


def _reason(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class Live:
    """A run locked for one message: read `run`, then `append` the message and its reply."""

    def __init__(self, store: Store, conn: Connection, run: StoredRun) -> None:
        self._store = store
        self._conn = conn
        self.run = run

    def append(self, message: str | None, reply: dict[str, Any]) -> StoredRun:
        self.run = self._store._append(self._conn, self.run, message, reply)
        return self.run


class Store:
    """The runs database. Thread-safe (one pooled connection per call); share one per process."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time: threads of one process queue here in turn, instead of
        # each polling the file lock (whose back-off sleeps make a long tail of waits).
        self._queue = threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def describe(self) -> str:
        """Where the runs are kept, password hidden (for `cardgm serve`'s first lines)."""
        return self.engine.url.render_as_string(hide_password=True)

    def dispose(self) -> None:
        self.engine.dispose()

    # -- writing ------------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._queue, self.engine.connect().execution_options(cardgm_write=True) as conn:
            yield conn

    def create_run(
        self,
        card: Card,
        options: dict[str, Any],
        secret: str | None,
        opening: dict[str, Any],
        *,
        name: str | None = None,
        secret_hidden: bool = True,
        more: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> NewRun:
        """A new run whose first reply is `opening`; `more` adds (message, reply) pairs in the
        same transaction (a SAVE block resumed as the run's first message)."""
        token = secrets.token_urlsafe(24)
        share_id = secrets.token_urlsafe(9)
        now = _now()
        with self._write() as conn, conn.begin():
            row = {
                "token_sha": token_sha(token),
                "share_id": share_id,
                "game_id": card.game_id,
                "card_title": card.title,
                "card_version": card.version,
                "card_source": card.source[:200],
                "card_text": card.text,
                "options": json.dumps(options, sort_keys=True),
                "secret": secret,
                "secret_hidden": bool(secret is not None and secret_hidden),
                "name": (name or None) and name[:80],
                "status": PLAYING,
                "turn": opening["turn"],
                "ledger": opening["ledger"],
                "n_messages": 0,
                "created_at": now,
                "updated_at": now,
            }
            run_id = conn.execute(sa.insert(S.runs).values(**row).returning(S.runs.c.id)).scalar_one()
            run = StoredRun(id=run_id, **{k: v for k, v in row.items() if k != "token_sha" and k != "options"},
                            options=dict(options))
            run = self._append(conn, run, None, opening)
            for message, reply in more or ():
                run = self._append(conn, run, message, reply)
        return NewRun(token, run)

    def _append(self, conn: Connection, run: StoredRun, message: str | None, reply: dict[str, Any]) -> StoredRun:
        now = _now()
        seq = len(run.messages)
        conn.execute(
            sa.insert(S.messages).values(
                run_id=run.id, seq=seq, message=message,
                reply=json.dumps(reply, ensure_ascii=False), created_at=now,
            )
        )
        ended = bool(reply.get("ended"))
        values = {
            "status": ENDED if ended else PLAYING,
            "turn": reply["turn"],
            "ledger": reply["ledger"],
            "end": reply.get("end"),
            "score": reply.get("score"),
            "result": reply.get("result"),
            "n_messages": run.n_messages + (message is not None),
            "updated_at": now,
        }
        conn.execute(sa.update(S.runs).where(S.runs.c.id == run.id).values(**values))
        return replace(run, messages=(*run.messages, StoredMessage(seq, message, reply, now)), **values)

    @contextmanager
    def playing(self, token: str) -> Iterator[Live]:
        """The run whose token this is, locked against every other writer until the block ends;
        what was appended is committed at the end (rolled back if the block raises). Raises
        RunNotFound."""
        with self._write() as conn, conn.begin():
            query = sa.select(S.runs).where(S.runs.c.token_sha == token_sha(token))
            if self.dialect != "sqlite":
                query = query.with_for_update()
            row = conn.execute(query).mappings().first()
            if row is None:
                raise RunNotFound("no run has that address")
            yield Live(self, conn, self._run(conn, row, messages=True))

    def keep_best_line(self, card_sha: str, best: BestLine) -> None:
        with self._write() as conn, conn.begin():
            if conn.execute(sa.select(S.best_lines.c.card_sha).where(S.best_lines.c.card_sha == card_sha)).first():
                return
            conn.execute(sa.insert(S.best_lines).values(
                card_sha=card_sha, score=best.score, end=best.end, line=json.dumps(list(best.line)), computed_at=_now(),
            ))

    # -- reading ------------------------------------------------------------------------------

    def _run(self, conn: Connection, row: Any, *, messages: bool) -> StoredRun:
        msgs: tuple[StoredMessage, ...] = ()
        if messages:
            rows = conn.execute(
                sa.select(S.messages).where(S.messages.c.run_id == row["id"]).order_by(S.messages.c.seq)
            ).mappings()
            msgs = tuple(StoredMessage(m["seq"], m["message"], json.loads(m["reply"]), _aware(m["created_at"])) for m in rows)
        return StoredRun(
            id=row["id"], share_id=row["share_id"], game_id=row["game_id"], card_title=row["card_title"],
            card_version=row["card_version"], card_source=row["card_source"], card_text=row["card_text"],
            options=json.loads(row["options"]), secret=row["secret"], secret_hidden=bool(row["secret_hidden"]),
            name=row["name"], status=row["status"], turn=row["turn"], ledger=row["ledger"], end=row["end"],
            score=row["score"], result=row["result"], n_messages=row["n_messages"],
            created_at=_aware(row["created_at"]), updated_at=_aware(row["updated_at"]), messages=msgs,
        )

    def _load(self, where: Any) -> StoredRun | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(S.runs).where(where)).mappings().first()
            return None if row is None else self._run(conn, row, messages=True)

    def load(self, token: str) -> StoredRun | None:
        """The run this play token opens, with its messages; None if there is none."""
        return self._load(S.runs.c.token_sha == token_sha(token))

    def load_shared(self, share_id: str) -> StoredRun | None:
        """The run with this share id (read-only use), with its messages; None if there is none."""
        return self._load(S.runs.c.share_id == share_id)

    def list_runs(
        self,
        status: str | None = None,
        game_id: str | None = None,
        tokens: list[str] | None = None,
        limit: int = 50,
    ) -> list[StoredRun]:
        """Runs without their messages, most recently moved first."""
        query = sa.select(S.runs)
        if status is not None:
            query = query.where(S.runs.c.status == status)
        if game_id is not None:
            query = query.where(S.runs.c.game_id == game_id)
        if tokens is not None:
            query = query.where(S.runs.c.token_sha.in_([token_sha(t) for t in tokens]))
        query = query.order_by(S.runs.c.updated_at.desc(), S.runs.c.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [self._run(conn, row, messages=False) for row in conn.execute(query).mappings()]

    def runs_for_tokens(self, tokens: list[str]) -> list[tuple[str, StoredRun]]:
        """(token, run summary) for each token that opens a run, most recently moved first."""
        by_sha = {token_sha(t): t for t in tokens}
        query = (
            sa.select(S.runs).where(S.runs.c.token_sha.in_(list(by_sha)))
            .order_by(S.runs.c.updated_at.desc(), S.runs.c.id.desc())
        )
        with self.engine.connect() as conn:
            return [(by_sha[row["token_sha"]], self._run(conn, row, messages=False)) for row in conn.execute(query).mappings()]

    def leaderboard(self, game_id: str, limit: int = 20) -> list[StoredRun]:
        """Finished runs of one game by score, best first (earlier first among equals)."""
        query = (
            sa.select(S.runs)
            .where(S.runs.c.game_id == game_id, S.runs.c.status == ENDED)
            .order_by(S.runs.c.score.desc(), S.runs.c.turn.asc(), S.runs.c.id.asc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [self._run(conn, row, messages=False) for row in conn.execute(query).mappings()]

    def counts(self) -> dict[tuple[str, str], int]:
        """(game id, status) -> how many runs."""
        query = sa.select(S.runs.c.game_id, S.runs.c.status, sa.func.count()).group_by(S.runs.c.game_id, S.runs.c.status)
        with self.engine.connect() as conn:
            return {(g, s): n for g, s, n in conn.execute(query)}

    def best_line(self, card_sha: str) -> BestLine | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(S.best_lines).where(S.best_lines.c.card_sha == card_sha)).mappings().first()
        return None if row is None else BestLine(row["score"], row["end"], tuple(json.loads(row["line"])))
