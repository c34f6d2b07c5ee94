"""Puzzles made in the editor and published (issue 31): ``published_puzzles``.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    account = sa.ForeignKey("accounts.id", ondelete="CASCADE")
    op.create_table(
        "published_puzzles",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("author_account_id", sa.Integer, account, nullable=True),
        sa.Column("author_name", sa.String(24), nullable=True),
        sa.Column("file", sa.Text, nullable=False),
        sa.Column("optimum", sa.String(40), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("guest_key_hash", sa.String(64), nullable=True),
    )
    op.create_index("published_puzzles_listed", "published_puzzles", ["game", "created"])
    op.create_index("published_puzzles_account", "published_puzzles", ["author_account_id"])
    op.create_index("published_puzzles_guest", "published_puzzles", ["guest_key_hash"])


def downgrade() -> None:
    op.drop_table("published_puzzles")
