"""A candidate search of a game, head to head against a bot level or another candidate (issue #46).

    python benchmarks/search_candidates.py GAME CANDIDATE [--against LEVEL_OR_CANDIDATE] [-n 20] [--seed 7000]

How the levels of docs/ratings.md were chosen. A candidate is the game's `hard` search with some
fields changed, written `field=value,...` (the fields of `bots.mcts.Search`: `simulations=20,prior_top=2`;
`hard` alone: the level as shipped). `--against` is a bot level (`heuristic`, `normal`, ...) or a
second candidate. Two-seat games of the rulebook game, seeds `--seed`, `--seed + 1`, ..., the
candidate in seat 0 of the even games and seat 1 of the odd ones. Prints each game, then the
candidate's score (a shared win counts its share) with its 95% Wilson interval and the CPU seconds
a game took; the games follow from the seeds, so a run is repeated exactly. Nothing here is a
pass/fail threshold.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

import machine

from cosmotable.bots import BOT_NAMES
from cosmotable.bots.game_bots import load_game_bots
from cosmotable.bots.mcts import Search, search_for
from cosmotable.sim.arena import Table, play
from cosmotable.sim.stats import wilson_interval

#: the level names the two searches are played under (the game's table of levels is patched for the run)
FIRST, SECOND = "hard", "normal"


def candidate(game_id: str, spec: str) -> Search:
    """The game's `hard` search with the fields of `spec` ("field=value,...") changed."""
    search = search_for("hard", game_id)
    if spec == "hard":
        return search
    fields = [f.name for f in dataclasses.fields(Search)]
    changes: dict[str, object] = {}
    for part in spec.split(","):
        name, _, text = part.partition("=")
        if name not in fields or not text:
            raise SystemExit(f"{part!r}: write field=value with a field of Search: {', '.join(fields)}")
        value: object = text
        if text in ("True", "False"):
            value = text == "True"
        elif text == "None":
            value = None
        else:
            try:
                value = int(text)
            except ValueError:
                value = float(text)
        changes[name] = value
    return dataclasses.replace(search, **changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["kosmodrom", "planet"])
    parser.add_argument("candidate", help="field=value,... on the game's hard search, or 'hard'")
    parser.add_argument("--against", default="heuristic", help="a bot level, or a second candidate")
    parser.add_argument("-n", "--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args()
    machine.report()
    levels = getattr(load_game_bots(args.game), "SEARCH_LEVELS", None)
    if levels is None:
        raise SystemExit(f"{args.game} has no SEARCH_LEVELS of its own: its levels are bots/mcts.py LEVELS")
    first = candidate(args.game, args.candidate)
    opponent = args.against
    if opponent not in BOT_NAMES or opponent == FIRST:
        levels[SECOND] = candidate(args.game, opponent)
        opponent = SECOND
    levels[FIRST] = first
    score, cpu = 0.0, 0.0
    for index in range(args.games):
        seats = (FIRST, opponent) if index % 2 == 0 else (opponent, FIRST)
        started = time.process_time()
        result = play(Table(args.game, seats, args.seed + index))
        cpu += time.process_time() - started
        mine = seats.index(FIRST)
        points = 1 / len(result.winners) if mine in result.winners else 0.0
        score += points
        print(f"  game {index + 1}: seats {seats}, scores {result.scores}, candidate {points:g}", flush=True)
    low, high = wilson_interval(score, args.games)
    print(
        f"{args.game}: {args.candidate} against {args.against}: {score:g} of {args.games} "
        f"({score / args.games:.0%}, 95% CI {low:.0%}-{high:.0%}); {cpu / args.games:.1f} CPU s a game"
    )


if __name__ == "__main__":
    sys.exit(main())
