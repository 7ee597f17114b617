"""Planet moves carried out: which rule each action runs. The rules themselves are functions of the
state in their own modules: walk.py (a move step by step and the tiles' effects), choices.py (the
choices offered inside a move), ships.py, abilities.py and endings.py (the end of a walk, an action,
a turn and the game). Which actions are legal is moves.py's.

The frequent events are noted (s.note: a wording.py function and the values of the moment) and worded
only when the log is read; the rare ones are emitted under `if not s.silent`. A silenced copy (a
search's rollout) records no events, so their texts are not built there either (the rules never
read them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cosmotable.games.planet import wording
from cosmotable.games.planet.abilities import use_ability
from cosmotable.games.planet.actions import (
    Ability,
    Agree,
    Beam,
    Claim,
    Draw,
    Drift,
    EndTurn,
    Fly,
    Go,
    Jump,
    Knight,
    Meteor,
    Move,
    Orient,
    Pass,
    Peek,
    Refuse,
    Reveal,
    Sail,
    To,
    Turn,
)
from cosmotable.games.planet.board import cell_name, parse_cell
from cosmotable.games.planet.choices import drew, meteor, next_turn_choice
from cosmotable.games.planet.endings import action_done, end_turn, finish_walk, game_over
from cosmotable.games.planet.reach import drift_end
from cosmotable.games.planet.ships import fly, sail
from cosmotable.games.planet.walk import continue_walk, oriented, peek, revealed, start_move

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import PlanetState


# ====================================================================== apply
def apply(s: PlanetState, action: Action) -> None:
    """Carry out a legal action: each kind of action has its function, found by the action's type."""
    _ON[type(action)](s, action)


def _on_reveal(s: PlanetState, action: Reveal) -> None:
    revealed(s, action.tile, action.quarter)


def _on_orient(s: PlanetState, action: Orient) -> None:
    oriented(s, action.quarter)


def _on_draw(s: PlanetState, action: Draw) -> None:
    drew(s, action.card)


def _on_move(s: PlanetState, action: Move) -> None:
    start_move(s, action)


def _on_drift(s: PlanetState, action: Drift) -> None:
    seat = s.seat
    p = s.pos[seat][action.astronaut - 1]
    idx = drift_end(s, seat, p[1], p[2], action.steps)
    owner = s.ship_at(p[1], idx)
    s.pos[seat][action.astronaut - 1] = ("ship", owner) if owner is not None else ("space", p[1], idx)
    s.note(wording.drifted, seat, action.astronaut, action.steps)
    action_done(s)


def _on_sail(s: PlanetState, action: Sail) -> None:
    sail(s, action.steps)


def _on_fly(s: PlanetState, action: Fly) -> None:
    fly(s, parse_cell(action.cell))


def _on_walk_choice(s: PlanetState, action: Go | Knight | Jump | To) -> None:
    s.options = []
    s.phase = "act"
    continue_walk(s, action)


def _on_peek(s: PlanetState, action: Peek) -> None:
    peek(s, parse_cell(action.cell))


def _on_meteor(s: PlanetState, action: Meteor) -> None:
    meteor(s, parse_cell(action.cell))


def _on_turn(s: PlanetState, action: Turn) -> None:
    cell = parse_cell(action.cell)
    kid, rot = s.tile[cell]
    s.tile[cell] = (kid, (rot + action.quarter) % 4)
    if not s.silent:
        s.emit(
            "turn",
            f"seat {s.seat} turns {cell_name(*cell)} by {action.quarter} quarter turn(s)",
            s.seat,
            cell=cell_name(*cell),
            quarter=action.quarter,
        )
    next_turn_choice(s)


def _on_beam(s: PlanetState, action: Beam) -> None:
    src = parse_cell(action.cell)
    dest = s.walk["cell"]
    s.coins[src] -= 1
    if not s.coins[src]:
        del s.coins[src]
    s.coins[dest] = s.coins.get(dest, 0) + 1
    s.note(wording.beamed, s.seat, src, dest)
    s.options = []
    finish_walk(s)


def _on_ability(s: PlanetState, action: Ability) -> None:
    use_ability(s, action)


def _on_claim(s: PlanetState, action: Claim) -> None:
    s.claimed = True
    s.claim_queue = [(s.seat + k) % s.num_players for k in range(1, s.num_players)]
    s.phase = "claim"
    if not s.silent:
        s.emit(
            "claim",
            f"seat {s.seat} says no one can get the last coins and proposes to end the game",
            s.seat,
        )


def _on_agree(s: PlanetState, action: Agree) -> None:
    seat = s.claim_queue.pop(0)
    if not s.silent:
        s.emit("agree", f"seat {seat} agrees", seat)
    if not s.claim_queue:
        game_over(s, "every player agreed that no one can get the last coins", "agreed")


def _on_refuse(s: PlanetState, action: Refuse) -> None:
    seat = s.claim_queue.pop(0)
    s.claim_queue = []
    s.phase = "act"
    if not s.silent:
        s.emit("refuse", f"seat {seat} refuses: the game goes on", seat)


def _on_pass(s: PlanetState, action: Pass) -> None:
    if not s.silent:
        s.emit("pass", f"seat {s.seat} cannot move and passes", s.seat)
    end_turn(s)


def _on_end_turn(s: PlanetState, action: EndTurn) -> None:
    s.note(wording.ended_turn, s.seat)
    end_turn(s)


_ON: dict[type, Callable[[PlanetState, Any], None]] = {
    Reveal: _on_reveal,
    Orient: _on_orient,
    Draw: _on_draw,
    Move: _on_move,
    Drift: _on_drift,
    Sail: _on_sail,
    Fly: _on_fly,
    Go: _on_walk_choice,
    Knight: _on_walk_choice,
    Jump: _on_walk_choice,
    To: _on_walk_choice,
    Peek: _on_peek,
    Meteor: _on_meteor,
    Turn: _on_turn,
    Beam: _on_beam,
    Ability: _on_ability,
    Claim: _on_claim,
    Agree: _on_agree,
    Refuse: _on_refuse,
    Pass: _on_pass,
    EndTurn: _on_end_turn,
}
