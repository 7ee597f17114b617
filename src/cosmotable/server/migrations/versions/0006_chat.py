"""Table chat (issue #46): the messages written at a table, in the players' or the spectators'
channel, kept with the table (deleted with it), and the host's switch that turns chat off.

Tables made before this revision have chat on (server default) and no messages. The brief named
this revision 0005, but 0005 was taken by the rematch meanwhile: chat comes after it.

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
    op.add_column("tables", sa.Column("chat", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        # the writing seat; NULL: a spectator
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        # the table's step when it was written, so a replay shows it at its place in the game
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_table_id", "chat_messages", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_table_id", table_name="chat_messages")
    op.drop_table("chat_messages")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("chat")
