"""Kosmodrom's shortcuts decide exactly what the plain engine decides: a draw from the deck picked
without the outcome list (`KosmodromState.pick_chance`) against `State.pick_chance` walking
`chance_outcomes()`, at every chance node of random games, for draws spread over [0, 1) and its ends;
and the plays offered in step 4 (`plays.candidates` narrowed to where a card kind can go) against the
rule tried on every target."""

import random
from collections import Counter

from kosmodrom_helpers import GAME

from cosmotable.engine import State
from cosmotable.games.kosmodrom.actions import Play
from cosmotable.games.kosmodrom.cards import ZONES
from cosmotable.games.kosmodrom.phases import PLAY
from cosmotable.games.kosmodrom.plays import play_problem


def test_deck_draws_picked_without_the_outcome_list_match_the_engines_walk():
    draws = 0
    for index in range(4):
        s = GAME.new_state(num_players=2 + index % 3, seed=900 + index, variants=["quick"] if index else [])
        rng = random.Random(index)
        while not s.is_terminal() and len(s.history) < 3000:
            if s.is_chance_node():
                for r in [0.0, 0.999999999, *(rng.random() for _ in range(8))]:
                    assert s.pick_chance(r) == State.pick_chance(s, r), f"game {index}, step {len(s.history)}"
                draws += 1
                s.sample_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert draws > 200


def _every_target(s) -> list[str]:
    """Every target any card could name at this table: no rocket, seat, zone or card left out."""
    seats = range(s.num_players)
    rockets = list(s.rockets)
    return [
        "",
        *rockets,
        *ZONES,
        *(f"{r} {part}" for r in rockets for part in ("metal", "fuel")),
        *(f"{seat}:{zone}" for seat in seats for zone in ZONES),
        *(str(seat) for seat in seats),
        *(f"{a},{b}" for a in seats for b in seats if a < b),
        *s.cards.cards,
    ]


def test_the_plays_offered_are_every_card_and_target_the_rule_allows():
    """`plays.candidates` lists only the places a card kind can go at all; checked against
    `play_problem` over every target at every step-4 decision of random games."""
    plays_seen: Counter[str] = Counter()
    decisions = 0
    for index in range(6):
        variants = [["quick"], [], ["negotiation"], ["superpowers"], ["slow"], ["quick"]][index]
        s = GAME.new_state(num_players=2 + index % 3, seed=700 + index, variants=variants)
        rng = random.Random(index)
        while not s.is_terminal() and len(s.history) < 2500:
            if s.is_chance_node():
                s.sample_chance()
                continue
            legal = s.legal_actions()
            if s.phase == PLAY:
                seat = s.current_player()
                hand = s.hands[seat]
                allowed = {
                    (card, target)
                    for card in hand
                    if hand[card] > 0
                    for target in _every_target(s)
                    if play_problem(s, seat, card, target) is None
                }
                offered = {(a.card, a.target) for a in legal if isinstance(a, Play)}
                assert offered == allowed, f"game {index}, step {len(s.history)}"
                plays_seen.update(s.cards.cards[card].type for card, _ in offered)
                decisions += 1
            s.apply(rng.choice(legal))
    assert decisions > 300
    # the narrowed kinds were met with something to play
    assert {"component", "advantage", "expert", "action"} <= set(plays_seen), plays_seen
