"""A new game needs little of the engine: this race to 5 (a seat steps 1 or 2, or throws a coin for
3) is built from the State API's required parts only (rules, scores, views, snapshot and copy), and the engine supplies the rest: legality
with a generic refusal, chance, replay, and the hooks' messages that say what a game forgot.
(docs/architecture.md: "a new game should need no change outside its own package".)"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from cosmotable.engine import CHANCE, TERMINAL, Action, Game, GameConfig, IllegalAction, State
from cosmotable.engine.errors import ConfigError


@dataclass(frozen=True)
class Step(Action):
    kind = "step"
    size: int


@dataclass(frozen=True)
class Coin(Action):
    kind = "coin"
    heads: bool


class RaceState(State):
    has_hidden_information = False

    def __init__(self, game: Game, config: GameConfig, seed: int):
        super().__init__(game, config, seed)
        self.places = [0] * config.num_players
        self.seat = 0
        self.flipping = False
        self._legal_cache = None

    def current_player(self) -> int:
        if max(self.places) >= 5:
            return TERMINAL
        return CHANCE if self.flipping else self.seat

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Coin(True), 0.5), (Coin(False), 0.5)]

    def scores(self) -> list[int]:
        return list(self.places)

    def view(self, seat: int) -> dict[str, Any]:
        return {"places": list(self.places)}

    def public_view(self) -> dict[str, Any]:
        return {"places": list(self.places)}

    def snapshot(self) -> dict[str, Any]:
        return {"places": list(self.places), "seat": self.seat, "flipping": self.flipping}

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, RaceState)
        new.places, new.seat, new.flipping, new._legal_cache = (
            list(self.places),
            self.seat,
            self.flipping,
            None,
        )


class Race(Game):
    id = "race"
    name = "Race to five"
    min_players = 2
    max_players = 3

    def initial_state(self, config: GameConfig, seed: int) -> State:
        return RaceState(self, config, seed)

    def parse_action(self, text: str) -> Action:
        word, _, value = text.partition(" ")
        if word == "step":
            return Step(int(value))
        if word == "coin":
            return Coin(value == "True")
        raise ValueError(f"unknown action {text!r}")

    def action_from_json(self, data) -> Action:
        return self.parse_action(f"{data['kind']} {data.get('size', data.get('heads'))}")

    # the rules kept beside the state, through the engine's hooks
    def legal_actions_in(self, state: State) -> list[Action]:
        return [Step(1), Step(2), Step(3)]

    def apply_in(self, state: State, action: Action) -> None:
        assert isinstance(state, RaceState)
        if isinstance(action, Step) and action.size == 3:
            state.flipping = True  # three steps only on heads
            return
        if isinstance(action, Coin):
            state.flipping = False
            state.places[state.seat] += 3 if action.heads else 0
        else:
            assert isinstance(action, Step)
            state.places[state.seat] += action.size
        state.seat = (state.seat + 1) % len(state.places)


class Forgetful(Game):
    """A game that names none of the rule hooks: the engine says which to write."""

    id = "forgetful"
    name = "Forgetful"
    min_players = 2
    max_players = 2

    def initial_state(self, config: GameConfig, seed: int) -> State:
        return ForgetfulState(self, config, seed)

    def parse_action(self, text: str) -> Action:
        return Step(int(text.split()[1]))

    def action_from_json(self, data) -> Action:
        return Step(int(data["size"]))


class ForgetfulState(State):
    def current_player(self) -> int:
        return 0

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def scores(self) -> list[int]:
        return [0, 0]

    def snapshot(self) -> dict[str, Any]:
        return {}

    def _copy_into(self, new: State) -> None:
        pass


def test_a_minimal_game_plays_to_the_end_and_replays_from_its_actions():
    race = Race()
    state = race.new_state(num_players=2, seed=7)
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert max(state.scores()) >= 5 and state.winners()
    again = race.new_state(num_players=2, seed=7)
    again.apply_all(state.history)
    assert again.scores() == state.scores() and again.fingerprint() == state.fingerprint()
    assert str(state) == f"<race state after {len(state.history)} actions>"


def test_the_generic_refusal_lists_the_legal_actions():
    state = Race().new_state(num_players=2, seed=1)
    with pytest.raises(
        IllegalAction, match=r"it is not one of the legal actions now: step 1, step 2, step 3$"
    ):
        state.apply("step 4")
    assert state.history == []


def test_resolve_chance_throws_the_coin_and_hands_the_turn_on():
    state = Race().new_state(num_players=2, seed=1)
    state.apply("step 3")
    assert state.current_player() == CHANCE
    state.resolve_chance(random.Random(0))
    assert state.current_player() == 1 and state.places[0] in (0, 3)


def test_a_game_without_hidden_information_resamples_as_a_clone_with_its_own_future():
    state = Race().new_state(num_players=2, seed=1)
    state.apply("step 2")
    sample = state.resample_for(1, random.Random(5))
    assert sample.scores() == state.scores() and sample.history == state.history
    assert sample.seed != state.seed  # the determinization's coins are its own


def test_a_game_that_forgets_a_rule_hook_is_told_which_method_to_write():
    state = Forgetful().new_state(num_players=2, seed=1)
    with pytest.raises(NotImplementedError, match=r"forgetful: implement ForgetfulState._legal_actions"):
        state.legal_actions()
    with pytest.raises(NotImplementedError, match=r"ForgetfulState.view or Forgetful.view_in"):
        state.view(0)
    with pytest.raises(NotImplementedError, match=r"ForgetfulState.public_view or Forgetful.public_view_in"):
        state.public_view()
    with pytest.raises(NotImplementedError, match="must implement resample_for: it hides information"):
        state.resample_for(0, random.Random(1))
    with pytest.raises(NotImplementedError, match=r"ForgetfulState._apply or Forgetful.apply_in"):
        Forgetful.apply_in(Forgetful(), state, Step(1))


@pytest.mark.parametrize(
    "data, message",
    [
        ({"num_players": 2, "variants": "teams"}, "config.variants must be a list of names"),
        ({"num_players": "2"}, "config.num_players must be an integer"),
        ({"num_players": 2, "options": [1]}, "config.options"),
    ],
)
def test_a_malformed_config_says_which_field_is_wrong(data, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig.from_json(data)
