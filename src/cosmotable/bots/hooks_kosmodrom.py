"""Kosmodrom heuristic: finish rockets and push them to the launch table, keep experts in place,
shield launch-table rockets with Top Secret / Security System, and aim action cards at the leader.

Reads only `state.view(seat)` and the results of `state.clone().apply(action)` - the public engine
API. Each action is valued as (my estimate) - 0.6 x (the best opponent's estimate) after it.
"""

from __future__ import annotations

from cosmotable.bots.heuristic import hook, mover_view
from cosmotable.engine import Action, State

#: How much a rocket is worth, by zone, before the game ends (a fraction of its printed value).
ZONE_WORTH = {"launch": 1.0, "test": 0.8}
UPGRADE_WORTH = {"security_system": 3.0, "labor_contract": 2.0, "overtime": 1.0, "warehouse": 1.5}
#: A fresh card from the deck is worth about this much in hand.
DRAW_WORTH = 0.7
ATTACKS = {"scrub", "sabotage", "retest", "vacuum", "headhunting", "budget_cut"}


def rocket_worth(rocket: dict, late: bool) -> float:
    value = rocket["points"]
    if rocket["zone"] in ZONE_WORTH:
        worth = value * ZONE_WORTH[rocket["zone"]] if not late or rocket["zone"] == "launch" else 0.0
    elif late:
        worth = -value  # the countdown is on: it will not leave the assembly shop in time
    elif rocket["complete"]:
        worth = 0.6 * value
    else:
        have = rocket["metal"] + rocket["fuel"]
        need = rocket["needs_metal"] + rocket["needs_fuel"]
        worth = value * (0.25 + 0.3 * have / need)
    advantages = rocket["advantages"]
    if "top_secret" in advantages:
        worth += 1.0 + 0.15 * value
    if "certification" in advantages and rocket["zone"] == "test" and not late:
        worth += 2.0
    if "oxygen" in advantages and "astronaut" not in advantages:
        worth += 1.6
    return worth


def keep_worth(view: dict, seat: int, card: str, hand: list[str]) -> float:
    """How much `seat` wants to keep `card` (discard below KEEP_THRESHOLD)."""
    mine = [r for r in view["rockets"] if r["owner"] == seat]
    experts = view["players"][seat]["experts"]
    late = view["countdown"] is not None
    if card in ("metal", "fuel"):
        need = sum(r[f"needs_{card}"] - r[card] for r in mine if r["zone"] == "assembly")
        return 2.0 if hand.count(card) <= need else 0.5
    if card in ("swift", "rapid", "intrepid", "fearless"):
        building = sum(1 for r in mine if r["zone"] == "assembly" and not r["complete"])
        return 0.2 if late or building >= 2 else 1.5
    if card in ("engineer", "inspector", "mission_control"):
        zone = {"engineer": "assembly", "inspector": "test", "mission_control": "launch"}[card]
        return 2.5 if experts[zone] is None else 0.3
    if card == "jack":
        return 2.5 if None in experts.values() else 0.3
    if card in ("certification", "astronaut", "oxygen", "top_secret"):
        return 2.0 if any(r["zone"] != "assembly" for r in mine) else 0.7
    if card in UPGRADE_WORTH:
        return 1.5 if not view["players"][seat]["upgrades"] else 0.8
    return 1.2


KEEP_THRESHOLD = 1.0
#: How much a card left on top of the discard pile may help the next player (they may take it).
TOP_RISK = {
    "metal": 0.2,
    "fuel": 0.2,
    "swift": 0.4,
    "rapid": 0.5,
    "scrub": 2.0,
    "sabotage": 2.0,
    "jack": 2.0,
    "mission_control": 1.8,
    "top_secret": 1.5,
    "certification": 1.5,
}


def estimate(view: dict, seat: int) -> float:
    """What `seat` would score, rockets valued by their zone and progress (public information only)."""
    player = view["players"][seat]
    score = player["score"]
    late = view["countdown"] is not None
    value = score["astronauts"] + score["certifications"] + score["mission_control"]
    mine = [r for r in view["rockets"] if r["owner"] == seat]
    value += sum(rocket_worth(r, late) for r in mine)
    building = sorted(
        (r["points"] for r in mine if r["zone"] == "assembly" and not r["complete"]), reverse=True
    )
    value -= sum(0.5 * points for points in building[2:])  # too many half-built rockets
    experts = player["experts"]
    value += 3.0 * sum(1 for z in ("assembly", "test") if experts[z])
    value += sum(UPGRADE_WORTH.get(u, 0.0) for u in player["upgrades"])
    value += 0.3 * player["advantage_cards"]  # the tie-break
    value += 0.3 * player["hand_count"]
    return value


def position(view: dict, seat: int) -> float:
    mine = estimate(view, seat)
    others = [estimate(view, s) for s in range(view["num_players"]) if s != seat]
    return mine - 0.6 * max(others, default=0.0)


@hook("kosmodrom")
def value(state: State, action: Action) -> float:
    seat = state.current_player()
    kind = action.kind
    view = mover_view(state)
    hand = view["hand"] or []
    if view["phase"] == "draw":
        top = view["discard_top"]
        # Worth judged with the card in hand, as it would be at the discard step.
        return keep_worth(view, seat, top, [*hand, top]) if kind == "take" and top else KEEP_THRESHOLD
    if view["phase"] in ("discard", "field_duty"):
        if kind == "done":
            # A full hand draws nothing next turn (the draw only refills to the limit): let at least
            # the least useful card go, or the game stalls.
            full = len(hand) >= view["players"][seat]["hand_limit"] and view["phase"] == "discard"
            return -5.0 if full else 0.0
        return KEEP_THRESHOLD - keep_worth(view, seat, action.card, hand)  # type: ignore[attr-defined]
    if view["phase"] == "discard_order":
        # Leave the card the next player can use least on top (a component before anything else).
        card = action.card  # type: ignore[attr-defined]
        return -TOP_RISK.get(card, 1.0)
    if view["phase"] == "answer":
        offer = view["step"]["offer"]
        if kind == "refuse":
            return 0.0
        # An offer of any number of cards each way: what comes in, less what goes out.
        gain = sum(keep_worth(view, seat, card, hand) for card in offer["give"])
        return gain - sum(keep_worth(view, seat, card, hand) for card in offer["want"])
    if view["phase"] == "offer":
        # Building good offers is left for later: leave the offer being built.
        return 0.0 if kind == "withdraw" else -2.0
    if kind == "offer":
        return -2.0
    after = state.clone()
    after.apply(action)
    v = position(after.view(seat), seat)
    if kind == "play" and getattr(action, "card", "") in ATTACKS:
        v -= 0.5  # keep attacks for when they hurt
    return v
