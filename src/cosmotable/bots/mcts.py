"""Monte Carlo tree search over the engine API, for every game.

* Chance nodes (dice, draws) are sampled by their probabilities inside the tree.
* Hidden information is handled as single-observer Information-Set MCTS: every iteration starts
  from `state.resample_for(seat, rng)` - a full state consistent with what the searching seat may
  see - and the tree is keyed by action text, so determinizations share statistics; a child's
  exploration term counts the iterations in which it was available.
* Several players: each node stores a reward per seat and the seat to move maximises its own (max^n).
* Selection is UCB1; optionally on means rescaled to the range of rewards seen in this search,
  so that close estimates are not drowned by the exploration term.
* Options for games where random play says little (Kosmodrom, Planet; see docs/bots.md):
  `own_turn` searches only the seat's own turn (and other seats' short replies to it, e.g. to a
  claim) and judges the position when another seat's turn begins, after `others_by_heuristic` lets
  the other seats play that turn by the game's heuristic; `prior_top` searches only the heuristic's
  (with `prior_by_estimate`: the estimate's) best few moves at the root; `heuristic_round` follows
  each root move by the rest of the round played by the heuristic and judges the position by the
  heuristic's best next move (Planet `hard`); `searched` searches only that share of the decisions
  and takes the heuristic's move on the others (Kosmodrom's and Planet's `easy` and `normal`).
* Rollouts are random and may stop after `rollout_depth` steps, where a per-game evaluation
  (`bots.evaluation`) estimates each seat's standing.

The bot reads nothing but `current_player`, `legal_actions`, `chance_outcomes`, `resample_for`,
`apply`, `is_terminal`, `winners`, `scores` and the per-game evaluation of a determinized state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cosmotable.bots.base import Bot, estimated_chances
from cosmotable.bots.evaluation import lead_chances, payoff, standing
from cosmotable.bots.game_bots import load_game_bots
from cosmotable.bots.heuristic import best_value, hook_for, planned, ranked, stalled
from cosmotable.bots.repetition import unplayed
from cosmotable.engine import TERMINAL, Action, State


@dataclass(frozen=True)
class Search:
    """How a level searches a game: simulations per move, rollout depth (None: to the end), and
    the options below (see `MCTSBot`)."""

    simulations: int
    rollout_depth: int | None
    own_turn: bool = False
    normalize: bool = False
    prior_top: int | None = None
    others_by_heuristic: bool = False
    prior_by_estimate: bool = False
    contempt: float = 0.0
    prior_extra: int = 0
    heuristic_round: bool = False
    work_budget: int | None = None
    searched: float = 1.0


#: level -> its search; a time budget (`think`) overrides the simulations. `normal` and `hard` roll out
#: alike and differ in budget only (10x): a deeper random rollout is a noisier estimate, and hard's
#: 400 simulations of 40 steps did not beat normal's 150 of 30 in MLEM (docs/ratings.md).
LEVELS = {"easy": Search(40, 20), "normal": Search(150, 30), "hard": Search(1500, 30)}
#: With `own_turn`, another seat's decision with at most this many options (agree/refuse a claim,
#: accept/refuse an offer, keep/discard) is a reply within our turn and is searched.
MAX_REPLY_OPTIONS = 3


def search_for(level: str, game_id: str) -> Search:
    """The search of a level for a game: its own `SEARCH_LEVELS` (in its bot part, games whose
    rollouts are slow or whose random play says little search differently), else `LEVELS`."""
    own = getattr(load_game_bots(game_id), "SEARCH_LEVELS", None)
    return (own or LEVELS)[level]


@dataclass
class Node:
    visits: int = 0
    available: int = 0
    reward: list[float] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)


class MCTSBot(Bot):
    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        simulations: int = 250,
        think: float | None = None,
        rollout_depth: int | None = 60,
        exploration: float = 1.0,
        name: str | None = None,
        level: str | None = None,
        own_turn: bool = False,
        normalize: bool = False,
        prior_top: int | None = None,
        others_by_heuristic: bool = False,
        prior_by_estimate: bool = False,
        contempt: float = 0.0,
        prior_extra: int = 0,
        heuristic_round: bool = False,
        work_budget: int | None = None,
        searched: float = 1.0,
    ):
        super().__init__(seed)
        self.simulations = simulations
        self.think = think
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        #: Search only this seat's own turn (and others' short replies to it), judging the position
        #: when another seat's turn begins: for games whose turns are many moves of one player.
        self.own_turn = own_turn
        #: Rescale means to the range of rewards seen in this search before UCB (MuZero's min-max
        #: normalisation): for estimates whose differences between moves are small.
        self.normalize = normalize
        #: Search only the heuristic's best `prior_top` moves at the root (None: every move).
        self.prior_top = prior_top
        #: With `own_turn`: before judging, the other seats play their turns by the game's heuristic.
        self.others_by_heuristic = others_by_heuristic
        #: Rank the root moves for `prior_top` by the game's estimate one move ahead instead of by
        #: the heuristic (for games whose heuristic overlooks what the estimate sees).
        self.prior_by_estimate = prior_by_estimate
        #: A shared win is worth its share less this for the searching seat (draws are avoided).
        self.contempt = contempt
        #: With `prior_top` by the heuristic: also search the estimate's best `prior_extra` moves
        #: one move ahead that the heuristic's few leave out.
        self.prior_extra = prior_extra
        #: Each root move is followed by the rest of the round played by the game's heuristic (this
        #: seat's later choices in its turn, then every other seat's turn), and the position is
        #: judged when this seat is to move again by the heuristic's score of its best move there.
        self.heuristic_round = heuristic_round
        #: The most moves the game's heuristic judges in one search (None: no cap): once spent, no new
        #: iteration starts and a round under way stops where it stands and is judged there.
        self.work_budget = work_budget
        #: The share of decisions searched; the others take the heuristic's move, drawn decision by
        #: decision from the bot's seed. The levels of games where a larger search budget did not
        #: play better (Kosmodrom, Planet: docs/ratings.md) are made weaker this way, between the
        #: heuristic and the full search. 1.0 draws nothing (the other levels' choices stay as they were).
        self.searched = searched
        #: Moves the heuristic judged in the last search (its root ranking included).
        self.judged = 0
        #: A named level takes its search from the game being played (`search_for`), set at each move.
        self.level_name = level
        if name:
            self.name = name
        self.last_iterations = 0

    @classmethod
    def level(cls, level: str, seed: int | None = None, think: float | None = None) -> MCTSBot:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        bot = cls(seed=seed, think=think, name=level, level=level)
        bot.configure(LEVELS[level])
        return bot

    def configure(self, search: Search) -> None:
        self.simulations, self.rollout_depth = search.simulations, search.rollout_depth
        self.own_turn, self.normalize, self.prior_top = search.own_turn, search.normalize, search.prior_top
        self.others_by_heuristic = search.others_by_heuristic
        self.prior_by_estimate = search.prior_by_estimate
        self.contempt = search.contempt
        self.prior_extra, self.heuristic_round = search.prior_extra, search.heuristic_round
        self.work_budget = search.work_budget
        self.searched = search.searched

    # ---------------------------------------------------------------------------------- search
    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        forced = planned(state)
        if forced is not None:
            return forced
        if stalled(state) or self._unsearched(state):  # the heuristic's move (`_candidates` says why)
            return self._ranked(state, unplayed(state, legal))[0]
        root, allowed = self._search(state, legal)
        return self._best(root, allowed)

    def _unsearched(self, state: State) -> bool:
        """Whether this decision takes the heuristic's move instead of a search (`searched`)."""
        if self.level_name is not None:
            self.configure(search_for(self.level_name, state.game.id))
        return self.searched < 1.0 and self.rng.random() >= self.searched

    def _best(self, root: Node, allowed: list[Action]) -> Action:
        """The most visited move; among equally visited ones (wide moves lists, small budgets) the
        one with the best mean for this seat."""
        seat = self._seat
        by_text = {str(a): a for a in allowed}
        best = max(
            (text for text in root.children if text in by_text),
            key=lambda t: (
                root.children[t].visits,
                root.children[t].reward[seat] / max(1, root.children[t].visits),
                self.rng.random(),
            ),
        )
        return by_text[best]

    def explain(self, state: State) -> list[dict]:
        """The search's root statistics: per legal move, this seat's mean reward (its estimated
        chance to win, a shared win counting its share) and how often the search tried it; the
        move `act` would choose (same seed, same search) first. Moves left out of the search
        (`prior_top`) have 0 visits and the game's estimate of the position after them
        (`estimated_chances`). A single legal move is not searched: 1 visit, its estimate."""
        legal = state.legal_actions()
        if len(legal) == 1:
            (only,) = legal
            chance = estimated_chances(state, legal, self.rng)[str(only)]
            return [{"action": only, "win_chance": chance, "visits": 1}]
        # the same draws as `act` (a bot of the same seed), so that the move named first is its move
        heuristic_move = self._ranked(state, unplayed(state, legal))[0] if self._unsearched(state) else None
        root, allowed = self._search(state, legal)
        chosen = heuristic_move or self._best(root, allowed)
        seat = self._seat
        unsearched = [a for a in legal if not root.children.get(str(a))]
        estimates = estimated_chances(state, unsearched, self.rng) if unsearched else {}
        moves = []
        for action in legal:
            child = root.children.get(str(action))
            visits = child.visits if child else 0
            chance = child.reward[seat] / child.visits if child and child.visits else estimates[str(action)]
            moves.append({"action": action, "win_chance": max(0.0, min(1.0, chance)), "visits": visits})
        moves.sort(key=lambda m: (m["action"] == chosen, m["visits"], m["win_chance"]), reverse=True)
        return moves

    def _search(self, state: State, legal: list[Action]) -> tuple[Node, list[Action]]:
        if self.level_name is not None:
            self.configure(search_for(self.level_name, state.game.id))
        seat = self._seat = state.current_player()
        self.judged = 0
        players = state.config.num_players
        root = Node(reward=[0.0] * players)
        self._bounds = [[math.inf, -math.inf] for _ in range(players)]
        # `heuristic_round`: the heuristic's move and score after each line played from the root.
        self._root = state
        self._known: dict[tuple[str, ...], str] = {}
        self._leads: dict[tuple[str, ...], float] = {}
        # A position met before in the game: search the moves not played there yet (bots/repetition.py).
        allowed = self._candidates(state, unplayed(state, legal))
        # Each iteration plays on a private copy. When only the tree, the plans (Kosmodrom's offers:
        # their refusals are read from the state, not from events), random moves and the estimate
        # play on it, none of which reads events, it records none (`State.silence`). A game's
        # heuristic may read public events (Planet's fights since the last progress), so a search
        # where it chooses the other seats' moves keeps recording them.
        hook_for(state.game.id)  # loads the game's hooks, plans included
        quiet = not (self.others_by_heuristic or self.heuristic_round)
        deadline = time.perf_counter() + self.think if self.think else None
        iterations = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and iterations > 0:
                    break
            elif iterations >= self.simulations:
                break
            if iterations > 0 and self._spent():
                break
            table = state.resample_for(seat, self.rng)
            if quiet:
                table.silence()
            if self.heuristic_round:
                self._iterate_round(table, root, players, allowed)
            else:
                self._iterate(table, root, players, allowed)
            iterations += 1
        self.last_iterations = iterations
        return root, allowed

    def _spent(self) -> bool:
        """Whether the search has judged as many moves as its `work_budget` allows."""
        return self.work_budget is not None and self.judged >= self.work_budget

    def _ranked(self, state: State, legal: list[Action]) -> list[Action]:
        """`heuristic.ranked`, counting the moves judged."""
        self.judged += len(legal)
        return ranked(state, legal, self.rng)

    def _iterate(self, state: State, root: Node, players: int, root_moves: list[Action]) -> None:
        node, path = root, [root]
        # Selection and expansion: descend while every legal child has been tried.
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = state.sample_chance(self.rng)
                node = node.children.setdefault(str(outcome), Node(reward=[0.0] * players))
                path.append(node)
                continue
            player = state.current_player()
            legal = root_moves if node is root else state.legal_actions()
            if node is not root and len(legal) > 1:
                # A step of a move the heuristic already chose (an offer being built) or an answer
                # to an offer: played as the heuristic makes it, not searched step by step.
                forced = planned(state)
                if forced is not None:
                    legal = [forced]
            if self.own_turn and player != self._seat and len(legal) > MAX_REPLY_OPTIONS:
                break  # another seat's turn proper: judge the position here (rollout of depth 0)
            # each move's text (the key of its child) made once: a node's moves are looked up
            # three times over
            texts = [str(action) for action in legal]
            untried = []
            for action, text in zip(legal, texts):
                child = node.children.get(text)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = self.rng.choice(untried)
                child = node.children[str(action)] = Node(available=1, reward=[0.0] * players)
                state.apply(action)
                path.append(child)
                if self.own_turn and self._awaits_reply(state):
                    node = child  # a claim or an offer is judged by the answer, so search on
                    continue
                break
            children = [node.children[text] for text in texts]
            log_total = math.log(max(1, sum(child.available for child in children)))
            best = max(range(len(legal)), key=lambda i: self._ucb(children[i], player, log_total))
            node = children[best]
            state.apply(legal[best])
            path.append(node)
        if self.own_turn and self.others_by_heuristic:
            self._others_play(state)
        rewards = self._rollout(state, 0 if self.own_turn else self.rollout_depth)
        for seat, bound in enumerate(self._bounds):
            bound[0] = min(bound[0], rewards[seat])
            bound[1] = max(bound[1], rewards[seat])
        for visited in path:
            visited.visits += 1
            for seat in range(players):
                visited.reward[seat] += rewards[seat]

    def _iterate_round(self, state: State, root: Node, players: int, root_moves: list[Action]) -> None:
        """One iteration of `heuristic_round`: a root move chosen by UCB1 (each tried once first), the
        rest of the round played by the heuristic, the position judged by `round_chances`."""
        untried = [a for a in root_moves if str(a) not in root.children]
        for action in root_moves:
            if str(action) in root.children:
                root.children[str(action)].available += 1
        if untried:
            action = untried[0]  # in the prior's order: the heuristic's best is tried first
            child = root.children[str(action)] = Node(available=1, reward=[0.0] * players)
        else:
            log_total = math.log(max(1, sum(root.children[str(a)].available for a in root_moves)))
            action = max(root_moves, key=lambda a: self._ucb(root.children[str(a)], self._seat, log_total))
            child = root.children[str(action)]
        state.apply(action)
        line = self._round_play(state, (str(action),))
        rewards = self._round_chances(state, line)
        for seat, bound in enumerate(self._bounds):
            bound[0] = min(bound[0], rewards[seat])
            bound[1] = max(bound[1], rewards[seat])
        for visited in (root, child):
            visited.visits += 1
            for seat in range(players):
                visited.reward[seat] += rewards[seat]

    def _round_play(
        self,
        state: State,
        line: tuple[str, ...],
        limit: int = 80,
        until: Callable[[State], bool] | None = None,
    ) -> tuple[str, ...]:
        """Play on by the heuristic (chance by its odds) until this seat's next turn begins: first the
        rest of this seat's turn, then the other seats' turns (with `until`: until it holds instead,
        at most `limit` moves). `line` is what was played since the root; returns it with what
        this added.

        The heuristic reads only what every seat sees (Planet's hidden data - face-down tiles, the
        deck - comes out only as chance outcomes, which are part of the line), so its move after a
        given line is as a rule the same in every determinization: it is worked out once per search
        (`_known`), and the iterations that follow a line already played cost next to nothing. A
        remembered move that is not legal in this determinization is chosen anew (a game crashed
        on one: some move lists rest on hidden data). With the `work_budget` spent, the round stops
        where it stands."""
        ours = True  # still within the turn the root move began
        for _ in range(limit):
            if state.is_terminal() or self._spent() or until is not None and until(state):
                break
            if state.is_chance_node():
                line += (str(state.sample_chance(self.rng)),)
                continue
            mover = state.current_player()
            if mover != self._seat:
                ours = False
            elif not ours and until is None:
                break
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                text = self._known.get(line)
                known = next((a for a in legal if str(a) == text), None) if text is not None else None
                if known is None:
                    # Not worked out yet, or the move remembered is not legal in this determinization
                    # (a move list that rests on hidden data): the heuristic chooses here.
                    known = self._ranked(state, legal)[0]
                    self._known[line] = str(known)
                action = known
            state.apply(action)
            line += (str(action),)
        return line

    def _round_chances(self, state: State, line: tuple[str, ...]) -> list[float]:
        """Each seat's chance to win where the round ends: a finished game by its payoff, else by the
        heuristic's score of the best move of the seat to move (`heuristic.best_value`: the lead it
        would have after it, with the heuristic's pulls and costs) as a lead (`lead_chances`),
        worked out once per line (`_round_play`)."""
        if state.is_terminal():
            return self._payoff(state)
        while state.is_chance_node():
            line += (str(state.sample_chance(self.rng)),)
        lead = self._leads.get(line)
        if lead is None:
            self.judged += len(state.legal_actions())
            lead = self._leads[line] = best_value(state, self._root)
        return lead_chances(state, state.current_player(), lead)

    def _candidates(self, state: State, legal: list[Action]) -> list[Action]:
        """The root moves to search: all, or the `prior_top` best by the game's heuristic (so that a
        wide list of moves does not spread a small budget one visit each)."""
        forced = planned(state)
        if forced is not None:
            return [forced]
        if stalled(state):
            # The game has stood still for long (Planet: no tile turned, no coin home for rounds on
            # end): the heuristic's move. Its pull towards progress grows with the stand-still; the
            # search's win chances hardly tell progress from marking time - a seat far ahead wins
            # either way, a seat far behind gains from every tile left face down - and search seats
            # marked time until the 600-turn cap (issue #19: 3 of 59 games of the 1,000-game run).
            return self._ranked(state, legal)[:1]
        if not self.prior_top:
            return legal
        if len(legal) <= self.prior_top:
            return self._ranked(state, legal)  # all of them, but what the hook calls pointless
        if self.prior_by_estimate:
            return self._ranked_by_estimate(state, legal)[: self.prior_top]
        chosen = self._ranked(state, legal)[: self.prior_top]
        if self.prior_extra:
            texts = {str(a) for a in chosen}
            chosen += [a for a in self._ranked_by_estimate(state, legal) if str(a) not in texts][
                : self.prior_extra
            ]
        return chosen

    def _ranked_by_estimate(self, state: State, legal: list[Action]) -> list[Action]:
        """Moves by this seat's standing right after each, best first, on one determinization (so
        that nothing hidden from the seat decides), judged before any chance outcome."""
        table = state.resample_for(self._seat, self.rng)
        self.judged += len(legal)  # each by the estimate, not the heuristic, but as dear
        scored = []
        for action in legal:
            after = table.clone()
            after.apply(action)
            if after.is_terminal():
                value = self._payoff(after)[self._seat]
            else:
                value = standing(after)[self._seat]
            scored.append((value, self.rng.random(), action))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [action for _, _, action in scored]

    def _others_play(self, state: State, limit: int = 80) -> None:
        """Let the other seats play their turns by the game's heuristic, until this seat is to move."""
        for _ in range(limit):
            if state.is_terminal():
                return
            if state.is_chance_node():
                state.sample_chance(self.rng)
                continue
            if state.current_player() == self._seat:
                return
            legal = state.legal_actions()
            state.apply(self.rng.choice(legal) if len(legal) == 1 else self._ranked(state, legal)[0])

    def _awaits_reply(self, state: State) -> bool:
        """Whether another seat answers next (chance outcomes first are searched on, too)."""
        if state.is_terminal():
            return False
        if state.is_chance_node():
            return True
        return state.current_player() != self._seat and len(state.legal_actions()) <= MAX_REPLY_OPTIONS

    def _ucb(self, child: Node, player: int, log_total: float) -> float:
        # With `normalize`, means are rescaled to the range of rewards this search has seen for the
        # player, so that the exploration term does not drown close estimates of a long game.
        low, high = self._bounds[player]
        mean = child.reward[player] / child.visits
        if self.normalize and high > low:
            mean = (mean - low) / (high - low)
        return mean + self.exploration * math.sqrt(log_total / child.visits)

    def _rollout(self, state: State, depth: int | None) -> list[float]:
        # At most `depth` random steps (to the end with None), then a finished game's payoff or,
        # cut short, the standing.
        state.play_randomly(self.rng, depth)
        if state.current_player() == TERMINAL:
            return self._payoff(state)
        return standing(state)

    def _payoff(self, state: State) -> list[float]:
        """A finished game: each winning team's share of the win (allies win together: Planet's
        teams); a shared win counts `contempt` less for the searching seat."""
        return payoff(state, self._seat, self.contempt)
