"""The app as uvicorn's worker processes build it: `uvicorn cardgm.web.asgi:app_factory
--factory`. The database is $CARDGM_DATABASE_URL (as `cardgm serve --database` sets it)."""

from __future__ import annotations

from fastapi import FastAPI

from cardgm.store import open_store

from .app import create_app


def app_factory() -> FastAPI:
    return create_app(open_store(migrate=False))  # `cardgm serve` migrated it before the workers
