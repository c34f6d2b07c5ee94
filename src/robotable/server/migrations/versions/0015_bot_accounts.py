"""Bot accounts (issue 32): an account made by a person's account for a program of theirs
(``accounts.owner_id``: the person's; null for a person), and a seat held by such an account
says so (``seats.account_bot``), so every page marks it as a bot.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("owner_id", sa.Integer, nullable=True))
        batch.create_foreign_key("accounts_owner_fk", "accounts", ["owner_id"], ["id"], ondelete="CASCADE")
        batch.create_index("accounts_owner", ["owner_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_bot", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_bot")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("accounts_owner")
        batch.drop_constraint("accounts_owner_fk", type_="foreignkey")
        batch.drop_column("owner_id")
