"""Turn emails (issue 29, notifications): the language an account's emails speak, and one row
per account and table told by email that it is their turn, until their seat plays there.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as accounts:
        accounts.add_column(sa.Column("email_language", sa.String(8), nullable=True))
    op.create_table(
        "turn_emails",
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("sent", sa.Float, nullable=False),
    )
    op.create_index("turn_emails_table", "turn_emails", ["table_id"])


def downgrade() -> None:
    op.drop_table("turn_emails")
    with op.batch_alter_table("accounts") as accounts:
        accounts.drop_column("email_language")
