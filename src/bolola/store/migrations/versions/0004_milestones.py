"""milestones: each finished match's feats per human seat, and the card back and felt a
player wears (issue 17)

Revision ID: 0004
Revises: 0003

All nullable: a match finished before has its feats found by ``bolola achievements
--backfill``; a player who never chose wears the first design of each kind.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("feats", sa.Text(), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("card_back", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("felt", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("felt")
        batch.drop_column("card_back")
    with op.batch_alter_table("results") as batch:
        batch.drop_column("feats")
