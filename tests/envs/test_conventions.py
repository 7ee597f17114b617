"""The outside libraries' conventions: PettingZoo's per-game modules, Parallel API, render modes,
global state and max_cycles; truncation by a game's length cap; Gymnasium ids and the vector env;
OpenSpiel game types; Planet's claim kept out of the action space."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
import gymnasium
from pettingzoo.test import parallel_api_test, render_test

from cosmotable import games
from cosmotable.envs.encodings import encoding_for
from cosmotable.envs.gym import CosmotableVectorEnv, SingleAgentEnv
from cosmotable.envs.pettingzoo import kosmodrom_v0, mlem_v0, planet_v0

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:.*is not a NumPy array"),
]


def masked_aec_run(env, seed, limit=100_000):
    """Play an AEC env with random legal actions to its end; returns the per-agent final
    (termination, truncation, info) and the number of decisions."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final, decisions = {}, 0
    for agent in env.agent_iter(limit):
        obs, _reward, termination, truncation, info = env.last()
        if termination or truncation:
            final[agent] = (termination, truncation, dict(info), env._cumulative_rewards[agent])
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return final, decisions


# ---------------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize(
    "module,kwargs",
    [
        (mlem_v0, {"num_players": 3, "variants": ("ufo", "secret_missions")}),
        (planet_v0, {"num_players": 2, "max_turns": 30}),
        (kosmodrom_v0, {"num_players": 2, "max_turns": 20}),
    ],
    ids=["mlem", "planet", "kosmodrom"],
)
def test_parallel_api_test(module, kwargs):
    parallel_api_test(module.parallel_env(**kwargs), num_cycles=200)


def test_render_test_every_mode(capsys):
    render_test(mlem_v0.env)
    printed = capsys.readouterr().out  # human mode prints the text picture
    assert "MLEM" in printed and "expedition" in printed
    env = planet_v0.env(num_players=2, render_mode="rgb_array")
    env.reset(seed=1)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 50 and image.shape[1] > 200 and len(np.unique(image.reshape(-1, 3), axis=0)) > 2


def test_unknown_render_mode_and_bad_max_cycles_are_refused():
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        mlem_v0.raw_env(render_mode="pygame")
    with pytest.raises(ValueError, match="max_cycles must be a whole number"):
        mlem_v0.raw_env(max_cycles=0)


def test_global_state_is_the_public_view_and_hides_missions():
    env = mlem_v0.env(num_players=3, variants=("secret_missions",))
    env.reset(seed=5)
    raw = env.unwrapped
    enc = raw.encoding
    hands = next(seg for seg in enc.layout if seg.name == "missions_hands")
    for _ in range(30):
        state = env.state()
        assert env.state_space.contains(state)
        assert np.array_equal(state, enc.observe(raw.engine_state.public_view(), 0))
        # nobody's secret missions are in the global state before the end
        assert not state[hands.start : hands.stop].any()
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    # the parallel version exposes the same state
    par = mlem_v0.parallel_env(num_players=2)
    par.reset(seed=2)
    assert par.state().shape == par.state_space.shape


def test_max_cycles_truncates_unfinished_games_without_rewards_or_scores():
    env = mlem_v0.env(num_players=2, max_cycles=3, variants=("secret_missions",))
    final, decisions = masked_aec_run(env, seed=3)
    assert decisions == 3 * 2
    assert set(final) == set(env.possible_agents)
    for termination, truncation, info, reward in final.values():
        assert truncation and not termination and reward == 0.0
        assert info["truncated"].startswith("max_cycles") and "scores" not in info
    # the same count in the Parallel API, where one agent acts per step
    par = mlem_v0.parallel_env(num_players=2, max_cycles=3)
    obs, _ = par.reset(seed=3)
    steps = 0
    while par.agents:
        agent = par.unwrapped.agent_selection
        mask = obs[agent]["action_mask"]
        obs, _rewards, _terms, truncs, _infos = par.step({agent: int(np.flatnonzero(mask)[0])})
        steps += 1
    assert steps == 6 and all(truncs.values())


