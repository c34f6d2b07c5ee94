"""A person may hide their profile (issue 29, "Profiles"): ``accounts.profile_hidden``, off for
every account until its person ticks "Hide my profile".

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("profile_hidden", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("profile_hidden")
