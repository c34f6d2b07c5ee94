"""The game server: tables stored in a database, played over HTTP and WebSockets.

``store`` keeps tables (SQLAlchemy; SQLite by default, PostgreSQL by URL) with their schema
under Alembic's migrations (``migrations/``).
"""
