"""results_left: a result says whether the player had left (a bot played the seat at the
end), so a forfeit reads as one ("left: counted as a loss"), not as a loss at first place

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("left", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("left")
