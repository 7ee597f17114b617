"""What a Planet `hard` decision costs, and what its work budget changes (issue #19: one decision
took 13.4 s).

    python benchmarks/planet_hard_speed.py [--players N] [--seeds S,S,...] [--decisions D] [--budget B]

Plays games of `hard` (seat 0) against the heuristic (the other seats), seeded as the arena seeds
its tables (bot seed = table seed + seat; e.g. 7000023 is table 2 of `bot_strength.py --seed 7`),
for at most `D` decisions of `hard` each. At each `hard` decision with more than one legal move the
search runs twice on the same position, once with its level's work budget (the game's `SEARCH_LEVELS`, or
`--budget`) and once without, in alternating order, each timed in CPU time of this process; the
game goes on with the budgeted move. Prints, for each side, the median, 90th and 99th percentile,
the mean and the slowest decision (seconds), the moves the heuristic judged (median and most), how
many decisions the budget cut (fewer moves judged than without it), and the slowest positions. Each
side searches a copy of the position with the route maps' cache emptied (`forget_layouts`), so the
order does not favour either. Not a test: the figures depend on the
machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

import machine

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.bots.mcts import MCTSBot, search_for
from cosmotable.engine import State
from cosmotable.games.planet.bot_routes import forget_layouts


def timed(bot: MCTSBot, state: State) -> tuple[float, int, int, str]:
    """(CPU seconds, moves judged, iterations, the move) of one decision of `bot`, on a copy of
    `state` (the heuristic remembers its work per position object) with the route maps' cache
    emptied: otherwise the side run second finds the first one's route maps and is timed cheaper."""
    state = state.clone()
    forget_layouts()
    started = time.process_time()
    action = bot.act(state)
    return time.process_time() - started, bot.judged, bot.last_iterations, str(action)


def play(players: int, seed: int, decisions: int, budget: int | None) -> list[dict]:
    """One game; a record per `hard` decision with a choice."""
    state = games.get("planet").new_state(num_players=players, seed=seed)
    search = search_for("hard", "planet")
    capped = MCTSBot(seed=seed, name="hard")
    capped.configure(search if budget is None else replace(search, work_budget=budget or None))
    free = MCTSBot(seed=seed, name="hard")
    free.configure(replace(search, work_budget=None))
    others = [make_bot("heuristic", seed=seed + seat) for seat in range(players)]
    rows: list[dict] = []
    while not state.is_terminal() and len(rows) < decisions:
        if state.is_chance_node():
            state.sample_chance()
            continue
        seat = state.current_player()
        if seat != 0 or len(state.legal_actions()) == 1:
            state.apply(others[seat].act(state) if seat else state.legal_actions()[0])
            continue
        # Both sides on the same position, the order alternating from one decision to the next.
        first_capped = len(rows) % 2 == 0
        sides = {}
        for name in ("capped", "free") if first_capped else ("free", "capped"):
            sides[name] = timed(capped if name == "capped" else free, state)
        view = state.public_view()
        rows.append(
            {
                "seed": seed,
                "turn": view["total_turns"],
                "phase": view["phase"],
                "legal": len(state.legal_actions()),
                **{
                    f"{name}_{k}": v
                    for name, side in sides.items()
                    for k, v in zip(("s", "judged", "it", "move"), side)
                },
            }
        )
        state.apply(next(a for a in state.legal_actions() if str(a) == sides["capped"][3]))
    return rows


def summary(label: str, values: list[float]) -> str:
    values = sorted(values)
    cut = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else [values[0]] * 99
    return (
        f"{label}: median {statistics.median(values):.3f} / p90 {cut[89]:.3f} / p99 {cut[98]:.3f} / "
        f"max {values[-1]:.3f} / mean {statistics.mean(values):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--seeds", default="7000023", help="game seeds, comma-separated (default 7000023)")
    parser.add_argument("--decisions", type=int, default=400, help="hard decisions per game at most")
    parser.add_argument(
        "--budget",
        type=int,
        default=None,
        help="work budget of the capped side (default: the level's; 0: none)",
    )
    args = parser.parse_args()
    machine.report()
    rows: list[dict] = []
    for seed in (int(s) for s in args.seeds.split(",")):
        rows += play(args.players, seed, args.decisions, args.budget)
        print(f"seed {seed}: {len(rows)} decisions so far", flush=True)
    if not rows:
        print("no decision with a choice was played")
        return
    budget = args.budget if args.budget is not None else search_for("hard", "planet").work_budget
    print(f"{len(rows)} decisions of hard ({args.players} players), CPU seconds; work budget {budget}")
    for side in ("capped", "free"):
        print("  " + summary(f"{side:<6} seconds", [r[f"{side}_s"] for r in rows]))
        judged = [r[f"{side}_judged"] for r in rows]
        print(f"  {side:<6} moves judged: median {statistics.median(judged):.0f} / most {max(judged)}")
    cut = [r for r in rows if r["capped_judged"] < r["free_judged"]]
    same = sum(r["capped_move"] == r["free_move"] for r in rows)
    print(f"  the budget cut {len(cut)} of {len(rows)} searches; the same move in {same} of {len(rows)}")
    print("  slowest without the budget:")
    for r in sorted(rows, key=lambda r: r["free_s"], reverse=True)[:6]:
        print(
            f"    seed {r['seed']} turn {r['turn']} {r['phase']} ({r['legal']} moves): free {r['free_s']:.2f} s, "
            f"{r['free_judged']} judged, {r['free_it']} iterations; capped {r['capped_s']:.2f} s, "
            f"{r['capped_judged']} judged, {r['capped_it']} iterations"
        )


if __name__ == "__main__":
    main()
