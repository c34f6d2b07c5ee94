"""The table's creator: the seat whose token may hand another seat to a bot.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("creator", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("creator")
