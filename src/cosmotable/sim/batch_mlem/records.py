"""Records: a game's log read back as the reference engine's actions, and `play_reference`, the same
game played by the reference engine, which the tests compare with the batch engine's."""

from __future__ import annotations

from cosmotable import games
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.sim.batch_mlem.driver import BatchMlem
from cosmotable.sim.batch_mlem.tables import (
    FACES,
    K_BOARD,
    K_CRASH,
    K_DEAL,
    K_LAND,
    K_REROLL,
    K_RETURN,
    K_RETURN_MISSION,
    K_REVEAL_DISC,
    K_REVEAL_EXP,
    K_ROLL,
    K_STAY,
    K_TRAVEL,
    POLICIES,
    T_ROLL,
    ids,
    tables,
)
from cosmotable.sim.counter_rng import cumulative


def action_of(kind: int, a: int, b: int, c: int, d: int, players: int):
    """The reference engine's action for one log entry."""
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

    t, names = tables(), ids()
    if kind == K_BOARD:
        return Board(ABILITIES[a])
    if kind == K_ROLL:
        counts = t.roll_counts[a, b]
        return Roll(tuple(f for f, n in zip(FACES, counts.tolist(), strict=True) for _ in range(n)))
    if kind == K_TRAVEL:
        faces = tuple(f for i, f in enumerate(FACES) if a >> i & 1)
        return Travel(faces, tuple(s for s in range(players) if b >> s & 1), extra=bool(c), keep=bool(d))
    if kind == K_CRASH:
        return Crash()
    if kind == K_STAY:
        return Stay()
    if kind == K_LAND:
        return Land(("deep", "moon", "planet")[a], b, None)
    if kind == K_RETURN:
        return Return()
    if kind == K_REROLL:
        return Reroll()
    if kind == K_REVEAL_EXP:
        return RevealExpedition(names["expedition"][a])
    if kind == K_REVEAL_DISC:
        return RevealDiscovery(names["discoveries"][a])
    if kind == K_DEAL:
        return DealMission(names["missions"][a])
    if kind == K_RETURN_MISSION:
        return ReturnMission(names["missions"][a])
    raise ValueError(f"log kind {kind} is not an action")


def records(batch: BatchMlem) -> list[list[str]]:
    """Each game's actions in the reference engine's text form (needs `record=True`)."""
    per_game: list[list[str]] = [[] for _ in range(batch.n)]
    actions = batch.log[batch.log[:, 2] < T_ROLL]
    for game, _step, kind, a, b, c, d, _e, _f in actions.tolist():
        per_game[game].append(str(action_of(kind, a, b, c, d, batch.p)))
    return per_game


def play_reference(
    seed: int, players: int, variants: tuple[str, ...] = (), lineup: tuple[str, ...] | None = None
):
    """The same game through the reference engine: chance and the random policy drawn from the
    counter-based stream (see sim/counter_rng.py); a `heuristic` seat (`lineup`: a policy per
    seat, default all random) is the heuristic bot itself, its tie keys drawn from that stream
    (its `rng_for` option). Returns the finished state."""
    from cosmotable.bots.heuristic import HeuristicBot
    from cosmotable.sim.counter_rng import counter_rng_for, pick_decision, pick_outcome
    from cosmotable.sim.counter_rng import uniform as uniform_py

    seats = lineup or ("random",) * players
    unknown = sorted(set(seats) - set(POLICIES))
    if len(seats) != players or unknown:
        raise ValueError(f"lineup: one of {', '.join(POLICIES)} per seat ({players} seats), got {seats}")
    bots = [HeuristicBot(rng_for=counter_rng_for(seed)) if name == "heuristic" else None for name in seats]
    state = games.get("mlem").new_state(players, seed=seed, variants=list(variants))
    step = 0
    while not state.is_terminal():
        u = uniform_py(seed, step)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[pick_outcome(cumulative([p for _, p in outcomes]), u)][0])
        else:
            bot = bots[state.current_player()]
            if bot is not None:
                # the bot's stream is keyed by the actions played so far: this driver's step
                assert len(state.history) == step, "the history counts every step"
                state.apply(bot.act(state))
            else:
                legal = state.legal_actions()
                state.apply(legal[pick_decision(len(legal), u)])
        step += 1
    return state
