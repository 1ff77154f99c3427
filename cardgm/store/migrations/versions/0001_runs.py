"""The runs, their messages and replies, and the cached best lines.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cardgm_runs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("token_sha", sa.String(64), nullable=False, unique=True),
        sa.Column("share_id", sa.String(32), nullable=False, unique=True),
        sa.Column("game_id", sa.String(64), nullable=False, index=True),
        sa.Column("card_title", sa.String(200), nullable=False),
        sa.Column("card_version", sa.String(32), nullable=False),
        sa.Column("card_source", sa.String(200), nullable=False),
        sa.Column("card_text", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("secret", sa.Text, nullable=True),
        sa.Column("secret_hidden", sa.Boolean, nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("ledger", sa.Text, nullable=False),
        sa.Column("end", sa.String(64), nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("n_messages", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_cardgm_runs_board", "cardgm_runs", ["game_id", "status", "score"])
    op.create_table(
        "cardgm_messages",
        sa.Column("run_id", sa.Integer, sa.ForeignKey("cardgm_runs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("message", sa.Text, nullable=True),
        sa.Column("reply", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "cardgm_best_lines",
        sa.Column("card_sha", sa.String(64), primary_key=True),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("end", sa.String(64), nullable=True),
        sa.Column("line", sa.Text, nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("cardgm_best_lines")
    op.drop_table("cardgm_messages")
    op.drop_index("ix_cardgm_runs_board", "cardgm_runs")
    op.drop_table("cardgm_runs")
