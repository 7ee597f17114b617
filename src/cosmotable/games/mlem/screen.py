"""MLEM: Space Agency in the terminal: the mat, rocket, dice and scores drawn with Rich.

Everything on screen comes from `state.view(seat)` dicts, never from the state's internals. The move
glosses are `mlem_glosses.py`'s; the names and styles both use, `mlem_text.py`'s.
"""

from __future__ import annotations

import math
import re
from importlib import resources
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cosmotable.engine import Action, Event
from cosmotable.games.mlem.board import default_astronauts, default_goals, default_mat
from cosmotable.games.mlem.screen_glosses import MlemMoves
from cosmotable.games.mlem.screen_text import (
    ABILITY_TEXT,
    AFTERBURNER_STYLE,
    CELL,
    COMPACT_WIDTH,
    DISCOVERY_STYLE,
    EVENT_STYLES,
    PLANET_STYLE,
    ROCKET_STYLE,
    UFO_STYLE,
    VARIANT_NAMES,
    astronaut_name,
    astronaut_short,
    discovery_cell,
    faces_text,
    planet_standing,
    projected_planet_points,
    risk_text,
    short_name,
    token_text,
)
from cosmotable.games.mlem.summary import rules_markdown, variants_markdown
from cosmotable.ui.terminal.common import LookEntry


