"""Small wording helpers for messages people read."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from robotable.core.game import JSON, REFEREE, Game


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 action``, ``2 actions``; ``many`` for irregular plurals (``1 body``, ``2 bodies``).

    >>> plural(1, "move"), plural(0, "move"), plural(3, "body", "bodies")
    ('1 move', '0 moves', '3 bodies')
    """
    return f"{count} {noun if count == 1 else many or noun + 's'}"


CLOCK = {"en": "the clock", "fr": "l'horloge"}
SEAT = {"en": "seat {seat}", "fr": "place {seat}"}
DELETED_PLAYER = {"en": "deleted player", "fr": "joueur supprimé"}
"""A seat whose person's account was deleted: its name is erased (js/words/common.js says it too)."""
CONCEDED = {
    "en": ("{name} concedes.", "{name} concedes: ranked last, a bot plays the seat to the end."),
    "fr": ("{name} abandonne.", "{name} abandonne : classé dernier, un robot joue sa place jusqu'à la fin."),
}
"""A concession (the table's event, no game's: :mod:`robotable.core.concession`), when it ends
the game and when the game goes on."""
ENDED = {
    "en": "The server's administrator ended the game: {reason}",
    "fr": "L'administrateur du serveur a arrêté la partie : {reason}",
}
"""An administrator's end (the table's event, :class:`robotable.core.concession.Ended`): the
reason is the administrator's own words."""


BOT_NAME = {"en": "{level} bot {number}", "fr": "Robot {level} {number}"}
BOT_LEVELS = {
    "en": {
        "easy": "Easy",
        "medium": "Medium",
        "hard": "Hard",
        "expert": "Expert",
        "heuristic": "Heuristic",
        "random": "Random",
        "perfect": "Perfect",
        "human": "Human-like",
        "novice": "Novice",
        "bfs": "Search",
    },
    "fr": {
        "easy": "facile",
        "medium": "moyen",
        "hard": "fort",
        "expert": "expert",
        "heuristic": "heuristique",
        "random": "au hasard",
        "perfect": "parfait",
        "human": "humain",
        "novice": "novice",
        "bfs": "chercheur",
    },
}
"""A bot's name: its level (or the game's own bot) and its number among the table's bots of
that level (``Medium bot 2``); the pages say the same (``bot.name`` and ``bot.LEVEL`` in
``web/static/js/words/common.js``). A bot unknown here goes by its own name."""


def goes_by_level(kind: str, name: str) -> bool:
    """Whether a seat is a bot named by its level and number: a bot's seat whose stored name is
    empty (the faces word it) or its bot's own (``medium``: tables stored before bots had numbers).
    A person who conceded keeps their name on the bot's seat that plays on for them."""
    return kind.startswith("bot:") and name in ("", kind.removeprefix("bot:"))


def bot_numbers(kinds: Sequence[str], names: Sequence[str]) -> list[int | None]:
    """Each seat's number among the seats of the same bot named by their level, in seat order
    (None: not such a seat).

    >>> bot_numbers(["human", "bot:medium", "bot:easy", "bot:medium"], ["Ada", "", "", ""])
    [None, 1, 1, 2]
    """
    counts: dict[str, int] = {}
    numbers: list[int | None] = []
    for kind, name in zip(kinds, names, strict=True):
        if goes_by_level(kind, name):
            counts[kind] = counts.get(kind, 0) + 1
        numbers.append(counts[kind] if goes_by_level(kind, name) else None)
    return numbers


def bot_name(bot: str, number: int, lang: str = "en") -> str:
    """``Medium bot 2``, ``Robot moyen 2``.

    >>> bot_name("medium", 2, "fr"), bot_name("greedy", 1)
    ('Robot moyen 2', 'greedy bot 1')
    """
    levels = BOT_LEVELS.get(lang, BOT_LEVELS["en"])
    return BOT_NAME.get(lang, BOT_NAME["en"]).format(level=levels.get(bot, bot), number=number)


def public_names(kinds: Sequence[str], names: Sequence[str], lang: str = "en") -> list[str]:
    """The seats' names as people read them in ``lang``: a person's (or a conceder's) own, a bot's
    level and number (:func:`bot_name`)."""
    numbers = bot_numbers(kinds, names)
    return [
        name if number is None else bot_name(kind.removeprefix("bot:"), number, lang)
        for kind, name, number in zip(kinds, names, numbers, strict=True)
    ]


def seat_namer(names: Sequence[str], lang: str = "en") -> Callable[[Any], str]:
    """Names seats by their public names for sentences; the referee is "the clock" (in the
    reader's language, ``en`` or ``fr``)."""

    def name(seat: Any) -> str:
        if seat == REFEREE:
            return CLOCK.get(lang, CLOCK["en"])
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return SEAT.get(lang, SEAT["en"]).format(seat=seat)

    return name


def with_sentences(
    game: Game, news: Mapping[str, JSON], name: Callable[[Any], str], lang: str = "en"
) -> dict[str, JSON]:
    """``news`` (a table's news of one action) with each event's sentence as ``text`` in
    ``lang``, worded from the event as the reader sees it: a sentence tells no more than its
    event. New dicts: the events may be shared with other seats' news."""
    events = [{**event, "text": event_sentence(game, event, name, lang)} for event in news["events"]]  # type: ignore[union-attr]
    return {**news, "events": events}


def event_sentence(
    game: Game, event: Mapping[str, JSON], name: Callable[[Any], str], lang: str = "en"
) -> str:
    """One readable line for an event as a viewer may see it (its filtered ``to_dict`` form):
    the game's own sentence, else a plain ``kind: field=value`` line. ``name(seat)`` names a
    seat for the reader (every face names seats its own way)."""
    if event["kind"] == "conceded":  # the table's event: in no game's catalogue
        ends, goes_on = CONCEDED.get(lang, CONCEDED["en"])
        return (ends if event.get("ends") else goes_on).format(name=name(event.get("seat")))
    if event["kind"] == "ended":  # the table's event too
        return ENDED.get(lang, ENDED["en"]).format(reason=event.get("reason", ""))
    try:
        sentence = game.describe_event(event, name, lang)
    except (KeyError, IndexError, TypeError):
        sentence = None  # an event without the fields its sentence expects: say it plainly
    if sentence is not None:
        return sentence
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{event['kind']}: {fields}" if fields else str(event["kind"])
