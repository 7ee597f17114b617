"""The search's Kosmodrom estimate read straight from the table (`bot_worth.table_estimate`,
`table_position`) is the view-based estimate to the last bit, at positions of random games of every
variant: early and late (the final countdown on), rockets in every zone."""

import random
from collections import Counter

from kosmodrom_helpers import GAME

from cosmotable.bots.evaluation import evaluate
from cosmotable.games.kosmodrom.bot_worth import estimate, position, table_estimate, table_position


def test_the_estimate_read_from_the_table_is_the_estimate_read_from_the_view():
    met: Counter[str] = Counter()
    for index, variants in enumerate([[], ["quick"], ["slow"], ["negotiation"], ["superpowers"], ["quick"]]):
        s = GAME.new_state(num_players=2 + index % 3, seed=500 + index, variants=variants)
        rng = random.Random(index)
        while not s.is_terminal():
            if s.is_chance_node():
                s.sample_chance()
                continue
            if rng.random() < 0.2:
                public = s.public_view()
                seats = range(s.num_players)
                assert [table_estimate(s, seat) for seat in seats] == [
                    estimate(public, seat) for seat in seats
                ]
                assert evaluate(s) == [estimate(public, seat) for seat in seats]
                mover = s.current_player()
                assert table_position(s, mover) == position(s.view(mover), mover)
                met["late" if s.countdown is not None else "early"] += 1
                met.update(rocket.zone for rocket in s.rockets.values())
            s.apply(rng.choice(s.legal_actions()))
    assert {"early", "late", "assembly", "test", "launch"} <= set(met), met
    assert met["late"] > 20, met
