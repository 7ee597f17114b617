"""Step 4 of a turn: which cards can be played where, and what playing them does.

`play_problem` is the single rule for "can this card be played with this target now": legal moves
are the candidates for which it returns None, and `explain_illegal` shows its message. The
rulebook's general rule (карты действия): an action card whose instruction cannot be carried out in
full cannot be played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cosmotable.games.kosmodrom.cards import ZONE_NAMES, ZONES
from cosmotable.games.kosmodrom.tableau import Rocket

if TYPE_CHECKING:
    from cosmotable.games.kosmodrom.table import KosmodromTable

#: Action cards that Top Secret and Security System protect against (card overview).
SHIELDED_BY_TOP_SECRET = ("scrub", "sabotage", "vacuum")
#: rulebook (карты действий): action cards go to the discard pile; Brainstorm goes on top *after*.
DISCARDED_AFTER = ("brainstorm",)


def _zone_place(target: str) -> tuple[int, str] | None:
    seat, _, zone = target.partition(":")
    if not seat.isdigit() or zone not in ZONES:
        return None
    return int(seat), zone


def protection(state: KosmodromTable, actor: int, rocket: Rocket, card: str) -> str | None:
    """Why `rocket` is shielded from `card` played by `actor`, or None."""
    if card in SHIELDED_BY_TOP_SECRET and "top_secret" in rocket.advantages:
        # card overview (Совершенно секретно): protects the rocket while it is in play.
        return f"{rocket.id} is protected by Top Secret"
    if (
        card in SHIELDED_BY_TOP_SECRET
        and rocket.owner != actor
        and "security_system" in state.tableaux[rocket.owner].upgrades
    ):
        # card overview (Система безопасности): against other players only; the owner may still
        # play these cards against their own rocket.
        return f"{rocket.id} belongs to seat {rocket.owner}, whose Security System protects it"
    if card == "retest" and "certification" in rocket.advantages:
        # card overview (Повторные испытания): not against a rocket with Certification.
        return f"{rocket.id} has Certification, which protects it from Retest"
    return None


def candidates(state: KosmodromTable, seat: int, card: str) -> list[str]:
    """The targets worth checking for `card` (filtered by `play_problem`, which alone decides).

    A target left out here is one `play_problem` refuses whatever else holds: the place a card
    kind can go at all (a component's rocket in the assembly shop still lacking it, an advantage's
    in its zone, an expert's empty zone, a launch-pad card or an expert to act on). Listing only
    those keeps a search from building a refusal's text for every other rocket and zone: before the
    empty places were left out too, about half the targets tried in random games were refused
    (tests/kosmodrom/test_fast_paths.py checks the legal moves against every target)."""
    spec = state.cards.cards[card]
    kind = spec.type
    rockets = state.rockets
    if kind in ("rocket", "upgrade"):
        return [""]
    if kind == "component":
        # rulebook (сборка ракет): components go only to one's own rockets in the assembly shop,
        # until they have all they need
        cards = state.cards.cards
        return [
            r
            for r, rocket in rockets.items()
            if rocket.owner == seat
            and rocket.zone == "assembly"
            and getattr(rocket, card) < getattr(cards[rocket.card], card)
        ]
    if kind == "advantage":
        # rulebook (карты преимуществ): on one's own rocket in the advantage's zone
        return [r for r, rocket in rockets.items() if rocket.owner == seat and rocket.zone == spec.zone]
    if kind == "expert":
        # rulebook (эксперты): an expert works in its own zone (Jack of All Trades in any), one per zone
        experts = state.tableaux[seat].experts
        return [z for z in (ZONES if spec.zone == "any" else (str(spec.zone),)) if experts[z] is None]
    n = state.num_players
    if card == "retest":
        # card overview (Повторные испытания): a rocket on the launch table
        return [r for r, rocket in rockets.items() if rocket.zone == "launch"]
    if card == "vacuum":
        # card overview (Вакуумирование): a rocket with oxygen
        return [r for r, rocket in rockets.items() if "oxygen" in rocket.advantages]
    if card == "top_priority":
        # card overview (Высший приоритет): one's own rocket not yet on the launch table
        return [r for r, rocket in rockets.items() if rocket.owner == seat and rocket.zone != "launch"]
    if card == "scrub":
        return list(rockets)
    if card == "sabotage":
        # card overview (Диверсия): another player's rocket
        return [
            f"{r} {c}" for r, rocket in rockets.items() if rocket.owner != seat for c in ("metal", "fuel")
        ]
    tableaux = state.tableaux
    if card == "key_to_start":
        # card overview (Ключ на старт): a launch-pad card in play
        return [f"{s}:{z}" for s in range(n) for z in ZONES if tableaux[s].pads[z]]
    if card == "headhunting":
        # card overview (Найм персонала): another player's expert
        return [
            f"{s}:{z}" for s in range(n) if s != seat for z in ZONES if tableaux[s].experts[z] is not None
        ]
    if card == "budget_cut":
        # card overview (Сокращение бюджета): another player's upgrade
        return [str(s) for s in range(n) if s != seat and tableaux[s].upgrades]
    if card == "soldering_iron":
        return sorted(set(state.discard))
    if card == "espionage":
        return [str(s) for s in range(n)] + [f"{a},{b}" for a in range(n) for b in range(a + 1, n)]
    return [""]


def play_problem(state: KosmodromTable, seat: int, card: str, target: str) -> str | None:
    """None if `seat` may play `card` on `target` now, else the reason (a sentence fragment)."""
    cards = state.cards.cards
    if card not in cards:
        return f"there is no card {card!r}"
    spec = cards[card]
    if state.hands[seat][card] <= 0:
        return f"you have no {spec.name_en} in your hand"
    kind = spec.type
    tab = state.tableaux[seat]
    if kind == "rocket" or kind == "upgrade":
        # rulebook (ракеты): rockets go into the assembly shop; (улучшения): upgrades to the right.
        return None if target == "" else f"{spec.name_en} takes no target"
    if kind == "launch_pad":
        return "launch-pad cards are never played from the hand"
    if kind in ("component", "advantage"):
        rocket = state.rockets.get(target)
        if rocket is None:
            return (
                f"name one of your rockets, e.g. 'play {card} r1'"
                if not target
                else f"there is no rocket {target!r}"
            )
        if rocket.owner != seat:
            # rulebook (схемы размещения, подготовка 1): a card goes into its player's own zones;
            # Ruling K27: so components and advantages go only on the player's own rockets.
            return f"{target} is not your rocket"
        rspec = cards[rocket.card]
        if kind == "component":
            # rulebook (сборка ракет): components only with a rocket in the assembly shop, until complete.
            if rocket.zone != "assembly":
                return f"components go only to rockets in the assembly shop; {target} is on the {ZONE_NAMES[rocket.zone]}"
            have, need = (rocket.metal, rspec.metal) if card == "metal" else (rocket.fuel, rspec.fuel)
            if have >= need:
                return f"{target} ({rspec.name_en}) already has all the {card} it needs"
            return None
        # rulebook (карты преимуществ): one advantage of each kind per rocket, in its own zone.
        assert spec.zone is not None  # card_problems: every advantage card names its zone
        if rocket.zone != spec.zone:
            return f"{spec.name_en} goes on a rocket on the {ZONE_NAMES[spec.zone]}; {target} is on the {ZONE_NAMES[rocket.zone]}"
        if card in rocket.advantages:
            return f"{target} already has a {spec.name_en} (one of each kind per rocket)"
        return None
    if kind == "expert":
        if target not in ZONES:
            return f"name a zone: {', '.join(ZONES)}"
        # rulebook (эксперты): one expert per zone, never replaced; Jack of All Trades fits any zone.
        assert spec.zone is not None  # card_problems: every expert card names a zone or "any"
        if spec.zone != "any" and spec.zone != target:
            return f"the {spec.name_en} works only in the {ZONE_NAMES[spec.zone]}"
        expert = tab.experts[target]
        if expert is not None:
            return f"your {ZONE_NAMES[target]} already has an expert ({cards[expert].name_en}); experts are never replaced"
        return None
    return _action_problem(state, seat, card, target)


def _action_problem(state: KosmodromTable, seat: int, card: str, target: str) -> str | None:
    n = state.num_players
    if card in ("research", "brainstorm", "field_duty"):
        if target:
            return f"{card} takes no target"
        if card == "research":
            # card overview (НПП): draw 3 from the deck; in full, so 3 cards must be there to draw
            # (the discard pile counts: it is reshuffled when the deck runs out; this card is in it).
            if state.drawable_count() + 1 < 3:
                return "there are fewer than 3 cards left to draw (deck and discard pile together)"
            return None
        if card == "brainstorm":
            # card overview (Мозговой штурм): at least 1 card must be in the discard pile.
            return (
                None
                if state.discard
                else "the discard pile is empty (Brainstorm needs at least 1 card there)"
            )
        # card overview (На картошку): at least one player must be able to discard a card.
        others = sum(state.hands[s].total() for s in range(n) if s != seat)
        if state.hands[seat].total() - 1 + others < 1:
            return "no player would have a card to discard"
        return None
    if card in ("scrub", "retest", "vacuum", "top_priority", "sabotage"):
        rid, _, part = target.partition(" ")
        rocket = state.rockets.get(rid)
        if rocket is None:
            return f"name a rocket, e.g. 'play {card} r1'" if not rid else f"there is no rocket {rid!r}"
        if card == "sabotage":
            # card overview (Диверсия): another player's rocket; steal one component of it.
            if part not in ("metal", "fuel"):
                return "name the component to steal, e.g. 'play sabotage r3 fuel'"
            if rocket.owner == seat:
                return "Sabotage works only on another player's rocket"
            if getattr(rocket, part) == 0:
                return f"{rid} has no {part}"
        elif part:
            return f"{card} takes one rocket as its target"
        if card == "top_priority":
            # card overview (Высший приоритет): your complete rocket from assembly shop or test stand.
            if rocket.owner != seat:
                return f"{rid} is not your rocket"
            if rocket.zone == "launch":
                return f"{rid} is already on the launch table"
            if not rocket.complete(state.cards.cards[rocket.card]):
                return f"{rid} is not complete"
            return None
        if card == "retest" and rocket.zone != "launch":
            return (
                f"Retest moves a rocket back from the launch table; {rid} is on the {ZONE_NAMES[rocket.zone]}"
            )
        if card == "vacuum" and "oxygen" not in rocket.advantages:
            return f"{rid} has no oxygen"
        return protection(state, seat, rocket, card)
    if card in ("key_to_start", "headhunting"):
        place = _zone_place(target)
        if place is None or place[0] >= n:
            return "name a place as SEAT:ZONE, e.g. '1:test'"
        owner, zone = place
        if card == "key_to_start":
            # card overview (Ключ на старт): a launch-pad card already in play.
            return (
                None
                if state.tableaux[owner].pads[zone]
                else f"seat {owner} has no launch-pad card on the {ZONE_NAMES[zone]}"
            )
        # card overview (Найм персонала): an expert in play; not protected by Labor Contract.
        if owner == seat:
            return "Headhunting steals from another player"
        if state.tableaux[owner].experts[zone] is None:
            return f"seat {owner} has no expert on the {ZONE_NAMES[zone]}"
        if "labor_contract" in state.tableaux[owner].upgrades:
            return f"seat {owner}'s experts are protected by Labor Contract"
        return None
    if card == "budget_cut":
        if not target.isdigit() or int(target) >= n:
            return "name a seat, e.g. 'play budget_cut 1'"
        victim = int(target)
        if victim == seat:
            return "Budget Cut steals from another player"
        return None if state.tableaux[victim].upgrades else f"seat {victim} has no upgrade in play"
    if card == "soldering_iron":
        if not target:
            return "name the card to take from the discard pile, e.g. 'play soldering_iron metal'"
        return None if target in state.discard else f"there is no {target} in the discard pile"
    if card == "espionage":
        try:
            victims = [int(x) for x in target.split(",")] if target else []
        except ValueError:
            victims = []
        if not victims or len(victims) > 2 or any(v >= n for v in victims):
            return "name one opponent (2 cards from them) or two opponents (1 each), e.g. '1' or '1,2'"
        if seat in victims:
            return "Industrial Espionage steals from opponents"
        if len(victims) == 1:
            if state.hands[victims[0]].total() < 2:
                return f"seat {victims[0]} does not hold 2 cards"
            return None
        if victims[0] >= victims[1]:
            return "name two different opponents in increasing order, e.g. '1,2'"
        for v in victims:
            if state.hands[v].total() < 1:
                return f"seat {v} holds no card"
        return None
    return f"unknown card {card!r}"  # pragma: no cover - every card type is handled above
