"""Golden games: fixed scripts of actions, and what the rules make of them.

A *script* (`scripts/NAME.json`) is a game's configuration, seed and every action in order, chance
outcomes included. Scripts are inputs: nothing regenerates them, so no bot change can alter them. The
*expected* file (`expected/NAME.json`) is what the rules produce when the script is replayed: a digest
of the choices offered before each step (legal moves, or chance outcomes with their probabilities),
every event (kind, text, seat, data, who may see it), the scores, the winners, the final public view
and each seat's final view. A diff in an
expected file therefore always means a rule (or a view) changed.

    python tests/golden/make_golden.py                 # replay every script, rewrite expected/
    python tests/golden/make_golden.py NAME ...        # only these
    python tests/golden/make_golden.py --check         # exit 1 if an expected file is out of date

After a deliberate, reviewed rule change, run the first form and read the diff of expected/. If the
change makes a step of a script illegal, the replay stops and names the step and the legal moves there:
edit the script by hand from that step (or re-make it with --bootstrap and say so in the commit).

    python tests/golden/make_golden.py --bootstrap NAME GAME PLAYERS SEED [VARIANT,...]

plays a new script once (heuristic bots, each decision replaced by a random legal one with probability
0.15, and Kosmodrom's trade drafts and answers played at random, so that trades and gifts appear; Planet: a coin-seeking random policy played
until the rulebook's own end, trying seeds from SEED upwards) and writes scripts/NAME.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.engine import CHANCE, IllegalAction, State

HERE = Path(__file__).parent
SCRIPTS = HERE / "scripts"
EXPECTED = HERE / "expected"
EPSILON = 0.15  # bootstrap only: share of decisions taken at random instead of by the heuristic bot


class ScriptError(Exception):
    """A script no longer replays under the current rules."""


def load_script(name: str) -> dict[str, Any]:
    return json.loads((SCRIPTS / f"{name}.json").read_text(encoding="utf-8"))


def names() -> list[str]:
    return sorted(p.stem for p in SCRIPTS.glob("*.json"))


def start(script: dict[str, Any]) -> State:
    config = script["config"]
    return games.get(script["game"]).new_state(
        num_players=config["num_players"],
        seed=script["seed"],
        variants=config["variants"],
        **config.get("options", {}),
    )


def choices_digest(state: State) -> str:
    """A short digest of what could be done before a step: the legal moves, or the chance outcomes
    with their probabilities. A rule change that adds, removes or reweighs a choice changes it."""
    if state.current_player() == CHANCE:
        choices = [f"{a} {p:.12g}" for a, p in state.chance_outcomes()]
    else:
        choices = [str(a) for a in state.legal_actions()]
    return hashlib.sha256("\n".join(sorted(choices)).encode()).hexdigest()[:10]


def replay(script: dict[str, Any], name: str = "script", trace: list[str] | None = None) -> State:
    """Replay a script; with `trace`, append each step's choices_digest to it."""
    state = start(script)
    for step, text in enumerate(script["actions"], start=1):
        if trace is not None:
            trace.append(choices_digest(state))
        try:
            state.apply(text)
        except IllegalAction as refusal:
            raise ScriptError(_refused(name, step, text, state, refusal.reason)) from refusal
    if not state.is_terminal():
        raise ScriptError(
            f"{name}: the script ends after {len(script['actions'])} actions but the game goes on"
        )
    return state


def _refused(name: str, step: int, text: str, state: State, reason: str) -> str:
    """Where a script stopped replaying, and what could be played there instead."""
    if state.is_terminal():
        return f"{name}: step {step} {text!r} comes after the end of the game ({reason})"
    if state.current_player() == CHANCE:
        who, legal = "chance", [str(a) for a, _ in state.chance_outcomes()]
    else:
        who, legal = f"seat {state.current_player()}", [str(a) for a in state.legal_actions()]
    more = " ..." if len(legal) > 20 else ""
    return f"{name}: step {step} {text!r} ({who} to act) is refused: {reason}; legal there: {', '.join(legal[:20])}{more}"


def event_json(event: Any) -> dict[str, Any]:
    data = event.to_json()
    data["visible_to"] = None if event.visible_to is None else sorted(event.visible_to)
    return data


