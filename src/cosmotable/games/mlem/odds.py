"""Exact odds of one travel phase: crash probability and reachable spaces.

Enumerates every multiset of the commander's dice with its exact probability (no sampling) and
asks the rules themselves which moves each roll allows, so the odds can never drift from the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from cosmotable.engine.core import State
from cosmotable.games.mlem import travel
from cosmotable.games.mlem.actions import Reroll, Roll, Travel
from cosmotable.games.mlem.board import Mat
from cosmotable.games.mlem.dice import roll_distribution, sort_faces
from cosmotable.games.mlem.state import ROLL, MlemState
from cosmotable.games.mlem.tokens import ExpeditionToken
from cosmotable.games.mlem.variants import UfoTable


@dataclass
class TravelOdds:
    space: int
    dice: int
    helpers: int
    token: str | None
    crash: Fraction
    reachable: dict[int, Fraction] = field(default_factory=dict)  # P(the space can be reached)
    farthest: dict[int, Fraction] = field(default_factory=dict)  # P(the farthest reachable is it)

    def expected_farthest(self) -> Fraction:
        return sum((p * (s - self.space) for s, p in self.farthest.items()), Fraction(0))

    def to_json(self, deep_space: int) -> dict:
        def name(s: int) -> str:
            return "deep" if s >= deep_space else str(s)

        return {
            "space": self.space,
            "dice": self.dice,
            "helpers": self.helpers,
            "token": self.token,
            "crash": float(self.crash),
            "crash_exact": str(self.crash),
            "reachable": {name(s): float(p) for s, p in sorted(self.reachable.items())},
            "farthest": {name(s): float(p) for s, p in sorted(self.farthest.items())},
            "expected_farthest_advance": float(self.expected_farthest()),
        }


def scenario(
    game,
    *,
    space: int,
    dice: int,
    helpers: int = 0,
    token: ExpeditionToken | None = None,
    board: dict | None = None,
) -> MlemState:
    """A state about to roll: the rocket on `space` with `dice` dice, `helpers` unused helper
    astronauts aboard and, optionally, an unused expedition token."""
    # before the table is made: 5 helpers would ask the game for 6 seats and fail less clearly
    if not 0 <= helpers <= 4:
        raise ValueError(f"helpers must be 0..4 (one per other player), got {helpers}")
    players = max(2, helpers + 1)
    variants = ["ufo"] if token is not None else []
    options = {"board": board} if board is not None else {}
    state: MlemState = game.new_state(num_players=players, seed=0, variants=variants, **options)
    mat = state.mat
    if not 0 <= space <= mat.last_space:
        raise ValueError(f"space must be 0..{mat.last_space}, got {space}")
    if not 1 <= dice <= mat.dice_count:
        raise ValueError(f"dice must be 1..{mat.dice_count}, got {dice}")
    # Set the table directly: this is the game's own package building a hypothetical position.
    state.rocket = [(0, "moon_expert")] + [(seat, "helper") for seat in range(1, helpers + 1)]
    state.aboard = [True] * len(state.rocket)
    state.commander = 0
    state.position, state.dice, state.phase = space, dice, ROLL
    if token is not None:
        # A private copy of the token sets: the shared, cached ones are never mutated.
        state.tokens = replace(state.tokens, expedition={**state.tokens.expedition, token.id: token})
        state.ufo = UfoTable(mat.ufo_start_space, [], [], [[] for _ in range(players)], token.id, False)
    return state


def _reachable_after(state: MlemState, roll: tuple[str, ...]) -> set[int] | None:
    """Spaces reachable with this roll (None: the rocket crashes)."""
    trial = state.clone()
    trial.roll = roll
    options = travel.travel_options(trial)
    moves = [a for a in options if isinstance(a, Travel)]
    if not moves and not any(isinstance(a, Reroll) for a in options):
        return None
    deep = state.mat.deep_space
    return {min(state.position + travel.travel_steps(trial, a), deep) for a in moves} or None


def coach_odds(state: State) -> dict | None:
    """The coach's odds for the seat to move (the `coach` part of MLEM's descriptor): the exact
    odds of the rocket's next roll from where it stands (crash, reachable spaces), with the helpers
    still usable aboard, as JSON. None when there is no roll to come, or from deep space, which the
    odds table does not cover."""
    if not isinstance(state, MlemState) or state.is_terminal() or not state.dice:
        return None
    try:
        odds = travel_odds(
            state.game,
            space=state.position,
            dice=state.dice,
            helpers=len(travel.usable_helpers(state)),
            board=state.config.options.get("board"),
        )
    except ValueError:
        return None
    return odds.to_json(state.mat.last_space)


def travel_odds(
    game,
    *,
    space: int,
    dice: int,
    helpers: int = 0,
    token: ExpeditionToken | None = None,
    board: dict | None = None,
) -> TravelOdds:
    """Exact odds for one travel phase. With a reroll token the commander rerolls exactly when
    the first roll would crash (the only use that can change the crash odds)."""
    state = scenario(game, space=space, dice=dice, helpers=helpers, token=token, board=board)
    outcomes = roll_distribution(state.mat.die_faces, dice)
    reroll = token is not None and token.ability == "reroll"
    base = state
    if reroll:
        base = state.clone()
        base.ufo.spent = True  # the second roll has no reroll left
    result = TravelOdds(space, dice, helpers, token.id if token else None, Fraction(0))

    def add(reach: set[int] | None, p: Fraction) -> None:
        if reach is None:
            result.crash += p
            return
        for s in reach:
            result.reachable[s] = result.reachable.get(s, Fraction(0)) + p
        top = max(reach)
        result.farthest[top] = result.farthest.get(top, Fraction(0)) + p

    for faces, p in outcomes:
        reach = _reachable_after(base, faces)
        if reach is None and reroll:
            for faces2, p2 in outcomes:
                add(_reachable_after(base, faces2), p * p2)
        else:
            add(reach, p)
    assert result.crash + sum(result.farthest.values()) == 1
    return result


def crash_table(game, board: dict | None = None, max_dice: int | None = None) -> list[list[Fraction]]:
    """Crash probability for every space (rows) and 1..max_dice dice (columns)."""
    state = scenario(game, space=0, dice=1, board=board)
    mat: Mat = state.mat
    k = max_dice or mat.dice_count
    return [
        [travel_odds(game, space=s, dice=d, board=board).crash for d in range(1, k + 1)]
        for s in range(mat.last_space + 1)
    ]


def _has_move(state: MlemState) -> bool:
    return state.phase == "travel" and any(isinstance(a, Travel) for a in state.legal_actions())


def monte_carlo_crash(
    game,
    *,
    space: int,
    dice: int,
    helpers: int = 0,
    samples: int,
    seed: int,
    token: ExpeditionToken | None = None,
) -> float:
    """Crash frequency over `samples` rolls thrown one die at a time and played through the
    rules (rerolling only to avoid a crash), independent of the enumeration above."""
    import random

    rng = random.Random(seed)
    state = scenario(game, space=space, dice=dice, helpers=helpers, token=token)
    faces = state.mat.die_faces

    def throw() -> Roll:
        return Roll(sort_faces(rng.choice(faces) for _ in range(dice)))

    crashes = 0
    for _ in range(samples):
        trial = state.clone()
        trial.apply(throw())
        if trial.phase == "travel" and not _has_move(trial) and Reroll() in trial.legal_actions():
            trial.apply(Reroll())
            trial.apply(throw())
        crashes += not _has_move(trial)
    return crashes / samples
