"""MLEM's legal moves at each decision, and which rule each move runs (travel.py, landing.py,
expedition.py; the variants' set-up here). Functions of the state; game.py hands them to the
engine (Game.legal_actions_in, Game.apply_in)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cosmotable.engine.core import Action
from cosmotable.games.mlem import expedition, landing, travel
from cosmotable.games.mlem.actions import (
    Board,
    Crash,
    DealMission,
    Land,
    Reroll,
    Return,
    ReturnMission,
    RevealDiscovery,
    RevealExpedition,
    Roll,
    Stay,
    Travel,
)
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.games.mlem.state import CHOOSE, LANDING, LAUNCH, PARACHUTE, TRAVEL, MlemState
from cosmotable.games.mlem.variants import MISSIONS_DEALT

# Actions are frozen values: the rules hand out one shared object per distinct action instead of
# building new ones at every step (legal actions are listed at nearly every step of a rollout).
_BOARD = {a: Board(a) for a in ABILITIES}
_STAY, _RETURN = Stay(), Return()


def legal_actions(s: MlemState) -> list[Action]:
    if s.phase == LAUNCH:
        seat = s.current_player()
        # rulebook (launch phase): each player boards one of their available astronauts.
        return [_BOARD[a] for a in s.available[seat]]
    if s.phase == TRAVEL:
        return travel.travel_options(s)
    if s.phase == LANDING:
        return [_STAY, *landing.landing_options(s, s.queue[0])]
    if s.phase == PARACHUTE:
        return [*landing.landing_options(s, s.queue[0], shifts=(0,)), _RETURN]
    if s.phase == CHOOSE:
        assert s.missions is not None
        seat = s.current_player()
        return [ReturnMission(m) for m in s.missions.dealt[seat]]
    return []


def _stay(s: MlemState, action: Action) -> None:
    s.queue.pop(0)
    landing.continue_landing(s)


def _land(s: MlemState, action: Land) -> None:
    slot = s.queue.pop(0)
    landing.land(s, slot, action)
    if s.phase == PARACHUTE:
        landing.continue_parachutes(s)
    else:
        landing.continue_landing(s)


def _return(s: MlemState, action: Action) -> None:
    s.queue.pop(0)
    landing.continue_parachutes(s)


#: The rule each kind of move runs, looked up by the action's class: a rollout applies a move at
#: every step, and one dictionary look-up costs less than a chain of isinstance checks.
RULES: dict[type, Callable[[Any, Any], None]] = {
    Board: expedition.board,
    Roll: lambda s, action: travel.rolled(s, action.faces),
    Travel: travel.travel,
    Crash: lambda s, action: travel.crash(s),
    Stay: _stay,
    Land: _land,
    Return: _return,
    Reroll: lambda s, action: travel.reroll(s),
}


def apply(s: MlemState, action: Action) -> None:
    RULES.get(type(action), apply_variant_setup)(s, action)


def apply_variant_setup(s: MlemState, action: Action) -> None:
    if isinstance(action, DealMission):
        assert s.missions is not None
        seat = next(seat for seat, d in enumerate(s.missions.dealt) if len(d) < MISSIONS_DEALT)
        s.missions.pool.remove(action.mission)
        s.missions.dealt[seat].append(action.mission)
        s.emit("deal", f"seat {seat} is dealt a secret mission", seat, visible_to=None)
        s.emit(
            "mission",
            f"you are dealt mission {mission_text(s, action.mission)}",
            seat,
            visible_to=[seat],
            mission=action.mission,
        )
        s.next_setup_step()
    elif isinstance(action, ReturnMission):
        assert s.missions is not None
        seat = s.current_player()
        s.missions.returned[seat] = action.mission
        s.emit("choose", f"seat {seat} keeps 3 secret missions", seat, kept=MISSIONS_DEALT - 1)
        s.next_setup_step()
    elif isinstance(action, RevealDiscovery):
        assert s.discovery is not None
        token = s.tokens.discoveries[action.token]
        s.discovery.pool.remove(token.id)
        s.discovery.on_mat[token.space] = token.id
        s.emit(
            "discovery",
            f"discovery token ({token.describe()}) turned face up on space {token.space}",
            token=token.id,
            space=token.space,
        )
        if s.reveal_during_travel:
            travel.end_travel_phase(s)
        else:
            s.next_setup_step()
    elif isinstance(action, RevealExpedition):
        reveal_expedition(s, action.token)


def mission_text(s: MlemState, mission_id: str) -> str:
    mission = s.tokens.missions[mission_id]
    spaces = ",".join(map(str, mission.spaces))
    if mission.kind == "planet":
        return f"{mission_id}: planet {s.mat.planets[mission.target].name} (space {spaces})"
    return f"{mission_id}: the {s.mat.moons[mission.target].points}-point moon at space {spaces}"


def reveal_expedition(s: MlemState, token_id: str) -> None:
    assert s.ufo is not None
    token = s.tokens.expedition[token_id]
    s.ufo.pool.remove(token_id)
    s.ufo.token, s.ufo.spent = token_id, False
    # rulebook (UFO): move the UFO 0-3 spaces towards the start (from deep space, its start,
    # one space lands it on the last numbered space) ...
    s.ufo.position = max(0, s.ufo.position - token.ufo_move)
    # ... and the commander starts with 4, 5 or 6 dice, setting the rest aside.
    s.dice = token.dice
    deep = s.ufo.position >= s.mat.deep_space
    where = "stays in deep space" if deep else f"moves to space {s.ufo.position}"
    s.emit(
        "expedition-token",
        f"expedition token: {token.describe()}; the UFO {where}",
        token=token_id,
        ufo=s.ufo.position,
        in_deep_space=deep,
    )
    s.phase = LAUNCH
