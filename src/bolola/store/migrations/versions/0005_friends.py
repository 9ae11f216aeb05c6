"""friends: friend requests and friendships, blocks, the friends people have at outside
providers (suggestions), and when a player was last seen (issue 17)

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("friend_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["friend_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("player_id", "friend_id"),
    )
    op.create_index("ix_friendships_friend_id", "friendships", ["friend_id"])
    op.create_table(
        "blocks",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("blocked_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["blocked_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("player_id", "blocked_id"),
    )
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table(
        "provider_friends",
        sa.Column("provider", sa.String(length=40), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("friend_subject", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("provider", "subject", "friend_subject"),
    )
    op.create_index("ix_provider_friends_friend_subject", "provider_friends", ["friend_subject"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("last_seen_at")
    op.drop_index("ix_provider_friends_friend_subject", "provider_friends")
    op.drop_table("provider_friends")
    op.drop_index("ix_blocks_blocked_id", "blocks")
    op.drop_table("blocks")
    op.drop_index("ix_friendships_friend_id", "friendships")
    op.drop_table("friendships")
