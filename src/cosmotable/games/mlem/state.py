"""MLEM: Space Agency rules as an engine State.

An expedition is a launch phase, then travel phases (a chance roll, then the commander's choice of
dice groups) each followed by a landing phase, until everyone has left the rocket or it crashes.
Comments cite the rulebook section each rule comes from (uk/nl/pl editions agree unless noted).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from itertools import combinations
from typing import Any, Self

from cosmotable.engine.core import CHANCE, TERMINAL, Action, GameConfig, State
from cosmotable.games.mlem.actions import (
    Board,
    Crash,
    DealMission,
    Land,
    Reroll,
    Return,
    ReturnMission,
    RevealDiscovery,
    RevealExpedition,
    Roll,
    Stay,
    Travel,
)
from cosmotable.games.mlem.board import ABILITIES, AFTERBURNER, Goal, Mat, Space
from cosmotable.games.mlem.dice import roll_distribution
from cosmotable.games.mlem.scoring import all_planet_points, meets_goal
from cosmotable.games.mlem.tokens import ExpeditionToken, TokenSets
from cosmotable.games.mlem.variants import (
    DISCOVERIES_ON_MAT,
    MISSIONS_DEALT,
    WORMHOLE_STEPS,
    new_tables,
)

LAUNCH, ROLL, TRAVEL, LANDING, PARACHUTE, OVER = (
    "launch",
    "roll",
    "travel",
    "landing",
    "parachute",
    "over",
)
# Variant phases: chance reveals and deals, and the secret-mission choice.
DEAL, CHOOSE, REVEAL_DISCOVERY, REVEAL_EXPEDITION = "deal", "choose", "reveal_discovery", "reveal_expedition"
CHANCE_PHASES = frozenset({ROLL, DEAL, REVEAL_DISCOVERY, REVEAL_EXPEDITION})
SCORE_PARTS = ("moons", "deep_space", "goals", "planets")
# Each variant adds one score part: variant -> part
VARIANT_PARTS = {"ufo": "ufo", "discovery": "discoveries", "secret_missions": "missions"}
# The goal kinds (board.GOAL_KINDS) whose condition a landing on each kind of place can change.
GOALS_BY_PLACE = {
    "moon": frozenset({"moons"}),
    "planet": frozenset({"different_planets", "one_planet"}),
    "deep": frozenset({"deep_space"}),
}
# Score parts hidden from the other players until the end (face-down tokens, secret missions).
HIDDEN_PARTS = ("ufo", "discoveries", "missions")


@cache
def _roll_outcomes(die_faces: tuple[str, ...], k: int) -> tuple[tuple[Roll, float], ...]:
    return tuple((Roll(faces), float(p)) for faces, p in roll_distribution(die_faces, k))


@cache
def _roll_set(die_faces: tuple[str, ...], k: int) -> frozenset[Roll]:
    return frozenset(roll for roll, _ in _roll_outcomes(die_faces, k))


@cache
def _roll_table(die_faces: tuple[str, ...], k: int) -> tuple[tuple[Roll, ...], tuple[float, ...]]:
    """The rolls of `k` dice in `_roll_outcomes` order and their cumulative probabilities, for
    `pick_chance` to bisect instead of walking up to 210 outcomes at every roll."""
    rolls, cumulative, total = [], [], 0.0
    for roll, p in _roll_outcomes(die_faces, k):
        total += p
        rolls.append(roll)
        cumulative.append(total)
    return tuple(rolls), tuple(cumulative)


@cache
def _subsets(items: tuple) -> tuple[tuple, ...]:
    return tuple(combo for size in range(len(items) + 1) for combo in combinations(items, size))


# Actions are frozen values: the rules hand out one shared object per distinct action instead of
# building new ones at every step (legal actions are listed at nearly every step of a rollout).
_BOARD = {a: Board(a) for a in ABILITIES}
_STAY, _RETURN, _CRASH = Stay(), Return(), Crash()


@cache
def _land_option(place: str, shift: int, planet: str | None = None) -> Land:
    return Land(place, shift, planet)


#: Per rocket position and navigator shift: the moons linked to the space landed on and the
#: `land moon` action, then the other landings there (planets, or deep space); None: nowhere to land.
LandingSpots = dict[tuple[int, int], tuple[tuple[str, ...], Land | None, tuple[Land, ...]]]


#: id(mat) -> (the mat, its landing spots). Mats are made once per board (cached by the game), so
#: this holds a handful; the mat is kept with its entry so that its id cannot be reused meanwhile.
_SPOTS_BY_MAT: dict[int, tuple[Mat, LandingSpots]] = {}


def landing_spots(mat: Mat) -> LandingSpots:
    """Where an astronaut can land from each position with each shift, read once per mat
    (`landing_options` then only checks which moons are free)."""
    entry = _SPOTS_BY_MAT.get(id(mat))
    if entry is not None and entry[0] is mat:
        return entry[1]
    if len(_SPOTS_BY_MAT) >= 64:
        _SPOTS_BY_MAT.clear()
    spots: LandingSpots = {}
    for position in range(mat.first_landing_space, mat.deep_space + 1):
        for shift in (-1, 0, 1):
            number = position + shift
            if number == mat.deep_space:
                spots[position, shift] = ((), None, (_land_option("deep", shift),))
            elif mat.first_landing_space <= number <= mat.last_space:
                space = mat.space(number)
                named = len(space.planets) > 1
                planets = tuple(_land_option("planet", shift, p if named else None) for p in space.planets)
                moon = _land_option("moon", shift) if space.moons else None
                spots[position, shift] = (space.moons, moon, planets)
    _SPOTS_BY_MAT[id(mat)] = (mat, spots)
    return spots


@cache
def _usable_groups(roll: tuple[str, ...], accepted: frozenset[str]) -> tuple[str, ...]:
    return tuple(f for f in dict.fromkeys(roll) if f in accepted)


@cache
def _plain_travels(groups: tuple[str, ...], helpers: tuple[int, ...]) -> tuple[Travel, ...]:
    """Every travel with one or more of these groups and helpers (no expedition token used)."""
    return tuple(_travel_option(g, h) for g in _subsets(groups) for h in _subsets(helpers) if g or h)


@cache
def _travel_option(groups: tuple, helpers: tuple, extra: bool = False, keep: bool = False) -> Travel:
    return Travel(groups, helpers, extra, keep)


class MlemState(State):
    """The whole table: mat, rocket board, dice, crash track and every astronaut."""

    def __init__(
        self, game, config: GameConfig, seed: int, mat: Mat, goals: tuple[Goal, ...], tokens: TokenSets
    ):
        super().__init__(game, config, seed)
        self.mat = mat
        self.spots = landing_spots(mat)
        self.goals = goals
        self.tokens = tokens
        n = config.num_players
        self.num_players = n
        # rulebook (set-up): each player takes the 8 astronauts of one colour.
        self.available: list[list[str]] = [list(ABILITIES) for _ in range(n)]
        self.placed = [0] * n
        parts = SCORE_PARTS + tuple(p for v, p in VARIANT_PARTS.items() if config.has(v))
        self.points = [dict.fromkeys(parts, 0) for _ in range(n)]
        self.moons: dict[str, tuple[int, str]] = {}
        self.planets: dict[str, list[tuple[int, list[str]]]] = {p: [] for p in mat.planets}
        self.deep_space: list[tuple[int, str, str, int]] = []  # seat, astronaut, comet|galaxy, points
        self.goal_owner: dict[str, int] = {}
        # Goals met by a parachute landing, in the order they were met: taken at the start of the
        # next landing phase (Ruling R7). (goal id, seat)
        self.goals_due: list[tuple[str, int]] = []
        # rulebook (set-up): the crash token starts on the first field of the crash track.
        self.crashes = 0
        self.end_triggered = False
        # Ruling R1: seat 0 starts the first expedition (the app seats players in random order).
        self.starter = 0
        self.expedition = 1
        self.ufo, self.discovery, self.missions = new_tables(config.variants, tokens, n, mat.ufo_start_space)
        # What a discovery reveal continues with: the set-up, or the end of a travel phase.
        self.reveal_during_travel = False
        self._reset_expedition()
        self._next_setup_step()

    @property
    def has_hidden_information(self) -> bool:  # type: ignore[override]
        # The base game hides nothing; the variants add face-down tokens and secret missions.
        return bool(self.config.variants)

    def _next_setup_step(self) -> None:
        """Variant set-up, one chance node or decision at a time, then the first expedition."""
        hands = self.missions
        if hands is not None:
            # rulebook (secret missions): shuffle and deal each player 4 tokens ...
            if any(len(d) < MISSIONS_DEALT for d in hands.dealt) and hands.pool:
                self.phase = DEAL
                return
            # ... each keeps 3 and returns the other to the box, hidden from the others.
            if None in hands.returned:
                self.phase = CHOOSE
                return
        table = self.discovery
        if table is not None and len(table.on_mat) < DISCOVERIES_ON_MAT and table.pool:
            # rulebook (discovery): reveal five tokens onto their spaces of the mat.
            self.phase = REVEAL_DISCOVERY
            return
        self._begin_expedition()

    def _begin_expedition(self) -> None:
        self._reset_expedition()
        if self.ufo is not None and self.ufo.pool:
            # rulebook (UFO): at the start of each expedition the commander reveals the top
            # expedition token. Ruling R15: once all 14 are used, expeditions have none.
            self.phase = REVEAL_EXPEDITION

    def _reset_expedition(self) -> None:
        self.phase = LAUNCH
        self.rocket: list[tuple[int, str]] = []  # rocket-board slots, top to bottom: (seat, astronaut)
        self.aboard: list[bool] = []
        self.commander: int | None = None  # slot index of the commander
        # rulebook (launch phase): the rocket is placed on space 0.
        self.position = 0
        self.dice = self.mat.dice_count
        self.roll: tuple[str, ...] | None = None
        self.helpers_used: set[int] = set()  # seats whose helper token is flipped this expedition
        self.queue: list[int] = []  # slots still to decide in a landing or parachute phase

    # ------------------------------------------------------------------ engine API
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase == CHOOSE:
            assert self.missions is not None
            return self.missions.returned.index(None)
        if self.phase == LAUNCH:
            # rulebook (launch phase): the starter boards first, then the others clockwise.
            return (self.starter + len(self.rocket)) % self.num_players
        if self.phase == TRAVEL:
            assert self.commander is not None
            return self.rocket[self.commander][0]
        return self.rocket[self.queue[0]][0]

    # The same answers as the engine's (from current_player), read straight from the phase: these
    # two are asked at every step of every rollout.
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == ROLL:
            # rulebook (travel, step 1): the commander rolls all available dice.
            return list(_roll_outcomes(self.mat.die_faces, self.dice))
        # A shuffled face-down stack: every token left is equally likely to come next.
        make: type[DealMission | RevealDiscovery | RevealExpedition]
        if self.phase == DEAL:
            assert self.missions is not None
            pool, make = self.missions.pool, DealMission
        elif self.phase == REVEAL_DISCOVERY:
            assert self.discovery is not None
            pool, make = self.discovery.pool, RevealDiscovery
        elif self.phase == REVEAL_EXPEDITION:
            assert self.ufo is not None
            pool, make = self.ufo.pool, RevealExpedition
        else:
            return []
        return [(make(token), 1 / len(pool)) for token in pool]

    def normalize(self, action: Action) -> Action:
        # `land planet azur` where Azur is the only planet is the same move as `land planet`.
        if isinstance(action, Land) and action.planet and self.queue:
            number = self.position + action.shift
            if 0 <= number <= self.mat.last_space and self.mat.space(number).planets == (action.planet,):
                return Land(action.place, action.shift, None)
        return action

    def pick_chance(self, r: float) -> Action:
        if self.phase != ROLL:
            return super().pick_chance(r)
        # The roll whose cumulative probability first exceeds r, as the engine's walk picks it; the
        # sums are added in the walk's order, so only an r within a rounding error of a boundary
        # could be told apart.
        rolls, cumulative = _roll_table(self.mat.die_faces, self.dice)
        return rolls[min(bisect_right(cumulative, r), len(rolls) - 1)]

    def is_legal(self, action: Action) -> bool:
        if self.phase == ROLL:
            return isinstance(action, Roll) and action in _roll_set(self.mat.die_faces, self.dice)
        return super().is_legal(action)

    def _legal_actions(self) -> list[Action]:
        if self.phase == LAUNCH:
            seat = self.current_player()
            # rulebook (launch phase): each player boards one of their available astronauts.
            return [_BOARD[a] for a in self.available[seat]]
        if self.phase == TRAVEL:
            return self.travel_options()
        if self.phase == LANDING:
            return [_STAY, *self.landing_options(self.queue[0])]
        if self.phase == PARACHUTE:
            return [*self.landing_options(self.queue[0], shifts=(0,)), _RETURN]
        if self.phase == CHOOSE:
            assert self.missions is not None
            seat = self.current_player()
            return [ReturnMission(m) for m in self.missions.dealt[seat]]
        return []

    def _apply(self, action: Action) -> None:
        if isinstance(action, Board):
            self._board(action)
        elif isinstance(action, Roll):
            self._rolled(action.faces)
        elif isinstance(action, Travel):
            self._travel(action)
        elif isinstance(action, Crash):
            self._crash()
        elif isinstance(action, Stay):
            self.queue.pop(0)
            self._continue_landing()
        elif isinstance(action, Land):
            slot = self.queue.pop(0)
            self._land(slot, action)
            if self.phase == PARACHUTE:
                self._continue_parachutes()
            else:
                self._continue_landing()
        elif isinstance(action, Return):
            self.queue.pop(0)
            self._continue_parachutes()
        elif isinstance(action, Reroll):
            self._reroll()
        else:
            self._apply_variant_setup(action)

    def _apply_variant_setup(self, action: Action) -> None:
        if isinstance(action, DealMission):
            assert self.missions is not None
            seat = next(s for s, d in enumerate(self.missions.dealt) if len(d) < MISSIONS_DEALT)
            self.missions.pool.remove(action.mission)
            self.missions.dealt[seat].append(action.mission)
            self.emit("deal", f"seat {seat} is dealt a secret mission", seat, visible_to=None)
            self.emit(
                "mission",
                f"you are dealt mission {self._mission_text(action.mission)}",
                seat,
                visible_to=[seat],
                mission=action.mission,
            )
            self._next_setup_step()
        elif isinstance(action, ReturnMission):
            assert self.missions is not None
            seat = self.current_player()
            self.missions.returned[seat] = action.mission
            self.emit("choose", f"seat {seat} keeps 3 secret missions", seat, kept=MISSIONS_DEALT - 1)
            self._next_setup_step()
        elif isinstance(action, RevealDiscovery):
            assert self.discovery is not None
            token = self.tokens.discoveries[action.token]
            self.discovery.pool.remove(token.id)
            self.discovery.on_mat[token.space] = token.id
            self.emit(
                "discovery",
                f"discovery token ({token.describe()}) turned face up on space {token.space}",
                token=token.id,
                space=token.space,
            )
            if self.reveal_during_travel:
                self._end_travel_phase()
            else:
                self._next_setup_step()
        elif isinstance(action, RevealExpedition):
            self._reveal_expedition(action.token)

    def _mission_text(self, mission_id: str) -> str:
        mission = self.tokens.missions[mission_id]
        spaces = ",".join(map(str, mission.spaces))
        if mission.kind == "planet":
            return f"{mission_id}: planet {self.mat.planets[mission.target].name} (space {spaces})"
        return f"{mission_id}: the {self.mat.moons[mission.target].points}-point moon at space {spaces}"

    def _reveal_expedition(self, token_id: str) -> None:
        assert self.ufo is not None
        token = self.tokens.expedition[token_id]
        self.ufo.pool.remove(token_id)
        self.ufo.token, self.ufo.spent = token_id, False
        # rulebook (UFO): move the UFO 0-3 spaces towards the start (from deep space, its start,
        # one space lands it on the last numbered space) ...
        self.ufo.position = max(0, self.ufo.position - token.ufo_move)
        # ... and the commander starts with 4, 5 or 6 dice, setting the rest aside.
        self.dice = token.dice
        deep = self.ufo.position >= self.mat.deep_space
        where = "stays in deep space" if deep else f"moves to space {self.ufo.position}"
        self.emit(
            "expedition-token",
            f"expedition token: {token.describe()}; the UFO {where}",
            token=token_id,
            ufo=self.ufo.position,
            in_deep_space=deep,
        )
        self.phase = LAUNCH

    def active_token(self) -> ExpeditionToken | None:
        """This expedition's token while its extra ability is unused (rulebook: once, by the
        commander or a successor)."""
        if self.ufo is None or self.ufo.token is None or self.ufo.spent:
            return None
        return self.tokens.expedition[self.ufo.token]

    def extra_dice_here(self) -> tuple[str, ...]:
        """The unused extra dice of the token that this space accepts (all must be used)."""
        token = self.active_token()
        if token is None or token.ability != "extra":
            return ()
        return tuple(f for f in token.extra_dice if self.space.accepts(f))

    def _reroll(self) -> None:
        assert self.ufo is not None
        # rulebook (UFO, reroll): roll all available dice again, once; the new result must be used.
        self.ufo.spent = True
        self.roll = None
        self.emit(
            "reroll", "the commander rerolls all the dice (expedition token)", self.current_commander_seat()
        )
        self.phase = ROLL

    # ------------------------------------------------------------------ launch
    def _board(self, action: Board) -> None:
        seat = self.current_player()
        self.available[seat].remove(action.astronaut)
        self.rocket.append((seat, action.astronaut))
        self.aboard.append(True)
        if not self.silent:
            self.emit("board", f"seat {seat} boards the {action.astronaut}", seat, astronaut=action.astronaut)
        if len(self.rocket) < self.num_players:
            return
        # rulebook (launch phase): the starter becomes the expedition's commander.
        self.commander = 0
        # rulebook (satellite): with one or more satellite engineers aboard, start on space 3.
        if any(a == "satellite" for _, a in self.rocket):
            self.position = self.mat.satellite_space
            self.emit(
                "satellite",
                f"satellite aboard: the rocket starts on space {self.position}",
                space=self.position,
            )
        self.phase = ROLL

    # ------------------------------------------------------------------ travel
    def usable_groups(self) -> tuple[str, ...]:
        """Faces in the current roll that the rocket's space accepts (rulebook: travel, step 1)."""
        assert self.roll is not None
        return _usable_groups(self.roll, self.mat.spaces[self.position].faces)

    def usable_helpers(self) -> tuple[int, ...]:
        """Seats whose unflipped helper astronaut is aboard, where the space accepts a 1.

        rulebook (helper): usable once per expedition while aboard, only beside a '1' symbol.
        """
        if not self.space.accepts("1"):
            return ()
        # Sorted by seat: Travel.helpers is sorted by seat when parsed, so legal actions must be too.
        return tuple(
            sorted(
                seat
                for slot, (seat, astronaut) in enumerate(self.rocket)
                if astronaut == "helper" and self.aboard[slot] and seat not in self.helpers_used
            )
        )

    def travel_options(self) -> list[Action]:
        # rulebook (travel, step 2): choose one or more whole groups; helpers come on top of them.
        groups, helpers = self.usable_groups(), self.usable_helpers()
        group_sets, helper_sets = _subsets(groups), _subsets(helpers)
        options: list[Action] = list(_plain_travels(groups, helpers))
        token = self.active_token()
        if token is not None:
            if token.ability == "extra" and self.extra_dice_here():
                # rulebook (UFO, extra dice): usable whatever was rolled; all matching extra dice.
                options += [_travel_option(g, h, extra=True) for g in group_sets for h in helper_sets]
            elif token.ability == "keep":
                # rulebook (UFO, keep dice): the dice used in this travel phase are not set aside.
                # Offered with any travel, even one that would set nothing aside (Ruling R16): the
                # text sets no condition, and using the token up keeps it from the next commander.
                options += [
                    _travel_option(g, h, keep=True) for g in group_sets for h in helper_sets if g or h
                ]
            elif token.ability == "reroll":
                options.append(Reroll())
        if not groups:
            # rulebook (helper, extra dice): using them saves a crash - a choice, so declining is one too.
            options.append(_CRASH)
        return options

    @property
    def space(self) -> Space:
        return self.mat.space(self.position)

    def _rolled(self, faces: tuple[str, ...]) -> None:
        self.roll = faces
        if not self.silent:  # a search's copy records no events: skip building the text
            seat = self.current_commander_seat()
            self.emit("roll", f"commander (seat {seat}) rolls {','.join(faces)}", seat, faces=list(faces))
        self.phase = TRAVEL
        options = self.travel_options()
        if len(options) == 1 and options[0] is _CRASH:
            # rulebook (crash): no rolled die matches the rocket's space, and nothing saves it.
            self._crash()
        else:
            self._legal_cache = options  # the commander's choices, computed once

    def current_commander_seat(self) -> int | None:
        return None if self.commander is None else self.rocket[self.commander][0]

    def travel_steps(self, action: Travel) -> int:
        """Spaces the rocket moves for this choice of the current roll."""
        assert self.roll is not None
        space = self.space
        # rulebook (travel, step 2): move the sum of the chosen dice; the afterburner is worth the
        # value printed at the rocket's space. A helper counts as a die showing 1.
        steps = sum(space.value(f) for f in self.roll if f in action.groups) + len(action.helpers)
        if action.extra:
            steps += sum(space.value(f) for f in self.extra_dice_here())
        return steps

    def _travel(self, action: Travel) -> None:
        assert self.roll is not None
        used = [f for f in self.roll if f in action.groups]
        steps = self.travel_steps(action)
        if action.extra or action.keep:
            assert self.ufo is not None
            self.ufo.spent = True  # rulebook (UFO): the extra ability is used once
        self.helpers_used.update(action.helpers)
        if not action.keep:
            # rulebook (travel, step 3): used dice are set aside, except afterburners, which stay.
            self.dice -= sum(1 for f in used if f != AFTERBURNER)
        # rulebook (travel, step 3): the commander always keeps at least one die.
        self.dice = max(self.dice, 1)
        start = self.position
        self.position = min(self.position + steps, self.mat.deep_space)
        self.roll = None
        if not self.silent:  # a search's copy records no events: skip building the text
            self.emit(
                "travel",
                f"{action}: the rocket moves {steps} from space {start} to {self.place_name(self.position)}",
                self.current_commander_seat(),
                steps=steps,
                start=start,
                end=self.position,
                dice_left=self.dice,
            )
        self._end_travel_phase()

    def _end_travel_phase(self) -> None:
        """What happens where a travel phase ends: discoveries, then UFO contact, then landing."""
        self.reveal_during_travel = False
        table = self.discovery
        while table is not None and self.position in table.on_mat:
            # rulebook (discovery): a travel phase that ends on a token activates it at once.
            self._activate_discovery(table.on_mat.pop(self.position))
            if table.pool:
                # rulebook (discovery): a new token is revealed so five stay on the mat.
                self.reveal_during_travel = True
                self.phase = REVEAL_DISCOVERY
                return
        ufo = self.ufo
        if ufo is not None and self.position == ufo.position and ufo.stack:
            # rulebook (UFO contact): the commander takes the top UFO token, face down. This holds
            # in deep space too, where the UFO starts (Ruling R24): the commander at arrival takes
            # it before everyone leaves the rocket.
            seat = self.current_commander_seat()
            assert seat is not None
            points = ufo.stack.pop(0)
            ufo.taken[seat].append(points)
            self.points[seat]["ufo"] += points
            self.emit("ufo-contact", f"UFO contact! seat {seat} takes a UFO token (face down)", seat)
            self.emit(
                "ufo-token", f"your UFO token is worth {points}", seat, visible_to=[seat], points=points
            )
        self._start_landing()

    def _activate_discovery(self, token_id: str) -> None:
        assert self.discovery is not None
        token = self.tokens.discoveries[token_id]
        seat = self.current_commander_seat()
        assert seat is not None
        if token.kind == "points":
            # rulebook (discovery, points): the commander keeps it face down; it counts at the end.
            self.discovery.taken[seat].append(token_id)
            self.points[seat]["discoveries"] += token.points
            self.emit(
                "discovery",
                f"seat {seat} takes the discovery token on space {token.space} (face down)",
                seat,
                effect="points",
                space=token.space,
            )
            self.emit(
                "discovery-points",
                f"your discovery token is worth {token.points}",
                seat,
                visible_to=[seat],
                points=token.points,
            )
        elif token.kind == "die_return":
            # rulebook (discovery, die): after setting the used dice aside, take one back; with all
            # dice in hand the token is discarded without effect.
            before, self.dice = self.dice, min(self.dice + 1, self.mat.dice_count)
            effect = (
                "takes back a set-aside die" if self.dice > before else "already holds every die: no effect"
            )
            self.emit(
                "discovery",
                f"die return on space {token.space}: the commander {effect} ({self.dice} dice)",
                seat,
                effect="die_return",
                space=token.space,
                returned=self.dice > before,
                dice=self.dice,
            )
        else:
            # rulebook (discovery, wormhole): move 4 spaces at once, then the travel phase ends
            # (and a token there is activated too).
            start = self.position
            self.position = min(self.position + WORMHOLE_STEPS, self.mat.deep_space)
            self.emit(
                "discovery",
                f"wormhole! the rocket jumps from space {start} to {self.place_name(self.position)}",
                seat,
                effect="wormhole",
                space=start,
                start=start,
                end=self.position,
            )

    def place_name(self, position: int) -> str:
        return "deep space" if position >= self.mat.deep_space else f"space {position}"

    # ------------------------------------------------------------------ crash
    def _crash(self) -> None:
        self.roll = None
        # rulebook (crash): the commander moves the crash token one field along the crash track.
        self.crashes += 1
        self.emit(
            "crash",
            f"the rocket crashes on space {self.position} (crash {self.crashes}/{self.mat.crash_track_length})",
            self.current_commander_seat(),
            position=self.position,
            crashes=self.crashes,
        )
        # rulebook (parachutist): any parachutist aboard may still land at the crash space.
        self.phase = PARACHUTE
        self.queue = [
            slot for slot, (_, a) in enumerate(self.rocket) if a == "parachutist" and self.aboard[slot]
        ]
        self._continue_parachutes()

    def _continue_parachutes(self) -> None:
        # A parachutist with nowhere to land goes home without a decision (Ruling R5).
        while self.queue and not self.landing_options(self.queue[0], shifts=(0,)):
            self.queue.pop(0)
        if self.queue:
            return
        # rulebook (crash): everyone still on the rocket board goes back to their owner.
        for slot, (seat, astronaut) in enumerate(self.rocket):
            if self.aboard[slot]:
                self.aboard[slot] = False
                self._return_home(seat, astronaut)
        self._end_expedition()

    def _return_home(self, seat: int, astronaut: str) -> None:
        self.available[seat].append(astronaut)
        self.available[seat].sort(key=ABILITIES.index)

    # ------------------------------------------------------------------ landing
    def _start_landing(self) -> None:
        if self.position < self.mat.first_landing_space:
            # rulebook (landing phase): spaces 0-5 have nothing to land on; skip the phase.
            self.phase = ROLL
            return
        self._take_goals_due()
        if self.position >= self.mat.deep_space:
            self._arrive_in_deep_space()
            return
        # rulebook (landing phase): the commander decides first, then the others in rocket-board
        # order, top to bottom. The commander is always the topmost astronaut still aboard.
        self.phase = LANDING
        self.queue = [slot for slot in range(len(self.rocket)) if self.aboard[slot]]
        self._continue_landing()

    def _continue_landing(self) -> None:
        # An astronaut whose only option is to stay is not asked (Ruling R4).
        while self.queue and not self.landing_options(self.queue[0]):
            self.queue.pop(0)
        if self.queue:
            return
        if any(self.aboard):
            self.phase = ROLL
        else:
            # rulebook (end of expedition): everyone has left the rocket.
            self._end_expedition()

    def landing_options(self, slot: int, shifts: tuple[int, ...] | None = None) -> list[Land]:
        """Where the astronaut in `slot` may land now (empty: it can only stay)."""
        _, astronaut = self.rocket[slot]
        if shifts is None:
            # rulebook (navigator): it may land as if the rocket were one space higher or lower.
            shifts = (0, -1, 1) if astronaut == "navigator" else (0,)
        # rulebook (landing phase / parachutist): nothing to land on at spaces 0-5 (no spots there).
        position, spots, moons = self.position, self.spots, self.moons
        options: list[Land] = []
        for shift in shifts:
            spot = spots.get((position, shift))
            if spot is None:
                continue
            linked, land_moon, others = spot
            # rulebook (moons): one astronaut per moon; if all are taken no one can land there.
            if land_moon is not None:
                for m in linked:
                    if m not in moons:
                        options.append(land_moon)
                        break
            options += others
        return options

    def _land(self, slot: int, action: Land) -> None:
        seat, astronaut = self.rocket[slot]
        number = self.position + action.shift
        self.aboard[slot] = False
        if action.place == "deep":
            # rulebook (navigator): from space 25 into deep space scores only 5 points.
            self._place_in_deep_space(seat, astronaut, "galaxy", self.mat.galaxy_points)
        elif action.place == "moon":
            space = self.mat.space(number)
            moon_id = next(m for m in space.moons if m not in self.moons)
            self.moons[moon_id] = (seat, astronaut)
            points = self.mat.moons[moon_id].points
            # rulebook (moon expert): doubles the points of the moon it lands on.
            if astronaut == "moon_expert":
                points *= 2
            # rulebook (moons): the points are scored at once.
            self.points[seat]["moons"] += points
            self._placed(
                seat,
                f"lands the {astronaut} on a {self.mat.moons[moon_id].points}-point moon at space {number} (+{points})",
                astronaut=astronaut,
                place="moon",
                space=number,
                moon=moon_id,
                points=points,
                shift=action.shift,
                parachute=self.phase == PARACHUTE,
            )
        else:
            planet_id = action.planet or self.mat.space(number).planets[0]
            rows = self.planets[planet_id]
            for row_seat, astronauts in rows:
                if row_seat == seat:
                    astronauts.append(astronaut)
                    break
            else:
                # rulebook (planets): a colour's first astronaut starts a new row at the bottom.
                rows.append((seat, [astronaut]))
            name = self.mat.planets[planet_id].name
            self._placed(
                seat,
                f"lands the {astronaut} on planet {name} (scored at the end)",
                astronaut=astronaut,
                place="planet",
                space=number,
                planet=planet_id,
                shift=action.shift,
                parachute=self.phase == PARACHUTE,
            )
        self._after_leaving(slot, astronaut)

    def _after_leaving(self, slot: int, astronaut: str) -> None:
        if astronaut == "die_discarder":
            # rulebook (die discarder): the current commander sets one die aside; the last stays.
            self.dice = max(self.dice - 1, 1)
            self.emit("discard", f"the commander sets a die aside ({self.dice} left)", dice=self.dice)
        if slot == self.commander:
            # rulebook (change of commander): the next astronaut on the rocket board takes over
            # the unused dice; the rocket board itself stays with the starter.
            self.commander = next((s for s in range(len(self.rocket)) if self.aboard[s]), None)
            if self.commander is not None:
                self.emit(
                    "commander",
                    f"seat {self.rocket[self.commander][0]} is the new commander",
                    commander=self.rocket[self.commander][0],
                )

    def _arrive_in_deep_space(self) -> None:
        # rulebook (deep space): everyone must leave the rocket; the commander goes to the comet,
        # the others to the galaxy; rulebook (deep-space expert): its points are doubled.
        for slot, (seat, astronaut) in enumerate(self.rocket):
            if not self.aboard[slot]:
                continue
            comet = slot == self.commander
            where = "comet" if comet else "galaxy"
            points = self.mat.comet_points if comet else self.mat.galaxy_points
            if astronaut == "deep_space_expert":
                points *= 2
            self.aboard[slot] = False
            self._place_in_deep_space(seat, astronaut, where, points)
        self.commander = None
        self._end_expedition()

    def _place_in_deep_space(self, seat: int, astronaut: str, where: str, points: int) -> None:
        self.deep_space.append((seat, astronaut, where, points))
        self.points[seat]["deep_space"] += points
        self._placed(
            seat,
            f"sends the {astronaut} to the {where} in deep space (+{points})",
            astronaut=astronaut,
            place="deep",
            where=where,
            points=points,
        )

    def _placed(self, seat: int, text: str, **data: Any) -> None:
        self.placed[seat] += 1
        # The structured data lets a UI tell the landing in its own words.
        if not self.silent:
            self.emit("land", f"seat {seat} {text}", seat, **data)
        self._check_goals(seat, data["place"])
        # rulebook (end of game): a player with all 8 astronauts on the mat ends the game once
        # the current expedition is over.
        if self.placed[seat] == len(ABILITIES) and not self.end_triggered:
            self.end_triggered = True
            self.emit(
                "end-triggered",
                f"seat {seat} has all astronauts on the mat: last expedition",
                seat,
                placed=self.placed[seat],
            )

    def _check_goals(self, seat: int, place: str) -> None:
        # rulebook (goals): the first player to meet a tile's condition «during the landing phase»
        # takes it; no one else can. Checked after every landing, so within one phase the earlier
        # lander wins (Ruling R7). Astronauts never leave the mat, so a condition the seat did not
        # meet at its last landing can only be met now through the kind of place it landed on.
        kinds = GOALS_BY_PLACE[place]
        moon_owners = [s for s, _ in self.moons.values()]
        deep_owners = [s for s, *_ in self.deep_space]
        for goal in self.goals:
            if goal.kind not in kinds or goal.id in self.goal_owner or (goal.id, seat) in self.goals_due:
                continue
            if not meets_goal(goal, seat, self.planets, moon_owners, deep_owners):
                continue
            if self.phase == PARACHUTE:
                # A parachute landing happens in a crash, and «no landing phase follows a crash»:
                # the tile waits for the next landing phase (Ruling R7).
                self.goals_due.append((goal.id, seat))
                self.emit(
                    "goal-due",
                    f"seat {seat} meets the goal tile: {goal.text}; it is taken at the next landing phase",
                    seat,
                    goal=goal.id,
                )
            else:
                self._take_goal(goal, seat)

    def _take_goals_due(self) -> None:
        """At the start of a landing phase, goals met by parachute landings go to whoever met
        them first (Ruling R7); none can have been taken since, as nobody lands in between."""
        goals = {goal.id: goal for goal in self.goals}
        for goal_id, seat in self.goals_due:
            if goal_id not in self.goal_owner:
                self._take_goal(goals[goal_id], seat)
        self.goals_due = []

    def _take_goal(self, goal: Goal, seat: int) -> None:
        self.goal_owner[goal.id] = seat
        self.points[seat]["goals"] += goal.points
        self.emit(
            "goal",
            f"seat {seat} takes the goal tile: {goal.text} (+{goal.points} at the end)",
            seat,
            goal=goal.id,
            points=goal.points,
        )

    # ------------------------------------------------------------------ end of expedition / game
    def _end_expedition(self) -> None:
        self.queue = []
        if self.ufo is not None:
            self.ufo.token = None  # rulebook (UFO): a token serves one expedition, then the box
        if self.end_triggered or self.crashes >= self.mat.crash_track_length:
            self._end_game()
            return
        # rulebook (expedition): the starter passes the rocket board to the player on the left.
        self.starter = (self.starter + 1) % self.num_players
        self.expedition += 1
        self.emit(
            "expedition",
            f"expedition {self.expedition} begins; seat {self.starter} starts",
            expedition=self.expedition,
            starter=self.starter,
        )
        self._begin_expedition()

    def _end_game(self) -> None:
        self.phase = OVER
        # rulebook (scoring): planets are scored at the end, starting nearest the start of the track.
        for seat, points in enumerate(all_planet_points(self.mat.planets, self.planets, self.num_players)):
            self.points[seat]["planets"] = points
        if self.missions is not None:
            # rulebook (secret missions): 1 / 2 / 3 completed missions are worth 2 / 5 / 10.
            for seat in range(self.num_players):
                done = len(self.completed_missions(seat))
                self.points[seat]["missions"] = self.tokens.mission_points[min(done, 3)]
        self.emit(
            "game-over",
            "game over: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(self.scores())),
            scores=self.scores(),
            winners=self.winners(),
        )

    def completed_missions(self, seat: int) -> list[str]:
        """Kept missions whose moon or planet holds an astronaut of `seat` (rulebook: a mission
        is completed by landing an astronaut on the moon or planet it names)."""
        if self.missions is None:
            return []
        done = []
        for mission_id in self.missions.kept(seat):
            mission = self.tokens.missions[mission_id]
            if mission.kind == "moon":
                hit = self.moons.get(mission.target, (None,))[0] == seat
            else:
                hit = any(s == seat for s, _ in self.planets[mission.target])
            if hit:
                done.append(mission_id)
        return done

    def score_breakdown(self, seat: int) -> dict[str, int]:
        return dict(self.points[seat])

    def scores(self) -> list[int]:
        return [sum(parts.values()) for parts in self.points]

    # (views and refusals: views.py, joined to this state by MlemGame in __init__.py)
    def resample_for(self, seat: int, rng) -> Self:
        """Determinization: redeal the missions `seat` has not seen, with future chance drawn from
        `rng` (a new seed: never the true next roll). Everything else hidden in
        views (UFO and discovery token values) follows from the public history: both were face
        up or in a known order when taken (Ruling R17)."""
        new = self.clone()
        new.detach_chance(rng)  # the future rolls are hidden from everyone: draw them from `rng`
        hands = new.missions
        if hands is None or self.is_terminal():
            # At the end every mission is face up (views show them all): nothing to redeal.
            return new
        unseen = sorted(set(self.tokens.missions) - set(hands.dealt[seat]))
        rng.shuffle(unseen)
        for other in range(self.num_players):
            if other == seat:
                continue
            count = len(hands.dealt[other])
            hands.dealt[other] = [unseen.pop() for _ in range(count)]
            if hands.returned[other] is not None:
                hands.returned[other] = rng.choice(hands.dealt[other])
        hands.pool = sorted(unseen)
        new._rewrite_hidden_history(seat)
        return new

    def _rewrite_hidden_history(self, seat: int) -> None:
        """Make a determinization's own record consistent with its redealt missions, and drop the
        events only other seats saw, so nothing of the true deal survives anywhere in it."""
        hands = self.missions
        assert hands is not None
        deals = [m for dealt in hands.dealt for m in dealt]  # dealing order: seat by seat, 4 each
        chooser = iter(range(self.num_players))
        history: list[Action] = []
        for action in self.history:
            if isinstance(action, DealMission):
                action = DealMission(deals.pop(0))
            elif isinstance(action, ReturnMission):
                action = ReturnMission(hands.returned[next(chooser)] or action.mission)
            history.append(action)
        self.history = history
        self.events = [e for e in self.events if e.visible(seat)]

    def snapshot(self) -> dict[str, Any]:
        data = self.public_view()
        data["variant_tables"] = self.variant_tables()
        data["internal"] = {
            "queue": list(self.queue),
            "helpers_used": sorted(self.helpers_used),
            "end_triggered": self.end_triggered,
            "goals_due": [list(due) for due in self.goals_due],
        }
        return data

    def variant_tables(self) -> dict[str, Any]:
        """Every variant table in full, hidden parts included (fingerprints only, never players)."""
        return {
            "ufo": None if self.ufo is None else vars(self.ufo),
            "discovery": None if self.discovery is None else vars(self.discovery),
            "missions": None if self.missions is None else vars(self.missions),
            "reveal_during_travel": self.reveal_during_travel,
        }

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, MlemState)
        new.mat, new.goals, new.tokens, new.num_players = self.mat, self.goals, self.tokens, self.num_players
        new.spots = self.spots
        new.ufo = self.ufo.copy() if self.ufo is not None else None
        new.discovery = self.discovery.copy() if self.discovery is not None else None
        new.missions = self.missions.copy() if self.missions is not None else None
        new.reveal_during_travel = self.reveal_during_travel
        new.available = [list(a) for a in self.available]
        new.placed = list(self.placed)
        new.points = [dict(p) for p in self.points]
        new.moons = dict(self.moons)
        new.planets = {p: [(s, list(a)) for s, a in rows] for p, rows in self.planets.items()}
        new.deep_space = list(self.deep_space)
        new.goal_owner = dict(self.goal_owner)
        new.goals_due = list(self.goals_due)
        new.crashes, new.end_triggered = self.crashes, self.end_triggered
        new.starter, new.expedition, new.phase = self.starter, self.expedition, self.phase
        new.rocket, new.aboard = list(self.rocket), list(self.aboard)
        new.commander, new.position, new.dice, new.roll = self.commander, self.position, self.dice, self.roll
        new.helpers_used, new.queue = set(self.helpers_used), list(self.queue)
