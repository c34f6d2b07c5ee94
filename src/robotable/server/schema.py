"""The server's tables, in SQLAlchemy Core: what a stored game table is.

A game table is its header (game, options, seed, seats) and the append-only list of the
actions it accepted, each with its time: the record is the source of truth, and a table is
rebuilt by replaying it (:meth:`robotable.play.table.Table.restore`). An account is a name and
a password's hash (and, with email, a confirmed address); its sessions, and the links its
emails carry, are rows keyed by the hash of their token. Alembic's migrations in
``migrations/versions`` create and change these tables; this module is what the code reads
and writes through, and a test checks that the two agree.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

game_tables = Table(
    "game_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("rules_version", String(64), nullable=False),
    Column("options", Text, nullable=False),  # JSON: every option, defaults included
    Column("seed", BigInteger, nullable=False),  # 0 .. 2^63-1: the server draws it
    Column("created", Float, nullable=False),  # seconds since the epoch
    Column("timers", Boolean, nullable=False),  # False: a turn-based table, no deadlines
    Column("version", Integer, nullable=False),  # actions accepted so far
    Column("status", String(16), nullable=False),  # open, running, over
    Column("outcome", Text, nullable=True),  # JSON, once over
    Column("creator", Integer, nullable=True),  # the creator's seat (may hand seats to bots)
    Column("stand_in", String(64), nullable=True),  # bot:NAME playing for a person who left; null: none
    # a turn-based table's time bank per seat (seconds) and what a move adds; null: no bank
    Column("bank", Integer, nullable=True),
    Column("bank_per_move", Integer, nullable=True),
    Column("rated", Boolean, nullable=False, server_default=false()),  # its result moves its players' ratings
    # made by the bot arena (issue 32): its result moves the arena's ratings, not the site's
    Column("arena", Boolean, nullable=False, server_default=false()),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(64), nullable=False),  # human, bot:NAME, open
    Column("name", String(64), nullable=False),  # shown to the others
    Column("token_hash", String(64), nullable=True),  # SHA-256 of the seat's secret token
    Column("stand_in", String(64), nullable=True),  # bot:NAME playing while its person is away
    Column("away_since", Float, nullable=True),  # when its person's last connection closed
    # the account holding a person's seat; its deletion leaves the seat to "deleted player"
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("account_gone", Boolean, nullable=False, server_default=false()),
    # the account holding it is a bot's (issue 32): every page marks the seat as a bot
    Column("account_bot", Boolean, nullable=False, server_default=false()),
    Index("seats_account", "account_id"),
)

server_processes = Table(
    "server_processes",
    metadata,
    Column("id", String(32), primary_key=True),  # drawn by each server process as it starts
    Column("until", Float, nullable=False),  # its lease: alive while this is in the future
)

presence = Table(
    "presence",
    metadata,
    # a person connected to a table's seat through one server process (shared databases only)
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("process", String(32), ForeignKey("server_processes.id", ondelete="CASCADE"), primary_key=True),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    # (table_id, number) is the key: two processes can never both append action n
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("at", Float, nullable=False),
)

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(24), nullable=False),  # as its person wrote it (NFC), shown to others
    # the name compared without regard to case (NFKC, casefolded): unique on SQLite and PostgreSQL alike
    Column("name_key", String(96), nullable=False),
    Column("password_hash", String(256), nullable=False),  # argon2id, with its parameters and salt
    Column("created", Float, nullable=False),
    Column("password_changed", Float, nullable=False),
    Column("email", String(254), nullable=True),  # the confirmed address as written; null: none
    Column("email_key", String(254), nullable=True),  # the same in lower case: one account per address
    Column("email_confirmed", Float, nullable=True),  # when its link was opened
    Column("notify_by_email", Boolean, nullable=False, server_default=false()),
    Column("email_language", String(8), nullable=True),  # en, fr: the language its emails speak
    # its person hid their profile: /players/NAME answers 404 to everyone else
    Column("profile_hidden", Boolean, nullable=False, server_default=false()),
    # a bot's account (issue 32): the person's account that made it and manages it; null: a person
    Column(
        "owner_id",
        Integer,
        ForeignKey("accounts.id", name="accounts_owner_fk", ondelete="CASCADE"),
        nullable=True,
    ),
    Index("accounts_name_key", "name_key", unique=True),
    Index("accounts_email_key", "email_key", unique=True),  # nulls (no address) do not collide
    Index("accounts_owner", "owner_id"),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's token, never the token
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("expiry", Float, nullable=False),
    Index("sessions_account", "account_id"),
    Index("sessions_expiry", "expiry"),
)

email_links = Table(
    "email_links",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the link's token, never the token
    Column("purpose", String(16), nullable=False),  # confirm (an address), reset (a password)
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("address", String(254), nullable=True),  # the address a confirmation link confirms
    Column("created", Float, nullable=False),
    Column("expiry", Float, nullable=False),
    Index("email_links_account", "account_id"),
)

chat = Table(
    "chat",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    # (table_id, number) is the key: two processes can never both write message n of a table
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),  # who said it (a person's seat; never a bot's)
    Column("at", Float, nullable=False),  # seconds since the epoch, on the server's clock
    Column("text", Text, nullable=False),  # cleaned (:func:`robotable.server.chat.cleaned`): plain text
)
"""A table's chat (:mod:`.chat`): what people said, beside the game, never part of its record."""

