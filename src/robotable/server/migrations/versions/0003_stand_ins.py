"""Stand-ins: the bot a table gives a person's seat when they leave, and each seat's presence.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("stand_in", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("stand_in", sa.String(64), nullable=True))
        seats.add_column(sa.Column("away_since", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("away_since")
        seats.drop_column("stand_in")
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("stand_in")
