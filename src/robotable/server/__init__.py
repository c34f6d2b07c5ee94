"""The game server: tables stored in a database, played over HTTP and WebSockets.

``app.create_app`` assembles the parts, one job per module (``docs/server.md`` lists them);
each table a process serves is one :class:`~robotable.server.live.LiveTable`, its one actor.
``store`` keeps tables (SQLAlchemy; SQLite by default, PostgreSQL by URL) with their schema
under Alembic's migrations (``migrations/``).
"""
