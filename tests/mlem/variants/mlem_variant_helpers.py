"""Scripting helpers for the MLEM variant tests (UFO, Discovery, Secret Missions).

With variants on, set-up chance nodes come before the first launch, so `mlem_helpers.start()`
cannot be used directly. These helpers apply every set-up chance outcome explicitly, as text:

    s = new_variant_game(3, ["ufo", "discovery"], revealed=["d05", ...], expedition_token="x03")
    board_all(s, ["moon_expert", "planet_expert", "deep_space_expert"])   # from mlem_helpers

Named `mlem_variant_helpers` so it cannot be shadowed by any other helper module on sys.path.
"""

from __future__ import annotations

import json

from mlem_helpers import DEFAULT_SEED, GAME

ALL_VARIANTS = ("ufo", "discovery", "secret_missions")
# Five discovery tokens whose spaces (10, 12, 17, 21, 24) the default tests rarely stop on.
QUIET_DISCOVERIES = ("d07", "d13", "d01", "d03", "d06")


def new_variant_game(
    players=3,
    variants=ALL_VARIANTS,
    deals=None,
    returns=None,
    revealed=None,
    expedition_token=None,
    seed=DEFAULT_SEED,
    **options,
):
    """A new game with `variants`, its set-up chance outcomes applied as texts.

    deals: mission ids dealt in order (4 to seat 0, then 4 to seat 1, ...); default s01, s02, ...
    returns: per seat (in seat order) the mission it returns; default the last one dealt to it;
        a shorter list stops in the choice of the next seat.
    revealed: the discovery tokens revealed at set-up; default QUIET_DISCOVERIES. (Not named
        `discoveries`: that is the game option replacing the discovery token set.)
    expedition_token: with UFO, the first expedition's token (None: leave the reveal pending).
    """
    s = GAME.new_state(num_players=players, seed=seed, variants=list(variants), **options)
    if "secret_missions" in variants:
        if deals is None:
            deals = sorted(s.tokens.missions)[: 4 * players]
        for mission in deals:
            assert s.phase == "deal", s.phase
            s.apply(f"deal-mission {mission}")
        if returns is None:
            returns = [s.missions.dealt[seat][-1] for seat in range(players)]
        for mission in returns:
            assert s.phase == "choose", s.phase
            s.apply(f"return-mission {mission}")
        if s.phase == "choose":  # some seats are still to choose: leave it to the caller
            return s
    if "discovery" in variants:
        if revealed is None:
            revealed = QUIET_DISCOVERIES
        for token in revealed:
            assert s.phase == "reveal_discovery", s.phase
            s.apply(f"reveal-discovery {token}")
    if "ufo" in variants:
        assert s.phase == "reveal_expedition", s.phase
        if expedition_token is not None:
            s.apply(f"reveal-expedition {expedition_token}")
    else:
        assert s.phase == "launch", s.phase
    return s


def token_file(kind, tokens=None, **fields):
    """The contents of a token file of `kind` (expedition_tokens, ufo_tokens, discoveries, missions)."""
    fmt = {
        "expedition_tokens": "mlem-expedition-tokens",
        "ufo_tokens": "mlem-ufo-tokens",
        "discoveries": "mlem-discoveries",
        "missions": "mlem-missions",
    }[kind]
    data = {"format": fmt, "version": 1, "source": "test data"}
    if tokens is not None:
        data["mission" if kind == "missions" else "token"] = tokens
    data.update(fields)
    return data


def expedition(id, ufo_move=0, dice=6, ability="keep", extra_dice=None):
    token = {"id": id, "ufo_move": ufo_move, "dice": dice, "ability": ability}
    if extra_dice is not None:
        token["extra_dice"] = list(extra_dice)
    return token


def discovery(id, kind, space, points=None):
    token = {"id": id, "kind": kind, "space": space}
    if points is not None:
        token["points"] = points
    return token


def dumps(data):
    return json.dumps(data, sort_keys=True)


def event_kinds(s, since=0):
    return [e.kind for e in s.events[since:]]


