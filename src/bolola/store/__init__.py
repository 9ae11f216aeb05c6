"""Persistence: SQLAlchemy models, Alembic migrations (applied at start), one writer.

The event log (:class:`~bolola.store.models.ActionRow`) is the truth about a table; every
other row is either set up before play (seats, invitations) or a product of the log
(records).
"""
