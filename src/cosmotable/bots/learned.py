"""The `learned` bot: a small policy network trained by PPO on the compiled vector env, played in numpy.

The network (`forward`) is an MLP: the seat's observation vector -> two tanh layers -> one logit
per action index of the game's encoding and a value (the seat's expected reward: about +1 for a
win, -1 for a loss). The bot builds the observation and the legal-action indices with the same
encoding the Gymnasium envs use (the compiled vector env's observations equal the reference env's:
tests/envs/test_vector_mlem.py), so a policy trained on the vector env plays through the engine API
with nothing but numpy. The weights ship in `bots/data/learned_<game>.npz`, with a JSON beside them
saying how they were made (script, seed, commit, config, CPU seconds, results: docs/research.md).

Only MLEM has weights. `make_bot("learned")` serves any game, but `act` on a game without weights
raises `LearnedBotUnavailable` (a clear error, never a silent fallback to another bot: a table that
asks for the learned bot gets it or is told why not).

The encoding is reached through the game's descriptor (its `encoding` part), as the envs reach
it: the bots layer imports no envs module.
"""

from __future__ import annotations

import zipfile
from functools import cache
from pathlib import Path

import numpy as np

from cosmotable import games
from cosmotable.bots.base import Bot
from cosmotable.engine import Action, State

DATA = Path(__file__).resolve().parent / "data"
#: The arrays of a policy file, in `forward`'s order.
PARAMS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")


class LearnedBotUnavailable(ValueError):
    """The learned bot has no weights for this game (or they cannot be read)."""


def weights_path(game_id: str) -> Path:
    return DATA / f"learned_{game_id}.npz"


