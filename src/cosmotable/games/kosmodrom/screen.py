"""Kosmodrom (Космо Дром) in the terminal: the table, your hand, and the legal moves with their targets.

Draws from `state.view(seat)` only (and, for menu glosses, the views of `state.clone()` after each
legal move), like every screen (`ui/terminal/session.py`).
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cosmotable.engine import Action, Event, State
from cosmotable.games.kosmodrom.cards import ZONE_AT, ZONE_NAMES, ZONES, default_cards
from cosmotable.games.kosmodrom.screen_cards import (
    card_name,
    card_text,
    cards_list,
    hand_text,
    kosmodrom_look_entries,
    offered_cards,
    rocket_line,
)
from cosmotable.ui.terminal.common import LookEntry, Move, SeatScreen

EVENT_STYLES = {
    "turn": "bold",
    "countdown": "bold red",
    "game-over": "bold",
    "scrub": "red",
    "sabotage": "red",
    "retest": "red",
    "vacuum": "red",
    "headhunting": "red",
    "budget-cut": "red",
    "advance": "green",
    "top-priority": "green",
    "pad": "yellow",
    "key": "yellow",
}
ZONE_SHORT = {"assembly": "assembly shop", "test": "test stand", "launch": "launch table"}


class KosmodromScreen(SeatScreen):
    #: what a hot-seat player's private screen shows (the others are asked to look away)
    private_things = "hand of cards"
    #: said on the game-over screen when hidden things are shown
    revealed_at_end = None

    # ------------------------------------------------------------------ look NAME
    def look_entries(self) -> list[LookEntry]:
        return kosmodrom_look_entries()

    # ------------------------------------------------------------------ text helpers

    def rewrite(self, text: str) -> Text:
        text = re.sub(r"\ba ([AEIO])", r"an \1", text)
        return self._seat_text(text)

    def event(self, event: Event, after: dict[str, Any] | None = None, viewer: int | None = None) -> Text:
        if event.kind == "turn":
            return Text.assemble(("── ", "dim"), self.rewrite(event.text), (" ──", "dim"))
        line = self.rewrite(event.text)
        if event.visible_to is not None:
            owners = sorted(event.visible_to)
            if viewer is not None and viewer in owners:
                label = Text("(only you see this) ", style="dim")
            else:
                label = Text("(private to ", style="dim")
                for i, owner in enumerate(owners):
                    if i:
                        label.append(", ")
                    label.append_text(self.name(owner))
                label.append(") ", style="dim")
            line = Text.assemble(label, line)
        return self.log_line(line, EVENT_STYLES.get(event.kind, ""))

    def silent_move(self, view: dict[str, Any], seat: int, action: Action | None) -> Text | None:
        if action is None or seat < 0:
            return None
        kind = action.kind
        if kind == "done":
            step = {"advance": "advancing rockets", "play": "playing cards", "discard": "the turn"}.get(
                view["phase"]
            )
            if step:
                return Text.assemble(("• ", "dim"), self.rewrite(f"seat {seat} ends {step}"), style="dim")
        if kind == "draw":
            return None
        return None

    # ------------------------------------------------------------------ the table
    def title(self, view: dict[str, Any]) -> Text:
        out = Text.assemble(("Космо Дром · Kosmodrom", "bold"), f"  turn {view['turn']} · ")
        out.append_text(self.name(view["turn_seat"]))
        out.append(" to play")
        if view["variants"]:
            out.append(f" · variants: {', '.join(view['variants'])}", style="dim")
        return out

    def centre(self, view: dict[str, Any]) -> Text:
        deck = view["deck"]
        out = Text.assemble(("Deck ", "bold"), f"{deck['count']} cards")
        if deck["launch_pads_set_aside"]:
            out.append(" (launch-pad cards join at the first reshuffle)", style="dim")
        elif deck["launch_pads_in_deck"]:
            out.append(f" ({deck['launch_pads_in_deck']} launch-pad cards still in it)", style="dim")
        out.append("   ")
        out.append("Discard ", style="bold")
        out.append(f"{len(view['discard'])} cards, top: ")
        out.append_text(card_text(view["discard_top"]) if view["discard_top"] else Text("-", style="dim"))
        out.append("   ")
        out.append("Launch pad ", style="bold")
        done = len(view["launch_pad_area"])
        out.append("▣" * done + "□" * (4 - done), style="yellow")
        out.append(f" {done}/4")
        if view["countdown"]:
            out.append("   FINAL COUNTDOWN", style="bold red")
            out.append(f": {view['countdown']['turns_left']} turn(s) left, ", style="red")
            out.append_text(self.name(view["countdown"]["completer"]))
            out.append(" last", style="red")
        return out

    def player_table(self, view: dict[str, Any], seat: int, width: int = 84) -> Table:
        player = view["players"][seat]
        me = view.get("seat")
        title = Text.assemble(self.name(seat), f"  hand {player['hand_count']}/{player['hand_limit']}")
        known = player.get("known_hand") or []
        if known and seat != me:
            # Ruling K24: the cards of that hand you know of (taken or given in the open, or stolen from you).
            title.append("  known in hand: ")
            title.append_text(hand_text(known))
        elif known:
            title.append("  the others know you hold: ", style="dim")
            title.append_text(hand_text(known))
        if player["upgrades"]:
            title.append("  upgrades: ")
            for i, u in enumerate(player["upgrades"]):
                if i:
                    title.append(", ")
                title.append_text(card_text(u))
        score = player["score"]
        title.append(f"  score now {score['total']}", style="bold")
        if seat == me:
            title.append("  (you)", style="dim")
        table = Table(
            title=title,
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            expand=False,
            show_edge=False,
        )
        # Three zones side by side in `width`: 26 columns each (plus padding) took 84, and at 80
        # the table and its title were cut mid-word ('upgrades: Labo', issue #48); narrower, the
        # cells wrap at word ends instead.
        column = max(min(26, (width - 2 * len(ZONES)) // len(ZONES)), 12)
        for zone in ZONES:
            table.add_column(ZONE_SHORT[zone], min_width=column, max_width=max(column, 26))
        cells = []
        for zone in ZONES:
            lines = []
            expert = player["experts"][zone]
            lines.append(
                Text.assemble("expert: ", card_text(expert) if expert else Text("none", style="dim"))
            )
            pads = player["launch_pads"][zone]
            if pads:
                lines.append(Text(f"launch pad: {', '.join(card_name(p) for p in pads)}", style="yellow"))
            for r in view["rockets"]:
                if r["owner"] == seat and r["zone"] == zone:
                    lines.append(rocket_line(r))
            cells.append(Text("\n").join(lines))
        table.add_row(*cells)
        return table

    def board(self, view: dict[str, Any], width: int) -> RenderableType:
        parts: list[RenderableType] = [self.title(view), self.centre(view)]
        n = view["num_players"]
        me = view.get("seat")
        order = [me] + [s for s in range(n) if s != me] if me is not None else list(range(n))
        for seat in order:
            parts.append(self.player_table(view, seat, width))
        if view.get("hand") is not None and me is not None:
            parts.append(Text.assemble(("Your hand: ", "bold"), hand_text(view["hand"])))
        return Group(*parts)

    def boards(self, view: dict[str, Any], width: int) -> list[RenderableType]:
        """The table from the fullest to the tightest, for a screen that must fit a short terminal
        (the session takes the first that leaves room for the question and the menu): the panels
        of every seat, then one line per seat (more only where rockets stand)."""
        return [self.board(view, width), self.tight_board(view, width)]

    def tight_board(self, view: dict[str, Any], width: int | None = None) -> RenderableType:
        """Title and centre in a line each, every seat in a line listing only what stands in its
        zones, then your hand ('show': the panels). Given the `width`, a seat whose line would wrap
        is summed up in one line instead (by mid-game the lines took 4-6 screen lines each and
        pushed the header and the news off an 80x24 screen, issue #48; 'seats' shows the rest)."""
        out = Text.assemble(("Kosmodrom", "bold"), f" turn {view['turn']} · ")
        out.append_text(self.name(view["turn_seat"]))
        out.append(" to play")
        if view["variants"]:
            out.append(f" · {', '.join(view['variants'])}", style="dim")
        parts: list[RenderableType] = [out, self.tight_centre(view)]
        me = view.get("seat")
        n = view["num_players"]
        order = [me] + [s for s in range(n) if s != me] if me is not None else list(range(n))
        for seat in order:
            line = self.seat_line(view, seat)
            if width is not None and line.cell_len > width:
                line = self.seat_summary(view, seat)
                line.no_wrap, line.overflow = True, "ellipsis"  # one line, whatever the names
            parts.append(line)
        if view.get("hand") is not None and me is not None:
            parts.append(Text.assemble(("Your hand: ", "bold"), hand_text(view["hand"])))
        return Group(*parts)

    def seat_summary(self, view: dict[str, Any], seat: int) -> Text:
        """`Felix 6/6 cards · -10 pts · rockets 2 ✔ 1 building · experts 2 · upgrades 1 ('seats')`:
        a seat's line counted, for a seat whose whole line does not fit the screen's width."""
        player = view["players"][seat]
        out = Text.assemble(self.name(seat), f" {player['hand_count']}/{player['hand_limit']} cards · ")
        out.append(f"{player['score']['total']} pts", style="bold")
        if seat == view.get("seat"):
            out.append(" (you)", style="dim")
        rockets = [r for r in view["rockets"] if r["owner"] == seat]
        complete = sum(1 for r in rockets if r["complete"])
        if rockets:
            out.append(" · rockets ")
            out.append(f"{complete} ✔", style="green")
            if len(rockets) > complete:
                out.append(f" {len(rockets) - complete} building", style="cyan")
        experts = sum(1 for zone in ZONES if player["experts"][zone])
        if experts:
            out.append(f" · experts {experts}")
        if player["upgrades"]:
            out.append(f" · upgrades {len(player['upgrades'])}")
        known = player.get("known_hand") or []
        if known:
            out.append(f" · {len(known)} known in hand", style="dim")
        out.append("  ('seats')", style="dim")
        return out

    def tight_centre(self, view: dict[str, Any]) -> Text:
        """`Deck 116 (4 pads in it) · discard 4, top Certification · launch pad □□□□ 0/4`."""
        deck = view["deck"]
        out = Text.assemble(("Deck ", "bold"), str(deck["count"]))
        if deck["launch_pads_set_aside"]:
            out.append(" (pads join at the reshuffle)", style="dim")
        elif deck["launch_pads_in_deck"]:
            out.append(f" ({deck['launch_pads_in_deck']} pads in it)", style="dim")
        out.append(" · ")
        out.append("discard ", style="bold")
        out.append(f"{len(view['discard'])}, top ")
        out.append_text(card_text(view["discard_top"]) if view["discard_top"] else Text("-", style="dim"))
        done = len(view["launch_pad_area"])
        out.append(" · ")
        out.append("launch pad ", style="bold")
        out.append("▣" * done + "□" * (4 - done), style="yellow")
        out.append(f" {done}/4")
        if view["countdown"]:
            out.append(f" · FINAL COUNTDOWN {view['countdown']['turns_left']} turn(s), ", style="bold red")
            out.append_text(self.name(view["countdown"]["completer"]))
            out.append(" last", style="red")
        return out

    def seat_line(self, view: dict[str, Any], seat: int) -> Text:
        """`Felix 6/6 cards · -10 pts · shop: expert Jack, r1 Intrepid 10 M0/2 F1/2 · stand: …`:
        the seat's player panel in a line, its empty zones left out."""
        player = view["players"][seat]
        me = view.get("seat")
        out = Text.assemble(self.name(seat), f" {player['hand_count']}/{player['hand_limit']} cards · ")
        out.append(f"{player['score']['total']} pts", style="bold")
        if seat == me:
            out.append(" (you)", style="dim")
        known = player.get("known_hand") or []
        if known:
            out.append(" · known in hand: " if seat != me else " · the others know: ", style="dim")
            out.append_text(hand_text(known))
        if player["upgrades"]:
            out.append(" · upgrades: ")
            for i, u in enumerate(player["upgrades"]):
                if i:
                    out.append(", ")
                out.append_text(card_text(u))
        built = False
        for zone in ZONES:
            things: list[Text] = []
            expert = player["experts"][zone]
            if expert:
                things.append(Text.assemble("expert ", card_text(expert)))
            pads = player["launch_pads"][zone]
            if pads:
                things.append(Text(f"pad {', '.join(card_name(p) for p in pads)}", style="yellow"))
            things.extend(rocket_line(r) for r in view["rockets"] if r["owner"] == seat and r["zone"] == zone)
            if not things:
                continue
            built = True
            out.append(" · ")
            out.append(f"{ZONE_SHORT[zone].split()[-1]}: ", style="bold")
            out.append_text(Text(", ").join(things))
        if not built:
            out.append(" · nothing built yet", style="dim")
        return out

    def status(self, view: dict[str, Any]) -> Text:
        out = Text.assemble(f"turn {view['turn']} · ", self.name(view["turn_seat"]), f" · {view['phase']} · ")
        out.append(f"deck {view['deck']['count']} · launch pad {len(view['launch_pad_area'])}/4 · scores ")
        out.append(", ".join(str(p["score"]["total"]) for p in view["players"]))
        return out

    # ------------------------------------------------------------------ prompts
    def headline(self, view: dict[str, Any], seat: int) -> Text:
        who = self.name(seat)
        phase = view["phase"]
        step = view["step"]
        if phase == "advance":
            return Text.assemble(
                who, ": step 2 - advance complete rockets (one per zone, two with Overtime), or done."
            )
        if phase == "draw":
            return Text.assemble(
                who,
                f": step 3 - draw up to {view['players'][seat]['hand_limit']} cards. "
                "Draw from the deck, or take the top of the discard pile (once per turn).",
            )
        if phase == "play":
            text = Text.assemble(who, ": step 4 - play as many cards as you like; done when finished.")
            if "negotiation" in view["variants"]:
                # A whole offer is typed here, before one is started: while one is being built it
                # is refused, and the building prompt offered it (issue #48, item 6).
                text.append(" A whole offer may be typed: 'trade 2 metal,fuel for jack' / 'gift 2 metal'.")
            return text
        if phase == "discard":
            limit = view["players"][seat]["hand_limit"]
            return Text.assemble(who, f": step 6 - discard any cards; you must end with at most {limit}.")
        if phase == "discard_order":
            return Text.assemble(
                who, ": your action card sent several cards to the discard pile - choose the one on top."
            )
        if phase == "field_duty":
            return Text.assemble(who, ": Field Duty - choose a card to discard.")
        if phase == "offer":
            draft = step["draft"]
            text = Text.assemble(
                who,
                ": an offer to ",
                self.name(draft["to"]),
                " - you give ",
                offered_cards(draft["give"]),
                ", you ask for ",
                offered_cards(draft["want"]),
                ".",
            )
            text.append(" Add cards ('give metal', 'want jack'), then propose (or withdraw).")
            return text
        if phase == "answer":
            offer = step["offer"]
            text = Text.assemble(who, ": ", self.name(offer["from"]))
            if offer["kind"] == "gift":
                text.append(f" offers you {offered_cards(offer['give'])} as a gift.")
            else:
                text.append(
                    f" offers {offered_cards(offer['give'])} for your {offered_cards(offer['want'])}."
                )
            return text
        return who

    def moves(self, state: State, seat: int) -> list[Move]:
        view = state.view(seat)
        out = []
        for action in state.legal_actions():
            data = action.to_json()
            move = Move(action, self.gloss(view, action, seat))
            kind = data["kind"]
            if kind == "play":
                move.group = Text.assemble("play ", card_text(data["card"], russian=True))
                move.brief = Text(self.target_text(view, data["card"], data["target"]), style="dim")
            elif kind in ("offer", "give", "want", "propose", "withdraw"):
                move.group = Text("negotiate")
                move.brief = Text("")
            elif kind in ("discard", "top"):
                move.group = Text(kind)
                move.brief = Text(card_name(data["card"]), style="dim")
            else:
                move.group = Text("step")
                move.brief = Text("")
            out.append(move)
        return out

    def target_text(self, view: dict[str, Any], card: str, target: str) -> str:
        if not target:
            return ""
        rockets = {r["id"]: r for r in view["rockets"]}
        words = []
        for part in target.split():
            if part in rockets:
                r = rockets[part]
                owner = "your" if r["owner"] == view.get("seat") else f"seat {r['owner']}'s"
                words.append(f"{owner} {r['id']} {card_name(r['card'])} {ZONE_AT[r['zone']]}")
            elif ":" in part:
                s, z = part.split(":")
                words.append(f"seat {s}'s {ZONE_NAMES[z]}")
            elif part in ZONES:
                words.append(ZONE_NAMES[part])
            elif part.replace(",", "").isdigit():
                words.append(" and ".join(f"seat {x}" for x in part.split(",")))
            else:
                words.append(card_name(part))
        return ", ".join(words)

    def gloss(self, view: dict[str, Any], action: Action, seat: int) -> Text:
        data = action.to_json()
        kind = data["kind"]
        if kind == "play":
            spec = default_cards().cards[data["card"]]
            target = self.target_text(view, data["card"], data["target"])
            text = "" if spec.type in ("rocket", "component") and target else f"  {spec.text}"
            return Text.assemble(
                card_text(data["card"], russian=True), (f" → {target}" if target else ""), (text, "dim")
            )
        if kind == "advance":
            r = next(r for r in view["rockets"] if r["id"] == data["rocket"])
            nxt = {"assembly": "test stand", "test": "launch table"}[r["zone"]]
            return Text(
                f"move {r['id']} ({card_name(r['card'])}) from the {ZONE_NAMES[r['zone']]} to the {nxt}"
            )
        if kind == "done":
            return Text(
                {
                    "advance": "advance nothing more; go on to drawing",
                    "play": "stop playing cards",
                    "discard": "end your turn",
                }.get(view["phase"], "done")
            )
        if kind == "draw":
            return Text("draw the top card of the deck")
        if kind == "take":
            return Text.assemble("take ", card_text(view["discard_top"]), " from the discard pile")
        if kind == "discard":
            return Text.assemble("discard ", card_text(data["card"]))
        if kind == "offer":
            return Text.assemble(
                "make an offer to ", self.name(data["seat"]), " (a trade or a gift, any number of cards)"
            )
        if kind == "give":
            return Text.assemble("offer your ", card_text(data["card"]))
        if kind == "want":
            return Text.assemble("ask for their ", card_text(data["card"]))
        if kind == "propose":
            draft = view["step"]["draft"]
            what = "trade" if draft and draft["want"] else "gift"
            return Text(f"propose the {what}")
        if kind == "withdraw":
            return Text("withdraw the offer (offer nothing)")
        if kind == "gift":
            return self.rewrite(f"offer {offered_cards(data['cards'])} to seat {data['seat']} as a gift")
        if kind == "trade":
            return self.rewrite(
                f"offer seat {data['seat']} your {offered_cards(data['give'])} for their {offered_cards(data['want'])}"
            )
        if kind == "top":
            return Text.assemble("put ", card_text(data["card"]), " on top of the discard pile")
        if kind == "accept":
            return Text("accept the offer")
        if kind == "refuse":
            return Text("refuse the offer")
        return Text(str(action))

    # ------------------------------------------------------------------ the end
    def final_table(self, view: dict[str, Any]) -> RenderableType:
        table = self.score_table(
            ("rockets", "astronauts", "certifications", "mission control", "advantage cards", "total")
        )
        winners = set(view["winners"])
        for player in sorted(view["players"], key=lambda p: -p["score"]["total"]):
            seat = player["seat"]
            score = player["score"]
            table.add_row(
                self.winner_label(seat, winners),
                str(score["rockets"]),
                str(score["astronauts"]),
                str(score["certifications"]),
                str(score["mission_control"]),
                str(player["advantage_cards"]),
                Text(str(score["total"]), style="bold"),
            )
        verdict = Text("Winner: " if len(view["winners"]) == 1 else "Shared victory: ", style="bold")
        verdict.append_text(self.names_text(view["winners"]))
        return Group(table, verdict)

    @classmethod
    def rules_renderable(cls, game_id: str) -> RenderableType:
        """The rules summary, then every card of the deck with its rulebook text."""
        return Group(super().rules_renderable(game_id), cards_list())

    def help(self) -> RenderableType:
        return Panel(
            Text.assemble(
                ("Commands\n", "bold"),
                "  a number      choose that move from the list\n  move text     as shown, e.g. ",
                ("play metal r3", "bold"),
                ", ",
                ("advance r1", "bold"),
                ", ",
                ("play jack launch", "bold"),
                ", ",
                ("play key_to_start 1:test", "bold"),
                ", ",
                ("discard fuel", "bold"),
                "\n"
                "  show          draw the table again      log   every event so far\n"
                "  help          this help                 quit  stop; the game so far is saved\n\n",
                ("Reading the table\n", "bold"),
                "  r3 Swift 6 M1/1 F0/1 = rocket r3, worth 6, has 1 of 1 metal and 0 of 1 fuel.\n"
                "  Targets: rN = a rocket; SEAT:ZONE = a player's zone (1:test); a seat number = a player.\n"
                "  Rockets score on the launch table +value, test stand 0, assembly shop -value;\n"
                "  no Mission Control (or Jack) on your launch table at the end = -10.",
            ),
            title="help",
            title_align="left",
            border_style="dim",
            expand=False,
        )
