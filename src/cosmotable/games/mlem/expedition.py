"""MLEM's expedition frame: boarding the rocket in the launch phase, the end of an expedition, and
the end of the game with its final scoring (rulebook: launch phase, expedition, end of game,
scoring). Functions of the state, called by moves.py, travel.py and landing.py."""

from __future__ import annotations

from cosmotable.games.mlem.actions import Board
from cosmotable.games.mlem.scoring import all_planet_points
from cosmotable.games.mlem.state import OVER, ROLL, MlemState


def board(s: MlemState, action: Board) -> None:
    seat = s.current_player()
    s.available[seat].remove(action.astronaut)
    s.rocket.append((seat, action.astronaut))
    s.aboard.append(True)
    if not s.silent:
        s.emit("board", f"seat {seat} boards the {action.astronaut}", seat, astronaut=action.astronaut)
    if len(s.rocket) < s.num_players:
        return
    # rulebook (launch phase): the starter becomes the expedition's commander.
    s.commander = 0
    # rulebook (satellite): with one or more satellite engineers aboard, start on space 3.
    if any(a == "satellite" for _, a in s.rocket):
        s.position = s.mat.satellite_space
        s.emit(
            "satellite",
            f"satellite aboard: the rocket starts on space {s.position}",
            space=s.position,
        )
    s.phase = ROLL


def end_expedition(s: MlemState) -> None:
    s.queue = []
    if s.ufo is not None:
        s.ufo.token = None  # rulebook (UFO): a token serves one expedition, then the box
    if s.end_triggered or s.crashes >= s.mat.crash_track_length:
        end_game(s)
        return
    # rulebook (expedition): the starter passes the rocket board to the player on the left.
    s.starter = (s.starter + 1) % s.num_players
    s.expedition += 1
    if not s.silent:  # a search's copy records nothing: no text to build
        s.emit(
            "expedition",
            f"expedition {s.expedition} begins; seat {s.starter} starts",
            expedition=s.expedition,
            starter=s.starter,
        )
    s.begin_expedition()


def end_game(s: MlemState) -> None:
    s.phase = OVER
    # rulebook (scoring): planets are scored at the end, starting nearest the start of the track.
    for seat, points in enumerate(all_planet_points(s.mat.planets, s.planets, s.num_players)):
        s.points[seat]["planets"] = points
    if s.missions is not None:
        # rulebook (secret missions): 1 / 2 / 3 completed missions are worth 2 / 5 / 10.
        for seat in range(s.num_players):
            done = len(s.completed_missions(seat))
            s.points[seat]["missions"] = s.tokens.mission_points[min(done, 3)]
    s.emit(
        "game-over",
        "game over: " + ", ".join(f"seat {seat}: {p}" for seat, p in enumerate(s.scores())),
        scores=s.scores(),
        winners=s.winners(),
    )
