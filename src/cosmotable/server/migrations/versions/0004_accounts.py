"""Accounts (issue #46): optional player accounts, their server-side sessions, and seats bound to an
account so that the seat follows its player to another browser.

Tables made before this revision keep their guest seats exactly as they were (no account, no salt,
not a deleted player's), so every stored table plays on with the links it handed out.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_index("ix_account_sessions_expires_at", "account_sessions", ["expires_at"])
    # batch mode: SQLite cannot add a foreign key to an existing table (Alembic copies the table)
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("token_salt", sa.String(32), nullable=True))
        batch.add_column(sa.Column("account_deleted", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.create_foreign_key(
            "fk_seats_account_id_accounts", "accounts", ["account_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_account_id_accounts", type_="foreignkey")
        batch.drop_column("account_deleted")
        batch.drop_column("token_salt")
        batch.drop_column("account_id")
    op.drop_index("ix_account_sessions_expires_at", "account_sessions")
    op.drop_index("ix_account_sessions_account_id", "account_sessions")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
