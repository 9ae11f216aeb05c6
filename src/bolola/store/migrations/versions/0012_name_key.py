"""name_key: what tells two player names apart (bolola.names.key), kept unique, so names
may be written in any alphabet: the database's lower() folds ASCII alone in SQLite

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

from bolola import names

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added and indexed in place: SQLite would rebuild the table to change it, and the
    # rows that refer to players (foreign keys on) forbid dropping the old one.
    op.add_column(
        "players",
        sa.Column("name_key", sa.String(length=100), nullable=False, server_default=""),
    )
    bind = op.get_bind()
    players = sa.table("players", sa.column("id"), sa.column("name"), sa.column("name_key"))
    seen: set[str] = set()
    for player_id, name in bind.execute(sa.select(players.c.id, players.c.name).order_by("id")):
        key = names.key(name)
        if key in seen:
            # Two names that were one only in case (the old check and its insert were not
            # always one transaction): the later keeps its name, found by its own key.
            key = f"{key}#{player_id}"
        seen.add(key)
        bind.execute(players.update().where(players.c.id == player_id).values(name_key=key))
    op.create_index("ix_players_name_key", "players", ["name_key"], unique=True)
    if bind.dialect.name != "sqlite":  # the default only served the rows already there
        op.alter_column("players", "name_key", server_default=None)


def downgrade() -> None:
    op.drop_index("ix_players_name_key", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_key")
