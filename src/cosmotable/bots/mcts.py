"""Monte Carlo tree search over the engine API, for every game.

* Chance nodes (dice, draws) are sampled by their probabilities inside the tree.
* Hidden information is handled as single-observer Information-Set MCTS: every iteration starts
  from `state.resample_for(seat, rng)` - a full state consistent with what the searching seat may
  see - and the tree is keyed by action text, so determinizations share statistics; a child's
  exploration term counts the iterations in which it was available.
* Several players: each node stores a reward per seat and the seat to move maximises its own (max^n).
* Rollouts are random and may stop after `rollout_depth` steps, where a per-game evaluation
  (`bots.evaluation`) estimates each seat's standing.

The bot reads nothing but `current_player`, `legal_actions`, `chance_outcomes`, `resample_for`,
`apply`, `is_terminal`, `winners`, `scores` and the per-game evaluation of a determinized state.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from cosmotable.bots.base import Bot
from cosmotable.bots.evaluation import evaluate
from cosmotable.engine import Action, State

#: level -> (simulations, rollout depth); a time budget (`think`) overrides the simulations.
LEVELS = {"easy": (40, 20), "normal": (150, 30), "hard": (400, 40)}


@dataclass
class Node:
    visits: int = 0
    available: int = 0
    reward: list[float] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)


class MCTSBot(Bot):
    name = "mcts"

    def __init__(self, seed: int | None = None, simulations: int = 250, think: float | None = None,
                 rollout_depth: int | None = 60, exploration: float = 1.0, name: str | None = None):
        super().__init__(seed)
        self.simulations = simulations
        self.think = think
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        if name:
            self.name = name
        self.last_iterations = 0

    @classmethod
    def level(cls, level: str, seed: int | None = None, think: float | None = None) -> MCTSBot:
        try:
            simulations, depth = LEVELS[level]
        except KeyError:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}") from None
        return cls(seed=seed, simulations=simulations, think=think, rollout_depth=depth, name=level)

    # ---------------------------------------------------------------------------------- search
    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        players = state.config.num_players
        root = Node(reward=[0.0] * players)
        deadline = time.perf_counter() + self.think if self.think else None
        iterations = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and iterations > 0:
                    break
            elif iterations >= self.simulations:
                break
            self._iterate(state.resample_for(seat, self.rng), root, players)
            iterations += 1
        self.last_iterations = iterations
        by_text = {str(a): a for a in legal}
        best = max(
            (text for text in root.children if text in by_text),
            key=lambda t: (root.children[t].visits, self.rng.random()),
        )
        return by_text[best]

    def _iterate(self, state: State, root: Node, players: int) -> None:
        node, path = root, [root]
        # Selection and expansion: descend while every legal child has been tried.
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = state.sample_chance(self.rng)
                node = node.children.setdefault(str(outcome), Node(reward=[0.0] * players))
                path.append(node)
                continue
            player = state.current_player()
            legal = state.legal_actions()
            untried = []
            for action in legal:
                child = node.children.get(str(action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = self.rng.choice(untried)
                child = node.children[str(action)] = Node(available=1, reward=[0.0] * players)
                state.apply(action)
                path.append(child)
                break
            log_total = math.log(max(1, sum(node.children[str(a)].available for a in legal)))
            action = max(legal, key=lambda a: self._ucb(node.children[str(a)], player, log_total))
            node = node.children[str(action)]
            state.apply(action)
            path.append(node)
        rewards = self._rollout(state, players)
        for visited in path:
            visited.visits += 1
            for seat in range(players):
                visited.reward[seat] += rewards[seat]

    def _ucb(self, child: Node, player: int, log_total: float) -> float:
        mean = child.reward[player] / child.visits
        return mean + self.exploration * math.sqrt(log_total / child.visits)

    def _rollout(self, state: State, players: int) -> list[float]:
        steps = 0
        while not state.is_terminal():
            if self.rollout_depth is not None and steps >= self.rollout_depth:
                return standing(evaluate(state))
            if state.is_chance_node():
                state.sample_chance(self.rng)
            else:
                state.apply(self.rng.choice(state.legal_actions()))
            steps += 1
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]


def standing(values: list[float], scale: float = 8.0) -> list[float]:
    """Each seat's chance of winning, estimated from a lead over the best other seat."""
    result = []
    for seat, value in enumerate(values):
        best_other = max(v for s, v in enumerate(values) if s != seat)
        result.append(1.0 / (1.0 + math.exp(-(value - best_other) / scale)))
    return result
