"""All-bot games over every configuration of a game, and what they show about the bots: how long
the games are, how they end, whether one ran into a safety cap, and how often a position came back.

A *position* is the full state (`State.snapshot`) without its turn counters: two decisions in one
game with the same position are the same table, the same hands, the same seat to act - a bot that
goes round in circles (two astronauts knocking each other off one cell, a card taken from the discard
pile and played on the same rocket again) makes positions repeat. The digest is only compared inside
one game and never shown to a player.

`benchmarks/bot_games.py` runs 1,000 games per game; `tests/bots/test_bot_games.py` a small sample.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.engine import ConfigError, State
from cosmotable.sim.journal import JournalError, read_lines

#: Which bots sit at the tables, and how often (weights). The heuristic and the cheapest search level
#: play most seats; `normal` and `hard` take a small share because a Planet decision of `hard` takes
#: about 0.3 s (a game with one `hard` seat takes minutes) and a 1,000-game run must finish in hours.
MIX = {"heuristic": 55, "easy": 35, "normal": 7, "hard": 3}
#: The snapshot's turn counters: they grow every turn, so a position that comes back differs only in them.
COUNTERS = frozenset({"turn", "turns", "total_turns", "progress_turn"})
#: A game still going after this many steps is stopped and counted as capped (MLEM has no turn cap of
#: its own; Planet and Kosmodrom end at theirs long before).
STEP_LIMIT = 20_000


@dataclass(frozen=True)
class BotGame:
    """One game to play: the configuration, who sits in each seat, the seed."""

    game: str
    players: int
    variants: tuple[str, ...]
    seats: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class Outcome:
    """How one game went."""

    spec: BotGame
    steps: int  # actions applied, chance outcomes included
    turns: int
    end: str  # why the game ended, in the game's own terms
    capped: bool  # ended by a safety cap (the game's or STEP_LIMIT)
    max_repeats: int  # the most times one position came up at a decision
    seconds: float
    #: Planet: (coins brought home, coins still on the planet at the end, on tiles or locked). The
    #: goal is games that end because the coins are found and brought home (R22); a claim (R21) ends
    #: one with coins left, and this says how many. None for the other games and for old journals.
    coins: tuple[int, int] | None = None


def configurations(game_id: str) -> list[tuple[int, tuple[str, ...]]]:
    """Every player count with every combination of variants the game accepts (the game's own
    configuration check decides: e.g. Planet's teams need 4 players, Kosmodrom's quick and slow
    games exclude each other)."""
    game = games.get(game_id)
    names = sorted(game.variants)
    out = []
    for players in range(game.min_players, game.max_players + 1):
        for size in range(len(names) + 1):
            for chosen in itertools.combinations(names, size):
                try:
                    game.make_config(num_players=players, variants=list(chosen))
                except ConfigError:
                    continue
                out.append((players, chosen))
    return out


def schedule(game_id: str, count: int, seed: int, mix: dict[str, int] | None = None) -> list[BotGame]:
    """`count` games cycling through the configurations; each seat drawn from `mix` by a generator
    seeded from (seed, game, index), so any game of a run can be played again on its own."""
    weights = mix or MIX
    configs = configurations(game_id)
    bots, odds = list(weights), list(weights.values())
    specs = []
    for index in range(count):
        players, variants = configs[index % len(configs)]
        rng = random.Random(f"bot-games:{seed}:{game_id}:{index}")
        seats = tuple(rng.choices(bots, odds, k=players))
        specs.append(BotGame(game_id, players, variants, seats, seed * 1_000_003 + index))
    return specs


def position_key(state: State) -> bytes:
    """A digest of the full state without its turn counters (see the module's docstring)."""
    snapshot = {key: value for key, value in state.snapshot().items() if key not in COUNTERS}
    text = json.dumps(snapshot, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def play(spec: BotGame, step_limit: int = STEP_LIMIT) -> Outcome:
    """Play one game to its end (or `step_limit`), counting the positions met at decisions."""
    started = time.perf_counter()
    state = games.get(spec.game).new_state(
        num_players=spec.players, seed=spec.seed, variants=list(spec.variants)
    )
    bots = [make_bot(name, seed=spec.seed * 8 + seat) for seat, name in enumerate(spec.seats)]
    seen: Counter = Counter()
    steps = seat_runs = 0
    last_seat = None
    while not state.is_terminal() and steps < step_limit:
        if state.is_chance_node():
            state.sample_chance()
        else:
            seat = state.current_player()
            seen[position_key(state)] += 1
            if seat != last_seat:
                seat_runs, last_seat = seat_runs + 1, seat
            state.apply(bots[seat].act(state))
        steps += 1
    view = state.public_view()  # the end's figures all come from the one public view
    if state.is_terminal():
        end, capped = end_reason(state, view)
    else:
        end, capped = f"stopped after {step_limit} steps", True
    return Outcome(
        spec,
        steps,
        game_turns(state, seat_runs, view),
        end,
        capped,
        max(seen.values(), default=0),
        time.perf_counter() - started,
        coins_at_end(state, view),
    )


def coins_at_end(state: State, view: dict) -> tuple[int, int] | None:
    """(coins home, coins left on tiles or in locked containers) for a game whose features part
    counts them (`coins_at_end(view)`, Planet's), from the public `view`; else None."""
    fn = getattr(games.descriptor(state.game.id).load("features"), "coins_at_end", None)
    return fn(view) if fn is not None else None


def game_turns(state: State, seat_runs: int, view: dict) -> int:
    """Turns as the game counts them: the public `view`'s turn counter that the game's descriptor
    names (Planet: every seat's turns; Kosmodrom: its turn counter); a game that counts no turns
    (MLEM counts expeditions), by the runs of decisions of one seat."""
    counter = games.descriptor(state.game.id).turn_counter
    return int(view[counter]) if counter else seat_runs


def end_reason(state: State, view: dict) -> tuple[str, bool]:
    """(why the finished game ended, whether by a safety cap): the game's features part says
    (`end_reason(state, view)`, MLEM's, read from the public `view`), else the public game-over
    event's `code` or `reason` (Planet: cleared / agreed / cap; Kosmodrom: countdown / max_turns),
    a cap when the descriptor counts it among its `cap_reasons`."""
    descriptor = games.descriptor(state.game.id)
    own = getattr(descriptor.load("features"), "end_reason", None)
    if own is not None:
        return own(state, view)
    over = [event for event in state.events if event.kind == "game-over"]
    data = over[-1].data if over else {}
    reason = str(data.get("code", data.get("reason", "ended")))
    return reason, reason in descriptor.cap_reasons


@dataclass
class Summary:
    """What a run of one game shows."""

    game: str
    outcomes: list[Outcome]

    @property
    def capped(self) -> int:
        return sum(o.capped for o in self.outcomes)

    @property
    def max_repeats(self) -> int:
        return max((o.max_repeats for o in self.outcomes), default=0)

    def ends(self) -> Counter:
        return Counter(o.end for o in self.outcomes)

    def repeats(self) -> Counter:
        return Counter(o.max_repeats for o in self.outcomes)


def coins_report(outcomes: list[Outcome]) -> list[str]:
    """Planet's coins at the ends of the games that recorded them: how many were brought home of all
    that were left to win, and per end reason the coins left (a cleared game leaves none, R22)."""
    ends = [(o.end, o.coins) for o in outcomes if o.coins is not None]
    if not ends:
        return []
    home = sum(coins[0] for _, coins in ends)
    left = sum(coins[1] for _, coins in ends)
    lines = [
        f"coins brought home: {home} of {home + left} ({100 * home / max(1, home + left):.1f}%) in {len(ends)} games"
    ]
    for reason in sorted({end for end, _ in ends}):
        lefts = Counter(coins[1] for end, coins in ends if end == reason)
        shown = ", ".join(f"{n} left: {games}" for n, games in sorted(lefts.items()))
        lines.append(f"  {reason}: games by coins left: {shown}")
    return lines


def spread(values: list[int]) -> tuple[float, float, float, float, float]:
    """(min, first quartile, median, third quartile, max)."""
    if len(values) == 1:
        (only,) = values
        return (only, only, only, only, only)
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (min(values), q1, q2, q3, max(values))


def histogram(values: list[int], bins: int = 10, width: int = 40) -> list[str]:
    """Text lines `low-high | ####  count` of equal-width bins."""
    if not values:
        return []
    low, high = min(values), max(values)
    step = max(1, -(-(high - low + 1) // bins))
    counts = Counter((v - low) // step for v in values)
    most = max(counts.values())
    lines = []
    for b in range(-(-(high - low + 1) // step)):
        start = low + b * step
        bar = "#" * max(1 if counts[b] else 0, round(width * counts[b] / most))
        lines.append(f"{start:>6}-{start + step - 1:<6}| {bar:<{width}} {counts[b]}")
    return lines


# ---------------------------------------------------------------------------- the run's journal
def outcome_record(outcome: Outcome, code: str) -> dict[str, object]:
    """One finished game as a JSON-ready line of a run's journal, with the code that played it."""
    spec = outcome.spec
    return {
        "code": code,
        "game": spec.game,
        "players": spec.players,
        "variants": list(spec.variants),
        "seats": list(spec.seats),
        "seed": spec.seed,
        "steps": outcome.steps,
        "turns": outcome.turns,
        "end": outcome.end,
        "capped": outcome.capped,
        "max_repeats": outcome.max_repeats,
        "seconds": outcome.seconds,
        **({} if outcome.coins is None else {"coins_home": outcome.coins[0], "coins_left": outcome.coins[1]}),
    }


def outcome_from_record(data: dict) -> Outcome:
    spec = BotGame(
        str(data["game"]),
        int(data["players"]),
        tuple(data["variants"]),
        tuple(data["seats"]),
        int(data["seed"]),
    )
    return Outcome(
        spec,
        int(data["steps"]),
        int(data["turns"]),
        str(data["end"]),
        bool(data["capped"]),
        int(data["max_repeats"]),
        float(data["seconds"]),
        (int(data["coins_home"]), int(data["coins_left"])) if "coins_left" in data else None,
    )


def read_journal(text: str, code: str) -> list[Outcome]:
    """The games a journal holds (see `cosmotable.sim.journal.read_lines`)."""
    return read_lines(text, code, outcome_from_record)


def resumed(specs: list[BotGame], journal: list[Outcome]) -> tuple[list[Outcome], list[BotGame]]:
    """(the scheduled games the journal already holds, the games still to play). Journal games of
    other games or seeds are left out (one journal may hold several runs); a scheduled seed that the
    journal holds with other seats or configuration (another --mix) is refused."""
    scheduled = {spec.seed: spec for spec in specs}
    done: dict[int, Outcome] = {}
    for outcome in journal:
        spec = scheduled.get(outcome.spec.seed)
        if spec is None or spec.game != outcome.spec.game:
            continue
        if spec != outcome.spec:
            raise JournalError(
                f"the journal played seed {outcome.spec.seed} as {outcome.spec}, this schedule as "
                f"{spec} (another --mix?): run with the journal's options, or start a new journal"
            )
        done[spec.seed] = outcome
    return [done[spec.seed] for spec in specs if spec.seed in done], [
        spec for spec in specs if spec.seed not in done
    ]
