"""Regenerate a golden playthrough (only after a deliberate, reviewed rule change):

python tests/golden/make_golden.py mlem 3 42 > tests/golden/mlem-3p-seed42.json
python tests/golden/make_golden.py mlem 4 7 ufo,discovery,secret_missions > tests/golden/mlem+all-4p-seed7.json
"""

import json
import sys

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.engine import GameRecord


def play(game_id: str, players: int, seed: int, variants: list[str] | None = None) -> dict:
    state = games.get(game_id).new_state(num_players=players, seed=seed, variants=variants)
    bots = [make_bot("heuristic", seed=seed + seat) for seat in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
    return {
        "record": GameRecord.from_state(state).to_json(),
        "events": [e.text for e in state.events],
        "scores": state.scores(),
        "winners": state.winners(),
        "final_view": state.public_view(),
    }


if __name__ == "__main__":
    game_id, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    variants = sys.argv[4].split(",") if len(sys.argv) > 4 else None
    print(json.dumps(play(game_id, players, seed, variants), indent=1, ensure_ascii=False))
