"""CPU time a bot level spends on one move, per game: is each level's budget playable on the server?

    python benchmarks/bot_move_cpu.py [--games mlem,kosmodrom,planet] [--positions 12] [--levels easy,normal,hard]

The positions are decisions (more than one legal move) met in 2-player games played by the heuristic,
the same for every level; each level chooses a move in each of them, timed by this process's CPU time
(`time.process_time`: on a shared machine it leaves out the time other processes hold the cores).
Prints the median and the largest CPU seconds a move per level, with the machine line and the load
average. Nothing here is a pass/fail threshold: the figures go in docs/ratings.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import machine

from cosmotable import games
from cosmotable.bots.heuristic import HeuristicBot
from cosmotable.bots.mcts import LEVELS, MCTSBot
from cosmotable.engine import State


def positions(game_id: str, count: int, seed: int = 1) -> list[State]:
    """Decisions of heuristic-played 2-player games (a position a real game reaches), spread over
    the games' whole length."""
    rng = random.Random(seed)
    game = games.get(game_id)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state(num_players=2, seed=rng.randrange(10**9))
        bots = [HeuristicBot(seed=rng.randrange(10**9)) for _ in range(2)]
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.1:
                found.append(state.clone())
            state.apply(bots[state.current_player()].act(state))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(games.ids()))
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    machine.report()
    for game_id in args.games.split(","):
        states = positions(game_id, args.positions)
        for level in args.levels.split(","):
            bot = MCTSBot.level(level, seed=1)
            times = []
            for state in states:
                start = time.process_time()
                bot.act(state.clone())
                times.append(time.process_time() - start)
            print(
                f"{game_id} {level:<7} CPU s a move: median {statistics.median(times):6.3f}  "
                f"max {max(times):6.3f}  ({len(times)} positions; load {os.getloadavg()[0]:.1f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
