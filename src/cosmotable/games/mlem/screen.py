"""MLEM: Space Agency in the terminal: the mat, rocket, dice and scores drawn with Rich.

Everything on screen comes from `state.view(seat)` dicts, never from the state's internals. The move
glosses are `screen_glosses.py`'s; the names and styles all use, `screen_text.py`'s. The table's pieces
are `screen_table.py`'s and `screen_variants.py`'s, the rules panel and 'look' entries
`screen_rules.py`'s; this module lays them out and writes the log lines and the questions.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from cosmotable.engine import Action, Event
from cosmotable.games.mlem.board import default_astronauts
from cosmotable.games.mlem.screen_rules import mlem_look_entries
from cosmotable.games.mlem.screen_rules import rules_renderable as mlem_rules
from cosmotable.games.mlem.screen_table import MlemTable
from cosmotable.games.mlem.screen_text import (
    AFTERBURNER_STYLE,
    COMPACT_WIDTH,
    EVENT_STYLES,
    astronaut_name,
    faces_text,
    short_name,
    token_text,
)
from cosmotable.ui.terminal.common import LookEntry


class MlemScreen(MlemTable):
    """Draws MLEM views for the seats at the table (the move glosses are `MlemMoves`'s)."""

    #: what a hot-seat player's private screen shows (the others are asked to look away)
    private_things = "secret missions and face-down tokens"

    #: said on the game-over screen when hidden things are shown
    revealed_at_end = "Everything face down is revealed: missions, UFO and discovery tokens."

    game_id = "mlem"

    #: news kept on a short screen when there is no room for all of it: how the last expedition
    #: ended (its crash, its landings) and the points that came of it
    key_events = frozenset({"crash", "land", "goal", "mission", "ufo-contact", "end-triggered"})

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
        return self.log_line(line, EVENT_STYLES.get(event.kind, ""))

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

    def details(self, view: dict[str, Any], width: int) -> RenderableType:
        """What the compact table leaves out: the planets, deep space and goal tiles in full."""
        return Group(self.planets_table(view), self.deep_space_line(view), self.goals_table(view))

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
        parts = [
            p
            for p in ("ufo", "discoveries", "missions")
            if any(p in player["score"] for player in view["players"])
        ]
        table = self.score_table(("moons", "deep space", "goals", "planets", *parts, "total"))
        winners = set(view["winners"])
        for player in sorted(view["players"], key=lambda p: -view["scores"][p["seat"]]):
            seat = player["seat"]
            score = player["score"]
            table.add_row(
                self.winner_label(seat, winners),
                str(score["moons"]),
                str(score["deep_space"]),
                str(score["goals"]),
                str(score["planets"]),
                *(str(score.get(p, "?")) for p in parts),
                Text(str(view["scores"][seat]), style="bold"),
            )
        best = max(view["scores"]) if view["scores"] else 0
        if len(view["winners"]) == 1:
            verdict = Text.assemble(
                ("Winner: ", "bold"), self.name(view["winners"][0]), f" with {best} points"
            )
        else:
            verdict = Text("Shared victory: ", style="bold")
            verdict.append_text(self.names_text(view["winners"], between=", "))
            verdict.append(f", {best} points each")
        extra: list[RenderableType] = []
        missions = view.get("variant_state", {}).get("missions")
        if missions and missions["hands"]:
            extra = [Text(""), self.missions_table(view)]
        return Group(table, verdict, *extra)

    @classmethod
    def rules_renderable(cls, game_id: str) -> RenderableType:
        """The rules with the astronauts' table and the terminal's moves set between the summary's two
        halves (`screen_rules.py`), and which data is reconstructed."""
        return mlem_rules()

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
