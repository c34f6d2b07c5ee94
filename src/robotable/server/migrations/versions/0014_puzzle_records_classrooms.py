"""Puzzle records and classrooms (issue 30): each person's best verified solution of each
puzzle (``puzzle_solutions``), and the teachers' rooms with their pupils and results.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    create_solutions()
    create_classrooms()


def create_solutions() -> None:
    account = sa.ForeignKey("accounts.id", ondelete="CASCADE")
    op.create_table(
        "puzzle_solutions",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("puzzle", sa.String(40), primary_key=True),
        sa.Column("solver", sa.String(80), primary_key=True),
        sa.Column("account_id", sa.Integer, account, nullable=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("score_1", sa.Integer, nullable=False),
        sa.Column("score_2", sa.Integer, nullable=False),
        sa.Column("optimal", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index(
        "puzzle_solutions_best", "puzzle_solutions", ["game", "puzzle", "score_1", "score_2", "at"]
    )
    op.create_index("puzzle_solutions_account", "puzzle_solutions", ["account_id"])


def create_classrooms() -> None:
    op.create_table(
        "classrooms",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("teacher_hash", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("series", sa.String(40), nullable=True),
        sa.Column("puzzle", sa.String(40), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=True),
        sa.Column("hint", sa.Text, nullable=True),
        sa.Column("hint_at", sa.Float, nullable=True),
        sa.Column("shown_pupil", sa.Integer, nullable=True),
        sa.Column("shown_puzzle", sa.String(40), nullable=True),
        sa.Column("shown_moves", sa.Text, nullable=True),
    )
    op.create_index("classrooms_expires", "classrooms", ["expires"])
    room = sa.ForeignKey("classrooms.code", ondelete="CASCADE")
    op.create_table(
        "classroom_pupils",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(8), room, nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("puzzle", sa.String(40), nullable=True),
        sa.Column("moves", sa.Text, nullable=False),
        sa.Column("ended", sa.Boolean, nullable=False),
        sa.Column("changed", sa.Float, nullable=False),
        sa.Column("hint", sa.Text, nullable=True),
        sa.Column("hint_at", sa.Float, nullable=True),
    )
    op.create_index("classroom_pupils_name", "classroom_pupils", ["code", "name_key"], unique=True)
    op.create_index("classroom_pupils_token", "classroom_pupils", ["token_hash"], unique=True)
    pupil = sa.ForeignKey("classroom_pupils.id", ondelete="CASCADE")
    op.create_table(
        "classroom_results",
        sa.Column("pupil_id", sa.Integer, pupil, primary_key=True),
        sa.Column("puzzle", sa.String(40), primary_key=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("best", sa.Integer, nullable=True),
        sa.Column("solution", sa.Text, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("classroom_results")
    op.drop_table("classroom_pupils")
    op.drop_table("classrooms")
    op.drop_table("puzzle_solutions")
