"""How Planet's moves come to rest: a walk ends, the turn's action is done (the ability window of
Ruling R20), the turn ends, the game ends (rulebook: end). And the refusal a walk's rule raises
(`violate`), which moves.py catches when it tries a walk on a copy. Functions of the state, called
by the other move modules (effects.py joins them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cosmotable.games.planet.board import cell_name
from cosmotable.games.planet.reach import has_ability_move

if TYPE_CHECKING:
    from cosmotable.games.planet.state import PlanetState


class _Violation(Exception):
    pass


def violate(s: PlanetState, why: str) -> None:
    s.violation = why
    raise _Violation(why)


def finish_walk(s: PlanetState) -> None:
    """The astronaut has come to rest: drop a carried coin, open locks, end the turn."""
    walk = s.walk
    if walk is None:
        action_done(s)
        return
    seat, i = walk["seat"], walk["a"]
    p = s.pos[seat][i]
    if p[0] == "cell":
        cell = p[1]
        if walk["coin"]:
            s.coins[cell] = s.coins.get(cell, 0) + 1
        if s.locks.get(cell):
            team = [x for x in s.astronauts_at(cell) if s.allied(x[0], seat)]
            if len(team) >= 2:
                # rulebook (locked container): two astronauts of one team open it.
                s.coins[cell] = s.coins.get(cell, 0) + s.locks.pop(cell)
                s.tile[cell] = ("empty", 0)
                if not s.silent:
                    s.emit(
                        "unlock",
                        f"seat {seat} opens the locked container at {cell_name(*cell)}: {s.coins[cell]} coin(s)",
                        seat,
                        cell=cell_name(*cell),
                        n=s.coins[cell],
                    )
    after = walk["after"]
    s.walk = None
    s.options = []
    if after == "act":
        s.phase = "act"
    else:
        action_done(s)


# ------------------------------------------------------------------ turns and the end
def game_should_end(s: PlanetState) -> bool:
    """rulebook (end): every tile revealed and no coin left on the planet and station."""
    return len(s.revealed) == len(s.back) and s.coins_left() == 0


def action_done(s: PlanetState) -> None:
    """The turn's action has come to rest. Ruling R20 (rulebook, cards: "at any moment of your turn,
    one ability a turn"): if the seat has not used an ability this turn and one is usable now, the
    same seat gets a window with the ability plays and `end turn`; otherwise (or when the game is
    already over by the end condition) the turn ends at once, so play is not slowed by empty nodes."""
    s.phase = "act"
    if s.ability_used or s.in_boost or game_should_end(s) or not has_ability_move(s, s.seat):
        end_turn(s)
        return
    s.phase = "post"
    s.options = []


def end_turn(s: PlanetState) -> None:
    seat = s.seat
    if s.flowers:
        for cell in s.flowers:
            kid, rot = s.tile.get(cell, ("", 0))
            if kid == "flower" and cell in s.revealed:
                s.tile[cell] = (kid, (rot + 1) % 4)
        s.flowers = set()
    s.turns[seat] += 1
    s.total_turns += 1
    s.phase = "act"
    # rulebook (end): every tile revealed and no coin left on the planet and station.
    if game_should_end(s):
        game_over(s, "every tile is revealed and no coins are left on the planet and station", "cleared")
        return
    if s.total_turns >= s.max_turns:
        game_over(s, f"the safety cap of {s.max_turns} turns was reached", "cap")
        return
    if s.boost_pending:
        s.boost_pending = False
        s.in_boost = True
    else:
        s.in_boost = False
        s.seat = (seat + 1) % s.num_players
    s.ability_used = False
    s.claimed = False
    # rulebook (cards): a reusable artifact flips back at the start of your next turn.
    for card in s.hand[s.seat]:
        if not card["spent"]:
            card["ready"] = True


def game_over(s: PlanetState, reason: str, code: str) -> None:
    """End the game; `code` (agreed / cleared / cap) names the reason for screens in any language."""
    s.phase = "over"
    s.end_reason = reason
    if not s.silent:
        s.emit(
            "game-over",
            f"game over: {reason}; scores {s.scores()}",
            None,
            reason=reason,
            code=code,
            scores=s.scores(),
            max_turns=s.max_turns,
        )
