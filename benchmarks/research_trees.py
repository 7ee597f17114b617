"""Figures of docs/research.md for the research configurations and MCCFR (issue #49 item 3).

    python benchmarks/research_trees.py sizes                  # every research configuration's tree
    python benchmarks/research_trees.py reach --games 100 --max-turns 20

`sizes` walks each research configuration's whole tree through OpenSpiel (`state.child` over every
chance outcome and legal action) and prints histories, terminal histories, chance nodes, decision
nodes and information states (of the seat to act), with the walk's CPU time.

`reach` plays full 2-player Kosmodrom games (`--max-turns 0`: the default cap) the way the first
iteration of OpenSpiel's outcome-sampling MCCFR samples them (chance by its probabilities, decisions
uniformly) and prints the product of the sampling probabilities along each game, split into its
chance and decision parts, as powers of ten: MCCFR's `sample_reach` at the end of the game. A
double below ~4.9e-324 is 0.0, where MCCFR divides by it (docs/research.md, "MCCFR on Kosmodrom").
"""

from __future__ import annotations

import argparse
import math
import random
import time

import machine
import pyspiel

from cosmotable.envs import openspiel

#: The games that have research configurations, and their names (games/<id>/data/research.toml).
RESEARCH = {"mlem": ("tiny", "small"), "kosmodrom": ("tiny", "small"), "planet": ("tiny",)}


def sizes(game_id: str, research: str) -> None:
    game = pyspiel.load_game(f"python_cosmotable_{game_id}(research={research})")
    count = {"histories": 0, "terminal": 0, "chance": 0, "decisions": 0}
    infostates: set[tuple[int, str]] = set()
    start = time.process_time()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        count["histories"] += 1
        if state.is_terminal():
            count["terminal"] += 1
            continue
        if state.is_chance_node():
            count["chance"] += 1
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            count["decisions"] += 1
            infostates.add((state.current_player(), state.information_state_string()))
            actions = state.legal_actions()
        stack.extend(state.child(a) for a in actions)
    figures = ", ".join(f"{k} {v:,}" for k, v in count.items())
    print(
        f"{game_id} research={research}: {figures}, information states {len(infostates):,} "
        f"({time.process_time() - start:.1f}s CPU)"
    )


def reach(games_: int, max_turns: int, seed: int) -> None:
    options = {"max_turns": max_turns} if max_turns else {}
    game = openspiel.load("kosmodrom", players=2, **options)
    rng = random.Random(seed)
    totals = []
    for index in range(games_):
        state = game.new_initial_state()
        chance = decisions = 0.0
        draws = steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action, probability = rng.choices(outcomes, weights=[p for _, p in outcomes])[0]
                chance += math.log10(probability)
                draws += 1
            else:
                legal = state.legal_actions()
                action = rng.choice(legal)
                decisions -= math.log10(len(legal))
                steps += 1
            state.apply_action(action)
        totals.append(chance + decisions)
        print(
            f"game {index}: {draws} chance draws 1e{chance:.0f} x {steps} decisions 1e{decisions:.0f}"
            f" = sample reach 1e{chance + decisions:.0f}"
        )
    cap = state.engine_state.max_turns  # the cap the games were played with
    underflow = sum(t < math.log10(5e-324) for t in totals)
    print(
        f"kosmodrom max_turns={cap}: sample reach from 1e{max(totals):.0f} to 1e{min(totals):.0f} "
        f"over {games_} games (seed {seed}); {underflow} below the smallest double (0.0)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=("sizes", "reach"))
    parser.add_argument("--games", type=int, default=10, help="reach: games to play")
    parser.add_argument("--max-turns", type=int, default=0, help="reach: Kosmodrom's turn cap (0: default)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    machine.report()
    if args.what == "sizes":
        for game_id, names in RESEARCH.items():
            for name in names:
                sizes(game_id, name)
    else:
        reach(args.games, args.max_turns, args.seed)


if __name__ == "__main__":
    main()
