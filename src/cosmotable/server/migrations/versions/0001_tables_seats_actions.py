"""Tables, seats and actions: a table is stored as its record.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("to_act", sa.Integer, nullable=True),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
        sa.Column("timer_seconds", sa.Integer, nullable=True),
        sa.Column("timeout_bot", sa.String(16), nullable=False),
        sa.Column("undo", sa.Boolean, nullable=False),
        sa.Column("coach", sa.Boolean, nullable=False),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tables_game", "tables", ["game"])
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_index("ix_tables_deadline", "tables", ["deadline"])
    op.create_index("ix_tables_updated_at", "tables", ["updated_at"])
    op.create_table(
        "seats",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("bot_playing", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("client_action_id", sa.String(128), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "client_action_id", name="uq_actions_client_action_id"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_tables_updated_at", "tables")
    op.drop_index("ix_tables_deadline", "tables")
    op.drop_index("ix_tables_status", "tables")
    op.drop_index("ix_tables_game", "tables")
    op.drop_table("tables")
