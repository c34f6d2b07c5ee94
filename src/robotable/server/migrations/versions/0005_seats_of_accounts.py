"""Seats held by accounts: a signed-in person's seat names its account, which a deletion
leaves to "deleted player" (the games stay, replayable).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        seats.add_column(sa.Column("account_gone", sa.Boolean, nullable=False, server_default=sa.false()))
        seats.create_foreign_key(
            "seats_account_id_fkey", "accounts", ["account_id"], ["id"], ondelete="SET NULL"
        )
        seats.create_index("seats_account", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("seats_account")
        seats.drop_constraint("seats_account_id_fkey", type_="foreignkey")
        seats.drop_column("account_gone")
        seats.drop_column("account_id")
