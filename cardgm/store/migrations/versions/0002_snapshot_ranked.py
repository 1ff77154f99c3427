"""Each run's current state kept beside its messages (a move never replays the run), and what
the epilogue needs to trust a score: whether the run is ranked, where a resumed run resumed,
and the hash of its secret (a revealed sealed berth is spent).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def columns() -> list[sa.Column]:
    return [
        sa.Column("ranked", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("resumed_from", sa.Text, nullable=True),
        sa.Column("secret_sha", sa.String(64), nullable=True),
        sa.Column("snapshot", sa.LargeBinary, nullable=True),
        sa.Column("snapshot_seq", sa.Integer, nullable=True),
    ]


def upgrade() -> None:
    # Plain ADD COLUMN on both databases, never a batch "copy and move": on SQLite that drops the
    # old table, and with foreign keys on, the drop would cascade to every run's messages.
    for column in columns():
        op.add_column("cardgm_runs", column)
    op.create_index("ix_cardgm_runs_secret_sha", "cardgm_runs", ["secret_sha"])
    # Runs kept before this revision: ranked only when they began at their opening (no SAVE
    # resumed as their first message) and played no secret the player supplied. Their snapshot
    # stays empty: the first move after the upgrade replays them once and writes it.
    op.execute(
        "UPDATE cardgm_runs SET ranked = (secret IS NULL OR secret_hidden) AND NOT EXISTS ("
        "SELECT 1 FROM cardgm_messages m WHERE m.run_id = cardgm_runs.id AND m.seq = 1 "
        "AND m.reply LIKE '%%\"command\": \"resume\"%%')"
    )


def downgrade() -> None:
    op.drop_index("ix_cardgm_runs_secret_sha", "cardgm_runs")
    for column in reversed(columns()):
        # SQLite (3.35 and later) drops a column in place, as PostgreSQL does.
        op.execute(f"ALTER TABLE cardgm_runs DROP COLUMN {column.name}")
