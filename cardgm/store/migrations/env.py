"""Alembic's environment for the runs database. The store runs it on start with an open
connection (`config.attributes["connection"]`); there is no alembic.ini to keep."""

from __future__ import annotations

from alembic import context

from cardgm.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes one
    raise RuntimeError("cardgm's migrations run from cardgm.store.open_store(), which passes a connection")

context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    if connection.dialect.name == "postgresql":
        # Several workers may start at once: one migrates, the others wait and find it done.
        connection.exec_driver_sql("SELECT pg_advisory_xact_lock(727272)")
    context.run_migrations()
