"""The bot arena (issue 32): ``arena_entries`` (each bot in each game's arena, with its arena
rating and strikes), ``arena_results`` (each seat of each finished arena table),
``arena_rounds`` (when each game's arena pairs next) and ``game_tables.arena`` (a table the
arena made).

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("arena", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "arena_entries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("strikes", sa.Integer, nullable=False),
        sa.Column("paused_until", sa.Float, nullable=True),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_index("arena_entries_account", "arena_entries", ["game", "account_id"], unique=True)
    op.create_index("arena_entries_level", "arena_entries", ["game", "level"], unique=True)
    op.create_table(
        "arena_results",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column(
            "entry_id", sa.Integer, sa.ForeignKey("arena_entries.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("timed_out", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("arena_results_entry", "arena_results", ["entry_id", "at"])
    op.create_table(
        "arena_rounds",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("next_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("arena_rounds")
    op.drop_table("arena_results")
    op.drop_table("arena_entries")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("arena")
