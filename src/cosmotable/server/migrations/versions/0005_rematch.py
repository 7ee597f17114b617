"""Rematch (issue #46): a finished table points to its rematch, the rematch to the table it repeats,
and each seat of a rematch says whether its player accepted the offer.

Tables made before this revision have no rematch (NULL) and their seats no offer (NULL).

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
    op.add_column("tables", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("tables", sa.Column("rematch_of", sa.String(32), nullable=True))
    # one rematch per table, even when two processes propose it at once
    op.create_index("ix_tables_rematch_of", "tables", ["rematch_of"], unique=True)
    op.add_column("seats", sa.Column("rematch", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rematch")
    op.drop_index("ix_tables_rematch_of", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch_of")
        batch.drop_column("rematch")
