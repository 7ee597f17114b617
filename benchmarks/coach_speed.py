"""What a coach request costs (issue #45, item 5: at most about 1-2 s of CPU on the 2-core server).

    python benchmarks/coach_speed.py [--games mlem,kosmodrom,planet] [--players 2] [--positions 6]

For each game, plays a game by the heuristic bot (seeds 1, 2, ...) and, every few decisions with
more than one legal move, asks the coach (`server.bots.advice`, with the budget of
`bots/coach.py`: COACH_CPU, COACH_SAMPLES) as the server does. Prints, per game, the CPU seconds
of each request (this thread's) - median and most - and the samples each candidate got, and the
wall-clock seconds. Not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import machine

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.bots.coach import COACH_CPU, COACH_SAMPLES
from cosmotable.server.bots import advice


def positions(game_id: str, players: int, count: int, every: int = 7):
    """`count` decisions with several legal moves, every `every` decisions of heuristic games."""
    seed = 0
    while True:
        seed += 1
        state = games.get(game_id).new_state(players, seed=seed)
        rng, bot = random.Random(seed), make_bot("heuristic", seed=seed)
        made = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            if made % every == every - 1 and len(state.legal_actions()) > 1:
                yield state.clone()
                count -= 1
                if count == 0:
                    return
            state.apply(bot.act(state))
            made += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="mlem,kosmodrom,planet")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=6)
    args = parser.parse_args()
    machine.report()
    print(f"budget: COACH_CPU {COACH_CPU} s, COACH_SAMPLES {COACH_SAMPLES}")
    for game_id in args.games.split(","):
        cpu, wall, samples = [], [], []
        for number, state in enumerate(positions(game_id, args.players, args.positions)):
            start_cpu, start_wall = time.thread_time(), time.perf_counter()
            moves = advice(state, seed=number)["moves"]
            cpu.append(time.thread_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
            samples.append(max(m["visits"] for m in moves))
        print(
            f"{game_id} ({args.players} players, {len(cpu)} requests): CPU s median {statistics.median(cpu):.2f}"
            f" max {max(cpu):.2f}; wall s median {statistics.median(wall):.2f} max {max(wall):.2f};"
            f" samples per move median {statistics.median(samples)} min {min(samples)}"
        )


if __name__ == "__main__":
    main()
