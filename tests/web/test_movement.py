"""Issue 14, movement shown, not teleported, in real Chromium: pieces walk the paths the events
give, cell by cell (a Ricochet robot's two moves turn the corner of its ricochet), "off" makes
them jump, a DR2D robot (and a Droids obstacle) is placed by clicking a cell of the board, the
turn report is walked register by register, Delivery's programs run with their call frames shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from robotable import games
from robotable.core.records import Record

from ..server.process import Server
from .test_pages import choose, legal_actions

pytestmark = pytest.mark.timeout(120)

PUZZLE = "1A2A3A4A-8A44FF0F-RC"  # red at (8,10): west to (4,10), then north to (4,5)

# The cell under the middle of a piece as Chromium shows it now (its animation included).
SHOWN_CELL = """piece => {
  const svg = piece.ownerSVGElement;
  const box = piece.getBoundingClientRect();
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2)
    .matrixTransform(svg.getScreenCTM().inverse());
  const [ox, oy] = svg.dataset.origin.split(" ").map(Number);
  const size = Number(svg.dataset.cellSize);
  return [Math.floor((point.x - ox) / size), Math.floor((point.y - oy) / size)];
}"""


def open_table(server: Server, page_at: Any, game: str, seats: list[str], options: dict[str, Any]) -> Any:
    """A table made through the HTTP API, its page opened on seat 0 with its board drawn."""
    body = {"game": game, "seats": seats, "options": options, "timers": False, "name": "Ada"}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    table = made.json()
    page = page_at(f"{server.url}/tables/{table['table']}#token={table['token']}")
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#legal-list option", state="attached")
    return page


def hold_animations(page: Any) -> None:
    """Every animation the page starts from now on runs at a hundredth of its speed: on a loaded
    machine a move of a few cells could otherwise end before the test reads it. The tests set
    an animation's time themselves; its timing and what it draws are unchanged."""
    page.evaluate(
        """() => {
          const animate = Element.prototype.animate;
          Element.prototype.animate = function (...args) {
            const animation = animate.apply(this, args);
            animation.playbackRate = 0.01;
            return animation;
          };
        }"""
    )


def play(page: Any, action: str) -> None:
    """Type ``action`` in the notation box and wait for the table to take it."""
    version = int(page.get_attribute("body", "data-version"))
    page.check("#show-notation")  # the notation box is off by default
    page.fill("#notation", action)
    page.press("#notation", "Enter")
    page.wait_for_function("v => +document.body.dataset.version > v", arg=version)


def test_a_ricochet_robot_walks_both_moves_and_turns_the_corner(server: Server, page_at: Any) -> None:
    """Solo: red W then red N reach the page in one drawing (its request held back meanwhile,
    as on a slow network); red walks (8,10) to (4,10) cell by cell, turns north there, and
    stops at (4,5). The animation is stopped at chosen moments to see where red is drawn."""
    page = open_table(server, page_at, "ricochet", ["human"], {"puzzle": PUZZLE})
    page.select_option("#movement", "slow")
    hold_animations(page)
    held: list[Any] = []
    page.route("**/board.svg?*", lambda route: held.append(route))  # asked in the page's language
    play(page, "red W")
    play(page, "red N")
    page.wait_for_timeout(100)
    assert len(held) == 1  # one drawing asked for while the moves came
    held[0].continue_()
    page.unroute("**/board.svg?*")
    red = page.locator('#board svg [data-piece="red"]')
    red.wait_for(state="attached")
    page.wait_for_function("() => document.querySelector('#board [data-piece=red]')?.dataset.path")
    cells = [(8, 10), (7, 10), (6, 10), (5, 10), (4, 10), (4, 9), (4, 8), (4, 7), (4, 6), (4, 5)]
    assert red.get_attribute("data-path") == " ".join(f"{x},{y}" for x, y in cells)
    duration = red.evaluate(
        "e => { const [a] = e.getAnimations(); a.pause(); return a.effect.getTiming().duration; }"
    )
    shown = []
    for index in (0, 2, 4, 6, 9):  # the start, half-way west, the corner, half-way north, the end
        red.evaluate("(e, t) => { e.getAnimations()[0].currentTime = t; }", duration * index / 9 + 1)
        shown.append(tuple(red.evaluate(SHOWN_CELL)))
    assert shown == [cells[i] for i in (0, 2, 4, 6, 9)]
    assert page.get_attribute("body", "data-steps") == "2" and not page.errors


