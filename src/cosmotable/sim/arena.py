"""Round-robin arenas between bots, with seat rotation, on local processes.

Every table of `players` bots is played in each seat rotation, so no bot profits from its seat;
tables cycle through all combinations of the listed bots until the requested number of games.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.sim.journal import read_lines
from cosmotable.sim.stats import elo_ratings, wilson_interval
from cosmotable.sim.workers import unordered


@dataclass(frozen=True)
class Table:
    """One game to play: which bot sits in each seat, and the seed."""

    game: str
    seats: tuple[str, ...]
    seed: int
    variants: tuple[str, ...] = ()
    think: float | None = None


@dataclass
class GameResult:
    table: Table
    scores: list[int]
    winners: list[int]
    steps: int


def lineup(bots: list[str], players: int, index: int) -> tuple[str, ...]:
    """Who sits in each seat at table number `index`: combinations of distinct bots (with repeats
    when fewer bots than seats), each played in every seat rotation, in a fixed order. A pure
    function of the index, so any table of a long run can be rebuilt on its own (resuming, chunks)."""
    if len(bots) >= players:
        groups = list(itertools.combinations(bots, players))
    else:
        groups = [tuple(itertools.islice(itertools.cycle(bots), players))]
    group = groups[(index // players) % len(groups)]
    shift = index % players
    return group[shift:] + group[:shift]


def table_seed(seed: int, index: int) -> int:
    """The seed of table number `index` of a run started with `seed`."""
    return seed * 1_000_003 + index


def schedule(
    game: str,
    bots: list[str],
    total: int,
    seed: int,
    players: int = 2,
    variants: tuple[str, ...] = (),
    think: float | None = None,
) -> list[Table]:
    """`total` tables (see `lineup`), in a fixed order derived from `seed`."""
    return [
        Table(game, lineup(bots, players, index), table_seed(seed, index), variants, think)
        for index in range(total)
    ]


def play(table: Table) -> GameResult:
    """Play one table to the end (runs in a worker process)."""
    game = games.get(table.game)
    state = game.new_state(num_players=len(table.seats), seed=table.seed, variants=list(table.variants))
    bots = [
        make_bot(name, seed=table.seed + seat, think=table.think) for seat, name in enumerate(table.seats)
    ]
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
        steps += 1
    return GameResult(table, state.scores(), state.winners(), steps)


def result_record(result: GameResult, code: str) -> dict[str, object]:
    """One finished table as a JSON-ready line of a run's journal (`cosmotable.sim.journal`)."""
    table = result.table
    return {
        "code": code,
        "game": table.game,
        "seats": list(table.seats),
        "seed": table.seed,
        "variants": list(table.variants),
        "think": table.think,
        "scores": list(result.scores),
        "winners": list(result.winners),
        "steps": result.steps,
    }


def result_from_record(data: dict) -> GameResult:
    think = data["think"]
    table = Table(
        str(data["game"]),
        tuple(str(seat) for seat in data["seats"]),
        int(data["seed"]),
        tuple(str(v) for v in data["variants"]),
        None if think is None else float(think),
    )
    return GameResult(
        table, [int(s) for s in data["scores"]], [int(w) for w in data["winners"]], int(data["steps"])
    )


def read_journal(text: str, code: str) -> list[GameResult]:
    """The tables a journal holds (see `cosmotable.sim.journal.read_lines`)."""
    return read_lines(text, code, result_from_record)


@dataclass
class Standing:
    bot: str
    games: int = 0
    wins: float = 0.0  # shared victories count 1/k
    points: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass
class ArenaReport:
    game: str
    bots: list[str]
    standings: dict[str, Standing] = field(default_factory=dict)
    pairs: dict[tuple[str, str], tuple[float, int]] = field(default_factory=dict)
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.results.append(result)
        seats = result.table.seats
        share = 1.0 / len(result.winners)
        for seat, name in enumerate(seats):
            standing = self.standings.setdefault(name, Standing(name))
            standing.games += 1
            standing.points += result.scores[seat]
            if seat in result.winners:
                standing.wins += share
        # Pairwise outcomes for Elo: every pair of different bots at the table.
        for a, b in itertools.combinations(range(len(seats)), 2):
            if seats[a] == seats[b]:
                continue
            score = 0.5
            if (a in result.winners) != (b in result.winners):
                score = 1.0 if a in result.winners else 0.0
            key = (seats[a], seats[b])
            old_score, old_games = self.pairs.get(key, (0.0, 0))
            self.pairs[key] = (old_score + score, old_games + 1)

    def elo(self) -> dict[str, float]:
        names = [b for b in self.bots if b in self.standings]
        return elo_ratings(self.pairs, names) if len(names) > 1 else dict.fromkeys(names, 1500.0)

    def head_to_head(self, a: str, b: str) -> tuple[float, int]:
        """(points a scored against b, games) over both seat orders."""
        s1, g1 = self.pairs.get((a, b), (0.0, 0))
        s2, g2 = self.pairs.get((b, a), (0.0, 0))
        return s1 + (g2 - s2), g1 + g2

    def to_json(self) -> dict:
        elo = self.elo()
        return {
            "game": self.game,
            "games": len(self.results),
            "bots": [
                {
                    "bot": s.bot,
                    "games": s.games,
                    "win_rate": s.win_rate,
                    "ci95": list(s.interval()),
                    "elo": elo.get(s.bot),
                    "mean_points": s.points / s.games if s.games else 0.0,
                }
                for s in sorted(self.standings.values(), key=lambda s: -s.win_rate)
            ],
        }


def results(tables: list[Table], processes: int = 1) -> Iterator[GameResult]:
    """Play the tables, in worker processes when `processes` > 1 (results arrive as they finish)."""
    yield from unordered(play, tables, processes)


def run(
    game: str,
    bots: list[str],
    total: int,
    seed: int = 1,
    players: int = 2,
    processes: int = 1,
    variants: tuple[str, ...] = (),
    think: float | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    already: Iterable[GameResult] = (),
) -> ArenaReport:
    """Play the scheduled tables and report. Tables found in `already` (a resumed run's journal:
    the same game, seats, seed, variants and thinking time) count without being played again;
    `on_result` follows only the tables played now."""
    report = ArenaReport(game, list(dict.fromkeys(bots)))
    tables = schedule(game, report.bots, total, seed, players, variants, think)
    played = {result.table: result for result in already}
    for table in tables:
        if table in played:
            report.add(played[table])
    for result in results([t for t in tables if t not in played], processes):
        report.add(result)
        if on_result:
            on_result(result)
    return report