def test_game_length_cap_is_a_truncation_with_the_reason_and_scores():
    for module, kwargs in ((planet_v0, {"max_turns": 4, "claims": False}), (kosmodrom_v0, {"max_turns": 3})):
        env = module.env(num_players=2, **kwargs)
        final, _ = masked_aec_run(env, seed=1)
        for termination, truncation, info, reward in final.values():
            assert truncation and not termination
            assert "safety cap" in info["truncated"] and len(info["scores"]) == 2
        scores = next(iter(final.values()))[2]["scores"]
        assert final["player_0"][3] == scores[0] - scores[1]
    # a game ended by its rules is still a termination
    final, _ = masked_aec_run(mlem_v0.env(num_players=2), seed=1)
    assert all(term and not trunc and "truncated" not in info for term, trunc, info, _ in final.values())


def _planet_with_every_tile_face_up(seed):
    """A default-layout Planet table with every tile turned up (kinds drawn as the box allows) and
    one coin left on a tile: the only kind of position where the claim is legal (Planet Ruling R21),
    which random play on the default planet seldom reaches."""
    rng = random.Random(seed)
    state = games.get("planet").new_state(2, seed=seed)
    for cell in sorted(state.back):
        outcomes = state.draw_distribution(state.back[cell])
        kind = rng.choices([k for k, _ in outcomes], [p for _, p in outcomes])[0]
        state.fix_tile(cell, kind)
        state.revealed.add(cell)
        state.shown[state.back[cell]][kind] = state.shown[state.back[cell]].get(kind, 0) + 1
    state.coins[min(state.back)] = 1
    state.supply -= 1
    state._legal_cache = None
    return state


def test_planet_claims_false_keeps_the_claim_out_of_the_mask():
    enc = encoding_for("planet", games.get("planet").make_config(2))
    claim = enc.action_to_index("claim")
    offered = {True: 0, False: 0}
    for claims in (True, False):
        env = planet_v0.env(num_players=2, claims=claims, max_turns=60)
        for seed in range(4):
            env.reset(seed=seed)
            session = env.unwrapped.session
            session.state = _planet_with_every_tile_face_up(seed)
            session._changed()
            assert "claim" in [str(a) for a in session.state.legal_actions()]
            obs, _r, term, trunc, _info = env.last()
            assert not (term or trunc)
            offered[claims] += int(obs["action_mask"][claim])
    assert offered[True] == 4 and offered[False] == 0
    with pytest.raises(ValueError, match="cannot exclude 'fly away'"):
        planet_v0.raw_env(exclude_actions=("fly away",))


def test_excluded_action_is_refused_as_illegal():
    env = mlem_v0.raw_env(num_players=2, exclude_actions=("board satellite",))
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    satellite = env.encoding.action_to_index("board satellite")
    assert not mask[satellite] and mask.sum() == 7
    with pytest.raises(ValueError, match="illegal action"):
        env.step(satellite)


# ---------------------------------------------------------------------- Gymnasium
@pytest.mark.parametrize(
    "env_id,shape",
    [("cosmotable/Mlem-v0", 1159), ("cosmotable/Kosmodrom-v0", None), ("cosmotable/Planet-v0", None)],
)
def test_registered_ids_make_every_game(env_id, shape):
    import cosmotable.envs  # noqa: F401  (registers the ids)

    env = gymnasium.make(env_id, opponents=["random"])
    obs, info = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape and info["action_mask"].any()
    if shape is not None:
        assert obs.shape == (shape,)


def test_gym_truncation_by_the_game_cap():
    env = SingleAgentEnv("kosmodrom", opponents=["random"], options={"max_turns": 4})
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    while True:
        _obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if terminated or truncated:
            break
    assert truncated and not terminated and "safety cap" in info["truncated"]
    assert reward == info["scores"][0] - info["scores"][1]


