"""Challenges of bot accounts (issue 32): what each bot takes, its owner's choice
(``bot_settings``: turn-based tables, clocked tables, the tables' seats) and the games it takes
challenges in (``bot_games``).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_settings",
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("turn_based", sa.Boolean, nullable=False),
        sa.Column("clocked", sa.Boolean, nullable=False),
        sa.Column("fewest_seats", sa.Integer, nullable=False),
        sa.Column("most_seats", sa.Integer, nullable=False),
        sa.Column("changed", sa.Float, nullable=False),
    )
    op.create_table(
        "bot_games",
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("bot_settings.account_id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(32), primary_key=True),
    )
    op.create_index("bot_games_game", "bot_games", ["game"])


def downgrade() -> None:
    op.drop_table("bot_games")
    op.drop_table("bot_settings")
