"""progression: ratings per game, results per table and seat, daily rewards

Revision ID: 0002
Revises: 0001

Ratings move from ``players.rating`` (one number, every game was King Bolola) to one row
per player and game; a player who had played keeps their rating there.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rated", sa.Integer(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("drawn", sa.Integer(), nullable=False),
        sa.Column("lost", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("player_id", "game"),
    )
    op.create_index("ix_ratings_game_rating", "ratings", ["game", "rating"], unique=False)
    op.create_table(
        "results",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(length=10), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("xp", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index(
        "ix_results_player_finished", "results", ["player_id", "finished_at"], unique=False
    )
    op.create_table(
        "daily_rewards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("xp", sa.Integer(), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "day"),
    )
    # A plain ADD COLUMN (nullable, no default) on both databases: no table copy.
    op.add_column("tables", sa.Column("scores", sa.Text(), nullable=True))
    op.execute(
        "INSERT INTO ratings (player_id, game, rating, rated, played, won, drawn, lost) "
        "SELECT id, 'king-bolola', rating, games, games, 0, 0, 0 FROM players "
        "WHERE games > 0 OR rating <> 1500"
    )
    # DROP COLUMN in place (SQLite 3.35+, PostgreSQL): no copy of a table others point at.
    op.drop_column("players", "rating")


def downgrade() -> None:
    op.add_column(
        "players",
        sa.Column("rating", sa.Float(), nullable=False, server_default=sa.text("1500")),
    )
    op.execute(
        "UPDATE players SET rating = (SELECT r.rating FROM ratings r "
        "WHERE r.player_id = players.id AND r.game = 'king-bolola') "
        "WHERE id IN (SELECT player_id FROM ratings WHERE game = 'king-bolola')"
    )
    op.drop_column("tables", "scores")
    op.drop_table("daily_rewards")
    op.drop_index("ix_results_player_finished", table_name="results")
    op.drop_table("results")
    op.drop_index("ix_ratings_game_rating", table_name="ratings")
    op.drop_table("ratings")
