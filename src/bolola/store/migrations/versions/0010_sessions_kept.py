"""sessions_kept: the session that changed a password goes on; sessions_from indexed (a
running server looks for passwords changed outside it, such as by `bolola password`)

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("sessions_kept", sa.BigInteger(), nullable=True))
        batch.create_index("ix_players_sessions_from", ["sessions_from"])


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_index("ix_players_sessions_from")
        batch.drop_column("sessions_kept")
