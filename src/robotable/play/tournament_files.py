"""A tournament's folder: its summary (``tournament.json``) and its games (``games.jsonl``).

The summary holds the :class:`~robotable.play.round_robin.Plan` from the first run on, so a
rerun can tell whether it continues the same tournament. ``games.jsonl`` gets each game's
record as soon as its batch is done, in the format ``robotable replay`` verifies. A run that
was stopped leaves finished records behind and, at worst, a last line cut mid-write; the next
run drops that line, keeps the rest and plays only what is missing.

Everything is checked in :meth:`TournamentFiles.load` before anything is written: a folder of
another tournament, a record that is not one of the plan's games, a changed line-up, options or
seed are refused with the reason, and the folder is left as it was.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from robotable.core.errors import InvalidOptions, RecordError
from robotable.core.game import JSON
from robotable.core.records import Record
from robotable.play.round_robin import GameKey, Plan
from robotable.play.tournament import rotated

SUMMARY = "tournament.json"
GAMES = "games.jsonl"


class TournamentFilesError(InvalidOptions):
    """The output folder cannot hold this tournament; nothing was changed."""


@dataclass
class TournamentFiles:
    folder: Path
    plan: Plan
    done: dict[GameKey, Record] = field(default_factory=dict)
    """The records already in ``games.jsonl``, by game."""
    _keep_bytes: int | None = None
    """Where ``games.jsonl`` must be cut (a torn last line), if anywhere."""

    @property
    def summary_path(self) -> Path:
        return self.folder / SUMMARY

    @property
    def games_path(self) -> Path:
        return self.folder / GAMES

    @classmethod
    def load(cls, folder: Path, plan: Plan) -> TournamentFiles:
        """The folder's state for ``plan``, checked; writes nothing."""
        files = cls(folder, plan)
        files._check_folder()
        if files.summary_path.exists():
            files._check_plan(_read_json(files.summary_path).get("plan"))
        elif files.games_path.exists():
            raise TournamentFilesError(f"{folder}: holds {GAMES} but no {SUMMARY}; choose another --out")
        if files.games_path.exists():
            files._read_games()
        return files

    def missing(self) -> list[GameKey]:
        """The plan's games not played yet, in the plan's order."""
        return [key for key in self.plan.schedule() if key not in self.done]

    def start(self) -> None:
        """Create the folder and the summary (a plan, no results yet); cut a torn last line."""
        self.folder.mkdir(exist_ok=True)
        if not self.summary_path.exists():
            self.write_summary({"plan": self.plan.to_dict(), "complete": False})
        if self._keep_bytes is not None:
            with self.games_path.open("r+b") as games:
                games.truncate(self._keep_bytes)
            self._keep_bytes = None

    def append(self, records: list[Record]) -> None:
        """Keep finished games at once, so an interruption loses only the games being played."""
        with self.games_path.open("a", encoding="utf-8") as games:
            for record in records:
                games.write(json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
                key = record.meta["lineup"], record.meta["game"]
                self.done[key] = record  # type: ignore[index]

    def write_summary(self, summary: dict[str, JSON]) -> None:
        """Replace the summary whole (written aside, then renamed: never half a file)."""
        partial = self.summary_path.with_suffix(".json.partial")
        partial.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(partial, self.summary_path)

    # ------------------------------------------------------------------ checks

    def _check_folder(self) -> None:
        folder = self.folder
        if folder.exists() and not folder.is_dir():
            raise TournamentFilesError(f"--out {folder}: is a file, not a folder")
        where = folder if folder.exists() else folder.parent
        if not where.is_dir():
            raise TournamentFilesError(f"--out {folder}: there is no folder {where}")
        if not os.access(where, os.W_OK | os.X_OK):
            raise TournamentFilesError(f"--out {folder}: cannot write in {where} (permission denied)")
        for path in (self.summary_path, self.games_path):
            if path.exists() and not os.access(path, os.W_OK):
                raise TournamentFilesError(f"--out {folder}: cannot write {path.name} (permission denied)")

    def _check_plan(self, stored: Any) -> None:
        if not isinstance(stored, dict):
            raise TournamentFilesError(f"{self.summary_path}: no tournament plan in it; choose another --out")
        mine = json.loads(json.dumps(self.plan.to_dict()))  # as the summary keeps it
        for name in ("game", "rules_version", "bots", "players", "options", "seed", "max_actions"):
            if stored.get(name) != mine[name]:
                raise TournamentFilesError(
                    f"--out {self.folder} holds a tournament with {name} {_show(stored.get(name))}, "
                    f"not {_show(mine[name])}; rerun it as it was, or choose another --out"
                )

    def _read_games(self) -> None:
        data = self.games_path.read_bytes()
        start = 0
        for number, line in enumerate(data.splitlines(keepends=True), 1):
            where = f"{self.games_path}:{number}"
            torn = not line.endswith(b"\n")  # only the last line can lack its end
            try:
                record = Record.from_dict(json.loads(line), source=where)
            except (ValueError, RecordError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
                if torn:
                    self._keep_bytes = start  # cut mid-write by an interruption: played again
                    return
                raise TournamentFilesError(f"{where}: not a game record ({_first_line(exc)})") from None
            self._check_record(record, where)
            start += len(line)

    def _check_record(self, record: Record, where: str) -> None:
        plan = self.plan
        lineup, number = record.meta.get("lineup"), record.meta.get("game")
        if not isinstance(lineup, int) or not isinstance(number, int) or not 0 <= lineup < len(plan.lineups):
            raise TournamentFilesError(f"{where}: not a game of this tournament (meta: {record.meta})")
        if number >= plan.games:
            raise TournamentFilesError(
                f"--out {self.folder} already holds game {number + 1} of each line-up; "
                f"--games {plan.games} would leave it out: give at least --games {number + 1}"
            )
        expected = rotated(plan.lineups[lineup], number)
        if record.game != plan.game or record.seats != expected or record.seed != plan.seed + number:
            raise TournamentFilesError(f"{where}: not the game this tournament plays at line-up {lineup}")
        self.done.setdefault((lineup, number), record)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TournamentFilesError(
            f"{path}: cannot be read as a tournament summary ({_first_line(exc)})"
        ) from None
    if not isinstance(data, dict):
        raise TournamentFilesError(f"{path}: is not a tournament summary")
    return data


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return json.dumps(value)


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
