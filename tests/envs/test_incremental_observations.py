"""The environments' observations are kept up to date incrementally (`Session.observe` hands each
seat's last vector and the events since to `Encoding.update_observation`); after every step of
random games they must equal the vector built from scratch from the seat's view, for every game,
player count and variant, also when a seat is not observed for several steps in a row."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cosmotable.envs.common import Session

MLEM_VARIANTS = [(), ("ufo",), ("discovery",), ("secret_missions",), ("ufo", "discovery", "secret_missions")]
KOSMODROM_VARIANTS = [
    (),
    ("quick",),
    ("slow",),
    ("negotiation",),
    ("superpowers",),
    ("quick", "negotiation", "superpowers"),
    ("slow", "negotiation", "superpowers"),
]
CASES = (
    [("mlem", n, v, {}) for n in range(2, 6) for v in MLEM_VARIANTS]
    # Kosmodrom and Planet games are long: a length cap keeps the suite quick (the cap's end is a
    # game over like any other, so the last steps are compared too).
    + [("kosmodrom", n, v, {"max_turns": 40}) for n in range(2, 5) for v in KOSMODROM_VARIANTS]
    + [("planet", n, (), {"max_turns": 40}) for n in range(2, 5)]
    + [("planet", 4, ("teams",), {"max_turns": 40})]
)


def _case_id(case) -> str:
    game_id, n, variants, _options = case
    return f"{game_id}-{n}p-{'+'.join(variants) or 'base'}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_incremental_observation_equals_the_one_built_from_scratch(case):
    game_id, n, variants, options = case
    session = Session(game_id, n, variants, options)
    enc = session.encoding
    rng = random.Random(f"{game_id}-{n}-{variants}")
    compared = updated = 0
    for seed in range(2):
        session.seed(seed)
        session.new_game()
        steps = 0
        while True:
            # A random half of the seats looks at each state (at least one), so some vectors are
            # brought up to date over several steps' events at once.
            seats = [s for s in range(n) if rng.random() < 0.5] or [rng.randrange(n)]
            for seat in seats:
                updated += seat in session._latest
                obs = session.observe(seat)
                expected = enc.observe(session.state.view(seat), seat)
                assert obs.dtype == np.float32 and obs.shape == expected.shape
                if not np.array_equal(obs, expected):
                    wrong = [
                        seg.name
                        for seg in enc.layout
                        if not np.array_equal(obs[seg.start : seg.stop], expected[seg.start : seg.stop])
                    ]
                    pytest.fail(
                        f"seed {seed}, step {steps}, seat {seat}: segments {wrong} differ after "
                        f"{[str(a) for a in session.state.history[-3:]]}"
                    )
                compared += 1
            if session.is_over():
                break
            legal = np.flatnonzero(session.mask())
            session.apply_index(int(legal[rng.randrange(len(legal))]))
            steps += 1
    assert compared > 40 and updated > 20


def test_a_new_game_starts_from_scratch():
    """The vectors kept from the last game are not updated with the new game's events."""
    session = Session("mlem", 2)
    session.seed(1)
    session.new_game()
    for _ in range(30):
        session.observe(0)
        legal = np.flatnonzero(session.mask())
        session.apply_index(int(legal[0]))
    session.new_game()
    assert np.array_equal(session.observe(0), session.encoding.observe(session.state.view(0), 0))