def test_vector_env_matches_sync_vector_env_of_the_single_env():
    """The vector env (registered vector entry point) steps exactly like Gymnasium's own
    SyncVectorEnv over the same single envs, through episode ends and autoresets."""
    import cosmotable.envs  # noqa: F401

    ours = gymnasium.make_vec(
        "cosmotable/Mlem-v0", num_envs=3, vectorization_mode="vector_entry_point", opponents=["random"]
    )
    assert isinstance(ours.unwrapped, CosmotableVectorEnv)
    reference = gymnasium.vector.SyncVectorEnv(
        [lambda: SingleAgentEnv("mlem", opponents=["random"]) for _ in range(3)]
    )
    obs_a, info_a = ours.reset(seed=11)
    obs_b, _ = reference.reset(seed=11)
    rng = random.Random(0)
    ends = 0
    for _ in range(400):
        assert np.array_equal(obs_a, obs_b)
        masks = ours.unwrapped.action_masks()
        assert np.array_equal(masks, info_a["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(m).tolist()) if m.any() else 0 for m in masks])
        obs_a, r_a, term_a, trunc_a, info_a = ours.step(actions)
        obs_b, r_b, term_b, trunc_b, _info_b = reference.step(actions)
        assert (
            np.array_equal(r_a, r_b) and np.array_equal(term_a, term_b) and np.array_equal(trunc_a, trunc_b)
        )
        ends += int(term_a.sum())
    assert ends >= 1
    with pytest.raises(ValueError, match="num_envs must be"):
        CosmotableVectorEnv("mlem", num_envs=0)


def test_gym_rgb_array_render():
    env = SingleAgentEnv("mlem", opponents=["random"], render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3


# ---------------------------------------------------------------------- OpenSpiel
def test_openspiel_game_types_follow_the_configuration():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import minimax

    from cosmotable.envs import openspiel

    Type = pyspiel.GameType
    plain = openspiel.load("mlem", players=2)
    assert plain.get_type().utility == Type.Utility.ZERO_SUM and plain.utility_sum() == 0.0
    assert plain.get_type().information == Type.Information.PERFECT_INFORMATION
    assert openspiel.load("mlem", players=2, reward="win").get_type().utility == Type.Utility.ZERO_SUM
    assert openspiel.load("mlem", players=3).get_type().utility == Type.Utility.GENERAL_SUM
    assert openspiel.load("mlem", players=2, reward="score").get_type().utility == Type.Utility.GENERAL_SUM
    assert (
        openspiel.load("mlem", players=2, variants=("ufo",)).get_type().information
        == Type.Information.IMPERFECT_INFORMATION
    )
    assert (
        openspiel.load("kosmodrom", players=2).get_type().information
        == Type.Information.IMPERFECT_INFORMATION
    )
    # an algorithm for two-player zero-sum games with chance accepts plain MLEM
    state = plain.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 2:
        state.apply_action(
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
    _value, action = minimax.expectiminimax(state, 1, lambda s: s.returns()[0] if s.is_terminal() else 0.0, 0)
    assert action in state.legal_actions()
    pyspiel.random_sim_test(plain, num_sims=2, serialize=False, verbose=False)


def test_openspiel_kosmodrom_accepts_max_turns():
    pyspiel = pytest.importorskip("pyspiel")
    from cosmotable.envs import openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_cosmotable_kosmodrom(players=2,max_turns=3)")
    assert game.get_parameters()["max_turns"] == 3 and game.config.options["max_turns"] == 3
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert game.encoding.cap_reason(state.engine_state) is not None


# ---------------------------------------------------------------------- Kosmodrom scores
def test_kosmodrom_scores_segment_is_not_clipped():
    """The `scores` segment splits each total into positive and negative parts, so every total
    (however negative) reads back exactly from the observation."""
    game = games.get("kosmodrom")
    enc = encoding_for("kosmodrom", game.make_config(2))
    seg = next(s for s in enc.layout if s.name == "scores")
    lowest = 0
    for seed in range(3):
        state = game.new_state(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
            if rng.random() < 0.1 or state.is_terminal():
                for seat in range(2):
                    vec = enc.observe(state.view(seat), seat)[seg.start : seg.stop].reshape(4, 2)
                    for rel in range(2):
                        total = state.view(seat)["players"][(seat + rel) % 2]["score"]["total"]
                        assert round(float(vec[rel, 0] - vec[rel, 1]) * 50) == total
                        lowest = min(lowest, total)
    assert lowest < 0  # random play does run negative