class MlemScreen(MlemMoves):
    """Draws MLEM views for the seats at the table (the move glosses are `MlemMoves`'s)."""

    #: what a hot-seat player's private screen shows (the others are asked to look away)
    private_things = "secret missions and face-down tokens"
    #: said on the game-over screen when hidden things are shown
    revealed_at_end = "Everything face down is revealed: missions, UFO and discovery tokens."

    game_id = "mlem"

    # ------------------------------------------------------------------ text helpers

    def tag(self, seat: int | None) -> Text:
        s = self.seat(seat)
        return s.tag() if s else Text("?")

    def rewrite(self, text: str) -> Text:
        """Engine text -> names in colour, astronaut ids as their names."""
        text = re.sub(
            r"\bthe (" + "|".join(default_astronauts()) + r")\b",
            lambda m: "the " + astronaut_name(m.group(1)),
            text,
        )
        text = re.sub(r"\ba (8|11|18)(-point)", r"an \1\2", text)
        return self._seat_text(text)

    def event(self, event: Event, after: dict[str, Any] | None = None, viewer: int | None = None) -> Text:
        """One log line for an engine event; `after` (the view once the move is done) sharpens a few.
        A private event (a dealt mission, a UFO token's value) is labelled with whose it is: "only you
        see this" when `viewer` is its owner, else the owner's name (replays, bots-only games)."""
        if event.kind == "expedition":
            return Text.assemble(("── ", "dim"), self.rewrite(event.text), (" ──", "dim"))
        line = self.rewrite(event.text)
        if event.visible_to is not None:
            owners = sorted(event.visible_to)
            if viewer is not None and viewer in owners:
                label = Text("(only you see this) ", style="dim")
                line = self.rewrite(re.sub(r"^you are dealt mission ", "it is ", event.text))
            else:
                label = Text("(private) ", style="dim")
                owner = event.seat if event.seat is not None else owners[0]
                text = re.sub(r"^you are dealt mission ", f"seat {owner}'s mission ", event.text)
                text = re.sub(r"^you are\b", f"seat {owner} is", text)
                line = self.rewrite(re.sub(r"^your\b", f"seat {owner}'s", text))
            line = Text.assemble(label, line)
        if event.kind == "travel" and event.seat is not None:
            line = Text.assemble(self.name(event.seat), " chooses ", line)
        if event.kind == "crash":
            if after is not None and after["phase"] == "parachute":
                line.append(": everyone aboard goes home, but a Parachutist may still land here")
            else:
                line.append(": everyone still aboard goes home")
        style = EVENT_STYLES.get(event.kind, "")
        if style:
            line.stylize(style)
        return Text.assemble(("• ", "dim"), line)

    def silent_move(self, view: dict[str, Any], seat: int, action: Action | None) -> Text | None:
        """A log line for a move the engine reports no event for (stay, return)."""
        if action is None or seat < 0:
            return None
        kind = action.to_json()["kind"]
        deciding = view["rocket"]["deciding"]
        astronaut = view["rocket"]["board"][deciding]["astronaut"] if deciding is not None else ""
        if kind == "stay":
            text = f"seat {seat}'s {astronaut_name(astronaut)} stays aboard"
        elif kind == "return":
            text = f"seat {seat}'s Parachutist does not land and goes home"
        else:
            return None
        return Text.assemble(("• ", "dim"), self.rewrite(text))

    # ------------------------------------------------------------------ look NAME
    def look_entries(self) -> list[LookEntry]:
        return mlem_look_entries()

    # ------------------------------------------------------------------ the whole table
    def board(self, view: dict[str, Any], width: int) -> RenderableType:
        if width < COMPACT_WIDTH:
            return self.compact_board(view, width)
        wide = width >= 118
        parts: list[RenderableType] = [self.title(view)]
        parts.extend(self.track(view, width))
        planets = Group(self.planets_table(view), self.deep_space_line(view))
        goals = self.goals_table(view)
        parts.append(self._side_by_side(planets, goals, width) if wide else Group(planets, goals))
        if view["phase"] != "over":  # after the last expedition the rocket has nothing to show
            rocket = self.rocket_table(view)
            dice = self.dice_panel(view)
            parts.append(self._side_by_side(rocket, dice, width) if wide else Group(rocket, dice))
        if view.get("variant_state"):
            parts.append(self.variants_panel(view, width))
        parts.append(self.players_table(view, width))
        return Group(*parts)

    def compact_board(self, view: dict[str, Any], width: int) -> RenderableType:
        """The table for an 80-column terminal: the track without rules between its rows, the rocket
        and the players in a few lines; the planets and goals in one line each ('show' draws them
        in full)."""
        parts: list[RenderableType] = [self.title(view, compact=True)]
        parts.extend(self.track(view, width, compact=True))
        parts.append(self.planets_line(view))
        if view["phase"] != "over":
            parts.append(self.rocket_line(view))
            dice = self.dice_panel(view)
            dice.rstrip()
            parts.append(dice)
        if view.get("variant_state"):
            parts.append(self.variants_panel(view, width))
        parts.append(self.players_table(view, width, compact=True))
        return Group(*parts)

    def boards(self, view: dict[str, Any], width: int) -> list[RenderableType]:
        """The table from the fullest to the tightest, for a screen that must fit a short terminal
        (the session takes the first that leaves room for the question and the menu). The tighter
        ones keep the track, the rocket and the dice whole; the variants shrink to a line, then the
        seats ('show' or 'more' prints them in full)."""
        if width >= COMPACT_WIDTH:
            return [self.board(view, width)]
        parts: list[RenderableType] = [self.title(view, compact=True)]
        parts.extend(self.track(view, width, compact=True, tight=True))
        parts.append(self.planets_line(view))
        if view["phase"] != "over":
            parts.append(self.rocket_line(view))
            lines = self.dice_panel(view).split("\n")
            parts.append(Text("  ").join(line for line in lines if line.plain))
        if view.get("variant_state"):
            parts.append(self.variants_line(view))
        seats = self.players_table(view, width, compact=True)
        return [
            self.compact_board(view, width),
            Group(*parts, seats),
            Group(*parts, self.seats_line(view)),
        ]

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

    def seats_line(self, view: dict[str, Any]) -> Text:
        """Every seat in a line: points so far (+? for face-down tokens), astronauts on the mat and
        still at home ('seats' prints the table)."""
        out = Text()
        for player in view["players"]:
            seat, score = player["seat"], player["score"]
            if out.plain:
                out.append(" · ")
            if seat == view["current_player"]:
                out.append("▶", style="bold")
            out.append_text(self.tag(seat))
            so_far = score["moons"] + score["deep_space"] + score["goals"] + score.get("ufo", 0)
            so_far += score.get("discoveries", 0)
            hidden = any(player.get("face_down_tokens", {}).values())
            out.append(f" {so_far}{'+?' if hidden else ''}p {player['placed']}/8")
        out.append("  (points, on mat: 'seats')", style="dim")
        return out

    def details(self, view: dict[str, Any], width: int) -> RenderableType:
        """What the compact table leaves out: the planets, deep space and goal tiles in full."""
        return Group(self.planets_table(view), self.deep_space_line(view), self.goals_table(view))

    def planets_line(self, view: dict[str, Any]) -> Text:
        """`Planets: Rubin R1 · Azur — …  Goals free 3/4 ('show' for details)`."""
        out = Text("Planets ", style="bold")
        for i, planet in enumerate(view["planets"]):
            if i:
                out.append(" · ")
            out.append(planet["name"], style=PLANET_STYLE)
            out.append(f"({','.join(str(x) for x in planet['spaces'])})", style="dim")
            standing = planet_standing(planet)
            for seat, points in standing:
                out.append(" ")
                out.append_text(self.tag(seat))
                out.append(str(points))
        free = sum(1 for g in view["goals"] if g["claimed_by"] is None)
        out.append(f"  Goals free {free}/{len(view['goals'])}", style="bold")
        return out

    def rocket_line(self, view: dict[str, Any]) -> Text:
        """`Rocket on space 4 (accepts 2 3 A1): R Satellite★ · B Helper H1 · Y Ballast (landed)`."""
        rocket, mat = view["rocket"], view["mat"]
        out = Text("Rocket ", style="bold")
        if rocket["in_deep_space"]:
            out.append("in deep space")
        else:
            out.append_text(
                Text.assemble(
                    f"on {rocket['position']} (", faces_text(mat["spaces"][rocket["position"]]), ")"
                )
            )
        board = rocket["board"]
        if not board:
            out.append(": empty, boarding starts", style="dim")
        commander_slot = next(
            (e["slot"] for e in board if e["aboard"] and e["seat"] == rocket["commander"]), None
        )
        for i, entry in enumerate(board):
            out.append(": " if i == 0 else " · ")
            out.append_text(self.tag(entry["seat"]))
            out.append(f" {short_name(entry['astronaut'])}", style="" if entry["aboard"] else "dim")
            if entry["astronaut"] == "helper":
                out.append(f" {astronaut_short('helper', entry['seat'])}", style="dim")
            if entry["slot"] == commander_slot:
                out.append("★", style="bold yellow")
            if not entry["aboard"]:
                out.append(" (landed)", style="dim")
            if entry["slot"] == rocket["deciding"]:
                out.append("◀", style="bold")
        return out

    @staticmethod
    def _side_by_side(left: RenderableType, right: RenderableType, width: int) -> Table:
        """Two blocks in columns; the left one keeps its natural width, the right one wraps."""
        console = Console(width=width)
        right_wants = min(Measurement.get(console, console.options, right).maximum, 50)
        left_width = min(Measurement.get(console, console.options, left).maximum, width - 3 - right_wants)
        grid = Table.grid(padding=(0, 3))
        grid.add_column(width=left_width)
        grid.add_column()
        grid.add_row(left, right)
        return grid

    def title(self, view: dict[str, Any], compact: bool = False) -> Text:
        crashes, length = view["crashes"], view["crash_track_length"]
        text = Text.assemble(
            ("MLEM" if compact else "MLEM: Space Agency", "bold"),
            f"  ·  expedition {view['expedition']} (" + ("" if compact else "started by "),
            self.name(view["starter"]),
            ")  ·  crashes " if compact else ")  ·  crash track ",
            ("■" * crashes, "bold red"),
            ("□" * (length - crashes), "dim"),
            f" {crashes}/{length}",
        )
        if view["end_triggered"] and view["phase"] != "over":
            text.append("  ·  LAST EXPEDITION", style="bold yellow")
        elif crashes == length - 1 and view["phase"] != "over":
            text.append("  ·  one more crash ends the game", style="bold red")
        if view["phase"] == "over":
            text.append("  ·  GAME OVER", style="bold yellow")
        return text

    def track(
        self, view: dict[str, Any], width: int, compact: bool = False, tight: bool = False
    ) -> list[RenderableType]:
        """The mat as bands of spaces: number, accepted faces, moons, planet and who is there."""
        mat = view["mat"]
        rocket = view["rocket"]
        moons = {m["id"]: m for m in view["moons"]}
        planets = {p["id"]: p for p in view["planets"]}
        columns: list[int | str] = [sp["number"] for sp in mat["spaces"]] + ["deep"]
        per_band = max(5, (width - 8) // (CELL + 1))
        if compact:
            # One band: the spaces from the rocket on (where it can go next); 'show' draws them all.
            first = 0 if rocket["in_deep_space"] else rocket["position"]
            first = max(0, min(first, len(columns) - per_band))
            columns = columns[first : first + per_band]
        bands = math.ceil(len(columns) / per_band)
        size = math.ceil(len(columns) / bands)
        out: list[RenderableType] = []
        satellite = 3
        for start in range(0, len(columns), size):
            chunk = columns[start : start + size]
            table = Table(
                box=None if compact else box.MINIMAL,
                padding=(0, 0, 0, 1) if compact else (0, 0),
                show_edge=False,
                pad_edge=False,
                expand=False,
            )
            table.add_column("", width=6, no_wrap=True, style="dim")
            rows: dict[str, list[Text]] = {
                "dice": [],
                "moons": [],
                "planet": [],
                "ufo": [],
                "disc": [],
                "there": [],
            }
            ufo = view.get("variant_state", {}).get("ufo")
            found = {
                d["space"]: d for d in view.get("variant_state", {}).get("discovery", {}).get("on_mat", [])
            }
            for col in chunk:
                if col == "deep":
                    here = rocket["in_deep_space"]
                    head = Text("▲deep" if here else "deep", style=ROCKET_STYLE if here else "bold")
                    rows["dice"].append(Text(""))
                    rows["moons"].append(Text(f"C{mat['comet_points']} G{mat['galaxy_points']}"))
                    rows["planet"].append(Text(""))
                    rows["ufo"].append(
                        Text("▼UFO", style=UFO_STYLE) if ufo and ufo["in_deep_space"] else Text("")
                    )
                    rows["disc"].append(Text(""))
                    rows["there"].append(self._counts([(e["seat"], 1) for e in view["deep_space"]]))
                else:
                    space = mat["spaces"][col]
                    here = not rocket["in_deep_space"] and rocket["position"] == col
                    label = f"▲{col}" if here else str(col)
                    if col == satellite and not here:
                        label += " sat"
                    head = Text(label, style=ROCKET_STYLE if here else "bold")
                    rows["dice"].append(faces_text(space))
                    rows["moons"].append(self._moon_cell(space, moons))
                    names = [planets[p]["name"] for p in space["planets"] if p in planets]
                    rows["planet"].append(Text("/".join(names), style=PLANET_STYLE))
                    rows["ufo"].append(
                        Text("▼UFO", style=UFO_STYLE)
                        if ufo and not ufo["in_deep_space"] and ufo["position"] == col
                        else Text("")
                    )
                    rows["disc"].append(discovery_cell(found[col]) if col in found else Text(""))
                    counts: list[tuple[int, int]] = []
                    for pid in space["planets"]:
                        for row in planets.get(pid, {}).get("rows", []):
                            counts.append((row["seat"], len(row["astronauts"])))
                    rows["there"].append(self._counts(counts))
                table.add_column(head, width=CELL, justify="center", no_wrap=True, overflow="ellipsis")
            if tight:
                # A short screen: the planets' names are in the planets line below the track,
                # and the UFO shares a row with the discovery tokens (its own cell wins).
                del rows["planet"]
                if ufo and "disc" in rows and "discovery" in view.get("variant_state", {}):
                    rows["disc"] = [u if u.plain else d for u, d in zip(rows["ufo"], rows["disc"])]
                    del rows["ufo"]
            for label, cells in rows.items():
                if label == "there" and not any(c.plain for c in cells):
                    continue
                if label == "ufo" and not ufo:
                    continue
                if label == "disc" and "discovery" not in view.get("variant_state", {}):
                    continue
                table.add_row(Text(label), *cells)
            out.append(table)
        return out

    def status(self, view: dict[str, Any]) -> Text:
        """One line: where the rocket is, the dice, who is aboard, crashes and points so far."""
        rocket = view["rocket"]
        out = Text("  ▸ ", style="dim")
        if view["phase"] == "over":
            out.append("game over", style="bold")
        else:
            out.append(
                "deep space" if rocket["in_deep_space"] else f"space {rocket['position']}", style="bold"
            )
            out.append(f" · {rocket['dice']} dice")
            aboard = [e for e in rocket["board"] if e["aboard"]]
            if aboard:
                out.append(" · aboard: ")
                for i, e in enumerate(aboard):
                    if i:
                        out.append(", ")
                    out.append_text(self.tag(e["seat"]))
                    out.append(f" {short_name(e['astronaut'])}")
                    if e["seat"] == rocket["commander"] and i == 0:
                        out.append("★", style="bold yellow")
        ufo = view.get("variant_state", {}).get("ufo")
        if ufo:
            out.append(
                " · UFO in deep space" if ufo["in_deep_space"] else f" · UFO on {ufo['position']}",
                style="magenta",
            )
        out.append(f" · crashes {view['crashes']}/{view['crash_track_length']} · points ")
        for i, score in enumerate(view["scores"]):
            if i:
                out.append(" ")
            out.append_text(self.tag(i))
            out.append(str(score))
        return out

    def _moon_cell(self, space: dict[str, Any], moons: dict[str, Any]) -> Text:
        out = Text()
        # Listed farthest (most points) first on the mat; drawn nearest first, like the track.
        for i, moon_id in enumerate(reversed(space["moons"])):
            moon = moons[moon_id]
            if i:
                out.append(" ")
            occupant = moon["occupant"]
            if occupant is None:
                out.append(f"○{moon['points']}")
            else:
                seat = self.seat(occupant["seat"])
                out.append(
                    f"{seat.letter if seat else '?'}{moon['points']}", style=seat.style if seat else ""
                )
        return out

    def _counts(self, pairs: list[tuple[int, int]]) -> Text:
        """`R2 B1`: astronauts per colour, in order of first arrival."""
        totals: dict[int, int] = {}
        for seat, n in pairs:
            totals[seat] = totals.get(seat, 0) + n
        out = Text()
        sep = " " if len(totals) <= 2 else ""
        for i, (seat, n) in enumerate(totals.items()):
            if i:
                out.append(sep)
            s = self.seat(seat)
            out.append(f"{s.letter if s else '?'}{n}", style=s.style if s else "")
        return out

    def planets_table(self, view: dict[str, Any]) -> Table:
        table = Table(
            title="Planets (scored at the end)",
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            show_edge=False,
        )
        table.add_column("planet", style=PLANET_STYLE, no_wrap=True)
        table.add_column("space", justify="right", no_wrap=True)
        table.add_column("points", justify="center", no_wrap=True)
        table.add_column("rows (order of arrival)", no_wrap=True)
        table.add_column("if it ended now", no_wrap=True)
        for planet in view["planets"]:
            rows = Text()
            for i, row in enumerate(planet["rows"]):
                if i:
                    rows.append("\n")
                rows.append_text(self.tag(row["seat"]))
                rows.append(" " + ", ".join(short_name(a) for a in row["astronauts"]))
            standing = Text()
            for i, (seat, points) in enumerate(planet_standing(planet)):
                if i:
                    standing.append("  ")
                standing.append_text(self.tag(seat))
                standing.append(f" {points}")
            table.add_row(
                planet["name"],
                ",".join(str(s) for s in planet["spaces"]),
                "/".join(str(p) for p in planet["points"]),
                rows if rows.plain else Text("—", style="dim"),
                standing if standing.plain else Text("—", style="dim"),
            )
        return table

    def deep_space_line(self, view: dict[str, Any]) -> Text:
        mat = view["mat"]
        out = Text("Deep space", style="bold")
        for n, (where, points) in enumerate(
            (("comet", mat["comet_points"]), ("galaxy", mat["galaxy_points"]))
        ):
            entries = [e for e in view["deep_space"] if e["where"] == where]
            out.append(f"{'' if n == 0 else chr(10) + ' ' * 10}  {where} ({points}): ")
            if not entries:
                out.append("—", style="dim")
            for i, e in enumerate(entries):
                if i:
                    out.append(", ")
                out.append_text(self.tag(e["seat"]))
                out.append(f" {short_name(e['astronaut'])} +{e['points']}")
        return out

    def goals_table(self, view: dict[str, Any]) -> Table:
        table = Table(
            title="Goal tiles: the first player to have...",
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            show_edge=False,
        )
        table.add_column("goal")
        table.add_column("pts", justify="right")
        table.add_column("taken by", no_wrap=True)
        for goal in view["goals"]:
            owner = goal["claimed_by"]
            text = re.sub(r"^First to have ", "", goal["text"])
            if owner is not None:
                taker: Text = self.name(owner)
            elif goal.get("due_to") is not None:
                # met by a parachute landing: taken at the next landing phase (ruling R7)
                taker = Text.assemble(self.name(goal["due_to"]), (" at the next landing", "dim"))
            else:
                taker = Text("free", style="dim")
            table.add_row(text, str(goal["points"]), taker)
        return table

    def rocket_table(self, view: dict[str, Any]) -> Table:
        rocket = view["rocket"]
        mat = view["mat"]
        where: str | Text
        if rocket["in_deep_space"]:
            where = "in deep space"
        else:
            where = Text.assemble(
                f"on space {rocket['position']} (accepts ", faces_text(mat["spaces"][rocket["position"]]), ")"
            )
        table = Table(
            title=Text.assemble("Rocket ", where),
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            show_edge=False,
        )
        table.add_column("slot", justify="right")
        table.add_column("player")
        table.add_column("astronaut")
        table.add_column("status")
        board = rocket["board"]
        commander_slot = next(
            (e["slot"] for e in board if e["aboard"] and e["seat"] == rocket["commander"]), None
        )
        for entry in board:
            status = Text("aboard" if entry["aboard"] else "landed", style="" if entry["aboard"] else "dim")
            if entry["slot"] == commander_slot:
                status.append("  ★ commander", style="bold yellow")
            if entry["helper_used"]:
                status.append("  helper used", style="dim")
            if entry["slot"] == rocket["deciding"]:
                status.append("  ◀ deciding", style="bold")
            short = astronaut_short(entry["astronaut"], entry["seat"])
            table.add_row(
                str(entry["slot"] + 1),
                self.name(entry["seat"]),
                Text.assemble(short_name(entry["astronaut"]), (f" {short}", "dim")),
                status,
            )
        if not board:
            table.add_row("", Text("(empty: boarding starts)", style="dim"), "", "")
        return table

    def dice_panel(self, view: dict[str, Any]) -> Text:
        rocket, mat = view["rocket"], view["mat"]
        held, total = rocket["dice"], mat["dice_count"]
        out = Text("Dice  ", style="bold")
        out.append("●" * held, style="bold")
        out.append("○" * max(total - held, 0), style="dim")
        out.append(f"  {held} held by the commander")
        if rocket["commander"] is not None:
            out.append(" (")
            out.append_text(self.name(rocket["commander"]))
            out.append(")")
        out.append("\n")
        roll = rocket["roll"]
        out.append("Roll  ", style="bold")
        if not roll or rocket["in_deep_space"]:
            out.append("—", style="dim")
        else:
            space = mat["spaces"][rocket["position"]]
            groups: dict[str, int] = {}
            for face in roll:
                groups[face] = groups.get(face, 0) + 1
            for i, (face, n) in enumerate(groups.items()):
                if i:
                    out.append("   ")
                fits = face in space["faces"]
                shown = f"{n}×{face}"
                if fits and face == "A":
                    shown += f"(={space['afterburner']})"
                out.append(shown, style="bold green" if fits else "dim strike")
                out.append(" ✓" if fits else " ✗", style="green" if fits else "red")
        out.append("\n")
        board = rocket["board"]
        helpers = [e for e in board if e["astronaut"] == "helper" and e["aboard"] and not e["helper_used"]]
        if helpers and rocket["position"] < mat["deep_space"]:
            out.append("Helpers ready  ", style="bold")
            for i, e in enumerate(helpers):
                if i:
                    out.append(", ")
                out.append(f"H{e['seat']} ")
                out.append_text(self.name(e["seat"]))
            accepts_one = "1" in mat["spaces"][rocket["position"]]["faces"]
            out.append(" (usable here)" if accepts_one else " (not here: no 1)", style="dim")
            out.append("\n")
        if (
            view["phase"] in ("landing", "roll")
            and board
            and any(e["aboard"] for e in board)
            and rocket["position"] < mat["deep_space"]
        ):
            out.append("Next roll here  ", style="bold")
            out.append_text(risk_text(mat, rocket["position"], held, bool(helpers)))
            out.append("\n")
        return out

    # ------------------------------------------------------------------ the variants
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
        table = Table(
            title="Secret missions",
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            show_edge=False,
        )
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

    def players_table(self, view: dict[str, Any], width: int = 200, compact: bool = False) -> RenderableType:
        over = view["phase"] == "over"
        vs = view.get("variant_state", {})
        # the astronauts still available go below the table when it would not fit beside them
        narrow = compact or width < 110 + 12 * sum(1 for key in ("ufo", "discovery", "missions") if key in vs)
        projected = projected_planet_points(view)
        table = Table(
            title="Players",
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            show_edge=False,
        )
        table.add_column("seat", justify="right")
        table.add_column("player", no_wrap=True)
        table.add_column("on mat", justify="right")
        if not narrow:
            table.add_column("available astronauts", ratio=1)
        table.add_column("moons", justify="right")
        table.add_column("deep", justify="right")
        table.add_column("goals", justify="right")
        table.add_column("planets" if over else "planets*", justify="right")
        vs = view.get("variant_state", {})
        extra_cols = [
            (key, label)
            for key, label in (("ufo", "ufo"), ("discovery", "disc"), ("missions", "missions"))
            if key in vs
        ]
        for _, heading in extra_cols:
            table.add_column(heading if over else heading + "†", justify="right")
        table.add_column("total" if over else "so far", justify="right")
        if compact:
            # one line per player: the astronauts still at home as a count ('show' lists them)
            table.title = None
            table.box = None
            table.add_column("home", justify="right")
        for player in view["players"]:
            seat = player["seat"]
            score = player["score"]
            variant_cells = [self._variant_cell(view, player, key) for key, _ in extra_cols]
            s = self.seat(seat)
            label = s.short_label() if s else Text(f"seat {seat}")
            if seat == view["current_player"]:
                label = Text.assemble(("▶ ", "bold"), label)
            available = ", ".join(short_name(a) for a in player["available"]) or "—"
            so_far = score["moons"] + score["deep_space"] + score["goals"] + (score["planets"] if over else 0)
            so_far += (
                score.get("ufo", 0) + score.get("discoveries", 0) + (score.get("missions", 0) if over else 0)
            )
            hidden = not over and any(c.plain.startswith("?") or "?" in c.plain for c in variant_cells)
            cells: list[str | Text] = [str(seat), label, f"{player['placed']}/8"]
            if not narrow:
                cells.append(Text(available, style="dim" if not player["available"] else ""))
            table.add_row(
                *cells,
                str(score["moons"]),
                str(score["deep_space"]),
                str(score["goals"]),
                str(score["planets"]) if over else f"~{projected[seat]}",
                *variant_cells,
                Text.assemble((str(so_far), "bold"), ("+?" if hidden else "", "dim")),
                *([str(len(player["available"]))] if compact else []),
            )
        if compact:
            return table
        if not over:
            table.caption = "planets* = what the planets would pay if the game ended now (scored at the end)"
            if extra_cols:
                table.caption += (
                    "\n† face-down tokens and secret missions: yours in full, others' as ?×count "
                    "(values hidden until the end); missions ~ = points if the game ended now"
                )
            table.caption_justify = "left"
        if not narrow:
            return table
        lines = Text("Still to send out:", style="bold")
        for player in view["players"]:
            lines.append("\n  ")
            lines.append_text(self.tag(player["seat"]))
            lines.append(" " + (", ".join(short_name(a) for a in player["available"]) or "—"))
        return Group(table, lines)

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

    # ------------------------------------------------------------------ the decision
    def headline(self, view: dict[str, Any], seat: int) -> Text:
        rocket, mat = view["rocket"], view["mat"]
        who = self.name(seat)
        phase = view["phase"]
        if phase == "launch":
            starter = view["starter"]
            commands = (
                Text("you will command it")
                if starter == seat
                else Text.assemble(self.name(starter), " started it and will command")
            )
            return Text.assemble(
                who,
                f": launch of expedition {view['expedition']} (",
                commands,
                f") - choose an astronaut to board slot {len(rocket['board']) + 1} of the rocket.",
            )
        if phase == "choose":
            return Text.assemble(
                who,
                ": your four secret missions are dealt (see Missions above). Keep three: choose the one to "
                "return to the box. No one else sees your choice.",
            )
        if phase == "travel":
            space = mat["spaces"][rocket["position"]]
            out = Text.assemble(
                who,
                f": you command the rocket on space {rocket['position']} (accepts ",
                faces_text(space),
                f") and rolled {','.join(rocket['roll'] or [])}. Use one or more whole groups of dice that fit.",
            )
            ufo = view.get("variant_state", {}).get("ufo")
            if ufo and ufo["token"] is not None and not ufo["ability_spent"]:
                out.append("\nExpedition token ", style="")
                out.append_text(token_text(ufo["token"]))
                out.append(f" is unused: {self._ability_hint(ufo['token'])}.")
            helpers = [
                e["seat"]
                for e in rocket["board"]
                if e["astronaut"] == "helper" and e["aboard"] and not e["helper_used"]
            ]
            if helpers and "1" in space["faces"]:
                out.append("\nHelpers (each counts as a die showing 1, once per expedition): ")
                for i, h in enumerate(helpers):
                    if i:
                        out.append(", ")
                    out.append(f"H{h} = ", style="bold")
                    out.append_text(self.name(h))
                    out.append("'s")
            return out
        if phase == "landing":
            entry = rocket["board"][rocket["deciding"]]
            return Text.assemble(
                who,
                f": the rocket is on space {rocket['position']}. Your {astronaut_name(entry['astronaut'])} "
                "may stay aboard or leave the rocket here.",
            )
        if phase == "parachute":
            return Text.assemble(
                who,
                f": the rocket crashed on space {rocket['position']}! Your Parachutist may still land "
                "here, or return home.",
            )
        return who

    def brief_headline(self, view: dict[str, Any], seat: int) -> Text:
        """The question without what the tightest table already shows (for a short terminal):
        the expedition token is on the variants line, the helpers ready on the dice line."""
        return self.headline(view, seat).split("\n")[0]

    #: shown above a grouped menu of travel moves
    menu_legend = Text(
        "dice = dice left after the move · risk = chance that the next roll crashes there "
        "(* a helper could still save it)",
        style="dim",
    )

    # ------------------------------------------------------------------ the end
    def final_table(self, view: dict[str, Any]) -> RenderableType:
        table = Table(title="Final scores", title_justify="left", box=box.HEAVY_HEAD, padding=(0, 1))
        table.add_column("player")
        parts = [
            p
            for p in ("ufo", "discoveries", "missions")
            if any(p in player["score"] for player in view["players"])
        ]
        for heading in ("moons", "deep space", "goals", "planets", *parts, "total"):
            table.add_column(heading, justify="right")
        winners = set(view["winners"])
        for player in sorted(view["players"], key=lambda p: -view["scores"][p["seat"]]):
            seat = player["seat"]
            score = player["score"]
            s = self.seat(seat)
            label = s.long_label() if s else Text(f"seat {seat}")
            if seat in winners:
                label = Text.assemble(("★ ", "bold yellow"), label)
            table.add_row(
                label,
                str(score["moons"]),
                str(score["deep_space"]),
                str(score["goals"]),
                str(score["planets"]),
                *(str(score.get(p, "?")) for p in parts),
                Text(str(view["scores"][seat]), style="bold"),
            )
        names = [self.name(s) for s in view["winners"]]
        best = max(view["scores"]) if view["scores"] else 0
        if len(names) == 1:
            verdict = Text.assemble(("Winner: ", "bold"), names[0], f" with {best} points")
        else:
            verdict = Text("Shared victory: ", style="bold")
            for i, n in enumerate(names):
                if i:
                    verdict.append(" and " if i == len(names) - 1 else ", ")
                verdict.append_text(n)
            verdict.append(f", {best} points each")
        extra: list[RenderableType] = []
        missions = view.get("variant_state", {}).get("missions")
        if missions and missions["hands"]:
            extra = [Text(""), self.missions_table(view)]
        return Group(table, verdict, *extra)

    def help(self) -> RenderableType:
        return Panel(
            Text.assemble(
                ("Commands\n", "bold"),
                "  a number      choose that move from the list\n  move text     type it as shown, e.g. ",
                ("board helper", "bold"),
                ", ",
                ("travel 2,A", "bold"),
                ", ",
                ("travel 1,H2", "bold"),
                ", ",
                ("stay", "bold"),
                ", ",
                ("land moon", "bold"),
                ", ",
                ("land planet +1", "bold"),
                "\n"
                "  show          draw the table again      log   every event so far\n"
                "  rules         the rules summary         help  this help\n"
                "  quit          stop; the game so far is saved as a record (also on Ctrl-D / end of input)\n\n",
                ("Reading the mat\n", "bold"),
                "  dice   faces a space accepts; ",
                ("A2", AFTERBURNER_STYLE),
                " = the afterburner, worth 2 spaces there. ",
                ("▲", "bold"),
                " marks the rocket.\n"
                "  moons  ○5 = a free 5-point moon; R5 = taken by the red player. You always get the free moon\n"
                "         with the most points. Planets list who is there (R2 = two red astronauts).\n"
                "  travel groups: 'travel 2,A' uses every rolled 2 and every rolled A; H2 = the helper astronaut\n"
                "         of seat 2 used as a die showing 1 (only where the space accepts 1, once per expedition).\n"
                "  Crash risk = the chance that no die of the next roll fits the space.",
            ),
            title="help",
            title_align="left",
            border_style="dim",
            expand=False,
        )


# ------------------------------------------------------------------------------ rules
def mlem_look_entries() -> list[LookEntry]:
    """Astronauts, goal tiles, planets, deep space and the expedition tokens' abilities, from the
    game's data files (astronauts.toml, goals.toml, mat.toml, expedition_tokens.toml)."""
    mat = default_mat()
    entries = []
    for a in default_astronauts().values():
        text = a.text
        if a.id == "helper":
            text += " In travel moves a helper is named by its owner's seat: H1 = seat 1's helper."
        entries.append(
            LookEntry((a.name, a.id, a.short, short_name(a.id)), f"{a.name} ({a.short})", text, "astronaut")
        )
    for g in default_goals():
        entries.append(
            LookEntry(
                (g.id, g.text),
                g.text,
                f"a goal tile: {g.points} points to the first player "
                "who meets it during a landing phase; no one else can take it.",
                "goal",
            )
        )
    for p in mat.planets.values():
        pts = "/".join(map(str, p.points))
        entries.append(
            LookEntry(
                (p.name, p.id),
                p.name,
                f"a planet reached from space(s) "
                f"{', '.join(map(str, p.spaces))}; at the end it pays {pts} points to the players "
                "with the most, the second most, and any other astronauts there.",
                "planet",
            )
        )
    entries.append(
        LookEntry(
            ("deep space", "comet", "galaxy"),
            "Deep space",
            f"beyond space {mat.last_space}: when the rocket gets there everyone aboard leaves it: the commander to the comet "
            f"({mat.comet_points} points), everyone else to the galaxy ({mat.galaxy_points} points).",
            "mat",
        )
    )
    for ability, text in ABILITY_TEXT.items():
        entries.append(
            LookEntry(
                (ability, text.split(" (")[0]),
                text.split(" (")[0].capitalize(),
                text,
                "expedition token ability (UFO variant)",
            )
        )
    return entries


def astronauts_table() -> Table:
    table = Table(
        title="The 8 astronauts (every player has one of each)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    table.add_column("to board, type", style="bold", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("token", no_wrap=True)
    table.add_column("ability")
    for a in default_astronauts().values():
        table.add_row(f"board {a.id}", a.name, a.short, a.text)
    return table


def token_sources_text() -> Text:
    """Each variant token set's own `source` field, and the flag that replaces it."""
    from cosmotable.games.mlem.tokens import TOKEN_FILES, default_token_data

    out = Text()
    labels = {
        "expedition_tokens": "Expedition tokens (UFO)",
        "ufo_tokens": "UFO tokens (UFO)",
        "discoveries": "Discovery tokens (Discovery)",
        "missions": "Mission tokens (Secret Missions)",
    }
    for option, (name, _) in TOKEN_FILES.items():
        source = " ".join(str(default_token_data(option).get("source", "")).split())
        reconstructed = "reconstructed" in source.lower() or "not the printed" in source.lower()
        out.append(f"\n{labels.get(option, option)}: ", style="bold")
        out.append(
            "RECONSTRUCTED" if reconstructed else "not marked reconstructed (read its source)",
            style="bold red" if reconstructed else "yellow",
        )
        out.append(f" - data/{name}, replace with --{option.replace('_', '-')} FILE\n  source: ")
        out.append(source, style="italic")
    return out


def reconstructed_panel() -> Panel:
    mat = default_mat()
    path = resources.files("cosmotable.games.mlem").joinpath("data", "mat.toml")
    body = Text.assemble(
        "The space-by-space mat (which faces each space accepts, afterburner values, moons, planets and their "
        "points) is printed only on the physical component and has not been published. The mat used by default "
        "is RECONSTRUCTED. Its own 'source' field says:\n\n",
        (" ".join(mat.source.split()) + "\n\n", "italic"),
        "Default mat file: ",
        (str(path), "bold"),
        "\n\n",
        ("If you own the game, supply the real mat:\n", "bold"),
        "  1. copy the default file and type in the values printed on your mat (set 'source' too)\n",
        "  2. check it:   ",
        ("cosmotable mlem check-board my-mat.toml", "bold"),
        "   (explains every problem)\n",
        "  3. play on it: ",
        ("cosmotable play mlem --board my-mat.toml", "bold"),
        "\n\n",
        "From the rulebooks and public sources, not reconstructed: the rules, the 8 astronauts, the 4 goal tiles (5 points each), "
        "comet 7 / galaxy 5, 11 crashes, no landing on spaces 0-5, the satellite space 3, six dice with faces "
        "1, 2, 2, 3, 4, A.\n\n",
        ("Variant token sets", "bold"),
        " (printed only on the tokens; each file's own 'source' field):",
        token_sources_text(),
        "\n\nEvery decision the rulebooks leave open, and the test that pins it: ",
        ("src/cosmotable/games/mlem/RULINGS.md", "bold"),
    )
    return Panel(body, title="Which data is reconstructed", title_align="left", border_style="yellow")


def rules_renderable() -> RenderableType:
    return Group(
        Markdown(rules_markdown()),
        Text(""),
        Padding(astronauts_table(), (0, 0, 1, 0)),
        Markdown(
            "## Playing in the terminal\n"
            "`cosmotable play mlem --players 3 --bots 2`: at your turn the table is drawn and your legal moves are "
            "numbered; type a number or the move's text (`board helper`, `travel 2,A`, `travel 1,H2` = also use the "
            "helper of seat 2, `stay`, `land moon`, `land planet`, `land moon +1` for the navigator, `return`), "
            "`help` or `quit`. Every game is saved as a record; `cosmotable replay FILE` steps through it."
        ),
        Markdown(variants_markdown()),
        Text(""),
        reconstructed_panel(),
    )
