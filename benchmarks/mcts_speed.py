"""MCTS speed: simulations per second for each game on one core, and OpenSpiel's MCTSBot for scale.

    python benchmarks/mcts_speed.py [--simulations N] [--moves M]

Our MCTS runs full random rollouts (rollout_depth=None), as OpenSpiel's MCTSBot does with a
RandomRolloutEvaluator(n_rollouts=1). OpenSpiel's bot runs on our MLEM through the OpenSpiel
adapter when `cosmotable.envs.openspiel` exists, otherwise on OpenSpiel's own `pig`; the ratio of
simulations per second is printed either way.
"""

from __future__ import annotations

import argparse
import random
import time

from cosmotable import games
from cosmotable.bots.mcts import MCTSBot


def positions(game_id: str, count: int, seed: int = 1):
    """Decision positions from random 2-player games (the same positions for every run)."""
    rng = random.Random(seed)
    game = games.get(game_id)
    found = []
    while len(found) < count:
        state = game.new_state(num_players=2, seed=rng.randrange(10**9))
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def ours(game_id: str, simulations: int, moves: int) -> float:
    bot = MCTSBot(seed=1, simulations=simulations, rollout_depth=None)
    total_sims, start = 0, time.perf_counter()
    for state in positions(game_id, moves):
        bot.act(state)
        total_sims += bot.last_iterations
    return total_sims / (time.perf_counter() - start)


def openspiel(simulations: int, moves: int) -> tuple[str, float] | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    try:
        from cosmotable.envs import openspiel as adapter  # noqa: F401  (registers python_cosmotable_*)

        game, name = pyspiel.load_game("python_cosmotable_mlem"), "our mlem via the OpenSpiel adapter"
    except (ImportError, pyspiel.SpielError):  # no adapter here: time OpenSpiel's own dice game
        game, name = pyspiel.load_game("pig"), "OpenSpiel's pig"
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations, evaluator=evaluator, random_state=rng)
    state, done, start = game.new_initial_state(), 0, time.perf_counter()
    while done < moves:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes, p=probs))
            continue
        action = bot.step(state)
        done += 1
        state.apply_action(action)
    return name, done * simulations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--simulations", type=int, default=200, help="simulations per move (default 200)")
    parser.add_argument("--moves", type=int, default=20, help="positions searched per game (default 20)")
    args = parser.parse_args()
    for game_id in games.ids():
        rate = ours(game_id, args.simulations, args.moves)
        print(f"{game_id}: {rate:,.0f} MCTS simulations/s (one core, full random rollouts)", flush=True)
        if game_id == "mlem":
            mlem_rate = rate
    result = openspiel(args.simulations, args.moves)
    if result is None:
        print("OpenSpiel is not installed: pip install -e '.[rl]'")
        return
    name, theirs = result
    print(f"OpenSpiel Python MCTSBot on {name}: {theirs:,.0f} simulations/s")
    print(f"ratio (our mlem / OpenSpiel): {mlem_rate / theirs:.2f}")


if __name__ == "__main__":
    main()
