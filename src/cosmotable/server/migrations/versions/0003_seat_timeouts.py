"""Turn time-outs: a timed-out seat keeps its player, the bot makes only that turn's decisions, and
only `timeouts_to_bot` time-outs in a row hand the seat to the bot (issue #45, item 4).

Tables made before this revision get the default (3) and seats start with no time-outs; a seat a bot
already plays (`bot_playing`) keeps its bot until its player takes it back, as before.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # server defaults: the rows already stored get a value, so NOT NULL holds on SQLite and PostgreSQL
    op.add_column("tables", sa.Column("timeouts_to_bot", sa.Integer, nullable=False, server_default="3"))
    op.add_column("seats", sa.Column("bot_turn", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("seats", sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    # batch mode: SQLite before 3.35 has no DROP COLUMN (Alembic copies the table instead)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeouts")
        batch.drop_column("bot_turn")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("timeouts_to_bot")
