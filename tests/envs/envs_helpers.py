"""Shared helpers for the research-environment tests (`tests/envs`)."""

from __future__ import annotations

import random

import numpy as np

from cosmotable.envs.common import OBS_HIGH

ALL_VARIANTS = ("ufo", "discovery", "secret_missions")
VARIANT_SETS = [(), ("ufo",), ("discovery",), ("secret_missions",), ALL_VARIANTS]


def random_states(game, num_players, variants, seed, options=None, avoid=()):
    """Yield every state of one random game (decision and chance nodes), ending at the terminal.
    `options`: the game's options; `avoid`: action kinds played only when nothing else is legal."""
    state = game.new_state(num_players, seed=seed, variants=list(variants), **(options or {}))
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(rng.choice([a for a in legal if a.kind not in avoid] or legal))


def check_enumeration(enc):
    """Every action and chance text parses and prints back to itself, so index <-> action is a
    bijection, the same for every game's encoding."""
    for i, text in enumerate(enc.actions):
        assert str(enc.index_to_action(i)) == text
        assert enc.action_to_index(text) == i
    for i, text in enumerate(enc.chance):
        assert str(enc.index_to_chance(i)) == text
        assert enc.chance_to_index(text) == i


def check_observation_kept_by_resampling(enc, states, every, rng):
    """`resample_for(seat)` redraws only what `seat` cannot see, so the seat's observation must not
    change: checked at every `every`-th decision of `states` (more than 10 of them)."""
    checked = 0
    for state in states:
        if state.is_terminal() or state.is_chance_node() or len(state.history) % every:
            continue
        seat = state.current_player()
        other = state.resample_for(seat, rng)
        assert np.array_equal(enc.observe(state.view(seat), seat), enc.observe(other.view(seat), seat))
        checked += 1
    assert checked > 10


def check_encoding_at(enc, state, num_players, kinds, observe=False):
    """The encoding's contract at one state: every chance outcome and legal action maps to an
    index and back, the mask marks exactly the legal actions, and (with `observe`) every seat's
    observation has the fixed shape and finite, bounded values. Adds the action kinds seen to `kinds`."""
    if state.is_terminal():
        assert not enc.action_mask(state).any()
        return
    if state.is_chance_node():
        for outcome, _p in state.chance_outcomes():
            assert enc.index_to_chance(enc.chance_to_index(outcome)) == outcome
        return
    legal = state.legal_actions()
    indices = [enc.action_to_index(a, state) for a in legal]
    assert len(set(indices)) == len(legal)
    for i, action in zip(indices, legal, strict=True):
        assert enc.index_to_action(i, state) == action
        kinds.add(action.kind)
    mask = enc.action_mask(state)
    assert mask.sum() == len(legal) and sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
    if observe:
        for seat in range(num_players):
            obs = enc.observe(state.view(seat), seat)
            assert obs.dtype == np.float32 and obs.shape == (enc.observation_size,)
            assert np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= OBS_HIGH


def play_openspiel(game, bots, seed):
    """Play an OpenSpiel game to the end with `bots` (chance sampled by its probabilities);
    returns (final state, number of bot decisions). Every bot move must be legal."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    return state, decisions


def check_gym_env_and_episode(game_id, options=None):
    """Gymnasium's env checker for seat 1 against two opponents, then a masked random episode for
    seat 0 against the heuristic: the reward at the end is seat 0's lead in points."""
    from gymnasium.utils.env_checker import check_env

    from cosmotable.envs.gym import SingleAgentEnv

    extra = {"options": options} if options else {}
    check_env(SingleAgentEnv(game_id, seat=1, opponents=["random", "heuristic"], render_mode="ansi", **extra))
    env = SingleAgentEnv(game_id, seat=0, opponents=["heuristic"], **extra)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while True:
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if terminated or truncated:
            break
    # The rules end the game (terminated), or its turn cap does (truncated, the reason in info);
    # either way the rules score the table and the reward is seat 0's lead.
    assert terminated != truncated and reward == info["scores"][0] - info["scores"][1]
    assert ("safety cap" in info["truncated"]) if truncated else "truncated" not in info


def missions_state(steps: int, seed: int = 0):
    """A 3-player OpenSpiel MLEM state with secret missions after at least `steps` actions: chance
    by its probabilities (seeded), every decision the first legal one."""
    from cosmotable.envs import openspiel  # the callers have skipped without pyspiel

    game = openspiel.load("mlem", players=3, variants=("secret_missions",))
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while state.is_chance_node() or len(state.history()) < steps:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state


def check_resamples(game, state, samples, differs):
    """OpenSpiel's `resample_from_infostate` at `state`, the same contract for every game: each of
    `samples` samples keeps the acting seat's information state, observation and legal moves, has a
    history as long as the true one that survives a serialization round trip, and at least one
    differs from the true state (`differs(sample, state)`: the hidden part was redrawn). Returns
    the seat's information state, for the game's own checks of what it hides."""
    import pyspiel  # the callers have skipped without it

    player = state.current_player()
    info = state.information_state_string(player)
    redrawn = 0
    for _ in range(samples):
        sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(player) == info
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.history() != [] and len(sample.history()) == len(state.history())
        text = pyspiel.serialize_game_and_state(game, sample)
        assert pyspiel.deserialize_game_and_state(text)[1].history() == sample.history()
        redrawn += bool(differs(sample, state))
    assert redrawn > 0
    return info


def walk_tree(state, visit):
    """Call `visit(state)` at every history of the game below `state` (a small game's whole tree:
    the research configurations, docs/research.md)."""
    visit(state)
    if state.is_terminal():
        return
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    for action in actions:
        walk_tree(state.child(action), visit)


def check_cfr_decreases(game, iterations: int) -> None:
    """OpenSpiel's exact CFR and NashConv run to completion on `game`: NashConv of the average policy
    is finite and falls from iteration 1 to `iterations`, and exploitability is NashConv / 2."""
    import math

    from open_spiel.python.algorithms import cfr, exploitability

    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(iterations - 1):
        solver.evaluate_and_update_policy()
    later = exploitability.nash_conv(game, solver.average_policy())
    assert math.isfinite(first) and math.isfinite(later)
    assert first > later > 0
    assert abs(exploitability.exploitability(game, solver.average_policy()) - later / 2) < 1e-9


def check_node_sound(state) -> None:
    """A terminal's returns are finite, in [-1, 1] and sum to 0 (`win`, two seats); a chance node's
    outcomes are distinct with positive probabilities summing to 1."""
    import math

    if state.is_terminal():
        returns = state.returns()
        assert all(math.isfinite(r) and -1 <= r <= 1 for r in returns) and sum(returns) == 0
    elif state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert all(p > 0 for _, p in outcomes) and abs(sum(p for _, p in outcomes) - 1) < 1e-12
        assert len({a for a, _ in outcomes}) == len(outcomes)