def forward(params: dict[str, np.ndarray], obs: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(logits (n, actions), values (n,), the hidden layers for a backward pass) of a batch."""
    h1 = np.tanh(obs @ params["w1"] + params["b1"])
    h2 = np.tanh(h1 @ params["w2"] + params["b2"])
    logits = h2 @ params["wp"] + params["bp"]
    values = (h2 @ params["wv"] + params["bv"])[:, 0]
    return logits, values, (h1, h2)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Row-wise softmax over the legal (mask True) entries; 0 elsewhere."""
    masked = np.where(mask, logits, -np.inf)
    top = masked.max(axis=1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    e = np.where(mask, np.exp(masked - top), 0.0)
    total = e.sum(axis=1, keepdims=True)
    return e / np.where(total > 0, total, 1.0)


def check_params(params: dict[str, np.ndarray], source: str) -> dict[str, np.ndarray]:
    """The arrays, float32, if they form the network; else LearnedBotUnavailable saying what is wrong."""
    missing = [k for k in PARAMS if k not in params]
    if missing:
        raise LearnedBotUnavailable(f"{source}: not a learned policy (missing arrays {missing})")
    p = {k: np.asarray(params[k], dtype=np.float32) for k in PARAMS}
    hidden1, hidden2 = p["w1"].shape[1], p["w2"].shape[1]
    expected = {
        "b1": (hidden1,),
        "w2": (hidden1, hidden2),
        "b2": (hidden2,),
        "wp": (hidden2, p["bp"].shape[0]),
        "wv": (hidden2, 1),
        "bv": (1,),
    }
    for key, shape in expected.items():
        if p[key].shape != shape:
            raise LearnedBotUnavailable(f"{source}: array {key} has shape {p[key].shape}, expected {shape}")
    if not all(np.isfinite(a).all() for a in p.values()):
        raise LearnedBotUnavailable(f"{source}: the weights hold non-finite numbers")
    return p


def load_params(path: Path) -> dict[str, np.ndarray]:
    """A policy file's arrays, checked (`check_params`); a missing or corrupt file is a clear error."""
    try:
        with np.load(path, allow_pickle=False) as data:
            raw = {k: data[k] for k in data.files}
    except FileNotFoundError:
        raise LearnedBotUnavailable(f"no learned weights at {path}") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise LearnedBotUnavailable(f"{path}: corrupt learned weights ({exc})") from None
    return check_params(raw, str(path))


def has_learned_weights(game_id: str) -> bool:
    """Whether the learned bot has weights for this game (nothing is read)."""
    return weights_path(game_id).exists()


@cache
def shipped_params(game_id: str) -> dict[str, np.ndarray]:
    """The weights shipped for `game_id` (read once)."""
    path = weights_path(game_id)
    if not path.exists():
        have = sorted(p.stem.removeprefix("learned_") for p in DATA.glob("learned_*.npz"))
        raise LearnedBotUnavailable(
            f"the learned bot has no weights for {game_id!r} (trained for: {', '.join(have) or 'none'}); "
            "choose another bot level"
        )
    return load_params(path)


def encoding_of(state: State):
    """The game's encoding for this table (the envs' `encoding_for`, through the descriptor)."""
    return games.descriptor(state.game.id).load("encoding").encoding_for(state.config)


def observation(state: State, seat: int) -> np.ndarray:
    """`seat`'s observation vector, built from scratch as the reference env's first `observe` does
    (envs/common.py `Session.observe`; the compiled vector env writes the same: tested)."""
    encoding = encoding_of(state)
    obs = np.zeros(encoding.observation_size, dtype=np.float32)
    encoding.update_observation(obs, state, seat, None, {})
    return obs


class LearnedBot(Bot):
    """Plays the policy's most probable legal move (`sample=True`: draws from the policy instead)."""

    name = "learned"

    def __init__(
        self, seed: int | None = None, params: dict[str, np.ndarray] | None = None, sample: bool = False
    ):
        super().__init__(seed)
        self.params = params
        self.sample = sample

    def _params(self, game_id: str) -> dict[str, np.ndarray]:
        return self.params if self.params is not None else shipped_params(game_id)

    def policy(self, state: State) -> tuple[list[Action], np.ndarray, float]:
        """(the legal moves, the policy's probability of each, the value of the position) for the
        seat to act."""
        params = self._params(state.game.id)
        encoding = encoding_of(state)
        obs = observation(state, state.current_player())
        if obs.shape[0] != params["w1"].shape[0] or encoding.num_actions != params["bp"].shape[0]:
            raise LearnedBotUnavailable(
                f"the learned weights fit observations of {params['w1'].shape[0]} and "
                f"{params['bp'].shape[0]} actions, this table has {obs.shape[0]} and {encoding.num_actions}"
            )
        legal = state.legal_actions()
        indices = np.asarray(encoding.action_indices(legal, state), dtype=np.int64)
        logits, values, _ = forward(params, obs[None, :])
        chosen = logits[0, indices].astype(np.float64)
        e = np.exp(chosen - chosen.max())
        # several legal moves may share an index: they share its probability
        _, inverse, counts = np.unique(indices, return_inverse=True, return_counts=True)
        probs = e / counts[inverse]
        return legal, probs / probs.sum(), float(values[0])

    def act(self, state: State) -> Action:
        legal, probs, _ = self.policy(state)
        if self.sample:
            self.reseed_for(state)
            return legal[self.rng.choices(range(len(legal)), weights=probs.tolist())[0]]
        return legal[int(np.argmax(probs))]

    def explain(self, state: State) -> list[dict]:
        """Per legal move `{action, probability, win_chance, visits}`, the move `act` plays first,
        then by probability. `probability` is the policy's (they sum to 1); `win_chance` is the
        value head's estimate for the position, (value + 1) / 2 clipped to [0, 1], the same for
        every move (the network judges positions, not moves); `visits` is 0 (no search)."""
        legal, probs, value = self.policy(state)
        win = min(1.0, max(0.0, (value + 1.0) / 2.0))
        order = sorted(range(len(legal)), key=lambda i: -probs[i])
        if self.sample:
            first = legal.index(self.act(state))
            order = [first, *[i for i in order if i != first]]
        return [
            {"action": legal[i], "probability": float(probs[i]), "win_chance": win, "visits": 0}
            for i in order
        ]
