"""The app as uvicorn's worker processes build it: `uvicorn cardgm.web.asgi:app_factory
--factory`. The database is $CARDGM_DATABASE_URL (as `cardgm serve --database` sets it)."""

from __future__ import annotations

import threading

from fastapi import FastAPI

from cardgm.store import open_store

from .app import cards, create_app
from .best import best_line


def app_factory() -> FastAPI:
    store = open_store()
    app = create_app(store)
    # The epilogue's best lines take a few seconds each to solve the first time: start now.
    threading.Thread(target=lambda: [best_line(store, c) for c in cards()], daemon=True, name="best-lines").start()
    return app
