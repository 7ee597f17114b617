"""What Kosmodrom shows: the JSON view of a state for one seat (or a spectator), the full snapshot,
and why an action is refused.

The single place where a state becomes outgoing data. A seat sees its own hand; other hands only as
counts and the cards it knows to be in them (Ruling K24: taken or given in the open, or stolen from
it); the deck only as a count (its order is never even fixed: draws are chance nodes). The
discard pile is public (Ruling K8). The seed is never included: it would reveal future draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cosmotable.engine.core import Action
from cosmotable.games.kosmodrom import plays
from cosmotable.games.kosmodrom.actions import (
    Accept,
    Advance,
    DeckCard,
    Discard,
    Done,
    Draw,
    First,
    Gift,
    Give,
    Offer,
    Pick,
    Play,
    Propose,
    Refuse,
    Take,
    Top,
    Trade,
    Want,
    Withdraw,
)
from cosmotable.games.kosmodrom.cards import PADS, ZONE_NAMES
from cosmotable.games.kosmodrom.scoring import score_breakdown

if TYPE_CHECKING:
    from cosmotable.games.kosmodrom.state import KosmodromState


def _hand(hand) -> list[str]:
    return sorted(hand.elements())


def view(state: KosmodromState, seat: int | None) -> dict[str, Any]:
    offer = None
    if state.offer is not None:
        kind, giver, to, give, want = state.offer
        offer = {"kind": kind, "from": giver, "to": to, "give": list(give), "want": list(want)}
    draft = None
    if state.draft is not None:
        # Built in the open (Ruling K12/K24): everyone sees the offer take shape.
        draft_to, draft_give, draft_want = state.draft
        draft = {"to": draft_to, "give": _hand(draft_give), "want": _hand(draft_want)}
    pads_unseen = sum(state.deck[p] for p in PADS) + len(state.set_aside)
    data: dict[str, Any] = {
        "game": "kosmodrom",
        "num_players": state.num_players,
        "variants": sorted(state.config.variants),
        "seat": seat,
        "phase": state.phase,
        "current_player": state.current_player(),
        "turn": state.turn,
        "max_turns": state.max_turns,
        "end_reason": state.end_reason,
        "turn_seat": state.turn_seat,
        "deck": {
            "count": state.deck_count(),
            "launch_pads_in_deck": pads_unseen if not state.set_aside else 0,
            "launch_pads_set_aside": len(state.set_aside),
            "reshuffles": state.reshuffles,
        },
        "discard": list(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "launch_pad_area": list(state.centre),
        "countdown": None
        if state.countdown is None
        else {
            "turns_left": state.countdown,
            "completer": state.completer,
        },
        "step": {
            "advanceable": sorted(state.advance_options()) if state.phase == "advance" else [],
            "advanced": dict(state.advanced),
            "took_discard": state.took_discard,
            "redrawn": state.redrawn,
            "research_left": state.research_left,
            "steal_from": list(state.steal_from),
            # The stolen cards awaiting keep/discard: named to the thief, counted for everyone else.
            "stolen_pending": list(state.stolen) if seat == state.turn_seat else len(state.stolen),
            "field_duty_queue": list(state.field_queue),
            "order_from": state.order_start if state.phase == "discard_order" else None,
            "offer": offer,
            "draft": draft,
        },
        "players": [_player(state, s, seat) for s in range(state.num_players)],
        "rockets": [r.to_json(state.cards.cards[r.card]) for r in state.rockets.values()],
        "hand": _hand(state.hands[seat]) if seat is not None else None,
        "terminal": state.is_terminal(),
        "winners": state.winners(),
    }
    return data


def _player(state: KosmodromState, seat: int, viewer: int | None) -> dict[str, Any]:
    tab = state.tableaux[seat]
    # Ruling K24: the cards of this hand the viewer knows of; for the viewer's own hand, the cards
    # every player knows it holds (the full hand is under "hand").
    known = state.known_public[seat] if viewer == seat else state.known_cards(viewer, seat)
    return {
        "seat": seat,
        "hand_count": state.hands[seat].total(),
        "known_hand": _hand(known),
        "hand_limit": state.hand_limit(seat),
        **tab.to_json(),
        "rockets": [r.id for r in state.rockets.values() if r.owner == seat],
        "advantage_cards": state.advantage_cards(seat),
        "score": score_breakdown(state, seat),
    }


def explain_illegal(state: KosmodromState, action: Action) -> str:
    phase = state.phase
    if state.is_terminal():
        return "the game is over"
    if isinstance(action, First):
        if phase != "first":
            return "the first player is chosen once, by chance, right after the deal"
        return f"there is no seat {action.seat} (seats 0-{state.num_players - 1})"
    if isinstance(action, (DeckCard, Pick)):
        if phase not in ("deal", "draw_deck", "research", "redraw", "steal"):
            return "chance outcomes are only applied at a chance node (no card is being drawn or stolen now)"
        if phase == "steal":
            return f"the victim's hand holds no {action.card}"
        return f"there is no {action.card} left to draw (the deck's cards are: {', '.join(sorted(state._draw_pool()))})"
    if state.current_player() < 0:
        return "a chance outcome is due now (a card is being drawn or stolen)"
    step = {
        "advance": "step 2 (advance rockets: 'advance rN' or 'done')",
        "draw": "step 3 (draw: 'draw' from the deck or 'take' the top discard)",
        "play": "step 4 (play cards: 'play ...' or 'done')",
        "field_duty": "Field Duty (each player discards a card: 'discard <card>')",
        "answer": "an offer awaiting an answer ('accept' or 'refuse')",
        "offer": "an offer being built ('give <card>', 'want <card>', 'propose' or 'withdraw')",
        "discard_order": "the choice of the top discard by the action card's player ('top <card>')",
        "discard": "step 6 (discard: 'discard <card>' or 'done')",
    }.get(phase, phase)
    seat = state.current_player()
    if isinstance(action, Advance):
        if phase != "advance":
            return f"rockets advance only in step 2; now it is {step}"
        rocket = state.rockets.get(action.rocket)
        if rocket is None:
            return f"there is no rocket {action.rocket}"
        if rocket.owner != seat:
            return f"{action.rocket} belongs to seat {rocket.owner}"
        if rocket.zone == "launch":
            return f"{action.rocket} is on the launch table, the last zone"
        if action.rocket not in state.eligible:
            if not rocket.complete(state.cards.cards[rocket.card]):
                return f"{action.rocket} was not complete at the start of the turn"
            return f"there was no expert on your {ZONE_NAMES[rocket.zone]} at the start of the turn"
        if state.eligible[action.rocket] != rocket.zone:
            return f"{action.rocket} has already advanced this turn"
        return f"you have already advanced {state.advanced[rocket.zone]} rocket(s) from the {ZONE_NAMES[rocket.zone]} this turn (one per zone; two with Overtime)"
    if isinstance(action, Take):
        if phase != "draw":
            return f"the discard pile's top card is taken only in step 3; now it is {step}"
        if state.took_discard:
            return "only one card per turn may come from the discard pile"
        return "the discard pile is empty"
    if isinstance(action, Draw):
        return f"cards are drawn this way only in step 3; now it is {step}"
    if isinstance(action, Play):
        if phase != "play":
            return f"cards are played only in step 4; now it is {step}"
        problem = plays.play_problem(state, seat, action.card, action.target)
        return problem or "it cannot be played now"
    if isinstance(action, Discard):
        if phase not in ("discard", "field_duty"):
            return f"cards are discarded only in step 6 or for Field Duty; now it is {step}"
        return f"you have no {action.card} in your hand"
    if isinstance(action, Done):
        if phase == "discard":
            return f"you hold {state.hands[seat].total()} cards; discard down to your hand limit of {state.hand_limit(seat)} first"
        return f"'done' ends step 2, 4 or 6; now it is {step}"
    if isinstance(action, (Gift, Trade)):
        if state.negotiation and phase == "offer":
            # issue #48: a whole offer is typed in step 4 itself, not in the middle of building one
            return "offers are made one at a time and one is being built step by step: finish it ('propose') or 'withdraw' it, then type the whole offer"
        if state.negotiation and phase != "play":
            return f"offers are made only in step 4, one at a time; now it is {step}"
        return state.offer_problem(action) or "that offer is not possible now"
    if isinstance(action, (Offer, Give, Want, Propose, Withdraw)):
        return _draft_problem(state, seat, action, step)
    if isinstance(action, Top):
        if phase != "discard_order":
            return f"'top' chooses the top discard after an action card; now it is {step}"
        return f"{action.card} is not among the cards just discarded"
    if isinstance(action, (Accept, Refuse)):
        if phase != "answer":
            return "there is no offer to answer"
        return "you do not hold the card asked for, so you can only refuse"
    return f"it is not possible now ({step})"


def _draft_problem(state: KosmodromState, seat: int, action: Action, step: str) -> str:
    """Why a step of building an offer is refused (Ruling K12)."""
    if not state.negotiation:
        return "trades and gifts belong to the negotiation variant, which is not in play"
    if isinstance(action, Offer):
        if state.phase != "play":
            return f"an offer is started in step 4; now it is {step}"
        if action.seat == seat or not 0 <= action.seat < state.num_players:
            return "offer to another seat at the table"
        if state.hands[seat].total() == 0:
            return "you have no card to offer"
        return f"you withdrew an empty offer to seat {action.seat} this turn; it is not started again"
    if state.phase != "offer" or state.draft is None:
        return f"no offer is being built (start one with 'offer <seat>'); now it is {step}"
    to, give, want = state.draft
    if isinstance(action, Give):
        if state.hands[seat][action.card] <= give[action.card]:
            return f"you have no other {action.card} in your hand to add"
        return "that offer was withdrawn this turn; it is not built again"
    if isinstance(action, Want):
        if action.card in PADS:
            return "launch-pad cards are never in a hand"
        if want.total() >= state.hands[to].total():
            return f"seat {to} holds {state.hands[to].total()} cards; you already ask for {want.total()}"
        return "that offer was withdrawn this turn; it is not built again"
    if isinstance(action, Propose):
        if not give:
            return "add at least one card of yours first ('give <card>')"
        return "that offer was already made this turn (ruling K12: an offer refused, or a trade accepted, is not repeated in the same turn)"
    return "it cannot be done now"
