"""The terminal drawing of a Droids view (Rich): board, emitters on their sides, status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.text import Text

from robotable.games.droids.board import killer_level_text
from robotable.games.droids.tokens import (
    BINS,
    COLOUR_NAMES,
    SIDE_OF,
    TYPES,
    bin_of,
    directions_for,
    token_name,
)

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←", "NE": "↗", "SE": "↘", "SW": "↙", "NW": "↖"}
STYLE = {"Y": "bold yellow", "R": "bold red", "B": "bold blue", "G": "bold green"}
OBJECT = {
    "obstacle": ("▓▓", "bright_white"),
    "container": ("$$", "bold gold1"),
    "mine": ("**", "bold magenta"),
}
CARRY = {"obstacle": "o", "container": "$", "mine": "*", "statue": "S"}
W = 4  # characters per cell


def token_label(token: str | None) -> str:
    """``"M2:N"`` -> ``"M2↑"``."""
    if not token:
        return " · "
    kind, direction = token.split(":")
    return f"{kind}{ARROWS.get(direction, '?')}"


def _emitter_cell(view: Mapping[str, Any], seat: int | None, e: int, slot: int) -> tuple[str, str]:
    if seat is None:
        return " " * W, ""
    em = view["emitters"][seat][e]
    if em["destroyed"]:
        return " ██ ", "red"
    return token_label(em["slots"][slot - 1]).ljust(W), STYLE[view["colours"][seat]].replace("bold ", "")


def _board_cell(view: Mapping[str, Any], x: int, y: int, robots: dict, objects: dict) -> tuple[str, str]:
    terrain = view["map"][y][x]
    river = terrain == "~"
    back = " on dark_blue" if river else ""
    if (x, y) in robots:
        r = robots[(x, y)]
        if r["kind"] == "player":
            colour = view["colours"][r["seat"]]
            mark = colour + (CARRY.get(r["carry"], "") if r["carry"] else "")
            if r["stock"]:
                mark += str(r["stock"])
            style = STYLE[colour] + (" strike" if view["eliminated"][r["seat"]] else "")
            return f" {mark:<3}"[:W], style + back
        mark = {"repairer": "⚙", "statue": "S", "killer": "K"}[r["kind"]]
        extra = CARRY.get(r["carry"], "") if r["carry"] else ""
        return f" {mark}{extra}".ljust(W), "bold white" + back
    if (x, y) in objects:
        mark, style = OBJECT[objects[(x, y)]]
        return f" {mark} ", style + back
    if terrain == "#":
        return " ██ ", "grey50"
    for colour, cell in view["circles"].items():
        if cell == [x, y]:
            return " () ", STYLE[colour].replace("bold ", "") + back
    return (" ~~ ", "blue" + back) if river else (" .  ", "grey37")


def view_text(view: Mapping[str, Any]) -> Group:
    sides = {SIDE_OF[c]: s for s, c in enumerate(view["colours"])}
    robots = {tuple(r["cell"]): r for r in view["robots"] if r["cell"] is not None}
    objects = {(x, y): k for x, y, k in view["objects"]}
    margin = " " * (3 * W)
    lines: list[Text] = []
    header = Text(margin)
    for x in range(10):
        header.append(f" {x}".ljust(W), "dim")
    for slot in (3, 2, 1):  # north emitters, slot 1 nearest the board
        line = Text(margin)
        for x in range(10):
            line.append(*_emitter_cell(view, sides.get("N"), x, slot))
        lines.append(line)
    lines.append(header)
    for y in range(10):
        line = Text()
        for slot in (3, 2, 1):
            line.append(*_emitter_cell(view, sides.get("W"), y, slot))
        for x in range(10):
            line.append(*_board_cell(view, x, y, robots, objects))
        for slot in (1, 2, 3):
            line.append(*_emitter_cell(view, sides.get("E"), y, slot))
        line.append(f" {y}", "dim")
        lines.append(line)
    for slot in (1, 2, 3):
        line = Text(margin)
        for x in range(10):
            line.append(*_emitter_cell(view, sides.get("S"), x, slot))
        lines.append(line)
    lines.extend(_status(view))
    return Group(*lines)


def _status(view: Mapping[str, Any]) -> list[Text]:
    out: list[Text] = []
    title = Text(f"Droids, scenario {view['scenario']} ({view['scenario_name']}) — turn {view['turn']}, ")
    title.append(f"phase {view['phase']}", "bold")
    out.append(title)
    prompt = _prompt(view)
    if prompt:
        out.append(Text(prompt, "italic"))
    players = Text()
    for seat, colour in enumerate(view["colours"]):
        intact = sum(1 for em in view["emitters"][seat] if not em["destroyed"])
        flags = []
        if view["eliminated"][seat]:
            flags.append("eliminated")
        if view["finished"][seat] and view["phase"] == "send":
            flags.append("finished")
        if view["stopped"][seat] and view["phase"] == "place":
            flags.append("stopped")
        if view["scenario"] == 3:
            flags.append(f"{view['scores'][seat]} container(s)")
        detail = f" [{', '.join(flags)}]" if flags else ""
        players.append(
            f"{COLOUR_NAMES[colour]}: {intact}/10 emitters, hand {view['hand_sizes'][seat]}{detail}  ",
            STYLE[colour].replace("bold ", ""),
        )
    out.append(players)
    bins = ", ".join(f"{b} {n}" for b, n in view["bins"].items())
    out.append(
        Text(f"bins: {bins}" + (f"; mines left {view['mines_left']}" if view["scenario"] == 2 else ""))
    )
    if view.get("hand"):
        out.append(Text("your hand: " + " ".join(view["hand"]), "bold"))
    if view["pending"]:
        seat, what, count = view["pending"][0]
        out.append(
            Text(
                f"{COLOUR_NAMES[view['colours'][seat]]} must choose {count} emitter(s) to {what}", "bold red"
            )
        )
    killer = view.get("killer")
    if killer:
        sheet = " | ".join(
            f"{k}:{o}" + ("✓" if k in killer["sent"] else "") for k, o in enumerate(killer["sheet"])
        )
        out.append(Text(f"{_killer_title(view, killer)}: {sheet}"))
        out.append(Text(killer_legend(view), "dim"))
    if view["result"]:
        out.append(Text(f"game over: {view['result']['reason']}", "bold"))
    legend = "Y R B G player robots (+carried o/$/*/S, stock), ⚙ repairer, S statue, K killer, ▓▓ obstacle, "
    out.append(
        Text(legend + "$$ container, ** mine, ██ rock / destroyed emitter, () start circle, ~~ river", "dim")
    )
    out.append(Text(token_legend(), "dim"))
    return out


BIN_ROLES = {
    "violet": "your robot, on land",
    "blue": "your robot, in the river",
    "grey": "a repairer",
    "red": "your robot, on land",
}


def token_legend() -> str:
    """DD-6: what the two-letter token codes mean, bin by bin; the arrow is the token's direction."""
    groups = []
    for b in BINS:
        codes = ", ".join(f"{t} {_short_name(t)}" for t in TYPES if bin_of(t) == b)
        groups.append(f"{codes} ({b}: {BIN_ROLES[b]})")
    return (
        "tokens: " + "; ".join(groups) + "; M2↑ = move 2 north, e3.1 = emitter 3, slot 1 (nearest the board)"
    )