def outcome(script: dict[str, Any], name: str = "script") -> dict[str, Any]:
    """What the rules make of a script: everything a rule change could alter that players (or the
    programs reading events) can see, and the choices offered at every step."""
    trace: list[str] = []
    state = replay(script, name, trace)
    return {
        "choices": trace,
        "events": [event_json(e) for e in state.events],
        "scores": state.scores(),
        "winners": state.winners(),
        "final_view": state.public_view(),
        "final_seat_views": [state.view(seat) for seat in range(state.num_players)],
    }


def dumps(data: Any) -> str:
    """JSON with one list item per line for the long lists (actions, choices, events), so that a diff
    shows the steps and events that changed and the file stays small."""
    lines = ["{"]
    for index, (key, value) in enumerate(data.items()):
        comma = "," if index < len(data) - 1 else ""
        if isinstance(value, list) and len(value) > 8:
            items = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in value]
            body = ",\n  ".join(items)
            lines.append(f" {json.dumps(key)}: [\n  {body}\n ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, indent=1)}{comma}")
    return "\n".join(lines) + "\n}\n"


# ---------------------------------------------------------------------------- bootstrap (once)
# bootstrap only: Kosmodrom's negotiation drafts are played at random with these weights, so that
# the script holds whole trades and gifts (proposed, accepted, refused), not only withdrawn drafts.
RARE_MOVE_WEIGHTS = {"offer": 0.3, "withdraw": 1.0, "propose": 4.0, "give": 2.0, "accept": 4.0}


def _drafting(state: State) -> bool:
    return any(a.kind in ("withdraw", "accept") for a in state.legal_actions())


def _bot_script(game_id: str, players: int, seed: int, variants: list[str]) -> State:
    state = games.get(game_id).new_state(num_players=players, seed=seed, variants=variants)
    bots = [make_bot("heuristic", seed=seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        elif rng.random() < EPSILON or _drafting(state):
            acts = state.legal_actions()
            state.apply(rng.choices(acts, [RARE_MOVE_WEIGHTS.get(a.kind, 1.0) for a in acts])[0])
        else:
            state.apply(bots[state.current_player()].act(state))
    return state


def _planet_script(players: int, seed: int, variants: list[str], tries: int = 200) -> State:
    """Planet's bots and random play seldom finish the planet; a random policy that prefers moves
    with coins, never claims, and runs long reaches the rulebook's end (every tile face up, no coin
    left) for some seeds: take the first such seed."""
    for candidate in range(seed, seed + tries):
        rng = random.Random(candidate)
        state = games.get("planet").new_state(
            num_players=players, seed=candidate, variants=variants, max_turns=4000
        )
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.sample_chance(rng)
                continue
            acts = [a for a in state.legal_actions() if a.kind != "claim"] or state.legal_actions()
            state.apply(rng.choices(acts, [6 if getattr(a, "coin", False) else 1 for a in acts])[0])
        if any(e.kind == "game-over" and e.data.get("code") == "cleared" for e in state.events):
            return state
    raise SystemExit(f"no seed in {seed}..{seed + tries - 1} reached the real end; try another SEED")


def bootstrap(name: str, game_id: str, players: int, seed: int, variants: list[str]) -> None:
    if game_id == "planet":
        state = _planet_script(players, seed, variants)
    else:
        state = _bot_script(game_id, players, seed, variants)
    config = state.config.to_json()
    script = {
        "game": game_id,
        "config": config,
        "seed": state.seed,
        "made_by": "make_golden.py --bootstrap (once); edit by hand from here on",
        "actions": [str(a) for a in state.history],
    }
    SCRIPTS.mkdir(exist_ok=True)
    (SCRIPTS / f"{name}.json").write_text(dumps(script), encoding="utf-8")
    print(f"scripts/{name}.json: {len(script['actions'])} actions, scores {state.scores()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*", help="scripts to replay (default: all)")
    parser.add_argument(
        "--check", action="store_true", help="only report expected files that are out of date"
    )
    parser.add_argument("--bootstrap", nargs="+", metavar="ARG", help="NAME GAME PLAYERS SEED [VARIANT,...]")
    args = parser.parse_args(argv)
    if args.bootstrap:
        name, game_id, players, seed, *rest = args.bootstrap
        bootstrap(name, game_id, int(players), int(seed), rest[0].split(",") if rest else [])
        return 0
    stale = []
    EXPECTED.mkdir(exist_ok=True)
    for name in args.names or names():
        try:
            text = dumps(outcome(load_script(name), name))
        except ScriptError as error:
            print(error, file=sys.stderr)
            return 2
        path = EXPECTED / f"{name}.json"
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
            print(f"expected/{name}.json rewritten: read its diff")
    if args.check and stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
