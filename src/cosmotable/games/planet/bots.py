"""Planet heuristic: each move is judged by the route estimate of the position after it (the
search's estimate, `games/planet/bot_routes.py`): coins home plus the coins each team can still bring home
along the routes the face-up tiles allow, the expected coins under face-down tiles, the threats of
rivals in reach. A move that reveals a tile or brings a coin home is preferred the longer the game
has stood still, so that games end the rulebook's way: every tile up and every coin taken (R22).

Reads only `state.view(seat)`, `state.public_view()` and the views of `clone().apply(...)` results -
the public engine API. A move onto a face-down tile is judged before its tile is drawn. How far
the face-down tiles are, and which ship moves are worth judging, is bot_explore.py's.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from cosmotable.bots.evaluation import payoff
from cosmotable.bots.heuristic import hook, mover_view, per_position, plan, stall, turn_value
from cosmotable.bots.mcts import Search
from cosmotable.engine import Action, State
from cosmotable.games.planet.board import cell_name, parse_cell
from cosmotable.games.planet.bot_estimate import QUIET_HALF_LIFE, planet_team_values
from cosmotable.games.planet.bot_explore import PRUNED_SHIP_MOVE, explore_pull, ship_shortlist
from cosmotable.games.planet.bot_plans import Table, table_of
from cosmotable.games.planet.bot_routes import SHIP, Layout, layout_of

#: The most a move that makes progress (reveals a tile, brings a coin home) gains over one that does
#: not, reached as the quiet turns grow (0 right after progress). The route estimate alone may rate
#: a stand-off (two astronauts knocking each other off one cell, a guard over a coin) above
#: exploring for as long as it lasts; the game would then run into the turn cap (R23) with tiles
#: still face down. A coin is worth 1.
PROGRESS_BONUS = 1.5
#: The pull towards the nearest face-down tile (GAMMA ** the turns our nearest astronaut needs to
#: step on it): the game ends only once every tile is face up (R22), and tiles that can hold no
#: coin are worth nothing to the route estimate, so without it the last of them stay face down
#: and the game runs into the turn cap. It grows with the quiet turns, as the progress bonus does.
EXPLORE_PULL = 0.25
#: A move after which every astronaut stands where it stood (a step into a crocodile that chases it
#: back, R12) passes the turn; it costs this much more the longer the game has stood still, so that
#: a bot whose every real move looks a little worse does not pass turn after turn until the cap.
PASS_COST = 0.5
#: An attack on a cell where the log already shows attacks since the last coin brought home costs this
#: much per earlier attack there: two astronauts knocking each other off one cell turn by turn is a
#: loop that goes nowhere (issue #19: 241 such attacks in one game). Tiles revealed elsewhere meanwhile
#: do not end the loop: in the 3-player game of seed 1000004 three seats knocked each other off a
#: tractor beam 100 times in 170 turns, with a tile revealed every 4-5 attacks and 2 coins home.
FIGHT_COST = 0.3
#: A coin lost to space (rulebook: a coin carried into space is lost) costs this much besides the
#: coin's worth in the plan.
LOST_COIN = 0.25
#: Sailing or flying the ship and spending a card count this little against a move that does the
#: same without them (keep the fuel and the card for when they change something).
SHIP_MOVE, CARD_USE = 0.02, 0.005


def team_lead(view: dict, seat: int, table: Table | None = None) -> float:
    """The route estimate of `seat`'s team less the best other team's, in coins (`table`: the
    view's `table_of`, when the caller has it already)."""
    values = planet_team_values(view, table)
    team = view["players"][seat]["team"]
    rivals = [v for p, v in zip(view["players"], values) if p["team"] != team]
    return values[seat] - max(rivals, default=0.0)


def out_of_the_race(view: dict, seat: int) -> bool:
    """Whether `seat`'s team can no longer draw level with the best other team (rulebook: most coins
    win): its coins home plus every coin on the table, locked, or yet to appear from a face-down tile
    fall short. Such a seat loses however the game ends, so ending it by bringing the last coin home
    (R22) costs it nothing; valued as a lost game, it kept the last coin from home and walked it to
    and fro until the others agreed to stop (issue #19, seed 1000020: 90 turns)."""
    return view["players"][seat]["score"] + coins_in_play(view) < best_rival_score(view, seat)


def won_already(view: dict, seat: int) -> bool:
    """Whether `seat`'s team wins however the game ends: no other team draws level with it even if
    it brings home every coin still in play (rulebook: most coins win)."""
    return best_rival_score(view, seat) + coins_in_play(view) < view["players"][seat]["score"]


def best_rival_score(view: dict, seat: int) -> int:
    """The most coins home of any team other than `seat`'s (0 with none)."""
    team = view["players"][seat]["team"]
    return max((p["score"] for p in view["players"] if p["team"] != team), default=0)


def coins_in_play(view: dict) -> int:
    """The coins a team may still bring home: on the table, locked, and while a tile is face down the
    supply too (coins still to appear from face-down containers: at most all that are left)."""
    coins = view["coins"]
    out = coins["on_board"] + coins["locked"]
    if any(not cell["revealed"] for area in view["areas"].values() for cell in area["cells"]):
        out += coins["supply"]
    return out


def progress(before: dict, after: dict) -> bool:
    """Whether the move revealed a tile (or stepped onto a face-down one: its tile is drawn next,
    the view names it `pending`), opened a locked container or brought a coin home.

    An opened lock counts: its coins then lie free for every team, so the route estimate gains the
    opener hardly more than its rivals beside it, and without the bonus a heuristic seat left a
    lock with one of its astronauts on it shut for 250 turns while a teammate could reach it through
    a chain of five choices (issue #19, seed 1000389: the 600-turn cap with the last 3 coins locked)."""
    return (
        after["pending"] is not None
        or _face_down(after) < _face_down(before)
        or after["coins"]["delivered"] > before["coins"]["delivered"]
        or after["coins"]["locked"] < before["coins"]["locked"]
    )


def _standing(view: dict) -> list:
    """Where every astronaut stands and every ship lies."""
    return [(p["ship"]["cell"], [a["at"] for a in p["astronauts"]]) for p in view["players"]]


def _face_down(view: dict) -> int:
    """Tiles still face down (counted from the box, the same in every seat's view)."""
    return sum(sum(left.values()) for left in view["unrevealed"].values())


@per_position
def fights_since_delivery(state: State) -> Counter:
    """Attacks per cell in the public log since a coin was last brought home."""
    fights: Counter = Counter()
    for event in reversed(state.events):
        if event.kind == "deliver":
            break
        if event.kind == "attack" and event.visible_to is None:
            fights[event.data.get("cell", "space")] += 1
    return fights


@hook("planet")
def value(state: State, action: Action) -> float:
    return move_value(state, action, mover_view(state))


def move_value(state: State, action: Action, view: dict) -> float:
    """`value`, given the view of the seat to move (`best_move_lead` gives one with other quiet turns)."""
    seat = state.current_player()
    text = str(action)
    me = view["players"][seat]
    others = best_rival_score(view, seat)
    stuck = view["quiet_turns"] >= 25 * len(view["players"])  # no tile revealed, no coin home for long
    if text == "claim":
        # The claim is offered only once every tile is face up (Ruling R21): claim when nothing has
        # happened for a long while and we are not behind (a tie is all a stuck game can give), or,
        # sooner, when we have won whatever the coins left do and no coin has come home for
        # STALL_ROUNDS rounds: the other team, out of the race, agrees (agree_when_out_of_the_race).
        # Without it a decided teams game ran into the 600-turn cap, the team behind carrying its
        # coins off a tractor beam one by one and the team ahead pulling them back, a coin home
        # every 50-100 turns (issue #19, seed 1000310: 18-5, every tile face up from turn 361).
        settled = won_already(view, seat) and view["quiet_turns"] >= STALL_ROUNDS * len(view["players"])
        return 1e6 if stuck and me["score"] >= others or settled else -1e6
    if text in ("agree", "refuse"):
        agree = (
            me["score"] >= others
            and stuck
            or me["score"] > others
            or view["quiet_turns"] >= 50 * len(view["players"])
            or out_of_the_race(view, seat)
        )
        return 1.0 if (text == "agree") == agree else 0.0
    if text.startswith(("sail", "fly")):
        proxies, kept = ship_shortlist(state)
        if text not in kept:
            return PRUNED_SHIP_MOVE + proxies[text]
    after = state.clone()
    after.apply(action)
    budget = _follow_budget(state)
    budget[1] = min(budget[0], FOLLOW_BUDGET)  # this move's share of what the position has left
    spent = budget[1]
    value = _judge(state, view, after, seat, text, budget)
    budget[0] -= spent - budget[1]
    return value


@plan("planet")
def agree_when_out_of_the_race(state: State) -> Action | None:
    """A seat that can no longer draw level agrees to a claim (R21): it loses however the game ends,
    and refusing only keeps the table going. Played outright by every level, the search levels too:
    their estimate gives a losing seat a chance above 0 while the game goes on, and the 0 of the end
    a claim brings, so an `easy` seat with 7 coins against 12 and 2 left refused 40 claims in a row
    while a tractor beam pulled the last coins to and fro (issue #19, seed 1000029)."""
    legal = state.legal_actions()
    if len(legal) != 2 or {str(a) for a in legal} != {"agree", "refuse"}:
        return None
    if not out_of_the_race(mover_view(state), state.current_player()):
        return None
    return next(a for a in legal if str(a) == "agree")


#: Rounds without a tile turned or a coin brought home after which the search levels play the
#: heuristic's move (`stalled`). With 8, the teams game of seed 1000050 ended at turn 535 of the 600
#: allowed, each stand-still at the station waiting 32 turns for the deferral; with 5 it ended at 459.
STALL_ROUNDS = 5


@stall("planet")
def stalled(state: State) -> bool:
    """Whether no tile was turned and no coin brought home for STALL_ROUNDS rounds. The search's
    estimate turns leads into win chances, which barely move for a seat far ahead (it wins either
    way) and favour leaving tiles face down for a seat far behind (what they hide is its only
    hope); searching seats then marked time until the 600-turn cap with tiles still face down
    (issue #19, 3 of 59 games of the 1,000-game run: one seat `hard`, one `easy` vs `easy`, one
    teams game with `easy` and `normal`). The heuristic's pull towards progress grows with the
    quiet turns, so it ends such a stand-still within a few turns."""
    return mover_view(state)["quiet_turns"] >= STALL_ROUNDS * state.config.num_players


#: Moves whose hook value is a verdict, not a lead: a claim and its answers (R21).
VERDICTS = frozenset({"claim", "agree", "refuse"})


@turn_value("planet")
def best_move_lead(state: State, since: State | None = None) -> float:
    """The seat to move's prospects as the heuristic sees them: its best move's value (the lead after
    it, with the pulls and costs above), leaving out a claim and its answers (their values say
    whether to make them, not by how much the seat leads); with only those left, the lead as it
    stands (coins to come in full, as `_judge` counts them).

    With `since` (the position a search started from), the pull and the progress bonus grow with
    the quiet turns of `since`, not of `state`: they weigh the moves of one position alike, but
    between positions a search compares they would pay for standing still - a round without a
    tile revealed or a coin home leaves more quiet turns, so a bigger bonus for the next move's
    progress, worth up to a coin more than the round that made the progress."""
    view = mover_view(state)
    if since is not None:
        view = {**view, "quiet_turns": since.public_view()["quiet_turns"]}
    moves = [a for a in state.legal_actions() if str(a) not in VERDICTS]
    if moves:
        return max(move_value(state, a, view) for a in moves)
    return team_lead({**view, "quiet_turns": 0}, state.current_player())


#: A coin carrier's move is followed through its own choices (an arrow's way, a knight's or
#: trampoline's landing) before it is judged: a carrier stopped at such a choice holds its coin in
#: hand, and the view counts a coin in hand nowhere (issue #19: a carrier that could reach its ship by a
#: trampoline jump judged the step onto the trampoline as losing the coin, and carried the coin to
#: and fro beside it for 200 turns).
#: A choice with more ways than this (a dragonfly's flight: any tile of the place) is judged where
#: it stands: following every landing would cost a route estimate each.
FOLLOW_WAYS = 12
#: The most positions one move's follow-through judges (each costs a view and a route estimate):
#: a chain of knights can branch 8 ways at each of its choices, and a decision once took 9 s.
FOLLOW_BUDGET = 24
#: ... and all the moves of one position together (a carrier with 20 coin moves through knights).
POSITION_BUDGET = 96


@per_position
def _follow_budget(state: State) -> list[int]:
    """[positions left for this position's moves, positions left for the move being judged]: one list
    per position, spent by its moves' judgements."""
    return [POSITION_BUDGET, 0]


def _judge(state: State, view: dict, after: State, seat: int, text: str, budget: list[int]) -> float:
    """The value of `after`, reached from `state` (whose view is `view`) by the seat's move `text`;
    while a coin carrier's move waits for the same seat's choice within it (phase `choose`), or a
    step onto a tractor beam for its pull (phase `beam`: the pull is forced, R15), the best
    choice. Judged before its pull, a step onto the beam was worth standing there, whatever coin it
    had to pull: a seat pulled its own carrier's coin back onto the beam, and four seats kept the
    last coins there for 200 turns (issue #19, seed 1000521). `budget[1]` holds the positions still
    to be judged that way. An astronaut without a coin stopped at a choice is judged by the best
    place its move can come to rest at (`_rest_values`)."""
    after_view = after.public_view()
    if after.is_terminal():  # the last coin taken (R22): won, shared or lost
        share = payoff(after, seat)[seat]
        if share > 0 or not out_of_the_race(view, seat):
            return 1e3 * (2.0 * share - 1.0)
        # Lost whatever we do: the end is judged by the coins, as any position.
        return _score(state, view, after_view, seat, text, [])
    if (
        (
            after_view["phase"] == "choose"
            and (after_view["walking"] or {}).get("coin")
            or after_view["phase"] == "beam"
        )
        and not after.is_chance_node()
        and after.current_player() == seat
    ):
        ways = after.legal_actions()
        if len(ways) <= min(FOLLOW_WAYS, budget[1]):
            budget[1] -= len(ways)
            best = -math.inf
            for way in ways:
                further = after.clone()
                further.apply(way)
                best = max(best, _judge(state, view, further, seat, text, budget))
            return best
    attacks = [
        event.data.get("cell", "space")
        for event in after.events[len(state.events) :]
        if event.kind == "attack"
    ]
    walker = _walker_at_choice(after_view, seat)
    if walker is not None:
        rests = _rest_values(state, view, after_view, seat, text, walker)
        if rests:
            return max(rests) - CHAIN_COST
    return _score(state, view, after_view, seat, text, attacks)


#: A walker (no coin) stopped at a choice within its move - an arrow's way, a knight's or trampoline's
#: landing, a dragonfly's flight - is worth the best place where its move can still come to rest, less
#: this: a way that gets there later in the chain is worth a little less than going there now, since
#: the chain may be cut (a (cell, direction) met twice in a move sends the astronaut home, a crocodile
#: chases it back). Judged where it stood, at the tile of the choice with every end of the move at no
#: cost (`bot_routes.MID`), a walker was worth as much as standing on every tile the move reaches at
#: once - next to every face-down tile and coin - so the heuristic chained on through knights,
#: trampolines and the dragonfly turn after turn and never stepped onto the last face-down tile
#: (issue #19: seed 1000013 ran into the 600-turn cap, 266 crocodile events in its last 600 events).
CHAIN_COST = 0.05
#: Tiles where a walker stops to choose where its move goes on (arrows with several ways too).
CHOICE_TILES = frozenset({"knight", "trampoline", "dragonfly", "energy"})


def _walker_at_choice(after_view: dict, seat: int) -> tuple[int, tuple] | None:
    """(astronaut index, place) of `seat`'s astronaut without a coin stopped at a choice of where its
    move goes on; None otherwise (a coin carrier, a pick of what a tile does - an obelisk's peek, a
    meteorite's swap, a beam's pull - or no move under way)."""
    walking = after_view["walking"]
    if after_view["phase"] != "choose" or not walking or walking["coin"] or walking["seat"] != seat:
        return None
    if after_view["pending"] is not None:
        return None
    a = walking["astronaut"] - 1
    at = after_view["players"][seat]["astronauts"][a]["at"]
    if at[0] != "cell":
        return None
    place = parse_cell(at[1])
    tile = layout_of(after_view).tiles.get(place)
    if tile is None or not (tile[0] in CHOICE_TILES or len(tile[1]) > 1):
        return None
    return a, place


def _rest_values(
    state: State, view: dict, after_view: dict, seat: int, text: str, walker: tuple[int, tuple]
) -> list[float]:
    """`_score` of each place where the walker's move, stopped at a choice, can come to rest (its
    own ship, a face-down tile it turns up, a tile it stops on, sending home the rivals there),
    from the route maps (`Layout.choice_ends`). Worked out once per place for the position being
    decided: every way of a choice, and every choice of one decision, reaches the same places."""
    a, place = walker
    layout = layout_of(after_view)
    me = after_view["players"][seat]
    known = _rest_memo(state)
    key = (a, repr(me["cards"]), after_view["ability_used"], after_view["in_boost"])
    values = []
    for end, turns in layout.choice_ends(seat, False, place).items():
        memo = (key, end, turns)
        if memo not in known:
            rest, attacks = _rest_view(after_view, seat, a, end, turns, layout)
            known[memo] = _score(state, view, rest, seat, text, attacks)
        values.append(known[memo])
    return values


@per_position
def _rest_memo(state: State) -> dict:
    return {}


def _rest_view(
    after_view: dict, seat: int, a: int, end, turns: int, layout: Layout
) -> tuple[dict, list[str]]:
    """`after_view` with the seat's walker come to rest at `end` (a place or `SHIP`), and the cells
    where it sends rivals home. A stop on a tree or in a canyon (`turns` 2) costs the next turn, as a
    stun does; a face-down tile is being turned up (`pending`: the seat still to act on it, as the
    engine's view shows it); otherwise the turn has passed to the next seat."""
    players = [{**p, "astronauts": [dict(x) for x in p["astronauts"]]} for p in after_view["players"]]
    walker = players[seat]["astronauts"][a]
    attacks: list[str] = []
    pending = None
    turn = (seat + 1) % len(players)
    if end == SHIP:
        walker["at"], walker["stunned"] = ["ship", seat], False
    else:
        name = cell_name(*end)
        walker["at"], walker["stunned"] = ["cell", name, 0], turns > 1
        if layout.tiles.get(end) is None:
            pending, turn = name, seat
        team = players[seat]["team"]
        for p in players:
            if p["team"] == team:
                continue
            for x in p["astronauts"]:
                if x["at"][0] == "cell" and x["at"][1] == name:
                    # rulebook (attack): a rival on the tile where a move ends goes back to its ship.
                    x["at"], x["stunned"] = ["ship", p["seat"]], False
                    if name not in attacks:
                        attacks.append(name)
    rest = {
        **after_view,
        "players": players,
        "phase": "act",
        "walking": None,
        "pending": pending,
        "turn": turn,
    }
    if end != SHIP:
        rest = _open_lock(rest, seat, end)
    return rest, attacks


def _open_lock(view: dict, seat: int, place: tuple) -> dict:
    """`view` with the locked container at `place` opened if two astronauts of `seat`'s team stand
    on it (rulebook, locked container: a move that ends with two astronauts of one team on it opens
    it, and its coins lie there); `view` itself when there is no lock or one astronaut only.

    The rest view of a walker's chain must open it as the engine would at the end of the move:
    judged still locked, the lock's coins stayed out of reach, the chain that ended beside a
    teammate was worth no more than walking elsewhere, and the lock stayed shut (issue #19, seed
    1000389). The tile is left as the view shows it: the route maps read a container's coins and
    lock, not its kind, and a new tile would cost a new layout. New dicts, the view is not changed."""
    area, name = place[0], cell_name(*place)
    cells = view["areas"][area]["cells"]
    index = next((i for i, cell in enumerate(cells) if cell["cell"] == name), None)
    if index is None or not cells[index].get("lock"):
        return view
    team = view["players"][seat]["team"]
    here = sum(
        1
        for p in view["players"]
        if p["team"] == team
        for x in p["astronauts"]
        if x["at"][0] == "cell" and x["at"][1] == name
    )
    if here < 2:
        return view
    opened = {key: value for key, value in cells[index].items() if key != "lock"}
    locked = cells[index]["lock"]
    opened["coins"] = (opened.get("coins") or 0) + locked
    coins = view["coins"]
    return {
        **view,
        "areas": {
            **view["areas"],
            area: {**view["areas"][area], "cells": [*cells[:index], opened, *cells[index + 1 :]]},
        },
        "coins": {**coins, "locked": coins["locked"] - locked, "on_board": coins["on_board"] + locked},
    }


def _score(state: State, view: dict, after_view: dict, seat: int, text: str, attacks: list[str]) -> float:
    """`_judge`'s value of a position where the seat's move has come to rest (or waits for a chance
    outcome): the lead, the pull and bonus, the costs of passing, re-fighting, lost coins and spent
    ship moves and cards. `attacks` are the cells where the move sent rivals home."""
    moved = progress(view, after_view)
    # The lead counts every coin to come in full: a one-step look-ahead needs the routes' pull
    # towards coins and face-down tiles, which the search's quiet-turn discount fades out.
    # One table serves the lead and the pull: the route estimate does not read the quiet turns.
    table = table_of(after_view)
    v = team_lead({**after_view, "quiet_turns": 0}, seat, table)
    urge = 1.0 - 0.5 ** (view["quiet_turns"] / QUIET_HALF_LIFE)  # 0 right after progress, then to 1
    if _face_down(view) and won_already(view, seat):
        # A won game ends only once every tile is face up: the normal end (R22) and the claim (R21)
        # both wait for it, so the last tiles are what is left to do, in full. With the pull grown
        # by the quiet turns only, a coin home every few dozen turns kept it small: a teams game won
        # 21-7 left its last station tile face down for 200 turns, both teams pulling the last
        # coins to and fro on a tractor beam, and ran into the 600-turn cap (issue #19, seed 1000522).
        urge = 1.0
    # A reveal (or a coin home) has done what the pull asks for: it counts as the pull in full.
    v += EXPLORE_PULL * (1.0 + 7.0 * urge) * (1.0 if moved else explore_pull(after_view, seat, table))
    if moved:
        v += PROGRESS_BONUS * urge
    else:
        if _standing(after_view) == _standing(view) and view["phase"] == "act":
            v -= PASS_COST * (0.1 + urge)
    fights = fights_since_delivery(state)
    for cell in attacks:
        v -= FIGHT_COST * fights[cell]
    v -= LOST_COIN * (after_view["coins"]["lost"] - view["coins"]["lost"])
    if text.startswith(("sail", "fly")):
        v -= SHIP_MOVE
    if text.startswith("ability"):
        v -= CARD_USE
    return v


#: Planet's claim ("no one can get the last coin") ends the game at once when everybody agrees, so a
#: claim on the first turn offers a shared win at 0-0. An even position is worth as much as that draw
#: by the estimate, and `hard` agreed to such claims (5 of 60 games against `random`): a draw counts
#: this much less than its share for the searching seat (a chess engine's contempt).
CONTEMPT = 0.1
#: The most moves Planet's `hard` has the heuristic judge in one decision (`work_budget`): a round
#: with many chance lines (tiles turned up differently in each determinization) or long chained moves
#: is worked out anew in every iteration, each heuristic decision judging every legal move (a dragonfly
#: offers 55); one decision took 13.4 s. A count, not a clock, so that replays and tests stay
#: deterministic. A decision judges a median of about 870 moves in a 4-player game, at 1-2.5 ms of
#: CPU each; the cap keeps the dearest to a few seconds and cut 1 search of 80 there
#: (benchmarks/planet_hard_speed.py).
HARD_WORK = 1500
#: A Planet turn is one astronaut's move among dozens, and a random astronaut wanders. Since issue
#: #19 the heuristic judges each move by the route estimate plus pulls and costs, and beat a search
#: of the bot's own turn; `hard` searches a round ahead, the heuristic playing the rest of it (the
#: rival's reply included) and judging where it ends (`heuristic_round`, docs/bots.md), and beat the
#: heuristic in 13 of 20 games. The own-turn searches the lower levels used did not line up below it
#: (docs/ratings.md: 30 iterations among the heuristic's best 3 beat 80 among the estimate's best 4
#: and `hard` itself in the round-robin, and scored 13.5 of 25 against the heuristic): so `normal` and
#: `easy` play hard's search on 70% and 35% of their decisions and the heuristic's move on the rest
#: (`Search.searched`), between the heuristic and `hard` by construction.
_ROUND_AHEAD = Search(
    8,
    0,
    own_turn=True,
    normalize=True,
    prior_top=3,
    prior_extra=1,
    heuristic_round=True,
    contempt=CONTEMPT,
    work_budget=HARD_WORK,
)
SEARCH_LEVELS = {
    "easy": replace(_ROUND_AHEAD, searched=0.35),
    "normal": replace(_ROUND_AHEAD, searched=0.7),
    "hard": _ROUND_AHEAD,
}
