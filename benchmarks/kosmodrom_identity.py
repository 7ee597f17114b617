"""Kosmodrom play identity: digests of random play and of search-bot play, to compare two versions
of the game or of the search (a speed pass must leave play move-for-move unchanged).

    PYTHONPATH=src python benchmarks/kosmodrom_identity.py [--seeds N] [--bot-moves M]

Random play (N seeds, default 40; the seats and variants cycle through 2-4 players and every
variant): at each step the digest takes the state's snapshot, the legal actions in order (or the
chance outcomes with their probabilities), the action applied and the events it added (text, data,
visibility); at the end every seat's view and the public view. From every tenth decision a clone
plays a rollout (`play_randomly`, the search's path) whose actions and end snapshot join the digest.

Bot play: the search levels (easy, normal, hard) play fixed-seed games, 2 and 4 players, with and
without variants, each for at most M decisions (default 24); every action (a bot's and chance's)
and each search's iteration count join the game's digest. One line per game: run it on two trees
(same PYTHONHASHSEED) and compare the output line for line.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

import machine
from planet_identity import digest_end, digest_walk

from cosmotable import games
from cosmotable.bots.mcts import MCTSBot
from cosmotable.engine.values import canonical_json

VARIANTS: list[list[str]] = [
    [],
    ["quick"],
    ["slow"],
    ["negotiation"],
    ["superpowers"],
    ["quick", "negotiation"],
]


def random_play(seed: int, digest) -> int:
    rng = random.Random(seed)
    players = 2 + seed % 3
    variants = VARIANTS[seed % len(VARIANTS)]
    state = games.get("kosmodrom").new_state(num_players=players, seed=seed, variants=variants)

    def rollout_from(state, steps: int) -> None:
        # the search's path: a clone's random rollout from every tenth decision joins the digest
        if steps % 10 == 0:
            rollout = state.clone()
            rollout.silence()
            played = rollout.play_randomly(random.Random(steps), 300)
            digest.update(repr([str(a) for a in rollout.history[-played:]]).encode())
            digest.update(canonical_json(rollout.snapshot()).encode())

    steps = digest_walk(state, rng, digest, chance_rng=rng, on_decision=rollout_from)
    digest_end(state, players, digest)
    return steps


#: (level, players, variants) of the bot games.
BOT_GAMES = [
    (level, players, variants)
    for level in ("easy", "normal", "hard")
    for players, variants in ((2, []), (4, ["negotiation"]), (2, ["quick", "superpowers"]), (4, ["slow"]))
]


def bot_play(index: int, level: str, players: int, variants: list[str], moves: int) -> tuple[str, int]:
    state = games.get("kosmodrom").new_state(num_players=players, seed=1000 + index, variants=variants)
    bots = [MCTSBot.level(level, seed=100 * index + seat) for seat in range(players)]
    rng = random.Random(index)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_terminal() and decisions < moves:
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            bot = bots[state.current_player()]
            bot.last_iterations = -1
            action = bot.act(state)
            digest.update(f"{bot.last_iterations}:".encode())
            state.apply(action)
            decisions += 1
        digest.update(f"{action};".encode())
    return digest.hexdigest()[:16], decisions


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--bot-moves", type=int, default=24)
    parser.add_argument("--skip-bots", action="store_true")
    args = parser.parse_args()
    machine.report()
    start = time.process_time()
    total = hashlib.sha256()
    steps = 0
    for seed in range(args.seeds):
        digest = hashlib.sha256()
        steps += random_play(seed, digest)
        total.update(digest.digest())
    print(f"random play: {args.seeds} seeds, {steps} steps, digest {total.hexdigest()[:32]}", flush=True)
    if not args.skip_bots:
        for index, (level, players, variants) in enumerate(BOT_GAMES):
            digest, decisions = bot_play(index, level, players, variants, args.bot_moves)
            print(
                f"bots {level} {players}p {'+'.join(variants) or '-'}: {decisions} decisions, digest {digest}",
                flush=True,
            )
    print(f"CPU {time.process_time() - start:.1f} s; load average now: {machine.load_average()}")


if __name__ == "__main__":
    main()
