"""The runs database's tables, as SQLAlchemy Core sees them. The migrations in `migrations/`
create exactly these; a test checks that the two agree."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

runs = sa.Table(
    "cardgm_runs",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    # The play token is a capability: only its SHA-256 is kept, so a copy of the database
    # does not hand out the right to move.
    sa.Column("token_sha", sa.String(64), nullable=False, unique=True),
    sa.Column("share_id", sa.String(32), nullable=False, unique=True),
    sa.Column("game_id", sa.String(64), nullable=False, index=True),
    sa.Column("card_title", sa.String(200), nullable=False),
    sa.Column("card_version", sa.String(32), nullable=False),
    sa.Column("card_source", sa.String(200), nullable=False),  # a shipped card's name, or "<text>"
    sa.Column("card_text", sa.Text, nullable=False),  # the card exactly as played
    sa.Column("options", sa.Text, nullable=False),  # JSON object: the game's options
    sa.Column("secret", sa.Text, nullable=True),  # e.g. a sealed berth's reveal file; never shown before the end
    sa.Column("secret_hidden", sa.Boolean, nullable=False),  # drawn here: the player has not seen it
    sa.Column("name", sa.String(80), nullable=True),  # the player's name for the epilogue
    sa.Column("status", sa.String(16), nullable=False, index=True),  # "playing" | "ended"
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("ledger", sa.Text, nullable=False),
    sa.Column("end", sa.String(64), nullable=True),
    sa.Column("score", sa.Integer, nullable=True),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("n_messages", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    # On the epilogue's main board: began at its opening, on no secret the player supplied, and
    # (once ended) replayed from its log to the same RESULT.
    sa.Column("ranked", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("resumed_from", sa.Text, nullable=True),  # the LEDGER a resumed run began at
    sa.Column("secret_sha", sa.String(64), nullable=True, index=True),  # SHA-256 of the secret's text
    # The run's current state (a pickle of the Run's state and waiting question), written in the
    # same transaction as the message it follows; `snapshot_seq` is that message's seq.
    sa.Column("snapshot", sa.LargeBinary, nullable=True),
    sa.Column("snapshot_seq", sa.Integer, nullable=True),
)

messages = sa.Table(
    "cardgm_messages",
    metadata,
    sa.Column("run_id", sa.Integer, sa.ForeignKey("cardgm_runs.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # 0 is the opening reply
    sa.Column("message", sa.Text, nullable=True),  # the player's words; None for the opening
    sa.Column("reply", sa.Text, nullable=False),  # Reply.as_json(), as JSON text
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

# The best line each card's tape allows, worked out once by the card's solver.
best_lines = sa.Table(
    "cardgm_best_lines",
    metadata,
    sa.Column("card_sha", sa.String(64), primary_key=True),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("end", sa.String(64), nullable=True),
    sa.Column("line", sa.Text, nullable=False),  # JSON list of the messages a player types
    sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
)

sa.Index("ix_cardgm_runs_board", runs.c.game_id, runs.c.status, runs.c.score)
