"""challenges: the challenges under way and their answers, kept so that a challenge
outlives its process (a restart, another process taking its table over)

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("host_id", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.ForeignKeyConstraint(["host_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_table(
        "challenge_answers",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.String(length=10), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["challenges.table_id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("table_id", "player_id"),
    )
    op.create_index("ix_challenge_answers_player_id", "challenge_answers", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_challenge_answers_player_id", "challenge_answers")
    op.drop_table("challenge_answers")
    op.drop_table("challenges")
