"""The compiled MLEM vector env (envs/vector.py over sim/batch_mlem/vector.py) against the reference
Gymnasium env (envs/gym.py) and the reference session (envs/common.py), in lockstep.

Both sides play the same games: chance is drawn in both from the counter stream of
sim/counter_rng.py keyed by the game's seed and the step number (the reference session's RNG is
replaced by one that reads the stream), the opponents are the stream's random policy or the
heuristic bot with the stream's tie keys (what the batch engine plays), and the learner's actions,
sampled from the vector env's mask (now and then an illegal one), are applied to both. Every
observation, mask, reward, termination and illegal-action flag must be equal.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cosmotable.bots import Bot
from cosmotable.bots.heuristic import HeuristicBot
from cosmotable.envs.common import Session, final_rewards
from cosmotable.envs.gym import SingleAgentEnv
from cosmotable.envs.vector import BatchParallelEnv, CompiledVectorEnv
from cosmotable.sim.counter_rng import counter_rng_for, pick_decision, uniform

# the compiled kernels are compiled once per run, beside the other tests (tests/batch_engine_helpers.py),
# not by each worker in its first test here, under coverage's tracer
pytestmark = pytest.mark.batch_engine

ALL = ("ufo", "discovery", "secret_missions")


class StreamChance(random.Random):
    """A session's RNG whose draws are the counter stream's at the session's current step."""

    def __init__(self, session: Session, seed: int):
        super().__init__(0)
        self.session, self.stream = session, seed

    def random(self) -> float:
        return uniform(self.stream, len(self.session.state.history))


class StreamRandom(Bot):
    """The batch engine's `random` policy: legal[int(u * n)], u the stream's at this step."""

    def __init__(self, stream: int):
        super().__init__(0)
        self.stream = stream

    def act(self, state):
        legal = state.legal_actions()
        return legal[pick_decision(len(legal), uniform(self.stream, len(state.history)))]


class FirstIndex(Bot):
    """Plays the legal action of lowest encoding index (what the test's callback plays), and keeps
    the observations it was asked at."""

    def __init__(self, encoding, seen: list):
        super().__init__(0)
        self.encoding, self.seen = encoding, seen

    def act(self, state):
        player = state.current_player()
        self.seen.append(self.encoding.observe_state(state, player))
        legal = state.legal_actions()
        indices = self.encoding.action_indices(legal, state)
        return legal[int(np.argmin(indices))]


def reference_env(stream: int, players: int, variants, seat: int, opponent, seen=None) -> SingleAgentEnv:
    if opponent == "heuristic":
        bots = [HeuristicBot(rng_for=counter_rng_for(stream)) for _ in range(players - 1)]
    elif opponent == "random":
        bots = [StreamRandom(stream) for _ in range(players - 1)]
    else:
        bots = [None] * (players - 1)
    env = SingleAgentEnv("mlem", seat=seat, opponents=bots or [], num_players=players, variants=variants)
    if opponent == "first":
        env._opponent_specs = [FirstIndex(env.encoding, seen) for _ in range(players - 1)]
    env.session.rng = StreamChance(env.session, stream)
    env._seeded = True  # keep the stream: reset() would otherwise seed a new random.Random
    return env


