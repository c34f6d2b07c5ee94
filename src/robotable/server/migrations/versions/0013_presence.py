"""Who is at each table across the server processes of one database (issue 31, presence
across processes): each process's lease (``server_processes``) and the people it has connected
(``presence``), so that a person whose process died counts as away once its lease has lapsed.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = sa.ForeignKey("game_tables.id", ondelete="CASCADE")
    process = sa.ForeignKey("server_processes.id", ondelete="CASCADE")
    op.create_table(
        "server_processes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("table_id", sa.String(32), table, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("process", sa.String(32), process, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_table("server_processes")