def _short_name(kind: str) -> str:
    """``"send-order kind 1 (push away)"`` -> ``"send-order 1, push away"``: the legend is long."""
    return token_name(kind).replace("send-order kind ", "send-order ").replace(" (", ", ").rstrip(")")


def killer_legend(view: Mapping[str, Any]) -> str:
    """DD-42..DD-44: the killer's level and how to read its sheet."""
    level = int(view["options"].get("killer_level", 1))
    player = COLOUR_NAMES[view["colours"][0]]
    return (
        f"killer {killer_level_text(level)}. Sheet: F forward (towards {player}'s side), B back, "
        "L / R the killer's left / right; 1, 2, max = cells to move (max: until blocked); "
        "shoot = in the four directions at once; ✓ = played this turn"
    )


def _killer_title(view: Mapping[str, Any], killer: Mapping[str, Any]) -> str:
    """DD-42/DD-43 in words: which sheet, and where the die laid it (not yet, before the first roll)."""
    name = f"killer sheet {view['options'].get('killer_sheet', '')}".rstrip()
    if killer["die"] is None:
        return f"{name}, not placed yet (a die places it once the tokens are placed)"
    return f"{name}, placed by a die roll of {killer['die']}: the killer started on line {killer['line0']}"


def setup_left_for(view: Mapping[str, Any], seat: int) -> int:
    """DD-35/DD-38: how many of the setup obstacles still to place are ``seat``'s.

    Players place them one at a time in turn order (``goers``, next at ``cursor``), so the
    shared total ``setup_left`` splits between them from the cursor on.
    """
    goers, left = list(view["goers"]), int(view["setup_left"])
    if seat not in goers or not goers:
        return 0
    offset = (goers.index(seat) - int(view["cursor"])) % len(goers)
    return max(0, (left - offset + len(goers) - 1) // len(goers))


def _prompt(view: Mapping[str, Any]) -> str:
    """What the seat to act is asked for, in notation."""
    if not view["to_act"] or view["result"]:
        return ""
    seat = view["to_act"][0]
    who = COLOUR_NAMES[view["colours"][seat]]
    if view["pending"]:
        _, what, count = view["pending"][0]
        return f"{who}: '{what} eN' for {count} emitter(s)"
    phase = view["phase"]
    if phase == "setup":
        mine = setup_left_for(view, seat)
        return (
            f"{who}: 'obstacle x y', column then row, like 'obstacle 4 7' "
            f"({mine} obstacle(s) left for {who}, {view['setup_left']} in all)"
        )
    if phase == "draw":
        word = "'pick M1'" if view["scenario"] == 7 else "'draw violet|blue|grey|red'"
        return f"{who}: {word} ({view['drawn'][seat]}/7 drawn)"
    if phase == "place":
        return f"{who}: {_placing_prompt(view.get('placing'))}"
    ready = ", ".join(f"e{e}" for e in sendable(view, seat)) or "none"
    return f"{who}: 'send eN' (sendable now: {ready})"


def _placing_prompt(placing: Any) -> str:
    """DD-14 in three steps: token, slot, arrow (a person may type 'M2, e3.1, N' at once)."""
    if not placing:
        return "token, slot, arrow like 'M2, e3.1, N' (emitter 3, slot 1, arrow north), or 'stop'"
    if len(placing) == 1:
        return f"{placing[0]} chosen: its slot like 'e3.1', then its arrow; or 'back'"
    token, emitter, slot = placing
    arrows = "/".join(directions_for(token))
    return f"{token} on e{emitter}.{slot}: its arrow {arrows}; or 'back'"


def sendable(view: Mapping[str, Any], seat: int) -> list[int]:
    """DD-16 from a view: emitters whose candidate's recipient stands on their line."""
    side = SIDE_OF[view["colours"][seat]]
    lines: dict[str, set[int]] = {"own": set(), "grey": set()}
    for robot in view["robots"]:
        if robot["cell"] is None:
            continue
        x, y = robot["cell"]
        line = x if side in ("N", "S") else y
        if robot["kind"] == "player" and robot["seat"] == seat:
            lines["own"].add(line)
        elif robot["kind"] == "repairer":
            lines["grey"].add(line)
    out = []
    for e, em in enumerate(view["emitters"][seat]):
        candidate = next((t for t in em["slots"] if t), None)
        if em["destroyed"] or candidate is None:
            continue
        grey = candidate[:2] in ("G1", "G2", "GM", "GR")
        if e in lines["grey" if grey else "own"]:
            out.append(e)
    return out
