"""Puzzles above the games (issue 30): what a series of puzzles, a record and a classroom are,
whatever the game. Each game's puzzle format, runner and solver live with the game
(``games/<id>/puzzle_file.py`` or ``games/<id>/puzzles/``); this layer sits beside
:mod:`robotable.play`, and the server serves it."""
