"""Time banks of turn-based tables (issue 29): each table's bank per seat and the time a move
adds, in seconds; null on the tables without a bank (the banks themselves are never stored:
they are derived from the actions' times, :mod:`robotable.play.time_banks`).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("bank", sa.Integer, nullable=True))
        table.add_column(sa.Column("bank_per_move", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("bank_per_move")
        table.drop_column("bank")
