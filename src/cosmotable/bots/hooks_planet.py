"""Planet heuristic: route coins home - pick them up, carry them to the ship, avoid space and trees,
knock rival carriers home, explore when no coin is in sight.

Reads only `state.view(seat)` and the views of `clone().apply(...)` results - the public engine API.
"""

from __future__ import annotations

from cosmotable.bots.heuristic import hook, mover_view
from cosmotable.engine import Action, State
from cosmotable.games.planet.board import parse_cell


def _dist(a, b) -> int:
    if a[0] != b[0]:
        return 12  # another place: a flight away
    return max(abs(a[1] - b[1]), abs(a[2] - b[2]))


def _where(view: dict, at: list):
    """(area, row, col) of a position in a view (ships and space stand in the ring)."""
    if at[0] == "cell":
        return parse_cell(at[1])
    if at[0] == "ship":
        return parse_cell(view["players"][at[1]]["ship"]["cell"])
    area = view["areas"][at[1]]
    return parse_cell(area["ring"][at[2]])


def _targets(view: dict) -> tuple[list, list]:
    """Cells with coins on them, and cells still face down."""
    coins, hidden = [], []
    for area in view["areas"].values():
        for cell in area["cells"]:
            here = parse_cell(cell["cell"])
            if cell.get("coins"):
                coins.append(here)
            elif not cell["revealed"]:
                hidden.append(here)
    return coins, hidden


def seat_value(view: dict, seat: int, targets: tuple[list, list] | None = None) -> float:
    """What `seat` has: 40 a coin home, a coin carried worth more the nearer its ship, an astronaut
    worth more the nearer a coin (or, when none is in sight, an unexplored tile); space and being
    stunned cost."""
    coins, hidden = targets if targets is not None else _targets(view)
    me = view["players"][seat]
    ship = parse_cell(me["ship"]["cell"])
    value = 40.0 * me["score"]
    for a in me["astronauts"]:
        at = a["at"]
        pos = _where(view, at)
        if at[0] == "space":
            value -= 6
        if a["stunned"]:
            value -= 2
        if at[0] == "cell" and pos in coins:
            value += 12 - 1.2 * _dist(pos, ship)  # a coin in hand: bring it home
        elif coins:
            value -= 0.6 * min(_dist(pos, c) for c in coins)
        elif hidden:
            value -= 0.3 * min(_dist(pos, h) for h in hidden)
    return value


def position_value(view: dict, seat: int) -> float:
    """`seat`'s value less the best rival's (a rival carrying a coin off counts against us)."""
    targets = _targets(view)
    team = view["players"][seat]["team"]
    rivals = [seat_value(view, p["seat"], targets) for p in view["players"] if p["team"] != team]
    return seat_value(view, seat, targets) - max(rivals, default=0.0)


@hook("planet")
def value(state: State, action: Action) -> float:
    seat = state.current_player()
    text = str(action)
    view = mover_view(state)
    me = view["players"][seat]
    others = max((p["score"] for p in view["players"] if p["team"] != me["team"]), default=0)
    stuck = view["quiet_turns"] >= 25 * len(view["players"])  # no tile revealed, no coin home for long
    if text == "claim":
        # The claim is offered only once every tile is face up (Ruling R21): claim when nothing has
        # happened for a long while and we are not behind (a tie is all a stuck game can give).
        return 1e6 if stuck and me["score"] >= others else -1e6
    if text in ("agree", "refuse"):
        agree = (
            me["score"] >= others
            and stuck
            or me["score"] > others
            or view["quiet_turns"] >= 50 * len(view["players"])
        )
        return 1.0 if (text == "agree") == agree else 0.0
    after = state.clone()
    after.apply(action)
    after_view = after.view(seat)
    v = position_value(after_view, seat)
    v -= 10.0 * (after_view["coins"]["lost"] - view["coins"]["lost"])
    if text.startswith(("sail", "fly")):
        v -= 0.5
    if text.startswith("ability"):
        v -= 0.1  # keep a card rather than spend it on a move that changes nothing (e.g. `end turn` ties)
    return v
