"""Planet in the terminal: the planet and the station as grids, ships, astronauts and coins, drawn
with Rich from `state.view(seat)` only (and, for the move glosses, from the views of clones).

The maps (four-character cells, labelled rows and columns, the legend beside them) are drawn by
`screen_map.py`. Face-down tiles show only their back colour, or, to the seat that peeked at one
with an obelisk, the back then the tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cosmotable.engine import Action, Event, State
from cosmotable.games.planet.glyphs import GLYPHS, tile_glyph
from cosmotable.games.planet.screen_map import CELL_WIDTH, MAP_LEGEND, MapDrawing
from cosmotable.ui.terminal.common import LookEntry, Move, Seat, SeatScreen

#: the width of the coin counts
COINS_WIDTH = 40
LEGEND = (
    "░ face down  · empty  ↑↗↕✜ arrows  ♣ tree  ♞ knight  » energy  ▲ obelisk  ✦ artifact  ☄ meteorite\n"
    "⌒ trampoline  ≈ crocodile  ∪ canyon  ⊙ beam  ж dragonfly  Δ pyramid  ◎ portal  # lock  (flowers: magenta arrows)\n"
    "[R2 ship with 2 aboard (* fuel)   ·R2 two of red's astronauts on a tile   ·R $ one coin lying there, ³ three\n"
    "░♣ face down, seen by you only (an obelisk's peek)   a plain digit is always astronauts"
)
EVENT_STYLES = {
    "attack": "bold red",
    "deliver": "bold green",
    "coin-lost": "red",
    "game-over": "bold",
    "reveal": "",
    "loop": "red",
    "tree": "red",
    "fuel": "bold cyan",
    "artifact": "magenta",
}


class PlanetScreen(MapDrawing, SeatScreen):
    """Draws Planet views and explains Planet moves for the seats at the table."""

    #: what a hot-seat player's private screen shows (the others are asked to look away)
    private_things = "tiles seen with the obelisk"
    #: said on the game-over screen when hidden things are shown
    revealed_at_end = None

    game_id = "planet"

    def __init__(self, seats: Sequence[Seat]):
        super().__init__(seats)
        self.menu_legend = Text(
            "Moves grouped by who moves; the text after each is where it ends.", style="dim"
        )

    # ------------------------------------------------------------------ look NAME
    def look_entries(self) -> list[LookEntry]:
        return planet_look_entries()

    # ------------------------------------------------------------------ text helpers

    def letter(self, seat: int) -> Text:
        s = self.seat(seat)
        return s.tag() if s else Text(str(seat))

    def rewrite(self, text: str) -> Text:
        return self._seat_text(text)

    def event(self, event: Event, after: dict[str, Any] | None = None, viewer: int | None = None) -> Text:
        line = self.rewrite(event.text)
        if event.visible_to is not None:
            if viewer is not None and viewer in event.visible_to:
                line = Text.assemble(("(only you see this) ", "dim"), line)
            else:
                line = Text.assemble(("(private) ", "dim"), line)
        return self.log_line(line, EVENT_STYLES.get(event.kind, ""))

    def silent_move(self, view: dict[str, Any], seat: int, action: Action | None) -> Text | None:
        if action is None or seat < 0:
            return None
        return Text.assemble(("• ", "dim"), self.name(seat), f": {action}")

    # ------------------------------------------------------------------ the table
    def board(self, view: dict[str, Any], width: int) -> RenderableType:
        planet = self.grid(view, "p", "Planet")
        station = self.grid(view, "s", "Station (s:)")
        gap = 2
        maps_width = sum(3 + CELL_WIDTH * view["areas"][a]["width"] for a in ("p", "s")) + gap
        if width >= maps_width + COINS_WIDTH + gap:  # wide: everything on one row
            maps = Table.grid(padding=(0, gap))
            maps.add_row(planet, station, self.coins_text(view))
            parts: list[RenderableType] = [maps]
        elif width >= maps_width:
            # The two maps side by side fit 80 columns; the counts go below them.
            maps = Table.grid(padding=(0, gap))
            maps.add_row(planet, station)
            parts = [maps, self.coins_text(view)]
        else:
            parts = [planet, station, self.coins_text(view)]
        legend = Text(LEGEND, style="dim") if width >= 120 else self.legend(view)
        return Group(self.title(view), *parts, legend, self.players_table(view, compact=width < 120))

    def boards(self, view: dict[str, Any], width: int) -> list[RenderableType]:
        """The table from the fullest to the tightest, for a screen that must fit a short terminal
        (the session takes the first that leaves room for the question and the menu): the maps
        stay whole in each, with the legend beside them; the counts, the legend of the tiles and
        the seats shrink ('show', 'seats': all)."""
        boards: list[RenderableType] = [self.board(view, width)]
        planet = self.grid(view, "p", None)
        station = self.grid(view, "s", None)
        maps_width = sum(3 + CELL_WIDTH * view["areas"][a]["width"] for a in ("p", "s")) + 2
        legend = self.legend_block()
        if width >= maps_width:
            # the legend of the cells goes under the station, shorter than the planet: no line more
            grid = Table.grid(padding=(0, 2))
            beside = view["areas"]["p"]["height"] - view["areas"]["s"]["height"] >= len(MAP_LEGEND)
            grid.add_row(planet, Group(station, legend) if beside else station)
            maps: list[RenderableType] = [grid] if beside else [grid, legend]
        else:
            maps = [planet, station, legend]
        head = self.tight_title(view)
        seats: list[RenderableType] = [self.players_table(view, compact=True)]
        if view["teams"]:
            seats.append(Text.assemble(("Teams ", "bold"), self.teams_score(view)))
        boards.append(Group(head, *maps, *seats))
        boards.append(Group(head, *maps, self.seats_line(view)))
        return boards

    def teams_score(self, view: dict[str, Any]) -> Text:
        """`Ann+Cy 3 v Bob+Di 5`: each team's coins home, the team named by its players."""
        team = {p["seat"]: p["score"] for p in view["players"]}
        first, second = self.team_names(view)
        return Text(f"{first} {team.get(0, 0)} v {second} {team.get(1, 0)}", style="bold")

    def team_names(self, view: dict[str, Any]) -> list[str]:
        """`["Ann+Cy", "Bob+Di"]`: the teams by their players' names (seats alternate teams)."""
        seats = [p["seat"] for p in view["players"]]
        names = [self.name(s).plain for s in seats]
        return ["+".join(names[i] for i, s in enumerate(seats) if s % 2 == t) for t in (0, 1)]

    def tight_title(self, view: dict[str, Any]) -> Text:
        """`Planet turn 1/600 · coins 0 lying 0 locked 0 home 0 lost 30 unfound` (the teams, by
        their players' names, are on the seats' line)."""
        out = Text.assemble(("Planet", "bold"), f" turn {view['total_turns'] + 1}/{view['max_turns']}")
        if view["phase"] == "over":
            out.append(" · GAME OVER", style="bold yellow")
        c = view["coins"]
        out.append(" · ")
        out.append("coins ", style="bold")
        out.append(
            f"{c['on_board']} lying {c['locked']} locked {c['delivered']} home {c['lost']} lost "
            f"{c['supply']} unfound"
        )
        return out

    def seats_line(self, view: dict[str, Any]) -> Text:
        """Every seat in one line: its coins home (team score) and ability cards; the astronauts
        and ships are on the maps ('seats' prints the table)."""
        out = Text()
        for i, p in enumerate(view["players"]):
            if i:
                out.append(" · ")
            if p["seat"] == view["current"]:
                out.append("▶", style="bold")
            out.append_text(self.letter(p["seat"]))
            label = self.seat(p["seat"])
            out.append(" ")
            out.append_text(label.label() if label else Text(f"seat {p['seat']}"))
            out.append(f" {p['delivered']}$")
            ready = [c["id"] for c in p["cards"] if c["ready"]]
            if ready:
                out.append(f" {'+'.join(ready)}", style="dim")
        if view["teams"]:
            out.append(" · ")
            out.append_text(self.teams_score(view))
        else:
            out.append("  ('seats': all)", style="dim")
        return out

    def legend(self, view: dict[str, Any]) -> Text:
        """The signs on the board now (not the whole list): a face-down back, the revealed tile kinds,
        ships; 'look NAME' explains any of them."""
        seen: list[str] = []
        for area in view["areas"].values():
            for entry in area["cells"]:
                kid = entry.get("tile")
                if kid is None:
                    continue
                if entry.get("dirs"):
                    kid = "flower" if kid == "flower" else "arrow"
                if kid.startswith("coins"):
                    kid = "coins"
                if kid.startswith("locked"):
                    kid = "locked"
                if kid not in seen:
                    seen.append(kid)
        names = {
            "arrow": ("↑↗", "arrow"),
            "flower": ("↑", "flower (magenta)"),
            "coins": ("$", "container"),
            "locked": ("#", "lock"),
        }
        out = Text("░ face down  [R2 ship, 2 aboard  R2 astronauts  3 coins", style="dim")
        for kid in seen:
            glyph, name = names.get(kid, (GLYPHS.get(kid, ("?", ""))[0], kid))
            out.append(f"  {glyph} {name}", style="dim")
        return out

    def title(self, view: dict[str, Any]) -> Text:
        out = Text.assemble(
            ("Planet", "bold"), f"  ·  turn {view['total_turns'] + 1} (cap {view['max_turns']})"
        )
        if view["teams"]:
            first, second = self.team_names(view)
            out.append(f"  ·  teams: {first} vs {second}")
        if view["phase"] == "over":
            out.append("  ·  GAME OVER: ", style="bold yellow")
            out.append(view["end_reason"] or "")
        return out

    def coins_text(self, view: dict[str, Any]) -> Text:
        c = view["coins"]
        out = Text("Coins ", style="bold")
        out.append(
            f"{c['on_board']} lying · {c['locked']} locked · {c['delivered']} delivered · "
            f"{c['lost']} lost · {c['supply']} not yet found\n"
        )
        left = sum(sum(v.values()) for v in view["unrevealed"].values())
        out.append("Box ", style="bold")
        out.append(f"{left} tiles unseen (incl. 2 per colour set aside) · {view['deck']} ability cards left")
        return out

    def where_text(self, view: dict[str, Any], at: list) -> str:
        if at[0] == "ship":
            return "own ship" if at[1] == self._owner else f"{self.name(at[1]).plain}'s ship"
        if at[0] == "cell":
            return at[1] + (f" (canyon {'near' if at[2] == 1 else 'far'} half)" if at[2] else "")
        return "space by " + view["areas"][at[1]]["ring"][at[2]]

    def short_where(self, view: dict[str, Any], at: list) -> str:
        """`e9`, `ship`, `ship B`, `space d1`: where an astronaut is, in a few characters."""
        if at[0] == "ship":
            return "ship" if at[1] == self._owner else f"ship {self.letter(at[1]).plain}"
        if at[0] == "cell":
            return at[1] + ("½" if at[2] else "")
        return "space " + view["areas"][at[1]]["ring"][at[2]]

    def players_table(self, view: dict[str, Any], compact: bool = False) -> Table:
        table = Table(box=None, padding=(0, 1 if compact else 2), show_edge=False)
        for col in ("", "player", "coins", "ship", "astronauts", "cards"):
            table.add_column(col, no_wrap=col != "astronauts" and col != "cards")
        for p in view["players"]:
            seat = p["seat"]
            self._owner = seat
            player = self.seat(seat)
            label = player.short_label() if player else Text(f"seat {seat}")
            if seat == view["current"]:
                label = Text.assemble(("▶ ", "bold"), label)
            ship = p["ship"]["cell"] + (" (fuel)" if p["ship"]["fuel"] else "")
            if compact:
                astronauts = " ".join(
                    f"{a['n']}:{self.short_where(view, a['at'])}" + ("(tree)" if a["stunned"] else "")
                    for a in p["astronauts"]
                )
            else:
                astronauts = "; ".join(
                    f"{a['n']}: {self.where_text(view, a['at'])}" + (" (stunned)" if a["stunned"] else "")
                    for a in p["astronauts"]
                )
            cards = (
                ", ".join(
                    c["id"] + ("" if c["ready"] else " (used)" if c["spent"] else " (flipped)")
                    for c in p["cards"]
                )
                or "—"
            )
            score = str(p["score"]) if not view["teams"] else f"{p['delivered']} (team {p['score']})"
            table.add_row(self.letter(seat), label, score, ship, astronauts, cards)
        return table

    def status(self, view: dict[str, Any]) -> Text:
        out = Text("  ▸ ", style="dim")
        out.append(f"turn {view['total_turns'] + 1} · ")
        for i, p in enumerate(view["players"]):
            if i:
                out.append("  ")
            out.append_text(self.letter(p["seat"]))
            out.append(f" {p['score']}")
        return out

    def final_table(self, view: dict[str, Any]) -> RenderableType:
        table = Table(title="Final score", box=None, padding=(0, 2))
        for col in ("player", "coins", "artifacts"):
            table.add_column(col)
        best = max(p["score"] for p in view["players"])
        for p in view["players"]:
            player = self.seat(p["seat"])
            label = player.short_label() if player else Text(f"seat {p['seat']}")
            mark = " ★" if p["score"] == best else ""
            table.add_row(label, f"{p['score']}{mark}", str(len(p["cards"])))
        table.caption = f"Ended: {view['end_reason']}"
        return table

    # ------------------------------------------------------------------ the decision
    def headline(self, view: dict[str, Any], seat: int) -> Text:
        who = self.name(seat)
        phase = view["phase"]
        asks = {
            "act": "one action: step an astronaut (8 directions), sail the ship up to 3 cells, or fly with fuel",
            "choose": "the move goes on: choose where (or play an ability card on the moving astronaut)",
            "peek": f"the obelisk: look at {view['peeks_left']} more face-down tile(s) - only you will see them",
            "meteor": "the meteorite: pick two tiles to swap (nobody standing, nothing lying there)",
            "turn": "turn the swapped arrow (quarter turns clockwise)",
            "beam": "the tractor beam: pick the coin it pulls here",
            "claim": "a player claims no one can get the last coins: agree to end the game, or refuse",
            "post": "your action is done: use one ability card now (one a turn), or end the turn",
        }
        return Text.assemble(who, ": ", asks.get(phase, phase))

    def moves(self, state: State, seat: int) -> list[Move]:
        view = state.view(seat)
        self._owner = seat
        walking = view["walking"]
        out: list[Move] = []
        for action in state.legal_actions():
            text = str(action)
            words = text.split()
            if words[0] == "peek":
                out.append(self.peek_move(view, action, words[1]))
                continue
            after = state.clone()
            before = len(after.events)
            after.apply(action)
            new = [e for e in after.events[before:] if e.visible(seat)]
            aview = after.view(seat)
            mover = None
            if words[0] in ("move", "drift") or (words[0] == "ability" and len(words) > 2):
                mover = int(words[2] if words[0] == "ability" else words[1])
            elif walking is not None:
                mover = walking["astronaut"]
            end = ""
            if mover is not None:
                end = self.where_text(aview, aview["players"][seat]["astronauts"][mover - 1]["at"])
            notes = [e.kind for e in new]
            brief = Text(f"→ {end}" if end else "")
            for kind, word, style in (
                ("attack", " attack!", "bold red"),
                ("deliver", " coin home!", "bold green"),
                ("coin-lost", " coin lost", "red"),
                ("tree", " tree", "red"),
                ("loop", " loop: back to ship", "red"),
                ("space", " into space", "red"),
            ):
                if kind in notes:
                    brief.append(word, style=style)
            if after.is_chance_node():
                brief.append(" (reveals a tile)", style="dim")
            gloss = Text("; ").join(self.rewrite(e.text) for e in new) if new else Text("")
            if after.is_chance_node():
                gloss.append(
                    ("; " if new else "") + f"reveals the face-down tile at {aview['pending'] or '?'}"
                )
            elif end and not new:
                gloss = Text(f"astronaut {mover} ends at {end}")
            if words[0] in ("move", "drift"):
                a = view["players"][seat]["astronauts"][int(words[1]) - 1]
                group = Text(f"Astronaut {words[1]} (at {self.where_text(view, a['at'])})")
            elif words[0] in ("sail", "fly"):
                group = Text("Ship")
                brief = Text(f"→ {aview['players'][seat]['ship']['cell']}")
            elif words[0] == "ability":
                group = Text("Ability cards")
            elif words[0] == "end":
                group = Text("Other")
                nxt = aview["current"]
                gloss = Text("keep your cards for later; the turn passes")
                if isinstance(nxt, int) and nxt >= 0:
                    gloss = Text.assemble("keep your cards for later; the turn passes to ", self.name(nxt))
                if "game-over" in notes:
                    gloss = Text("; ").join(self.rewrite(e.text) for e in new)
                brief = Text("pass the turn")
            else:
                group = Text("Other")
                brief = brief if brief.plain else Text("")
            confirm = None
            if words[0] == "claim":
                # The rulebook's unanimous end: once every other player agrees, the game is over for good.
                c = view["coins"]
                confirm = (
                    f"a claim ends the game as soon as every other player agrees, with {c['supply']} coin(s) "
                    f"not yet found and {c['on_board'] + c['locked']} on the board; it cannot be taken back"
                )
            out.append(Move(action, gloss, group, brief, confirm))
        return out

    def peek_move(self, view: dict[str, Any], action: Action, cell: str) -> Move:
        """An obelisk's peek, reached by area and row, then the cell (issue #48: 51 peeks were one
        list, glossed as if the astronaut went there). A peek moves nobody and shows the tile to
        this seat only; it stays face down for the others."""
        from cosmotable.games.planet.board import parse_cell  # names -> coordinates, no rules

        area, r, _c = parse_cell(cell)
        where = "station" if area == "s" else "planet"
        back = next((e["back"] for e in view["areas"][area]["cells"] if e["cell"] == cell), "")
        gloss = Text(
            f"look at the face-down tile {cell} ({back} back): only you see what it is; "
            "it stays face down and nobody moves"
        )
        return Move(
            action,
            gloss,
            Text("Obelisk: look at a face-down tile"),
            Text(f"{back} back", style="dim"),
            path=("peek", f" {where} row {r + 1}", f" {cell}"),
        )

    def help(self) -> RenderableType:
        # One paragraph, wrapped by Rich at the terminal's width (hard breaks at 100 columns cut
        # every line in two at 80), then the map's legend: on an 80-column screen the board shows
        # only its short form, so 'help' is where the whole of it is read (issue #48).
        return Group(
            Text(
                "Each turn: one action. 'move N DIR' steps astronaut N (N, NE, E, SE, S, SW, W, NW); add "
                "'coin' to carry a coin lying where it stands. 'sail +2' moves your ship clockwise (needs "
                "an astronaut aboard), 'fly CELL' flies it to the station or back once you have fuel. In "
                "space: 'drift N +2', or step onto a revealed empty tile. Tiles may ask you to continue: "
                "'go DIR', 'knight 2N1E', 'jump DIR', 'to CELL'. Bring coins to your ship; stepping onto "
                "rivals sends them home. One ability card a turn: before your action, at a choice inside "
                "it (for the moving astronaut), or right after it (then you are asked: 'ability ...' or "
                "'end turn'). Once every tile is face up, 'claim' proposes to end the game when no one can "
                "reach the last coins. Type a number, a move, 'show', 'log' or 'quit'."
            ),
            Text.assemble(("The map: ", "bold"), LEGEND.replace("\n", "   ")),
        )


# ------------------------------------------------------------------------------ tiles and cards by name
def planet_look_entries() -> list[LookEntry]:
    """Every tile kind and ability card, with its text from data/tiles.toml and data/cards.toml."""
    from cosmotable.games.planet.board import default_box, default_cards, tile_texts

    texts = tile_texts()
    entries = []
    for kid, kind in default_box().kinds.items():
        glyph = tile_glyph(kid, kind.dirs)
        marks = [m for m, on in (("one use", kind.one_use), ("no coin may enter", kind.no_coin)) if on]
        text = texts.get(kid) or "(no text in data/tiles.toml yet)"
        if marks:
            text += f" [{', '.join(marks)}]"
        names = (
            kind.name,
            kid,
            *[w for w in kind.name.split()[-1:] if w.isalpha()],
            *([glyph] if glyph else []),
        )
        entries.append(LookEntry(names, f"{glyph} {kind.name}".strip(), text, "tile"))
    for cid, card in default_cards().items():
        text = card.text + (" Used once, then discarded." if card.once else " Reusable: flipped when used.")
        entries.append(LookEntry((card.name, cid), card.name, text, "ability card"))
    return entries
