"""fair deals: the secret top of each table's seed chain and its seats' client seeds

Revision ID: 0003
Revises: 0002

Both nullable: a table made before fair deals deals from its integer seed as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seed_top", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("client_seeds", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("client_seeds")
        batch.drop_column("seed_top")
