"""The moves of all-bot games, one JSON line per game, to check that a change to the bots or the
engine leaves play exactly as it was (same seeds, same moves).

    PYTHONPATH=<old tree>/src python scripts/bot_moves.py kosmodrom --games 30 --out old.jsonl
    PYTHONPATH=<new tree>/src python scripts/bot_moves.py kosmodrom --games 30 --out new.jsonl
    python scripts/bot_moves.py --compare old.jsonl new.jsonl

The games are `cosmotable.sim.bot_games.schedule`'s (every player count and variant in turn), seats
drawn from --mix (default heuristic 40 / easy 35 / normal 15 / hard 10). Each line is written as its
game ends, so two runs stopped early still compare on the games both finished.
"""

from __future__ import annotations

import argparse
import json
import sys

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.sim.bot_games import STEP_LIMIT, schedule

MIX = {"heuristic": 40, "easy": 35, "normal": 15, "hard": 10}


def record(game_id: str, count: int, seed: int, out: str, first: int = 0) -> None:
    with open(out, "a") as journal:
        for index, spec in enumerate(schedule(game_id, count, seed, MIX)):
            if index < first:
                continue
            state = games.get(game_id).new_state(
                num_players=spec.players, seed=spec.seed, variants=list(spec.variants)
            )
            bots = [make_bot(name, seed=spec.seed * 8 + seat) for seat, name in enumerate(spec.seats)]
            while not state.is_terminal() and len(state.history) < STEP_LIMIT:
                if state.is_chance_node():
                    state.sample_chance()
                else:
                    state.apply(bots[state.current_player()].act(state))
            line = {
                "index": index,
                "seats": spec.seats,
                "variants": spec.variants,
                "actions": [str(a) for a in state.history],
                "scores": state.scores(),
            }
            journal.write(json.dumps(line) + "\n")
            journal.flush()
            print(index, spec.players, spec.variants, spec.seats, len(state.history), flush=True)


def journal(path: str) -> dict[int, dict]:
    with open(path) as lines:
        return {game["index"]: game for game in map(json.loads, lines)}


def compare(old: str, new: str) -> bool:
    """Whether every game both files hold was played alike; prints the games that were not."""
    before, after = (journal(path) for path in (old, new))
    common = sorted(set(before) & set(after))
    differ = [i for i in common if before[i] != after[i]]
    actions = sum(len(before[i]["actions"]) for i in common)
    print(f"{len(common)} games in both ({actions} actions): {len(common) - len(differ)} identical")
    for index in differ:
        print(f"  game {index} differs: seats {before[index]['seats']}, variants {before[index]['variants']}")
    return not differ


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", default="kosmodrom")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--first", type=int, default=0, help="start at this game of the schedule")
    parser.add_argument("--out", default="bot_moves.jsonl")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare:
        sys.exit(0 if compare(*args.compare) else 1)
    record(args.game, args.games, args.seed, args.out, args.first)


if __name__ == "__main__":
    main()