def test_with_movement_off_the_robot_jumps(server: Server, page_at: Any) -> None:
    page = open_table(server, page_at, "ricochet", ["human"], {"puzzle": PUZZLE})
    page.select_option("#movement", "off")
    board = page.get_attribute("body", "data-board")
    play(page, "red W")
    page.wait_for_function("b => document.body.dataset.board !== b", arg=board)
    red = page.locator('#board svg [data-piece="red"]')
    assert red.evaluate("e => e.getAnimations().length") == 0 and red.get_attribute("data-path") is None
    assert tuple(red.evaluate(SHOWN_CELL)) == (4, 10)
    assert page.get_attribute("body", "data-steps") == "0" and page.get_attribute("body", "data-moved") == "0"
    assert not page.errors


def test_a_dr2d_robot_is_placed_by_clicking_a_cell_then_a_facing(server: Server, page_at: Any) -> None:
    """Only the start tiles offer themselves; a click on one leaves the four facings there."""
    page = open_table(server, page_at, "dr2d", ["human", "bot"], {"turn_limit": 2})
    x, y = legal_actions(page)[0].split()[1:3]
    starts = {" ".join(action.split()[1:3]) for action in legal_actions(page)}
    page.wait_for_selector("#board svg rect.pickable")
    offered = page.locator("#board svg rect.pickable").evaluate_all("rs => rs.map(r => r.dataset.cell)")
    assert set(offered) == starts
    page.locator(f'#board svg rect[data-cell="{x} {y}"]').click(force=True)  # whatever is drawn over it
    page.wait_for_selector("#legal button.unpick")
    buttons = page.locator("#legal button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert buttons == [f"place {x} {y} {facing}" for facing in "NESW"], buttons
    version = page.get_attribute("body", "data-version")
    page.click(f'#legal button.action[data-action="place {x} {y} S"]')
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    page.wait_for_selector('#board svg [data-piece="A"]')
    page.wait_for_function("() => document.getAnimations().length === 0")  # where it came to rest
    assert tuple(page.locator('#board svg [data-piece="A"]').evaluate(SHOWN_CELL)) == (int(x), int(y))
    # then a turn: five registers forward, locked; the bot's program and ours run, register by register
    page.select_option("#movement", "slow")
    for action in ["N"] * 5 + ["lock"]:
        page.wait_for_function(
            "a => [...document.querySelectorAll('#legal-list option')].some(o => o.value === a)", arg=action
        )
        play(page, action)
    page.wait_for_function("() => document.querySelector('#frame').textContent.startsWith('register ')")
    walked = page.locator("#board svg [data-piece][data-path]").evaluate_all(
        "ps => ps.map(p => p.dataset.path)"
    )
    assert walked and all(len(path.split()) >= 2 for path in walked), walked
    assert not page.errors


def test_a_droids_obstacle_is_placed_by_clicking_its_cell(server: Server, page_at: Any) -> None:
    """Scenario 1 starts with obstacles placed by the players (the bot first): the free cells
    offer themselves, a click leaves that cell's one action, and it is played."""
    page = open_table(server, page_at, "droids", ["human", "bot"], {"scenario": 1, "turn_limit": 3})
    page.wait_for_function("() => document.querySelector('#board svg rect.pickable[data-cell]')")
    free = {
        action.removeprefix("obstacle ") for action in legal_actions(page) if action.startswith("obstacle ")
    }
    offered = page.locator("#board svg rect.pickable").evaluate_all("rs => rs.map(r => r.dataset.cell)")
    assert free and set(offered) == free
    cell = sorted(free)[len(free) // 2]
    page.locator(f'#board svg rect[data-cell="{cell}"]').click(force=True)
    page.wait_for_selector("#legal button.unpick")
    buttons = page.locator("#legal button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert buttons == [f"obstacle {cell}"], buttons
    version = page.get_attribute("body", "data-version")
    page.click(f'#legal button.action[data-action="obstacle {cell}"]')
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    x, y = cell.split()
    assert f"places an obstacle on ({x},{y})" in page.inner_text("#log") and not page.errors


def test_delivery_programs_run_with_their_call_frames_shown(server: Server, page_at: Any) -> None:
    """Programs submitted, the trace runs: the frame of the instruction shown (slot N > ...) is
    written under the board while the pawns walk."""
    page = open_table(server, page_at, "delivery", ["human", "bot"], {"turn_limit": 2})
    page.select_option("#movement", "slow")
    while page.get_attribute("body", "data-steps") in (None, "0"):
        page.wait_for_function("() => document.querySelector('#legal-list option')")
        play(page, choose(legal_actions(page)))
    page.wait_for_function("() => /^slot \\d/.test(document.querySelector('#frame').textContent)")
    assert not page.errors


PLAN = """async events => {
  const { plan } = await import("/static/js/games/index.js");
  const words = { register: (n) => `register ${n}` };
  const move = (m) => [m.piece, m.cells.map(String), m.turn ?? 0];
  const shown = (steps) => steps.map((s) => [s.caption, s.moves.map(move)]);
  const games = Object.entries(events);
  return Object.fromEntries(games.map(([game, list]) => [game, shown(plan(game, list, words))]));
}"""


def test_each_games_events_become_the_steps_shown(server: Server, page_at: Any) -> None:
    """The steps planned from each game's events as the server sends them: moves before a
    reset are dropped; DR2D pushes go with their pusher, conveyors of one register together,
    a turntable turns, a pusher shoves, a robot leaving the board is not walked; a Droids robot
    walks; Delivery's steps carry frames; Robotick has no planner (its cards slide)."""
    page = page_at(server.url)
    events = {
        "ricochet": [
            {"kind": "moved", "robot": "red", "direction": "W", "start": [8, 10], "end": [6, 10], "count": 1},
            {"kind": "robots-reset"},
            {"kind": "moved", "robot": "green", "direction": "N", "start": [4, 2], "end": [4, 0], "count": 1},
        ],
        "dr2d": [
            {"kind": "moved", "seat": 0, "register": 1, "start": [2, 0], "end": [2, 1], "direction": "S"},
            {"kind": "pushed", "seat": 1, "by": 0, "register": 1, "start": [2, 1], "end": [2, 2]},
            {"kind": "conveyed", "seat": 0, "register": 1, "start": [2, 1], "end": [3, 1]},
            {"kind": "conveyed", "seat": 1, "register": 1, "start": [2, 2], "end": [3, 2]},
            {"kind": "rotated", "seat": 0, "register": 2, "tile": [3, 1], "sense": "L", "facing": "E"},
            {"kind": "moved", "seat": 1, "register": 2, "start": [3, 2], "end": None, "direction": "S"},
            {"kind": "shoved", "seat": 0, "register": 3, "start": [3, 1], "end": [4, 1]},
        ],
        "droids": [
            {"kind": "sent", "seat": 0, "token": "F2", "direction": "N", "emitter": 1, "robot": "Yellow"},
            {"kind": "moved", "robot": "Yellow", "start": [1, 8], "end": [1, 6]},
        ],
        "delivery": [
            {"kind": "slot-revealed", "seat": 0, "slot": 1, "cards": ["FWD"], "stack": ["slot 1"]},
            {"kind": "function-entered", "seat": 0, "board": "A", "empty": False, "stack": ["slot 1", "F:A"]},
            {
                "kind": "moved",
                "seat": 0,
                "start": [0, 0],
                "end": [0, 2],
                "cause": "card",
                "stack": ["slot 1", "F:A"],
            },
            {"kind": "turned", "seat": 0, "start": "S", "end": "E", "stack": ["slot 2"]},
        ],
        "robotick": [{"kind": "card-played", "seat": 0, "card": "B9"}],
    }
    assert page.evaluate(PLAN, events) == {
        "ricochet": [[None, [["green", ["4,2", "4,1", "4,0"], 0]]]],
        "dr2d": [
            ["register 1", [["A", ["2,0", "2,1"], 0], ["B", ["2,1", "2,2"], 0]]],
            ["register 1", [["A", ["2,1", "3,1"], 0], ["B", ["2,2", "3,2"], 0]]],
            ["register 2", [["A", ["3,1"], -90]]],
            ["register 3", [["A", ["3,1", "4,1"], 0]]],  # a pusher's shove
        ],
        "droids": [[None, [["Yellow", ["1,8", "1,7", "1,6"], 0]]]],
        "delivery": [
            ["slot 1 > F:A", []],
            ["slot 1 > F:A", [["0", ["0,0", "0,1", "0,2"], 0]]],
            ["slot 2", [["0", ["null"], -90]]],  # a turn where the pawn stands: no cell given
        ],
        "robotick": [],
    }
    assert not page.errors


TURNING = """async () => {
  const { plan } = await import("/static/js/games/index.js");
  const { animate } = await import("/static/js/board/animate.js");
  const box = document.createElement("div");
  box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"
    data-grid="10 10" data-cell-size="10" data-origin="0 0"><g data-piece="A">
    <rect x="31" y="11" width="8" height="8"/><rect x="34" y="11" width="2" height="3"/></g></svg>`;
  document.body.append(box);
  const turn = { kind: "rotated", seat: 0, register: 2, tile: [3, 1], sense: "L", facing: "E" };
  animate(box, plan("dr2d", [turn], { register: String }), "slow", () => {});
  const piece = box.querySelector("[data-piece=A]");
  const [running] = piece.getAnimations();
  running.pause();
  const seen = [];
  for (const part of [0, 0.5]) {
    running.currentTime = part * running.effect.getTiming().duration;
    const { a, b } = new DOMMatrix(getComputedStyle(piece).transform);
    const r = piece.getBoundingClientRect();
    const corner = box.getBoundingClientRect();
    const middle = [(r.left + r.right) / 2 - corner.left, (r.top + r.bottom) / 2 - corner.top];
    seen.push([Math.round(Math.atan2(b, a) * 180 / Math.PI), middle.map(Math.round)]);
  }
  box.remove();
  return seen;
}"""


def test_a_robot_on_a_turntable_turns_on_itself(server: Server, page_at: Any) -> None:
    """The animator on a drawing of its own: a DR2D robot turned left starts drawn at its old
    facing (a quarter turn clockwise from the new one), is half-way at mid-time, and turns
    around the middle of its cell (which stays where it is)."""
    page = page_at(server.url)
    assert page.evaluate(TURNING) == [[90, [35, 15]], [45, [35, 15]]]
    assert not page.errors


def test_the_replay_viewer_walks_one_step_forward(server: Server, page_at: Any, tmp_path: Path) -> None:
    """A record file stepped forward one action: red walks its move, cell by cell, at the
    speed chosen on the table page; a jump of several actions just shows the position."""
    game = games.get("ricochet")
    record = Record(
        "ricochet", game.rules_version, game.validate_options({"puzzle": PUZZLE}), 1, ["human"],
        actions=[(0, "red W"), (0, "green E")],
    )  # fmt: skip
    (tmp_path / "moves.json").write_text(json.dumps(record.to_dict()))
    page = page_at(f"{server.url}/replay")
    page.evaluate("() => localStorage.setItem('robotable:movement', 'slow')")
    hold_animations(page)
    page.set_input_files("#record-file", str(tmp_path / "moves.json"))
    page.wait_for_selector("body[data-number='0'] #board svg")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-number='1'] #board svg [data-piece=red][data-path]")
    red = page.locator("#board svg [data-piece=red]")
    assert red.get_attribute("data-path") == "8,10 7,10 6,10 5,10 4,10"
    assert red.evaluate("e => e.getAnimations().length") == 1
    page.keyboard.press("Home")
    page.wait_for_selector("body[data-number='0']")
    page.keyboard.press("End")
    page.wait_for_selector("body[data-number='2'] #board svg")
    assert page.locator("#board svg [data-path]").count() == 0 and not page.errors


EFFECTS = """async events => {
  const { plan } = await import("/static/js/games/index.js");
  const words = { register: (n) => `register ${n}` };
  const effects = (steps) => steps.flatMap((s) => s.effects.map((fx) => [s.caption, fx]));
  const games = Object.entries(events);
  return Object.fromEntries(games.map(([game, list]) => [game, effects(plan(game, list, words))]));
}"""


def test_a_chip_won_stays_shown_when_a_later_demonstration_fails(server: Server, page_at: Any) -> None:
    """News of several actions may reach one drawing (a slow machine, a reconnection): a chip
    won, the next target drawn, then that round's failed demonstration putting the robots back.
    The failed walk is not drawn; the chips are."""
    page = page_at(server.url)
    events = [
        {"kind": "moved", "robot": "red", "direction": "N", "start": [4, 9], "end": [4, 1], "count": 1},
        {"kind": "chip-won", "seat": 0, "target": "RC", "moves": 1},
        {"kind": "chip-drawn", "target": "GH", "cell": [6, 12]},
        {"kind": "moved", "robot": "blue", "direction": "E", "start": [0, 3], "end": [7, 3], "count": 1},
        {"kind": "robots-reset"},
        {"kind": "moved", "robot": "green", "direction": "S", "start": [6, 2], "end": [6, 12], "count": 1},
    ]
    effects = page.evaluate(EFFECTS, {"ricochet": events})["ricochet"]
    assert effects == [
        [None, {"kind": "chip-won", "cell": [4, 1], "label": "RC"}],
        [None, {"kind": "chip-drawn", "cell": [6, 12], "label": "GH"}],
    ]
    steps = page.evaluate(PLAN, {"ricochet": events})["ricochet"]
    walked = [piece for _, moves in steps for piece, _, _ in moves]
    assert len(steps) == 3 and walked == ["green"], steps
    assert not page.errors


def test_shots_falls_chips_and_parcels_become_effects(server: Server, page_at: Any) -> None:
    """What is not a piece walking is shown for a moment over the board: a Droids shot from its
    robot to its target (hit or not), a DR2D robot falling into a pit or leaving the board, a
    Ricochet chip drawn or won (where the robot stopped), a Delivery parcel picked or delivered."""
    page = page_at(server.url)
    events = {
        "droids": [
            {"kind": "shot", "robot": "Yellow", "target": "Red", "distance": 3, "roll": 4, "hits": 1},
            {"kind": "shot", "robot": "Red", "target": "Yellow", "distance": 3, "roll": 1, "hits": 0},
        ],
        "dr2d": [
            {"kind": "fell", "seat": 1, "register": 3, "tile": [9, 9], "slots": 3},
            {"kind": "moved", "seat": 0, "register": 4, "start": [0, 1], "end": None, "direction": "W"},
            {"kind": "left", "seat": 0, "register": 4, "exit": [0, 1]},
        ],
        "ricochet": [
            {"kind": "moved", "robot": "red", "direction": "N", "start": [4, 9], "end": [4, 1], "count": 1},
            {"kind": "chip-won", "seat": 0, "target": "RC", "moves": 1},
            {"kind": "chip-drawn", "target": "GH", "cell": [6, 12]},
        ],
        "delivery": [
            {"kind": "picked", "seat": 1, "cell": [5, 5], "stack": ["slot 2"]},
            {"kind": "delivered", "seat": 1, "cell": [4, 10], "delivered": 1, "stack": ["slot 3"]},
        ],
    }
    assert page.evaluate(EFFECTS, events) == {
        "droids": [
            [None, {"kind": "shot", "from": "Yellow", "to": "Red", "hit": True}],
            [None, {"kind": "shot", "from": "Red", "to": "Yellow", "hit": False}],
        ],
        "dr2d": [
            ["register 3", {"kind": "fell", "cell": [9, 9], "label": "B"}],
            ["register 4", {"kind": "left", "cell": [0, 1], "toward": "W", "label": "A"}],
        ],
        "ricochet": [
            [None, {"kind": "chip-won", "cell": [4, 1], "label": "RC"}],
            [None, {"kind": "chip-drawn", "cell": [6, 12], "label": "GH"}],
        ],
        "delivery": [
            ["slot 2", {"kind": "parcel-picked", "cell": [5, 5], "to": "1"}],
            ["slot 3", {"kind": "parcel-delivered", "cell": [4, 10]}],
        ],
    }
    assert not page.errors


SHOOTING = """async speed => {
  const { plan } = await import("/static/js/games/index.js");
  const { animate } = await import("/static/js/board/animate.js");
  const box = document.createElement("div");
  box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"
    data-grid="10 10" data-cell-size="10" data-origin="0 0">
    <g data-piece="Yellow"><circle cx="15" cy="85" r="4"/></g>
    <g data-piece="Red"><circle cx="15" cy="15" r="4"/></g></svg>`;
  document.body.append(box);
  const shot = { kind: "shot", robot: "Yellow", target: "Red", distance: 7, roll: 9, hits: 1 };
  const played = animate(box, plan("droids", [shot], {}), speed, () => {});
  const ray = box.querySelector("[data-effect=shot]");
  const flash = box.querySelector("circle[data-effect=shot]");
  const seen = { effects: played.effects, duration: played.duration };
  if (ray) {
    seen.line = ["x1", "y1", "x2", "y2"].map((name) => Number(ray.getAttribute(name)));
    const [running] = ray.getAnimations();
    running.pause();
    running.currentTime = running.effect.getTiming().duration * 0.5;
    seen.drawnHalfWay = Number(getComputedStyle(ray).strokeDashoffset.replace("px", "")) === 0;
    seen.hit = Boolean(flash);
    await new Promise((done) => setTimeout(done, played.duration + 200));
    seen.gone = !box.querySelector("[data-effect]");
  }
  box.remove();
  return seen;
}"""


def test_a_droids_shot_draws_its_line_and_the_hit_then_goes(server: Server, page_at: Any) -> None:
    """The animator on a drawing of its own: the shot's line runs from the shooter's cell to its
    target's, fully drawn half-way through, a hit flashes; once played nothing of it is left.
    With the movement off nothing is drawn (skipped, as walks are)."""
    page = page_at(server.url)
    page.evaluate("() => localStorage.setItem('robotable:movement', 'fast')")
    seen = page.evaluate(SHOOTING, "fast")
    assert seen["effects"] == 1 and seen["line"] == [15, 85, 15, 15], seen
    assert seen["drawnHalfWay"] and seen["hit"] and seen["gone"], seen
    assert page.evaluate(SHOOTING, "off") == {"effects": 0, "duration": 0}
    assert not page.errors


LEAVING = """async () => {
  const { plan } = await import("/static/js/games/index.js");
  const { animate } = await import("/static/js/board/animate.js");
  const box = document.createElement("div");
  box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"
    data-grid="10 10" data-cell-size="10" data-origin="0 0"></svg>`;
  document.body.append(box);
  const events = [
    { kind: "moved", seat: 0, register: 2, start: [0, 4], end: null, direction: "W" },
    { kind: "left", seat: 0, register: 2, exit: [0, 4] },
  ];
  const words = { register: (k) => `register ${k}` };
  const played = animate(box, plan("dr2d", events, words), "fast", () => {});
  const token = box.querySelector("[data-effect=left]");
  const frames = token ? token.getAnimations()[0].effect.getKeyframes() : [];
  box.remove();
  return { effects: played.effects, at: token && [token.getAttribute("cx"), token.getAttribute("cy")],
           last: frames.at(-1) && [frames.at(-1).transform, frames.at(-1).opacity] };
}"""


def test_a_dr2d_robot_leaving_the_board_slides_out_its_way(server: Server, page_at: Any) -> None:
    """A robot moved off the board goes on one cell the way it moved (west here, off the left
    edge) while it fades, from the last cell it stood on."""
    page = page_at(server.url)
    seen = page.evaluate(LEAVING)
    assert seen == {"effects": 1, "at": ["5", "45"], "last": ["translate(-10px, 0px)", "0"]}, seen
    assert not page.errors
