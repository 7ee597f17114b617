"""MLEM's variants on the terminal table: the line and panels of the UFO, Discovery and Secret
Missions variants, each seat's hand of missions, and the seats' variant columns."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cosmotable.games.mlem.screen_glosses import MlemMoves
from cosmotable.games.mlem.screen_text import (
    DISCOVERY_STYLE,
    UFO_STYLE,
    VARIANT_NAMES,
    discovery_cell,
    section_table,
    token_text,
)


class MlemVariantPanels(MlemMoves):
    """The variants' part of the MLEM screen (the seats' colour tags too, which every part uses)."""

    def tag(self, seat: int | None) -> Text:
        s = self.seat(seat)
        return s.tag() if s else Text("?")

    def variants_line(self, view: dict[str, Any]) -> Text:
        """The variants in a line: where the UFO is and the expedition token, the discovery tokens
        face up, your missions by id and target ('more' prints the panels)."""
        vs = view["variant_state"]
        out = Text()
        if "ufo" in vs:
            ufo = vs["ufo"]
            out.append("UFO ", style=UFO_STYLE)
            out.append("in deep space" if ufo["in_deep_space"] else f"on {ufo['position']}")
            if ufo["ufo_stack"]:
                out.append(f" (token {ufo['ufo_stack'][0]})", style="dim")
            token = ufo["token"]
            if token is not None:
                out.append(" · exp. token ")
                out.append_text(token_text(token))
                out.append(" used" if ufo["ability_spent"] else " unused", style="dim")
        if "discovery" in vs:
            if out.plain:
                out.append(" · ")
            out.append("◆", style=DISCOVERY_STYLE)
            out.append(f" {len(vs['discovery']['on_mat'])} face up")
        if "missions" in vs:
            hand = vs["missions"]["hands"].get(str(view.get("seat")))
            if out.plain:
                out.append(" · ")
            out.append("missions ", style="bold green")
            if hand is None:
                out.append("secret", style="dim")
            elif hand["returned"] is None:
                out.append("to choose", style="dim")
            else:
                for x in hand["dealt"]:
                    if x["id"] == hand["returned"]:
                        continue
                    mark = "✓" if x["id"] in hand["completed"] else "○"
                    target = x["name"].split()[-1]
                    out.append(f"{mark}{x['id']} {target}@{','.join(map(str, x['spaces']))} ")
                out.append(f"= {hand['points']} pts")
        out.append("  ('more')", style="dim")
        return out

    def variants_panel(self, view: dict[str, Any], width: int = 200) -> RenderableType:
        """One block per variant in play: the expedition token, the UFO, discoveries, your missions."""
        vs = view["variant_state"]
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        if "ufo" in vs:
            grid.add_row(Text("UFO", style=UFO_STYLE), self.ufo_text(view))
        if "discovery" in vs:
            grid.add_row(Text("Discovery", style=DISCOVERY_STYLE), self.discovery_text(view))
        if "missions" in vs:
            grid.add_row(Text("Missions", style="bold green"), self.missions_text(view))
        names = ", ".join(name for v, name in VARIANT_NAMES.items() if v in view.get("variants", []))
        return Group(Text(f"Variants: {names}", style="bold underline"), grid)

    def ufo_text(self, view: dict[str, Any]) -> Text:
        ufo = view["variant_state"]["ufo"]
        place = (
            ("in ", ("deep space", UFO_STYLE))
            if ufo["in_deep_space"]
            else ("on ", (f"space {ufo['position']}", UFO_STYLE))
        )
        out = Text.assemble("the UFO is ", *place, " (▼UFO on the track)")
        stack = ufo["ufo_stack"]
        over = view["phase"] == "over"
        if over:
            out.append(f" · UFO tokens left: {' '.join(map(str, stack)) or 'none'}")
        elif stack:
            out.append(
                f"; ending a flight there gives the commander the top UFO token ({stack[0]} "
                f"point{'s' if stack[0] != 1 else ''}, face down) · stack left: {' '.join(map(str, stack))}"
            )
        else:
            out.append("; no UFO tokens left", style="dim")
        out.append("\n")
        token = ufo["token"]
        if token is None:
            out.append("expedition token: ", style="bold")
            out.append(
                "— (revealed when the next expedition starts)" if view["phase"] != "over" else "—",
                style="dim",
            )
        else:
            out.append("expedition token ", style="bold")
            out.append_text(token_text(token))
            if ufo["ability_spent"]:
                out.append("  (ability used)", style="dim")
            else:
                out.append("  ability unused", style="bold green")
                out.append(f": {self._ability_hint(token)}", style="")
        out.append(f"\n{ufo['expedition_tokens_left']} expedition token(s) still face down", style="dim")
        return out

    @staticmethod
    def _ability_hint(token: dict[str, Any]) -> str:
        if token["ability"] == "extra":
            faces = "+".join(token["extra_dice"])
            one = len(token["extra_dice"]) == 1
            return (
                f"add the extra {'die' if one else 'dice'} {faces} to one flight (moves marked +extra) where "
                f"the space accepts {'it' if one else 'them'} - even when no rolled die fits"
            )
        if token["ability"] == "keep":
            return "in one flight the dice used are not set aside (moves marked +keep)"
        return "once, roll all the dice again (move 'reroll'); the new roll must be used"

    def discovery_text(self, view: dict[str, Any]) -> Text:
        d = view["variant_state"]["discovery"]
        out = Text("face up on the mat (◆ on the track): ")
        if not d["on_mat"]:
            out.append("none", style="dim")
        for i, token in enumerate(d["on_mat"]):
            if i:
                out.append(" · ")
            out.append(f"space {token['space']} ")
            out.append_text(discovery_cell(token, brief=False))
        out.append(f"\n{d['face_down_left']} face down left.", style="dim")
        if view["phase"] != "over":
            out.append(
                " A flight ending on a token activates it: points go to the commander (face down), die return "
                "gives back a set-aside die, a wormhole jumps 4 spaces.",
                style="dim",
            )
        return out

    def missions_text(self, view: dict[str, Any]) -> Text:
        m = view["variant_state"]["missions"]
        seat = view.get("seat")
        over = view["phase"] == "over"
        out = Text()
        hands = m["hands"]
        if not over and seat is not None and str(seat) in hands:
            out.append("yours", style="bold")
            out.append(" (secret): ")
            out.append_text(self._hand_text(view, seat, hands[str(seat)]))
        elif not over:
            out.append("secret: each player's missions are shown only to them", style="dim")
        others = []
        for s_, chosen in enumerate(m["chosen"]):
            if s_ == seat or over:
                continue
            others.append(
                Text.assemble(self.name(s_), " keeps 3 (hidden)" if chosen else " is still choosing")
            )
        if others and not over:
            out.append("\nothers: ")
            for i, t in enumerate(others):
                if i:
                    out.append(" · ")
                out.append_text(t)
        if over:
            out.append("revealed: see the table of secret missions below", style="dim")
        return out

    def _hand_text(self, view: dict[str, Any], seat: int, hand: dict[str, Any]) -> Text:
        """Kept missions with ✓ completed / ✗ not yet / lost, the returned one, and points so far."""
        out = Text()
        returned = hand["returned"]
        kept = [x for x in hand["dealt"] if x["id"] != returned]
        if returned is None:
            out.append("dealt ")
            for i, x in enumerate(hand["dealt"]):
                if i:
                    out.append(" · ")
                out.append(f"{x['id']} {x['name']} (space {','.join(map(str, x['spaces']))})")
            out.append(" - keep 3, return 1", style="bold")
            return out
        moons = {mo["id"]: mo for mo in view["moons"]}
        for i, x in enumerate(kept):
            if i:
                out.append(" · ")
            done = x["id"] in hand["completed"]
            lost = not done and x["kind"] == "moon" and moons.get(x["target"], {}).get("occupant") is not None
            mark, style = ("✓", "bold green") if done else (("✗", "red") if lost else ("○", ""))
            out.append(f"{mark} ", style=style)
            out.append(
                f"{x['id']} {x['name']} (space {','.join(map(str, x['spaces']))})",
                style="green" if done else ("dim strike" if lost else ""),
            )
            if lost:
                out.append(" taken", style="red")
        n = len(hand["completed"])
        out.append(f"  →  {n} completed = {hand['points']} points", style="bold")
        back = next((x for x in hand["dealt"] if x["id"] == returned), None)
        if back is not None:
            out.append(f"  (returned: {back['id']} {back['name']})", style="dim")
        return out

    def missions_table(self, view: dict[str, Any]) -> Table:
        """Everyone's missions, shown when the game is over."""
        table = section_table("Secret missions")
        table.add_column("player", no_wrap=True)
        table.add_column("kept missions (✓ completed)")
        table.add_column("returned", style="dim")
        table.add_column("points", justify="right")
        hands = view["variant_state"]["missions"]["hands"]
        for key in sorted(hands, key=int):
            hand = hands[key]
            seat = int(key)
            kept = Text()
            for i, x in enumerate(d for d in hand["dealt"] if d["id"] != hand["returned"]):
                if i:
                    kept.append(" · ")
                done = x["id"] in hand["completed"]
                kept.append("✓ " if done else "✗ ", style="bold green" if done else "red")
                kept.append(
                    f"{x['id']} {x['name']} ({','.join(map(str, x['spaces']))})",
                    style="green" if done else "",
                )
            back = next((f"{x['id']} {x['name']}" for x in hand["dealt"] if x["id"] == hand["returned"]), "—")
            table.add_row(self.name(seat), kept, back, Text(str(hand["points"]), style="bold"))
        return table

    def _variant_cell(self, view: dict[str, Any], player: dict[str, Any], key: str) -> Text:
        """ufo / disc / missions cell: points where the viewer may see them, else `?×2` (face-down count)."""
        seat, score = player["seat"], player["score"]
        over = view["phase"] == "over"
        if key == "missions":
            if over:
                return Text(str(score.get("missions", 0)))
            hand = view["variant_state"]["missions"]["hands"].get(str(seat))
            return Text(f"~{hand['points']}") if hand else Text("?", style="dim")
        part = "ufo" if key == "ufo" else "discoveries"
        count = player.get("face_down_tokens", {}).get(part, 0)
        if part in score:
            taken = view["variant_state"][key]["taken"].get(str(seat), [])
            if not over and taken:
                return Text.assemble(str(score[part]), (f" ({'+'.join(map(str, taken))})", "dim"))
            return Text(str(score[part]))
        return Text(f"?×{count}", style="dim") if count else Text("0")
