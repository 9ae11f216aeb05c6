"""long actions: the event log's action column as long as the wire accepts (1000
characters), since a Jolly opening lists every card laid down and PostgreSQL refused
those longer than 40

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # batch: SQLite alters a column by copying the table, PostgreSQL in place.
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", existing_type=sa.String(length=40), type_=sa.String(length=1000)
        )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", existing_type=sa.String(length=1000), type_=sa.String(length=40)
        )