def play_out_by_crashing(s, reveal=None):
    """Crash every expedition until the game ends (boarding the first available astronauts).

    Expedition tokens are revealed from `reveal` (ids, in order) while it lasts, then drawn by the
    state's own seeded chance; missions and discoveries likewise by seeded chance.
    """
    from mlem_helpers import crash, launch_any, stay_all

    reveal = list(reveal or [])
    while not s.is_terminal():
        if s.phase == "reveal_expedition" and reveal:
            s.apply(f"reveal-expedition {reveal.pop(0)}")
        elif s.phase in ("reveal_expedition", "reveal_discovery", "deal"):
            s.sample_chance()
        elif s.phase == "choose":
            s.apply(s.legal_actions()[0])
        elif s.phase == "launch":
            launch_any(s)
        elif s.phase == "roll":
            crash(s)
        elif s.phase == "landing":
            stay_all(s)
        elif s.phase == "travel":
            s.apply("crash" if "crash" in [str(a) for a in s.legal_actions()] else s.legal_actions()[0])
        elif s.phase == "parachute":
            s.apply("return")
    return s


def keys_anywhere(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from keys_anywhere(value)
    elif isinstance(data, list):
        for item in data:
            yield from keys_anywhere(item)


def hidden_from(s, seat):
    """The hidden facts of the seats other than `seat` (None: a spectator), from the true tables:
    [(owner, kind, value)] with kind 'mission' (an id), 'ufo' (points) or 'discovery' (an id)."""
    facts = []
    for owner in range(s.num_players):
        if owner == seat:
            continue
        if s.missions is not None:
            facts += [(owner, "mission", m) for m in s.missions.dealt[owner]]
        if s.ufo is not None:
            facts += [(owner, "ufo", p) for p in s.ufo.taken[owner]]
        if s.discovery is not None:
            facts += [(owner, "discovery", t) for t in s.discovery.taken[owner]]
    return facts


def check_view_hides_what_it_must(s, seat):
    """`s.view(seat)` (None: `public_view`) shows no other seat's hidden data until the end, and all
    of it at the end; it shows the seat its own; it never shows the seed."""
    view = s.public_view() if seat is None else s.view(seat)
    text = dumps(view)
    assert "seed" not in set(keys_anywhere(view))
    assert str(s.seed) not in text
    over = s.is_terminal()
    variant_state = view["variant_state"]
    players = view["players"]
    for owner in range(s.num_players):
        sees = over or owner == seat
        score = players[owner]["score"]
        counts = players[owner]["face_down_tokens"]
        if s.ufo is not None:
            assert counts["ufo"] == len(s.ufo.taken[owner])
            taken = variant_state["ufo"]["taken"]
            if sees:
                assert taken[str(owner)] == s.ufo.taken[owner] and score["ufo"] == s.points[owner]["ufo"]
            else:
                assert str(owner) not in taken and "ufo" not in score
        if s.discovery is not None:
            assert counts["discoveries"] == len(s.discovery.taken[owner])
            taken = variant_state["discovery"]["taken"]
            if sees:
                points = [s.tokens.discoveries[t].points for t in s.discovery.taken[owner]]
                assert taken[str(owner)] == points and score["discoveries"] == s.points[owner]["discoveries"]
            else:
                assert str(owner) not in taken and "discoveries" not in score
                for token in s.discovery.taken[owner]:
                    assert f'"{token}"' not in text
        if s.missions is not None:
            hands = variant_state["missions"]["hands"]
            assert variant_state["missions"]["dealt"][owner] == len(s.missions.dealt[owner])
            if sees:
                assert [m["id"] for m in hands[str(owner)]["dealt"]] == s.missions.dealt[owner]
                assert hands[str(owner)]["returned"] == s.missions.returned[owner]
            else:
                assert str(owner) not in hands and "missions" not in score
                for mission in s.missions.dealt[owner]:
                    assert f'"{mission}"' not in text and f"{mission}:" not in text
    assert view["scores"] == [sum(p["score"].values()) for p in players]
    return view


def check_events_hide_what_they_must(s, seat):
    """Events `seat` may see (None: a spectator) name no other seat's missions or UFO points."""
    if s.is_terminal():
        return
    for event in s.events_for(seat):
        text = dumps(event.to_json())
        if event.visible_to is not None:
            assert seat in event.visible_to
        for owner, kind, value in hidden_from(s, seat):
            if kind == "mission":
                assert value not in text, (event, owner)
        if event.kind == "ufo-token":
            assert event.seat == seat
