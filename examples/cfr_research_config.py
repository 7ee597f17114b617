"""Solve a research configuration of a Cosmotable game with OpenSpiel's exact CFR, and print how
exploitable the average policy is as it converges.

    python examples/cfr_research_config.py                          # MLEM `tiny`, 32 iterations
    python examples/cfr_research_config.py --research small --iterations 16
    python examples/cfr_research_config.py --algorithm cfrplus
    python examples/cfr_research_config.py --game kosmodrom --research tiny --iterations 32
    python examples/cfr_research_config.py --game kosmodrom --research small --iterations 8
    python examples/cfr_research_config.py --game planet --research tiny --iterations 32

Research configurations are small games made for algorithms that walk the whole game tree; they are
NOT the rulebook games (docs/research.md lists them with their sizes). The full games are far too big:
full MLEM has more than 200,000 information states after one MCCFR iteration.

Prints NashConv (the sum over players of what a best response gains against the policy; 0 at a Nash
equilibrium) and exploitability (NashConv / 2 for two players) at iterations 1, 2, 4, ..., then the
equilibrium's first decision. Returns are `win` (+1 / -1 / 0), so an exploitability of 0.01 means a
best-responding opponent gains 0.01 of a win per game. Times are CPU seconds of this process
(`time.process_time`, so other programs on the machine do not count), with the load average beside.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

from cosmotable.envs import openspiel


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="mlem", choices=("mlem", "kosmodrom", "planet"))
    parser.add_argument("--research", default="tiny", help="a research configuration of the game")
    parser.add_argument("--iterations", type=int, default=32)
    parser.add_argument("--algorithm", choices=("cfr", "cfrplus"), default="cfr")
    args = parser.parse_args(argv)
    openspiel.register([args.game])
    game = pyspiel.load_game(f"python_cosmotable_{args.game}(research={args.research})")
    print(f"{game}: {game.num_players()} players, information: {game.get_type().information}")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average {_load()}"
    )
    start = time.process_time()
    solver = (cfr.CFRPlusSolver if args.algorithm == "cfrplus" else cfr.CFRSolver)(game)
    print(
        f"{len(solver.current_policy().state_lookup)} information states "
        f"({time.process_time() - start:.1f}s CPU to build the tabular policy)"
    )
    for i in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if i & (i - 1) == 0 or i == args.iterations:
            conv = exploitability.nash_conv(game, solver.average_policy())
            print(
                f"iteration {i:4d}: NashConv {conv:.5f}  exploitability {conv / game.num_players():.5f}"
                f"  ({time.process_time() - start:.1f}s CPU, load average {_load()})"
            )
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    policy = solver.average_policy().action_probabilities(state)
    moves = ", ".join(f"{state.action_to_string(a)}: {p:.3f}" for a, p in sorted(policy.items()))
    print(f"equilibrium at the first decision (seat {state.current_player()}): {moves}")


def _load() -> str:
    """The 1-minute load average (other programs share the CPU; the times above are CPU time)."""
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "n/a"


if __name__ == "__main__":
    main()