def first_legal(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    assert mask.dtype == np.bool_ and mask.any(axis=1).all(), "a waiting game always has a legal move"
    return mask.argmax(axis=1)


def pick(masks: np.ndarray, rng: np.random.Generator, illegal_share: float) -> np.ndarray:
    actions = np.zeros(len(masks), dtype=np.int64)
    for i, row in enumerate(masks):
        legal = np.flatnonzero(row)
        if not len(legal) or rng.random() < illegal_share:
            actions[i] = rng.integers(row.size)  # mostly illegal: both envs must penalize it alike
        else:
            actions[i] = rng.choice(legal)
    return actions


def play_lockstep(players, variants, seat, opponent, num_envs=4, games=2, seed=1000):
    seen: list[np.ndarray] = []
    received: list[np.ndarray] = []
    venv: CompiledVectorEnv

    def callback(obs, mask):
        rows = np.flatnonzero(venv.backend.waiting >= 0)
        assert len(rows) == len(obs) == len(mask)
        received.extend(obs[np.argsort(rows, kind="stable")].copy())
        return first_legal(obs, mask)

    spec = callback if opponent == "first" else opponent
    venv = CompiledVectorEnv(
        "mlem", num_envs, seat=seat, opponents=[spec], num_players=players, variants=variants
    )
    obs, info = venv.reset(seed=seed)
    refs = [reference_env(int(s), players, variants, seat, opponent, seen) for s in venv.game_seeds]
    ref_obs = [r.reset() for r in refs]
    rng = np.random.default_rng(seed)
    finished = np.zeros(num_envs, dtype=np.int64)
    ended = np.zeros(num_envs, dtype=bool)
    compared = 0
    while finished.min() < games:
        for i, (o, inf) in enumerate(ref_obs):
            np.testing.assert_array_equal(obs[i], o, err_msg=f"sub-env {i}, game {finished[i]}")
            np.testing.assert_array_equal(info["action_mask"][i], inf["action_mask"])
        actions = pick(venv.action_masks(), rng, 0.03)
        obs, rewards, terminated, truncated, info = venv.step(actions)
        for i, ref in enumerate(refs):
            if ended[i]:  # next-step autoreset: a new game, from the sub-env's next seed
                assert rewards[i] == 0 and not terminated[i] and not info["illegal_action"][i]
                refs[i] = reference_env(int(venv.game_seeds[i]), players, variants, seat, opponent, seen)
                ref_obs[i] = refs[i].reset()
                ended[i] = False
                continue
            o, r, term, trunc, inf = ref.step(int(actions[i]))
            ref_obs[i] = (o, inf)
            assert (rewards[i], terminated[i], truncated[i]) == (r, term, trunc), f"sub-env {i}"
            assert info["illegal_action"][i] == inf["illegal_action"]
            compared += 1
            if term or trunc:
                np.testing.assert_array_equal(info["scores"][i], inf["scores"])
                ended[i] = True
                finished[i] += 1
    return compared, seen, received


@pytest.mark.parametrize(
    ("players", "variants", "seat", "opponent"),
    [
        (2, (), 0, "heuristic"),
        (2, (), 1, "random"),
        (3, ("ufo",), 1, "heuristic"),
        (2, ("discovery",), 0, "random"),
        (4, ("secret_missions",), 3, "heuristic"),
        (2, ALL, 1, "heuristic"),
        (5, ALL, 2, "random"),
    ],
)
def test_the_vector_env_plays_the_reference_env_s_games_step_by_step(players, variants, seat, opponent):
    compared, _, _ = play_lockstep(players, variants, seat, opponent)
    assert compared > 100


def test_a_callback_opponent_sees_its_own_observations_of_all_waiting_games():
    compared, seen, received = play_lockstep(3, ALL, 0, "first", num_envs=3, games=1)
    assert compared > 50 and len(seen) > 50
    # the reference bots were asked in sub-env order within each step, as the callback's rows come
    assert len(received) >= len(seen)
    seen_set = {o.tobytes() for o in seen}
    assert all(o.tobytes() in seen_set for o in received[: len(seen)])


def test_reset_seeds_each_sub_env_and_replays_the_same_games():
    a = CompiledVectorEnv("mlem", 4, opponents=["heuristic"])
    b = CompiledVectorEnv("mlem", 2, opponents=["heuristic"])
    obs_a, _ = a.reset(seed=20)
    obs_b, _ = b.reset(seed=[22, 23])  # sub-envs 2 and 3 of `a`
    np.testing.assert_array_equal(a.game_seeds[2:], b.game_seeds)
    rng = np.random.default_rng(3)
    for _ in range(300):
        np.testing.assert_array_equal(obs_a[2:], obs_b)
        act = pick(a.action_masks(), rng, 0.0)
        obs_a, *_ = a.step(act)
        obs_b, *_ = b.step(act[2:])
    first = a.game_seeds.copy()
    a.reset(seed=20)
    assert (a.game_seeds == np.arange(20, 24)).all() and (first != a.game_seeds).any()
    with pytest.raises(ValueError, match="one per sub-env"):
        a.reset(seed=[1, 2])


def test_the_env_has_gymnasium_s_spaces_and_refuses_bad_settings():
    env = CompiledVectorEnv("mlem", 3, opponents=["random"])
    obs, info = env.reset(seed=0)
    assert env.observation_space.shape == (3, env.single_observation_space.shape[0]) == obs.shape
    assert obs.dtype == np.float32 and env.observation_space.contains(obs)
    assert env.single_action_space.n == info["action_mask"].shape[1]
    assert env.metadata["autoreset_mode"].value == "NextStep"
    assert env.action_masks().dtype == np.bool_
    with pytest.raises(ValueError, match="opponents"):
        CompiledVectorEnv("mlem", 2, opponents=["mcts"])
    with pytest.raises(ValueError, match="variant"):
        CompiledVectorEnv("mlem", 2, variants=["moon"])
    with pytest.raises(KeyError, match="vector"):
        CompiledVectorEnv("kosmodrom", 2)


def test_the_multi_agent_batch_matches_reference_sessions_for_every_seat():
    players, variants, n = 3, ALL, 3
    env = BatchParallelEnv("mlem", num_envs=n, num_players=players, variants=variants, reward="win")
    obs, infos = env.reset(seed=50)
    seeds = [int(s) for s in env.backend.seeds]

    def session(stream):
        s = Session("mlem", players, variants)
        s.rng = StreamChance(s, stream)
        s.new_game()
        return s

    refs = [session(s) for s in seeds]
    rng = np.random.default_rng(1)
    ended = np.zeros(n, dtype=bool)
    games = 0
    while games < 4:
        acting = env.acting.copy()
        for i, ref in enumerate(refs):
            for s, agent in enumerate(env.possible_agents):
                np.testing.assert_array_equal(obs[agent][i], ref.observe(s))
                np.testing.assert_array_equal(infos[agent]["action_mask"][i], ref.mask(s))
            assert acting[i] == max(ref.to_act(), -1)  # -1: over (the engine's TERMINAL is -4)
        actions = {
            agent: pick(env.action_masks(agent) | (acting != s)[:, None], rng, 0.0)
            for s, agent in enumerate(env.possible_agents)
        }
        obs, rewards, terms, _truncs, infos = env.step(actions)
        for i in range(n):
            if ended[i]:
                refs[i] = session(int(env.backend.seeds[i]))
                ended[i] = False
                continue
            refs[i].apply_index(int(actions[env.possible_agents[acting[i]]][i]))
            if refs[i].is_over():
                expected = final_rewards(refs[i].state, "win")
                assert [rewards[a][i] for a in env.possible_agents] == expected
                assert all(terms[a][i] for a in env.possible_agents)
                ended[i] = True
                games += 1
