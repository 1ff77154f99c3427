"""Stores for the web and store tests: a SQLite file, and PostgreSQL when it answers.

PostgreSQL is the one at 127.0.0.1:5432 (trust authentication, database `test`), or the URL in
$CARDGM_TEST_POSTGRES. Each test session gets its own fresh schema, dropped at the end; the
PostgreSQL tests skip, saying so, when nothing answers there.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest

from cardgm.store import Store, open_store

PG_URL = os.environ.get("CARDGM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_reason() -> str | None:
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    try:
        psycopg.connect(PG_URL, connect_timeout=2).close()
    except psycopg.Error as exc:
        return f"PostgreSQL does not answer at {PG_URL}: {str(exc).strip().splitlines()[0]}"
    return None


PG_SKIP = _pg_reason()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema, dropped after the session."""
    if PG_SKIP:
        pytest.skip(PG_SKIP)
    import psycopg

    schema = f"cardgm_test_{secrets.token_hex(4)}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def _truncate(store: Store) -> None:
    import sqlalchemy as sa

    from cardgm.store import schema as S

    with store.engine.begin() as conn:
        for table in (S.messages, S.runs, S.best_lines):
            conn.execute(sa.delete(table))


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path) -> Iterator[Store]:
    """A fresh, empty store on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        s = open_store(str(tmp_path / "runs.sqlite3"))
    else:
        s = open_store(request.getfixturevalue("pg_url"))
        _truncate(s)
    yield s
    s.dispose()


@pytest.fixture
def sqlite_store(tmp_path) -> Iterator[Store]:
    s = open_store(str(tmp_path / "runs.sqlite3"))
    yield s
    s.dispose()


@pytest.fixture
def client(store: Store):
    """The site on a fresh store (SQLite and PostgreSQL), through FastAPI's test client."""
    from fastapi.testclient import TestClient

    from cardgm.web.app import create_app

    with TestClient(create_app(store), follow_redirects=False) as c:
        yield c
