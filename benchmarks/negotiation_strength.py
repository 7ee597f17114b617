"""Kosmodrom's negotiation variant: does negotiating pay? The heuristic (which trades and gives,
`games/kosmodrom/bot_offers.py`) against the heuristic as it was before issue #19 in this variant: it
never makes an offer and answers one by the keep worth of the cards in less the cards out.

    python benchmarks/negotiation_strength.py [--games N] [--players 2|3|4] [--seed S]

One seat negotiates, the others do not; the negotiating seat moves round the table from game to
game. Prints its share of the wins (a shared win counts its share) with a 95% interval, against the
share an equal bot would get (1 / players), and how many trades and gifts were accepted. Not a
test: it takes minutes.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import machine

from cosmotable import games
from cosmotable.bots import HeuristicBot
from cosmotable.bots.heuristic import ranked
from cosmotable.engine import Action, State
from cosmotable.games.kosmodrom.bot_worth import keep_worth
from cosmotable.sim.stats import wilson_interval


class SilentHeuristic(HeuristicBot):
    """The heuristic without offers, answering by the cards' keep worths (the code before #19)."""

    name = "silent"

    def act(self, state: State) -> Action:
        legal = [a for a in state.legal_actions() if a.kind not in ("offer", "gift", "trade")]
        view = state.view(state.current_player())
        if view["phase"] == "answer":
            offer, hand, seat = view["step"]["offer"], view["hand"], view["seat"]
            gain = sum(keep_worth(view, seat, c, hand) for c in offer["give"])
            gain -= sum(keep_worth(view, seat, c, hand) for c in offer["want"])
            accept = gain > 0 and any(a.kind == "accept" for a in legal)
            return next(a for a in legal if a.kind == ("accept" if accept else "refuse"))
        if view["phase"] == "offer":  # never started by this bot
            return next(a for a in legal if a.kind == "withdraw")
        if len(legal) == 1:
            return legal[0]
        return ranked(state, legal, self.rng)[0]


def play(seed: int, players: int, negotiator: int) -> tuple[list[int], Counter[str]]:
    state = games.get("kosmodrom").new_state(num_players=players, seed=seed, variants=["negotiation"])
    bots = [
        HeuristicBot(seed=seed * 10 + s) if s == negotiator else SilentHeuristic(seed=seed * 10 + s)
        for s in range(players)
    ]
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
    accepted = Counter(e.data["offer"] for e in state.events if e.kind == "accept")
    return state.winners(), accepted


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", "-n", type=int, default=120, help="games (default 120)")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4), help="players (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    args = parser.parse_args()
    machine.report()
    started = time.perf_counter()
    wins = 0.0
    accepted: Counter[str] = Counter()
    for g in range(args.games):
        negotiator = g % args.players
        winners, offers = play(args.seed + g, args.players, negotiator)
        if negotiator in winners:
            wins += 1 / len(winners)
        accepted += offers
    low, high = wilson_interval(wins, args.games)
    print(
        f"{args.players} players, {args.games} games: the negotiating heuristic won {wins:g} "
        f"({wins / args.games:.1%}, 95% CI {low:.1%}-{high:.1%}; an equal bot: {1 / args.players:.1%}); "
        f"accepted: {accepted['trade']} trades, {accepted['gift']} gifts; "
        f"{(time.perf_counter() - started) / 60:.1f} min"
    )


if __name__ == "__main__":
    main()
