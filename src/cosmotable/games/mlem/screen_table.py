"""MLEM's table on the terminal: the track with the rocket and the moons, the planets, deep space,
the goals, the rocket board, the dice and the seats, each as a full table and as a one-line form for a
short terminal."""

from __future__ import annotations

import math
import re
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from cosmotable.games.mlem.screen_text import (
    CELL,
    PLANET_STYLE,
    ROCKET_STYLE,
    UFO_STYLE,
    astronaut_short,
    discovery_cell,
    faces_text,
    planet_standing,
    projected_planet_points,
    risk_text,
    section_table,
    short_name,
)
from cosmotable.games.mlem.screen_variants import MlemVariantPanels


class MlemTable(MlemVariantPanels):
    """The pieces of the drawn table that `MlemScreen` lays out."""

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
        table = section_table("Planets (scored at the end)")
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
        table = section_table("Goal tiles: the first player to have...")
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
        table = section_table(Text.assemble("Rocket ", where))
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

    def players_table(self, view: dict[str, Any], width: int = 200, compact: bool = False) -> RenderableType:
        over = view["phase"] == "over"
        vs = view.get("variant_state", {})
        # the astronauts still available go below the table when it would not fit beside them
        narrow = compact or width < 110 + 12 * sum(1 for key in ("ufo", "discovery", "missions") if key in vs)
        projected = projected_planet_points(view)
        table = section_table("Players")
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
