"""The runs database: every run kept after every move, for the web site and the MCP server.

A SQLite file in the user's data folder by default; PostgreSQL (or any URL SQLAlchemy takes) by
`CARDGM_DATABASE_URL`. The schema is made and upgraded by the Alembic migrations shipped in
`cardgm/store/migrations/`, applied when a store is opened. Front ends keep no state between
requests: this holds it all, and a hidden berth lives only here.

The API (all a front end needs; `cardgm.store.play` drives the games on top of it):

    from cardgm.store import open_store
    store = open_store()                        # or open_store("sqlite:///runs.db"), a PostgreSQL URL…

    new = store.create_run(card, options, secret, opening, name=None, secret_hidden=True,
                           more=[], snapshot=b"", resumed_from=None)
        # card: a `Card`; options: the game's options (JSON-able); secret: text the game needs
        # and the player must not see (a sealed berth's reveal file), or None; opening: the
        # opening reply (`Reply.as_json()`); snapshot: the run's state after its last reply.
        # Returns `NewRun(token, run)`: `token` is the secret play token (shown once, kept only
        # as its SHA-256), `run.share_id` the read-only id. A run is ranked (on the epilogue's
        # main board) only when it resumed from nothing and its secret, if any, was drawn here.
    run = store.load(token)                     # StoredRun with its messages, or None
    run = store.load_shared(share_id)           # the same, found by its share id
    with store.playing(token) as live:          # the run's row locked until the block ends:
        live.run                                #   FOR UPDATE on PostgreSQL, BEGIN IMMEDIATE on
                                                #   SQLite; the row and its snapshot, no messages
        live.messages()                         #   every message, read in the same transaction
        live.append(message, reply, snapshot)   #   a message, its reply and the state after it
                                                #   written in one transaction, committed when the
                                                #   block ends, before the caller answers anyone
        live.unrank()                           #   off the main board (its replay differed)
    store.list_runs(status="playing" | "ended" | None, game_id=None, tokens=None, limit=50)
        # StoredRun summaries (no messages), newest first; `tokens` limits them to those runs
    store.runs_for_tokens(tokens)               # [(token, summary)]: "your runs", from a cookie
    store.leaderboard(game_id, limit=20)        # finished ranked runs by score, best first
    store.resumed_runs(game_id, limit=20)       # finished runs off the main board, best first
    store.run_with_secret(secret)               # the run that played this secret text, if any
    store.best_line(card_sha) / store.keep_best_line(card_sha, score, end, line)

A `StoredRun` holds the card (game id, title, version, its name or "<text>", the text exactly as
played), the options, the secret, the messages with their replies (`StoredMessage`: seq 0 is the
opening, `message` None), status ("playing" or "ended"), turn, last LEDGER, end, score, RESULT,
share id and timestamps. Its repr shows neither the secret nor the card text.

Two requests on one run are serialised by the row lock; the second waits (up to
`LOCK_TIMEOUT_S`) and then sees the first's message. Each write also checks the row's message
count it read (a version check), so a write that lost the lock anyway fails rather than doubles.

Text the databases cannot hold (a lone surrogate, which is no UTF-8; NUL, which PostgreSQL's text
refuses) is refused by `storable` in one line (`Unstorable`), before any write.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
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
    "Unstorable",
    "storable",
    "secret_sha",
]

ENV_URL = "CARDGM_DATABASE_URL"
LOCK_TIMEOUT_S = 30  # how long a request waits for another on the same run (SQLite busy timeout)
PLAYING, ENDED = "playing", "ended"
_SHARE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what `secrets.token_urlsafe` writes


class StoreError(RuntimeError):
    """The database cannot be opened or used; says which and why (never shows a secret)."""


class RunNotFound(LookupError):
    """No run has that token or share id."""


class Unstorable(ValueError):
    """Text no database here can keep; the message names the field and the character, not the text."""


def storable(text: str, what: str = "the message") -> str:
    """`text` unchanged, or Unstorable: a lone surrogate (JSON's "\\ud800" is no character UTF-8
    can write) or NUL (PostgreSQL's text refuses it; SQLite would keep it, so both refuse it alike)."""
    if "\x00" in text:
        raise Unstorable(f"{what} holds a NUL character, which cannot be kept; nothing was sent.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Unstorable(f"{what} holds a lone surrogate (half of a UTF-16 pair), which is no character; nothing was sent.") from None
    return text


def secret_sha(secret: str) -> str:
    """The SHA-256 of a secret's text: for a reveal file, the commitment its opening reads out."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


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
    ranked: bool = False
    resumed_from: str | None = None
    secret_sha: str | None = field(default=None, repr=False)
    snapshot: bytes | None = field(default=None, repr=False)
    snapshot_seq: int | None = None

    @property
    def last_seq(self) -> int:
        """The seq of the run's last reply (the opening is 0; each message adds one)."""
        return self.n_messages

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
        if engine.dialect.name == "postgresql":
            # Servers starting together on one database upgrade it one at a time (the lock is
            # the transaction's, let go at its commit).
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(7311504202)"))
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
    """A run locked for one message: read `run` (its row and snapshot, no messages), then
    `append` the message, its reply and the state after it."""

    def __init__(self, store: Store, conn: Connection, run: StoredRun) -> None:
        self._store = store
        self._conn = conn
        self.run = run

    def messages(self) -> tuple[StoredMessage, ...]:
        """Every message of the run, read under the same lock (for a replay, never for a move)."""
        return self._store._messages(self._conn, self.run.id)

    def append(self, message: str | None, reply: dict[str, Any], snapshot: bytes | None = None) -> StoredRun:
        self.run = self._store._append(self._conn, self.run, message, reply, snapshot)
        return self.run

    def resumed(self, ledger: str) -> None:
        """A SAVE block resumed by a message after the opening (a chat's paste): marked and listed
        apart, as a run started from one is."""
        self._conn.execute(sa.update(S.runs).where(S.runs.c.id == self.run.id).values(ranked=False, resumed_from=ledger))
        self.run = replace(self.run, ranked=False, resumed_from=ledger)

    def unrank(self) -> None:
        """Off the epilogue's main board (its replay did not give back its replies)."""
        self._conn.execute(sa.update(S.runs).where(S.runs.c.id == self.run.id).values(ranked=False))
        self.run = replace(self.run, ranked=False)


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

    def schema_revision(self) -> str | None:
        """The migration the database stands at (Alembic's revision id)."""
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

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
        snapshot: bytes | None = None,
        resumed_from: str | None = None,
    ) -> NewRun:
        """A new run whose first reply is `opening`; `more` adds (message, reply) pairs in the
        same transaction (a SAVE block resumed as the run's first message, `resumed_from` the
        LEDGER it resumed at); `snapshot` is the state after the last of them."""
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
                "secret_sha": secret_sha(secret) if secret is not None else None,
                "ranked": resumed_from is None and (secret is None or secret_hidden),
                "resumed_from": resumed_from,
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
            pairs: list[tuple[str | None, dict[str, Any]]] = [(None, opening), *(more or ())]
            for i, (message, reply) in enumerate(pairs):
                run = self._append(conn, run, message, reply, snapshot if i == len(pairs) - 1 else None)
        return NewRun(token, run)

    def _append(
        self, conn: Connection, run: StoredRun, message: str | None, reply: dict[str, Any], snapshot: bytes | None = None
    ) -> StoredRun:
        now = _now()
        seq = run.n_messages + (message is not None)  # only the opening has no message
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
            "snapshot": snapshot,
            "snapshot_seq": seq if snapshot is not None else None,
        }
        # The version check: the row must still hold the count this writer read. Under the row
        # lock it always does; were the lock ever lost, this write fails instead of doubling a
        # move (the (run, seq) key refuses a second message at the same seq as well).
        done = conn.execute(
            sa.update(S.runs).where(S.runs.c.id == run.id, S.runs.c.n_messages == run.n_messages).values(**values)
        )
        if message is not None and done.rowcount != 1:
            raise StoreError("another server moved this run at the same moment; send the message again")
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
            yield Live(self, conn, self._run(conn, row, messages=False))

    def keep_best_line(self, card_sha: str, best: BestLine) -> None:
        with self._write() as conn, conn.begin():
            if conn.execute(sa.select(S.best_lines.c.card_sha).where(S.best_lines.c.card_sha == card_sha)).first():
                return
            conn.execute(sa.insert(S.best_lines).values(
                card_sha=card_sha, score=best.score, end=best.end, line=json.dumps(list(best.line)), computed_at=_now(),
            ))

    # -- reading ------------------------------------------------------------------------------

    def _messages(self, conn: Connection, run_id: int) -> tuple[StoredMessage, ...]:
        rows = conn.execute(sa.select(S.messages).where(S.messages.c.run_id == run_id).order_by(S.messages.c.seq)).mappings()
        return tuple(StoredMessage(m["seq"], m["message"], json.loads(m["reply"]), _aware(m["created_at"])) for m in rows)

    def _run(self, conn: Connection, row: Any, *, messages: bool) -> StoredRun:
        msgs = self._messages(conn, row["id"]) if messages else ()
        return StoredRun(
            id=row["id"], share_id=row["share_id"], game_id=row["game_id"], card_title=row["card_title"],
            card_version=row["card_version"], card_source=row["card_source"], card_text=row["card_text"],
            options=json.loads(row["options"]), secret=row["secret"], secret_hidden=bool(row["secret_hidden"]),
            name=row["name"], status=row["status"], turn=row["turn"], ledger=row["ledger"], end=row["end"],
            score=row["score"], result=row["result"], n_messages=row["n_messages"],
            created_at=_aware(row["created_at"]), updated_at=_aware(row["updated_at"]), messages=msgs,
            ranked=bool(row["ranked"]), resumed_from=row["resumed_from"], secret_sha=row["secret_sha"],
            snapshot=row["snapshot"], snapshot_seq=row["snapshot_seq"],
        )

    def _load(self, where: Any) -> StoredRun | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(S.runs).where(where)).mappings().first()
            return None if row is None else self._run(conn, row, messages=True)

    def load(self, token: str) -> StoredRun | None:
        """The run this play token opens, with its messages; None if there is none."""
        return self._load(S.runs.c.token_sha == token_sha(token))

    def load_shared(self, share_id: str) -> StoredRun | None:
        """The run with this share id (read-only use), with its messages; None if there is none.
        Text no share id can be (a NUL, which PostgreSQL's driver refuses outright) opens none."""
        if not _SHARE_ID.fullmatch(share_id):
            return None
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

    def leaderboard(self, game_id: str, limit: int = 20, *, ranked: bool = True) -> list[StoredRun]:
        """Finished ranked runs of one game by score, best first (earlier first among equals);
        with `ranked=False`, the finished runs kept off that board (resumed, or on a secret the
        player supplied)."""
        query = (
            sa.select(S.runs)
            .where(S.runs.c.game_id == game_id, S.runs.c.status == ENDED, S.runs.c.ranked == ranked)
            .order_by(S.runs.c.score.desc(), S.runs.c.turn.asc(), S.runs.c.id.asc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [self._run(conn, row, messages=False) for row in conn.execute(query).mappings()]

    def resumed_runs(self, game_id: str, limit: int = 20) -> list[StoredRun]:
        """The finished runs kept off the main board, best first."""
        return self.leaderboard(game_id, limit, ranked=False)

    def run_with_secret(self, secret: str) -> StoredRun | None:
        """The run that played this very secret (a reveal file's text), oldest first; None if none."""
        query = sa.select(S.runs).where(S.runs.c.secret_sha == secret_sha(secret)).order_by(S.runs.c.id.asc()).limit(1)
        with self.engine.connect() as conn:
            row = conn.execute(query).mappings().first()
            return None if row is None else self._run(conn, row, messages=False)

    def counts(self) -> dict[tuple[str, str], int]:
        """(game id, status) -> how many runs."""
        query = sa.select(S.runs.c.game_id, S.runs.c.status, sa.func.count()).group_by(S.runs.c.game_id, S.runs.c.status)
        with self.engine.connect() as conn:
            return {(g, s): n for g, s, n in conn.execute(query)}

    def best_line(self, card_sha: str) -> BestLine | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(S.best_lines).where(S.best_lines.c.card_sha == card_sha)).mappings().first()
        return None if row is None else BestLine(row["score"], row["end"], tuple(json.loads(row["line"])))
