"""Friends and invitations by name (issue 29): who asked whom to be friends, the answer and
when; and which account a table's creator invited to which seat. Both go with their accounts
(ON DELETE CASCADE): a deleted account leaves no friendship, request nor invitation.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("first_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column(
            "second_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("asker_id", sa.Integer, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("changed", sa.Float, nullable=False),
    )
    op.create_index("friendships_second", "friendships", ["second_id"])
    op.create_table(
        "seat_invitations",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("inviter_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("seat_invitations_account", "seat_invitations", ["account_id"])


def downgrade() -> None:
    op.drop_index("seat_invitations_account", "seat_invitations")
    op.drop_table("seat_invitations")
    op.drop_index("friendships_second", "friendships")
    op.drop_table("friendships")
