"""Table state of the three advanced variants (UFO, Discovery, Secret Missions).

Face-down stacks are kept as pools of token ids, not as an order: each reveal or deal is a chance
node drawing uniformly from the pool, which is the same distribution as a shuffled stack and leaves
no hidden order that a view could leak.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cosmotable.games.mlem.tokens import TokenSets

UFO, DISCOVERY, SECRET_MISSIONS = "ufo", "discovery", "secret_missions"
# rulebook (discovery): five tokens lie face up on the mat while the stack lasts.
DISCOVERIES_ON_MAT = 5
# rulebook (secret missions): each player is dealt 4 and keeps 3.
MISSIONS_DEALT, MISSIONS_KEPT = 4, 3
# rulebook (discovery, wormhole): the rocket moves 4 spaces at once.
WORMHOLE_STEPS = 4


@dataclass
class UfoTable:
    position: int  # the UFO marker's space
    pool: list[str]  # expedition tokens still face down
    stack: list[int]  # UFO tokens left, top first
    taken: list[list[int]]  # per seat: UFO tokens taken (face down)
    token: str | None = None  # this expedition's revealed expedition token
    spent: bool = False  # its extra ability has been used

    def copy(self) -> UfoTable:
        return UfoTable(
            self.position,
            list(self.pool),
            list(self.stack),
            [list(t) for t in self.taken],
            self.token,
            self.spent,
        )


@dataclass
class DiscoveryTable:
    pool: list[str]  # discovery tokens still face down
    on_mat: dict[int, str] = field(default_factory=dict)  # space -> face-up token
    taken: list[list[str]] = field(default_factory=list)  # per seat: points tokens (face down)

    def copy(self) -> DiscoveryTable:
        return DiscoveryTable(list(self.pool), dict(self.on_mat), [list(t) for t in self.taken])


@dataclass
class MissionHands:
    pool: list[str]  # missions not dealt
    dealt: list[list[str]]  # per seat, the four dealt
    returned: list[str | None]  # per seat, the one returned to the box (None: not chosen yet)

    def kept(self, seat: int) -> list[str]:
        return [m for m in self.dealt[seat] if m != self.returned[seat]]

    def copy(self) -> MissionHands:
        return MissionHands(list(self.pool), [list(d) for d in self.dealt], list(self.returned))


def new_tables(variants: frozenset[str], tokens: TokenSets, num_players: int, ufo_start: int):
    """The variant tables at set-up (None for a variant not in play)."""
    ufo = discovery = missions = None
    if UFO in variants:
        # rulebook (UFO): shuffle the expedition tokens face down; the UFO starts on the "+"
        # space; the UFO tokens are stacked highest on top.
        ufo = UfoTable(
            ufo_start, sorted(tokens.expedition), list(tokens.ufo_points), [[] for _ in range(num_players)]
        )
    if DISCOVERY in variants:
        discovery = DiscoveryTable(sorted(tokens.discoveries), {}, [[] for _ in range(num_players)])
    if SECRET_MISSIONS in variants:
        missions = MissionHands(
            sorted(tokens.missions), [[] for _ in range(num_players)], [None] * num_players
        )
    return ufo, discovery, missions
