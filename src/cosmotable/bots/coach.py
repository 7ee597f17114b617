"""The coach's search: each of the most promising moves judged on the same determinizations.

A bot needs only its best move; a player asking the coach compares moves, so the coach judges each
candidate move alike (issue #45: the search of a bot level gave Planet's 35 moves win chances all
within 2.0-2.6 %, most of them unsearched). For each sample, one determinization of the seat's own
view (`resample_for`: nothing hidden decides) is drawn, and every candidate is played on it with the
same random numbers (common random numbers: the moves are compared under the same luck, so their
differences are far less noisy than their values); after the move the game's heuristic plays the
rest of the round - this seat's turn, then every other seat's - with chance by its odds, and the
position where this seat is to move again is judged by the game's estimate:

* the expected lead (`evaluation.lead`): the seat's team's value less the best other team's, in the
  game's units (MLEM and Kosmodrom: points, Planet: coins), and its standard error over the samples
  (the figure's stated noise);
* the standard error of each move's gap to the best one, sample by sample (the noise of a
  comparison, far smaller than either lead's own under common random numbers);
* the win chance that lead makes (`evaluation.lead_chances`; a finished game: its payoff).

The candidates are the heuristic's best `COACH_MOVES` and the estimate's best `COACH_EXTRA` one move
ahead that those leave out; the other moves are listed unjudged (0 samples, no figures: a quick
estimate on another footing, shown beside these, ranked moves the coach had not judged above it).
The work is bounded by `COACH_CPU` (seconds of this thread's CPU, so a loaded server answers as
soon; `None` in tests, whose advice is then a function of the seed alone) and `COACH_SAMPLES`,
checked after each whole sample so that every candidate has as many samples.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from cosmotable.bots.evaluation import lead, lead_chances, payoff
from cosmotable.bots.game_bots import load_game_bots
from cosmotable.bots.mcts import MCTSBot
from cosmotable.engine import Action, State

#: The coach's budget, in one place: samples per candidate move, at most COACH_SAMPLES, and no new
#: sample once a request has used COACH_CPU seconds of its thread's CPU (one more sample may run
#: over it: benchmarks/coach_speed.py prints what requests take). At least MIN_SAMPLES are taken,
#: so that every figure has a noise to state. A request on the 2-core server should stay near 1 s.
COACH_SAMPLES = 24
COACH_CPU: float | None = 1.0
MIN_SAMPLES = 2
#: The most moves a playout makes.
PLAYOUT_LIMIT = 400
#: Candidate moves: the heuristic's best few, and the estimate's best few that those leave out.
COACH_MOVES = 6
COACH_EXTRA = 2


class CoachSearch(MCTSBot):
    """The coach's judge of a decision (`advise`). An `MCTSBot` for its heuristic round play
    (`_round_play`, which remembers the heuristic's move per line across samples) and its ranking
    of the root moves."""

    name = "coach"

    def __init__(self, seed: int, samples: int = COACH_SAMPLES, cpu: float | None = COACH_CPU):
        super().__init__(seed=seed, work_budget=None)
        self.base_seed = seed
        self.samples = samples
        self.cpu = cpu
        self.last_samples = 0

    def advise(self, state: State) -> list[dict]:
        """Per legal move `{action, win_chance, lead, lead_noise, gap_noise, visits}`, best first: the
        candidates by their mean win chance (then lead) over `visits` samples; then the moves left
        out, unjudged (figures None, `visits` 0). `lead_noise` is the standard error of the move's
        lead; `gap_noise` that of its gap to the best move's lead, sample by sample: the moves share
        their samples, so a gap is known far better than either lead alone."""
        legal = state.legal_actions()
        horizon = coach_horizon(state)
        seat = self._seat = state.current_player()
        self.judged = 0
        self._root = state
        self._known: dict[tuple[str, ...], str] = {}
        candidates = self._coach_candidates(state, legal)
        wins: dict[str, list[float]] = {str(a): [] for a in candidates}
        leads: dict[str, list[float]] = {str(a): [] for a in candidates}
        samples = 0
        deadline = None if self.cpu is None else time.thread_time() + self.cpu
        while samples < self.samples and (
            samples < MIN_SAMPLES or deadline is None or time.thread_time() < deadline
        ):
            for action in candidates:
                # the same determinization and the same luck for every candidate (common random numbers)
                self.rng = random.Random(f"coach:{self.base_seed}:{samples}")
                table = state.resample_for(seat, self.rng)
                table.apply(action)
                self._round_play(table, (str(action),), PLAYOUT_LIMIT, horizon)
                win, margin = self._judge(table, seat)
                wins[str(action)].append(win)
                leads[str(action)].append(margin)
            samples += 1
        self.last_samples = samples
        rest = [a for a in legal if str(a) not in wins]
        judged = [
            {
                "action": a,
                "win_chance": _mean(wins[str(a)]),
                "lead": _mean(leads[str(a)]),
                "lead_noise": _noise(leads[str(a)]),
                "visits": samples,
            }
            for a in candidates
        ]
        judged.sort(key=lambda m: (m["win_chance"], m["lead"]), reverse=True)
        if judged:
            best = leads[str(judged[0]["action"])]
            for m in judged:
                m["gap_noise"] = _noise([b - v for b, v in zip(best, leads[str(m["action"])])])
        unjudged = [
            {
                "action": a,
                "win_chance": None,
                "lead": None,
                "lead_noise": None,
                "gap_noise": None,
                "visits": 0,
            }
            for a in rest
        ]
        return judged + unjudged

    def _coach_candidates(self, state: State, legal: list[Action]) -> list[Action]:
        """The heuristic's best COACH_MOVES (every move when there are no more), and the estimate's
        best COACH_EXTRA one move ahead that those leave out."""
        self.rng = random.Random(f"coach:{self.base_seed}:rank")
        if len(legal) <= COACH_MOVES + COACH_EXTRA:
            return list(legal)
        chosen = self._ranked(state, legal)[:COACH_MOVES]
        texts = {str(a) for a in chosen}
        extra = [a for a in self._ranked_by_estimate(state, legal) if str(a) not in texts]
        return chosen + extra[:COACH_EXTRA]

    def _judge(self, state: State, seat: int) -> tuple[float, float]:
        """(win chance, lead) of `seat` where the round ends: a finished game by its payoff and final
        scores, else by the game's estimate, judged after any chance outcome due now."""
        while state.is_chance_node():
            state.sample_chance(self.rng)
        margin = lead(state, seat)
        if state.is_terminal():
            return payoff(state, seat)[seat], margin
        return lead_chances(state, seat, margin)[seat], margin


def coach_horizon(root: State) -> Callable[[State], bool] | None:
    """Where the coach's playouts from `root` stop: the game's own `coach_horizon(root)` (in its bot
    part: MLEM's expedition, whose landings are what its estimate counts), else None - at this
    seat's next turn."""
    own = getattr(load_game_bots(root.game.id), "coach_horizon", None)
    return own(root) if own is not None else None


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _noise(values: list[float]) -> float | None:
    """The standard error of the mean of `values` (None from a single sample)."""
    n = len(values)
    if n < 2:
        return None
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