turn_emails = Table(
    "turn_emails",
    metadata,
    # one email per account and table until its seat plays: the key decides which process sends it
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("version", Integer, nullable=False),  # the table's actions when the email was sent
    Column("sent", Float, nullable=False),
    Index("turn_emails_table", "table_id"),
)

friendships = Table(
    "friendships",
    metadata,
    # the two accounts, the smaller id first: one row a pair, whoever asked
    Column("first_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("second_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("asker_id", Integer, nullable=False),  # which of the two asked
    Column("state", String(16), nullable=False),  # pending, friends, refused
    Column("created", Float, nullable=False),
    Column("changed", Float, nullable=False),  # when it was asked, accepted or refused
    Index("friendships_second", "second_id"),
)

seat_invitations = Table(
    "seat_invitations",
    metadata,
    # a person's seat of a table that its creator offers one account (by name), until taken
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("inviter_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),
    Index("seat_invitations_account", "account_id"),
)

# one player's rating at one game: an account's, or a bot level's (an anchor: robotable.play.rated)
ratings = Table(
    "ratings",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("bot", String(32), nullable=True),  # the level (easy...), for a bot's row
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),  # games it ranked first in (shared first places count)
    Column("updated", Float, nullable=False),
    # NULLs are distinct in both: one row per (game, account) and one per (game, bot)
    Index("ratings_account", "game", "account_id", unique=True),
    Index("ratings_bot", "game", "bot", unique=True),
)

# one row per rated seat of a finished rated table: its key refuses rating a seat twice
rating_history = Table(
    "rating_history",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("bot", String(32), nullable=True),
    Column("rank", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("rating_history_account", "account_id", "game"),
)

# one bot in one game's arena (issue 32): a bot account's program, or one of robotable's levels
# (the host's choice); its arena rating, and its strikes (games in a row it ran out of time)
arena_entries = Table(
    "arena_entries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("level", String(32), nullable=True),  # easy...: robotable's own bot, for a level's row
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("strikes", Integer, nullable=False),
    Column("paused_until", Float, nullable=True),  # paused for running out of time; null: not
    Column("active", Boolean, nullable=False),  # in the arena now (a bot that left keeps its line)
    Column("joined", Float, nullable=False),
    # NULLs are distinct in both: one row per (game, account) and one per (game, level)
    Index("arena_entries_account", "game", "account_id", unique=True),
    Index("arena_entries_level", "game", "level", unique=True),
)

# when each game's arena pairs next: the process that moves it on pairs that round (several
# processes on one database pair each round once)
arena_rounds = Table(
    "arena_rounds",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("next_at", Float, nullable=False),
)

# one row per seat of a finished arena table: its key refuses rating a seat twice
arena_results = Table(
    "arena_results",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("entry_id", Integer, ForeignKey("arena_entries.id", ondelete="CASCADE"), nullable=False),
    Column("rank", Integer, nullable=False),  # as the arena rated it (last for a seat out of time)
    Column("timed_out", Boolean, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("arena_results_entry", "entry_id", "at"),
)

# one person's best solution of one puzzle, replayed by the server before it was kept (issue 30,
# records): the record is the best row of a puzzle that has a name; the rows count its solvers
puzzle_solutions = Table(
    "puzzle_solutions",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("puzzle", String(40), primary_key=True),
    # "account:ID", or "guest:" and the SHA-256 of a guest browser's own key (never the key)
    Column("solver", String(80), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("name", String(24), nullable=True),  # shown with a record: the account's, or the guest's given one
    Column("score_1", Integer, nullable=False),  # the score tuple, compared in order (lower is better)
    Column("score_2", Integer, nullable=False),  # 0 for a one-number score
    Column("optimal", Boolean, nullable=False),  # the score is the stored proven optimum
    Column(
        "at", Float, nullable=False
    ),  # when this best was reached: the earlier of two equals holds the record
    Index("puzzle_solutions_best", "game", "puzzle", "score_1", "score_2", "at"),
    Index("puzzle_solutions_account", "account_id"),
)

# a teacher's room (issue 30, the classroom): its code, the hash of its teacher's token, what it
# works on, and what its teacher pushed to everyone
classrooms = Table(
    "classrooms",
    metadata,
    Column("code", String(8), primary_key=True),
    Column("teacher_hash", String(64), nullable=False),  # SHA-256 of the teacher's token
    Column("game", String(32), nullable=False),
    Column("series", String(40), nullable=True),  # the series the room works through ("course")...
    Column("puzzle", String(40), nullable=True),  # ... or one puzzle
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=True),  # null: kept by its teacher
    Column("hint", Text, nullable=True),  # the last hint pushed to every pupil
    Column("hint_at", Float, nullable=True),
    Column("shown_pupil", Integer, nullable=True),  # whose solution the teacher shows to all
    Column("shown_puzzle", String(40), nullable=True),
    Column("shown_moves", Text, nullable=True),  # its moves, JSON, copied when shown
    Index("classrooms_expires", "expires"),
)

# a pupil of a room: a name, no account; the hash of their token; their current attempt
classroom_pupils = Table(
    "classroom_pupils",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(8), ForeignKey("classrooms.code", ondelete="CASCADE"), nullable=False),
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False),  # one pupil per name in a room, capitals aside
    Column("token_hash", String(64), nullable=False),
    Column("joined", Float, nullable=False),
    Column("puzzle", String(40), nullable=True),  # the puzzle of the current attempt
    Column("moves", Text, nullable=False),  # the current attempt's moves, JSON
    Column("ended", Boolean, nullable=False),  # the current attempt ended (solved, or a dead end)
    Column("changed", Float, nullable=False),  # when the current attempt last changed
    Column("hint", Text, nullable=True),  # the last hint pushed to this pupil alone
    Column("hint_at", Float, nullable=True),
    Index("classroom_pupils_name", "code", "name_key", unique=True),
    Index("classroom_pupils_token", "token_hash", unique=True),
)

# one pupil at one puzzle: their attempts, and their best solution
classroom_results = Table(
    "classroom_results",
    metadata,
    Column("pupil_id", Integer, ForeignKey("classroom_pupils.id", ondelete="CASCADE"), primary_key=True),
    Column("puzzle", String(40), primary_key=True),
    Column("attempts", Integer, nullable=False),
    Column("best", Integer, nullable=True),  # the fewest moves of a solution; null: not solved
    Column("solution", Text, nullable=True),  # those moves, JSON
)

# a puzzle made in the editor and published (issue 31): proven by the server's own solver when
# published; an account's are listed under its name, a guest's are reached by their link only
published_puzzles = Table(
    "published_puzzles",
    metadata,
    Column("id", String(24), primary_key=True),  # a random, unguessable slug: the link
    Column("game", String(32), nullable=False),
    Column("title", String(200), nullable=False),
    Column("author_account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("author_name", String(24), nullable=True),  # the account's name, or the one a guest gave
    Column("file", Text, nullable=False),  # the puzzle file's JSON text, its proven optimum in it
    Column("optimum", String(40), nullable=False),  # the proven score, JSON ("[6, 10]")
    Column("created", Float, nullable=False),
    Column("guest_key_hash", String(64), nullable=True),  # SHA-256 of a guest author's browser key
    Index("published_puzzles_listed", "game", "created"),
    Index("published_puzzles_account", "author_account_id"),
    Index("published_puzzles_guest", "guest_key_hash"),
)

# what a bot account takes challenges in (issue 32): its owner's choice, one row per bot that
# has one; no row: its owner never said, and it is offered any seat (its program decides)
bot_settings = Table(
    "bot_settings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("turn_based", Boolean, nullable=False),  # it takes turn-based tables (time banks)
    Column("clocked", Boolean, nullable=False),  # it takes tables whose clocks run
    Column("fewest_seats", Integer, nullable=False),  # the tables' seats it takes, from...
    Column("most_seats", Integer, nullable=False),  # ...to
    Column("changed", Float, nullable=False),
)

# the games a bot takes challenges in (none: it takes no challenge)
bot_games = Table(
    "bot_games",
    metadata,
    Column(
        "account_id", Integer, ForeignKey("bot_settings.account_id", ondelete="CASCADE"), primary_key=True
    ),
    Column("game", String(32), primary_key=True),
    Index("bot_games_game", "game"),
)
