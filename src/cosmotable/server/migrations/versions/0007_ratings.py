"""Ratings (issue #46): a table may be rated; each account's rating per game (a bot level is an
account that never signs in), and what each finished rated table did to them (the profile's plot,
and the guard that a table is rated once).

Tables made before this revision are unrated (server default), so no finished game of an older
release changes anyone's rating when the server starts.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_changes",
        # no foreign key to the table: a host deleting a finished table leaves the players' history
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_changes_account_game", "rating_changes", ["account_id", "game", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_account_game", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
