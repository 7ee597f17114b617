"""Random legal play over the engine API, shared by the games' property tests."""

import random


def play_random(state, max_actions, steps=None, choice_seed=0, check=None, check_every=1):
    """Advance `state` by `steps` random legal actions (None: to the end) and return it.

    Chance uses the state's own seeded RNG; decisions a `random.Random(choice_seed)` choice, so
    the same arguments always give the same game. `check(state)` runs after every `check_every`
    actions; the game must end within `max_actions` (each game's bound comes from its rules).
    """
    rng = random.Random(choice_seed)
    count = 0
    while not state.is_terminal() and (steps is None or count < steps):
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
        count += 1
        assert count <= max_actions, "the game did not end within the bound"
        if check and count % check_every == 0:
            check(state)
    return state
