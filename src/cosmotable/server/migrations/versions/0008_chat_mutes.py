"""Chat mutes per account (issue #46): the seats of a table whose messages a signed-in player hides
for themself, kept on the server so the mute follows the account to another browser (a guest's
mutes stay in the browser's localStorage). Deleted with the account or with the table.

Databases made before this revision have no mutes: the signed-in players' mutes kept in their
browsers until now are not carried over (the server never saw them).

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
        "chat_mutes",
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_mutes")
