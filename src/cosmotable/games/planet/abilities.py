"""Planet's abilities: a card played (rulebook: cards; Ruling R20, one ability a turn) - where it
sends or brings an astronaut, and the walk it may start. A function of the state, called by
effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cosmotable.games.planet import wording
from cosmotable.games.planet.actions import KNIGHTS, Ability
from cosmotable.games.planet.board import DIRS, cell_name, parse_cell
from cosmotable.games.planet.endings import end_turn, finish_walk
from cosmotable.games.planet.reach import gravity_end
from cosmotable.games.planet.ships import to_ship
from cosmotable.games.planet.walk import arrive, new_walk, step

if TYPE_CHECKING:
    from cosmotable.games.planet.state import PlanetState


def use_ability(s: PlanetState, action: Ability) -> None:
    """Ruling R20: before the action (then the action follows) or in the window after it (then the
    turn ends when the ability's move comes to rest)."""
    seat = s.seat
    mid_chain = s.phase == "choose"
    after = "end" if s.phase in ("post", "choose") else "act"
    s.phase = "act"
    card = next(c for c in s.hand[seat] if c["id"] == action.card and c["ready"])
    card["ready"] = False
    card["spent"] = s.cards_data[action.card].once
    s.ability_used = True
    if not s.silent:
        card_name = s.cards_data[action.card].name
        s.note(wording.ability, seat, action.card, card_name, action.astronaut or None, action.target or None)
    if action.card == "boost":
        s.boost_pending = True
        if mid_chain:
            s.phase = "choose"  # the move goes on with the same choice (Ruling R20)
        elif after == "end":
            end_turn(s)
        return
    i = action.astronaut - 1
    p = s.pos[seat][i]
    if mid_chain:
        # Ruling R20: the moving astronaut (never a coin carrier) leaves its chain where it stands.
        if not s.silent:
            s.emit(
                "chain-left",
                f"seat {seat}'s astronaut {i + 1} leaves its move at {cell_name(*p[1])} to use an ability",
                seat,
                a=i + 1,
                cell=cell_name(*p[1]),
            )
        s.options = []
    # An ability's walk carries no coin; Jet boots' leaps are told apart from a plain step.
    s.walk = {**new_walk(seat, i, False, p, after), "boots": action.card == "boots"}
    if action.target == "ALLY":
        to_ship(s, seat, i, s.ally(seat))
    elif action.card == "pocket" or (action.card == "teleport" and action.target == "SHIP"):
        to_ship(s, seat, i, seat)
    elif action.card == "teleport":
        arrive(s, ("cell", parse_cell(action.target)), None)
    elif action.card == "tame_knight":
        step(s, ("knight",) + KNIGHTS[action.target])
    elif action.card == "boots":
        step(s, ("jump",) + DIRS[action.target])
    elif action.card == "gravity":
        dr, dc = DIRS[action.target]
        t = gravity_end(s, p[1], dr, dc)
        owner = s.ship_at(t[1], t[2])
        if owner is not None and s.allied(owner, seat):
            to_ship(s, seat, i, owner)
        else:
            s.pos[seat][i] = ("space", t[1], t[2])
            finish_walk(s)
