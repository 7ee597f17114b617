"""Step 4 carried out: what playing each card does to the table (rulebook, "Обзор карт").

Which plays are legal is decided in `plays.py`; these methods of the table, which `KosmodromState`
inherits, only carry them out and report them as events. Comments cite the rulebook section.
"""

from __future__ import annotations

from cosmotable.games.kosmodrom import plays
from cosmotable.games.kosmodrom.cards import PADS, ZONE_AT, ZONE_NAMES
from cosmotable.games.kosmodrom.phases import FIELD, ORDER, PLAY, RESEARCH, STEAL
from cosmotable.games.kosmodrom.table import KosmodromTable
from cosmotable.games.kosmodrom.tableau import Rocket


class CardEffects(KosmodromTable):
    """The effects of played cards on the table."""

    def _play(self, card: str, target: str) -> None:
        seat = self.turn_seat
        hand = self.hands[seat]
        hand[card] -= 1
        if hand[card] == 0:
            del hand[card]
        self._forget(seat, card)  # Ruling K24: a played card leaves the hand in the open
        spec = self.spec(card)
        kind = spec.type
        if kind == "rocket":
            rid = f"r{self.next_rocket}"
            self.next_rocket += 1
            self.rockets[rid] = Rocket(rid, seat, card)
            if not self.silent:  # a search's copy records nothing: no text to build
                self.emit(
                    "play",
                    f"seat {seat} starts rocket {rid}, a {spec.name_en}, in the assembly shop",
                    seat,
                    card=card,
                    rocket=rid,
                )
            return
        if kind == "component":
            rocket = self.rockets[target]
            setattr(rocket, card, getattr(rocket, card) + 1)
            complete = rocket.complete(self.spec(rocket.card))
            done = " - it is complete" if complete else ""
            if not self.silent:  # a search's copy records nothing: no text to build
                self.emit(
                    "play",
                    f"seat {seat} adds {spec.name_en} to {target}{done}",
                    seat,
                    card=card,
                    rocket=target,
                    complete=complete,
                )
            return
        if kind == "advantage":
            self.rockets[target].advantages.append(card)
            if not self.silent:  # a search's copy records nothing: no text to build
                self.emit(
                    "play", f"seat {seat} places {spec.name_en} on {target}", seat, card=card, rocket=target
                )
            return
        if kind == "expert":
            self.tableaux[seat].experts[target] = card
            if not self.silent:  # a search's copy records nothing: no text to build
                self.emit(
                    "play",
                    f"seat {seat} places {spec.name_en} {ZONE_AT[target]}",
                    seat,
                    card=card,
                    zone=target,
                )
            return
        if kind == "upgrade":
            ups = self.tableaux[seat].upgrades
            if ups and not self.superpowers:
                # rulebook (карты улучшений): one upgrade at a time; the old one is discarded.
                old = ups.pop()
                self.discard.append(old)
                self.emit(
                    "upgrade-discarded",
                    f"seat {seat}'s {self.spec(old).name_en} is discarded",
                    seat,
                    card=old,
                )
            ups.append(card)
            if not self.silent:  # a search's copy records nothing: no text to build
                self.emit("play", f"seat {seat} plays the upgrade {spec.name_en}", seat, card=card)
            return
        # rulebook (карты действий): the action card goes to the discard pile and is carried out.
        if card not in plays.DISCARDED_AFTER:
            self.discard.append(card)
        self.order_start = len(self.discard)
        getattr(self, f"_act_{card}")(seat, target)
        if self.phase == PLAY:
            self._ask_order()

    def _ask_order(self) -> None:
        """rulebook (карты действий): when an action card makes cards go to the discard pile, its
        player decides their order. Ruling K6: the player picks the card that ends on top (the only
        position play can reach first); the others keep the order they were discarded in."""
        if len(set(self.discard[self.order_start :])) >= 2:
            self.phase = ORDER

    def _act_scrub(self, seat: int, target: str) -> None:
        rocket = self.rockets.pop(target)
        # card overview (Свернуть проект): the rocket goes to the discard pile with everything on it.
        self.discard.extend(rocket.cards())
        self.emit(
            "scrub",
            f"seat {seat} plays Scrub on seat {rocket.owner}'s {target} ({self.spec(rocket.card).name_en}): it is discarded with its components and advantages",
            seat,
            rocket=target,
            owner=rocket.owner,
            card=rocket.card,
        )

    def _act_key_to_start(self, seat: int, target: str) -> None:
        owner, zone = target.split(":")
        card = self.tableaux[int(owner)].pads[zone].pop(0)
        self.centre.append(card)
        self.emit(
            "key",
            f"seat {seat} plays Key to Start: seat {owner}'s {self.spec(card).name_en} goes to the launch-pad area ({len(self.centre)}/4)",
            seat,
            card=card,
            owner=int(owner),
            zone=zone,
            placed=len(self.centre),
        )
        self._check_pad_complete(seat)

    def _act_budget_cut(self, seat: int, target: str) -> None:
        victim = int(target)
        ups = self.tableaux[victim].upgrades
        # card overview (Сокращение бюджета): one upgrade; superpowers: every upgrade of that player.
        taken = list(ups) if self.superpowers else [ups[-1]]
        for card in taken:
            ups.remove(card)
            self.hands[seat][card] += 1
            self._learn(seat, card)  # Ruling K24: taken in the open
            self.stolen.append(card)
            self.stolen_from.append(None)
        names = ", ".join(self.spec(c).name_en for c in taken)
        self.emit(
            "budget-cut",
            f"seat {seat} plays Budget Cut: takes {names} from seat {victim} into their hand",
            seat,
            cards=taken,
            victim=victim,
        )

    def _act_top_priority(self, seat: int, target: str) -> None:
        rocket = self.rockets[target]
        start = rocket.zone
        rocket.zone = "launch"
        self.emit(
            "top-priority",
            f"seat {seat} plays Top Priority: {target} moves from the {ZONE_NAMES[start]} to the launch table",
            seat,
            rocket=target,
            from_zone=start,
            owner=rocket.owner,
        )

    def _act_research(self, seat: int, target: str) -> None:
        # card overview (НПП): three more cards from the deck, whatever the hand size.
        self.research_left = 3
        self.phase = RESEARCH
        self.emit("research", f"seat {seat} plays Research Institute and draws 3 cards", seat)

    def _strip_advantages(self, rocket: Rocket) -> None:
        # rulebook (карты преимуществ): a rocket sent back loses all its advantage cards.
        self.discard.extend(rocket.advantages)
        rocket.advantages.clear()

    def _act_retest(self, seat: int, target: str) -> None:
        rocket = self.rockets[target]
        rocket.zone = "test"
        lost_cards = list(rocket.advantages)
        lost = ", ".join(self.spec(c).name_en for c in rocket.advantages)
        self._strip_advantages(rocket)
        loses = f" and loses {lost}" if lost else ""
        self.emit(
            "retest",
            f"seat {seat} plays Retest: seat {rocket.owner}'s {target} goes back to the test stand{loses}",
            seat,
            rocket=target,
            owner=rocket.owner,
            lost=lost_cards,
        )

    def _act_headhunting(self, seat: int, target: str) -> None:
        owner, zone = target.split(":")
        tab = self.tableaux[int(owner)]
        card = tab.experts[zone]
        assert card is not None
        tab.experts[zone] = None
        self.hands[seat][card] += 1
        self._learn(seat, card)  # Ruling K24: taken in the open
        self.stolen.append(card)
        self.stolen_from.append(None)
        self.emit(
            "headhunting",
            f"seat {seat} plays Headhunting: hires away seat {owner}'s {self.spec(card).name_en} from the {ZONE_NAMES[zone]}",
            seat,
            card=card,
            owner=int(owner),
            zone=zone,
        )

    def _act_brainstorm(self, seat: int, target: str) -> None:
        # card overview (Мозговой штурм): the top 10 discards (all, if fewer) are shuffled into the
        # deck - the whole deck is shuffled, so the launch-pad cards may now be anywhere in it.
        moved = self.discard[-10:]
        del self.discard[-10:]
        self.deck.update(moved)
        self.deck_top = 0
        self.discard.append("brainstorm")
        self.emit(
            "brainstorm",
            f"seat {seat} plays Brainstorm: shuffles the top {len(moved)} discards into the deck",
            seat,
            cards=moved,
        )

    def _act_sabotage(self, seat: int, target: str) -> None:
        rid, part = target.split()
        rocket = self.rockets[rid]
        setattr(rocket, part, getattr(rocket, part) - 1)
        self.hands[seat][part] += 1
        self.stolen.append(part)
        self.stolen_from.append(None)
        self._learn(seat, part)  # Ruling K24: taken in the open
        start = rocket.zone
        rocket.zone = "assembly"
        lost_cards = list(rocket.advantages)
        lost = ", ".join(self.spec(c).name_en for c in rocket.advantages)
        self._strip_advantages(rocket)
        back = (
            f", and it goes back from the {ZONE_NAMES[start]} to the assembly shop"
            if start != "assembly"
            else ""
        )
        back += f", losing {lost}" if lost else ""
        self.emit(
            "sabotage",
            f"seat {seat} plays Sabotage on seat {rocket.owner}'s {rid}: steals a {part}{back}",
            seat,
            rocket=rid,
            owner=rocket.owner,
            part=part,
            from_zone=start,
            lost=lost_cards,
        )

    def _act_soldering_iron(self, seat: int, target: str) -> None:
        # rulebook (карты действий): the iron is already on top of the pile when its instruction is
        # carried out, and the card it takes is one that was there before (`play_problem` checked
        # the pile without it). So the search skips the top: a Soldering Iron taken from the pile is
        # the older one, and the iron just played stays on top for the next "take" (Ruling K9).
        below = self.discard[:-1]
        index = len(below) - 1 - below[::-1].index(target)
        del self.discard[index]
        self.hands[seat][target] += 1
        self.stolen.append(target)  # card overview: it may be played, kept in hand or discarded
        self.stolen_from.append(None)
        self._learn(seat, target)  # Ruling K24: taken in the open
        self.emit(
            "soldering-iron",
            f"seat {seat} plays Soldering Iron and Chisel: takes {self.spec(target).name_en} from the discard pile",
            seat,
            card=target,
        )

    def _act_field_duty(self, seat: int, target: str) -> None:
        # card overview (На картошку): everyone, the player included, discards a card of their choice;
        # Ruling K7: in seat order starting with the player who played it.
        n = self.num_players
        self.field_queue = [(seat + i) % n for i in range(n)]
        self.phase = FIELD
        self.emit("field-duty", f"seat {seat} plays Field Duty: every player discards a card", seat)

    def _act_espionage(self, seat: int, target: str) -> None:
        victims = [int(v) for v in target.split(",")]
        # A list of its own: the pulls pop it, and the event below must keep naming the victims
        # (sharing it emptied the event's data after the fact, so a view built later differed).
        self.steal_from = victims * 2 if len(victims) == 1 else list(victims)
        self.phase = STEAL
        self.emit(
            "espionage",
            f"seat {seat} plays Industrial Espionage against seat(s) {target}",
            seat,
            victims=victims,
        )

    def _picked(self, card: str) -> None:
        victim = self.steal_from.pop(0)
        thief = self.turn_seat
        self._move_card(victim, thief, card, public=False)
        self.stolen.append(card)
        self.stolen_from.append(victim)
        # Ruling K24: only thief and victim see the card. The thief knows it left the victim's hand,
        # the victim knows the thief now holds it; the others only that some card left the victim.
        self._forget(victim, card, observers=[thief])
        self._learn(thief, card, observers=[victim])
        self._forget_unseen(
            victim, [o for o in range(self.num_players) if o not in (thief, victim)], public=True
        )
        self.emit(
            "stolen",
            f"seat {thief} steals {self.spec(card).name_en} from seat {victim}",
            thief,
            visible_to=[thief, victim],
            card=card,
            victim=victim,
        )
        self.emit(
            "stolen-public", f"seat {thief} steals a random card from seat {victim}", thief, victim=victim
        )

    def _act_vacuum(self, seat: int, target: str) -> None:
        rocket = self.rockets[target]
        rocket.advantages.remove("oxygen")
        self.hands[seat]["oxygen"] += 1
        self.stolen.append("oxygen")
        self.stolen_from.append(None)
        self._learn(seat, "oxygen")  # Ruling K24: taken in the open
        self.emit(
            "vacuum",
            f"seat {seat} plays Vacuum: steals the oxygen of seat {rocket.owner}'s {target}",
            seat,
            rocket=target,
            owner=rocket.owner,
        )

    def _order(self, card: str) -> None:
        tail = self.discard[self.order_start :]
        index = self.order_start + len(tail) - 1 - tail[::-1].index(card)
        del self.discard[index]
        self.discard.append(card)
        self.phase = PLAY
        self.emit(
            "order",
            f"seat {self.turn_seat} puts {self.spec(card).name_en} on top of the discard pile",
            self.turn_seat,
            card=card,
        )

    def _pad_to_centre(self, seat: int, card: str, text: str, drawn: bool) -> None:
        """A launch-pad card reaches the launch-pad area in the middle of the table - drawn in the
        quick game (deck.py) or off a launch table at the start of a turn (turns.py) - which may
        complete the pad; `text` tells how, the event adds the count."""
        self.centre.append(card)
        self.emit(
            "pad",
            f"{text} ({len(self.centre)}/4)",
            seat,
            card=card,
            to="centre",
            drawn=drawn,
            placed=len(self.centre),
        )
        self._check_pad_complete(seat)

    def _check_pad_complete(self, seat: int) -> None:
        if len(self.centre) == len(PADS) and self.countdown is None:
            # rulebook (последний отсчёт): every player gets one more turn, the completer last; the
            # current turn ends first, so n + 1 turn ends remain.
            self.countdown = self.num_players + 1
            self.completer = seat
            self.emit(
                "countdown",
                f"the launch pad is complete: final countdown! every player has one more turn, seat {seat} last",
                seat,
            )
