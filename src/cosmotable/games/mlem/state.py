"""MLEM: Space Agency's table as an engine State: the data on the table, the set-up sequence, the
chance nodes, and questions about the table.

An expedition is a launch phase, then travel phases (a chance roll, then the commander's choice of
dice groups) each followed by a landing phase, until everyone has left the rocket or it crashes.
What a move does lives in the rule modules, functions of this state, as Planet's are: moves.py
(legal moves, and which rule a move runs), expedition.py (launch, end of an expedition and of the
game), travel.py, landing.py and goals.py. This module imports none of them (they import it);
game.py joins them to the engine. Comments cite the rulebook section each rule comes from
(uk/nl/pl editions agree unless noted).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from typing import Any, Self

from cosmotable.engine.core import CHANCE, TERMINAL, Action, GameConfig, State
from cosmotable.games.mlem.actions import (
    DealMission,
    Land,
    ReturnMission,
    RevealDiscovery,
    RevealExpedition,
    Roll,
)
from cosmotable.games.mlem.board import ABILITIES, Goal, Mat, Space
from cosmotable.games.mlem.dice import roll_distribution
from cosmotable.games.mlem.tokens import ExpeditionToken, TokenSets
from cosmotable.games.mlem.variants import (
    DISCOVERIES_ON_MAT,
    MISSIONS_DEALT,
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


class MlemState(State):
    """The whole table: mat, rocket board, dice, crash track and every astronaut."""

    def __init__(
        self,
        game,
        config: GameConfig,
        seed: int,
        mat: Mat,
        goals: tuple[Goal, ...],
        tokens: TokenSets,
        astronauts: tuple[str, ...] = ABILITIES,
    ):
        super().__init__(game, config, seed)
        self.mat = mat
        self.spots = landing_spots(mat)
        self.goals = goals
        self.tokens = tokens
        n = config.num_players
        self.num_players = n
        # rulebook (set-up): each player takes the 8 astronauts of one colour. (A research
        # configuration, research.py, gives each player fewer: not the rulebook game.)
        self.roster = astronauts
        self.available: list[list[str]] = [list(astronauts) for _ in range(n)]
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
        self.next_setup_step()

    @property
    def has_hidden_information(self) -> bool:  # type: ignore[override]
        # The base game hides nothing; the variants add face-down tokens and secret missions.
        return bool(self.config.variants)

    def next_setup_step(self) -> None:
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
        self.begin_expedition()

    def begin_expedition(self) -> None:
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

    # ------------------------------------------------------------------ questions about the table
    @property
    def space(self) -> Space:
        return self.mat.space(self.position)

    def current_commander_seat(self) -> int | None:
        return None if self.commander is None else self.rocket[self.commander][0]

    def place_name(self, position: int) -> str:
        return "deep space" if position >= self.mat.deep_space else f"space {position}"

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

    # (views and refusals: views.py, joined to this state by MlemGame in game.py)
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
        new.spots, new.roster = self.spots, self.roster
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
