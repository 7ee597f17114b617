"""Planet's event log is worded late (PlanetState.note, planet/wording.py): an event is noted as a
function and the values of the moment, and made only when the log is read. Read after every step
(each event made at once, as State.emit would) or only at the end of the game, or through a clone
made in between, the log is the same: the same kinds, texts, seats, data and visibility."""

import random

from planet_helpers import GAME

from cosmotable.engine import CHANCE
from cosmotable.games.planet import wording


def _log(events):
    return [(e.kind, e.text, e.seat, dict(e.data), e.visible_to) for e in events]


def _play(seed, players, variants, read_every_step):
    rng = random.Random(seed)
    s = GAME.new_state(players, seed=seed, variants=variants, max_turns=200)
    clone_log = None
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply(s.pick_chance(rng.random()))
        else:
            s.apply(rng.choice(s.legal_actions()))
        if read_every_step:
            s.events  # noqa: B018 - reading the log words what was noted
        elif len(s.history) == 100:
            clone_log = s.clone()  # a copy taken with entries not worded yet
    return s, clone_log


def test_the_log_read_at_the_end_is_the_log_read_after_every_step():
    kinds = set()
    for seed, players, variants in ((21, 2, None), (22, 3, None), (23, 4, None), (24, 4, ["teams"])):
        eager, _ = _play(seed, players, variants, read_every_step=True)
        late, clone = _play(seed, players, variants, read_every_step=False)
        assert late.history == eager.history
        assert _log(late.events) == _log(eager.events), f"seed {seed}"
        assert clone is not None
        assert _log(clone.events) == _log(eager.events)[: len(clone.events)]
        kinds |= {e.kind for e in late.events}
    # the noted kinds all came up (and the ones still emitted at once, interleaved with them)
    noted = {"move", "drift", "sail", "fly", "aboard", "space", "reveal", "tree", "canyon"}
    noted |= {"crocodile", "portal", "attack", "ability", "end-turn"}
    assert noted <= kinds, noted - kinds
    assert kinds - noted, "no event emitted at once came up between the noted ones"


def test_a_noted_move_keeps_the_place_it_started_from_after_the_ship_sails():
    s = GAME.new_state(2, seed=3)
    area, idx = s.ship[1]
    s.pos[0][0] = ("ship", 1)  # aboard seat 1's ship
    origin = s.areas[area].ring[idx]
    s.note(wording.moved, 0, 1, "n", (area, *origin), False)
    s.ship[1] = (area, (idx + 2) % len(s.areas[area].ring))  # the ship sails before the log is read
    (event,) = s.events
    assert event.data["origin"] == wording.cell_name(area, *origin)
    assert event.text == f"seat 0's astronaut 1 steps n from {event.data['origin']}"


def test_a_silenced_state_notes_nothing():
    s = GAME.new_state(2, seed=4)
    s.silence()
    s.note(wording.ended_turn, 0)
    s.emit("pass", "seat 0 cannot move and passes", 0)
    assert s.events == []
