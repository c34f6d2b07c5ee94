"""Email, optional (issue 29): an account's confirmed address and its wish to be told by email,
and the one-use links a message carries (confirm an address, reset a forgotten password), each
kept as the SHA-256 of its token, never the token.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as accounts:
        accounts.add_column(sa.Column("email", sa.String(254), nullable=True))
        accounts.add_column(sa.Column("email_key", sa.String(254), nullable=True))
        accounts.add_column(sa.Column("email_confirmed", sa.Float, nullable=True))
        accounts.add_column(
            sa.Column("notify_by_email", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_index("accounts_email_key", "accounts", ["email_key"], unique=True)
    op.create_table(
        "email_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expiry", sa.Float, nullable=False),
    )
    op.create_index("email_links_account", "email_links", ["account_id"])


def downgrade() -> None:
    op.drop_table("email_links")
    op.drop_index("accounts_email_key", "accounts")
    with op.batch_alter_table("accounts") as accounts:
        for column in ("notify_by_email", "email_confirmed", "email_key", "email"):
            accounts.drop_column(column)
