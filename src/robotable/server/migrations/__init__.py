"""Alembic migrations of the server's database, applied by :func:`robotable.server.store.open_store`."""
