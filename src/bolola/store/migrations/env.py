"""Alembic's entry: runs on the connection the server hands over (see database.migrate)."""

from alembic import context

from bolola.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("bolola's migrations run at server start (bolola serve), not from alembic")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
