"""`cosmotable play`: the command's options, and the steps from them to a game in the terminal -
check the seats, read the game's options, offer an unfinished game, seat the bots, play."""

from __future__ import annotations

import enum
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from cosmotable.cli.common import EXIT_USAGE, exit_with, fail, get_game, out
from cosmotable.cli.game_options import game_options
from cosmotable.cli.resume import offer_unfinished, resume_from


class BotKind(str, enum.Enum):
    heuristic = "heuristic"
    random = "random"
    easy = "easy"
    normal = "normal"
    hard = "hard"
    learned = "learned"


#: the options of one game only (variants, files), in a panel of their own: each panel sizes its
#: columns alone, so the common options keep a wide help column at 80 columns (issue #48)
GAME_PANEL = "Variants and game files"


# Short metavars (N, FILE, SECONDS) keep the option column narrow: with the types and ranges
# written out it took half of 80 columns, the help was 120 lines and long defaults were cut (#48).
def play(
    game: Annotated[
        str | None,
        typer.Argument(help="Game to play, e.g. 'mlem' (list: cosmotable games); not needed with --resume."),
    ] = None,
    players: Annotated[
        int, typer.Option("--players", "-p", metavar="N", help="Number of players, bots included.")
    ] = 3,
    bots: Annotated[
        int,
        typer.Option(
            "--bots",
            "-b",
            metavar="N",
            help="How many of the players are bots; they take the last seats. "
            "Equal to --players to watch bots play.",
        ),
    ] = 2,
    seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            metavar="N",
            help="Seed for the dice (same seed + same moves = same game). "
            "Random if omitted; it is printed and saved.",
        ),
    ] = None,
    bot: Annotated[
        BotKind,
        typer.Option(
            metavar="KIND",
            help="The kind of bot in the bot seats: heuristic, random, or a "
            "search level easy / normal / hard (MCTS; IS-MCTS where cards or "
            "tiles are hidden), or learned (a trained policy network; MLEM only).",
        ),
    ] = BotKind.heuristic,
    think: Annotated[
        float | None,
        typer.Option(
            min=0.01,
            metavar="SECONDS",
            help="Seconds each search bot (easy/normal/hard) may think per "
            "move, instead of its level's simulation budget.",
        ),
    ] = None,
    layout: Annotated[
        Path | None,
        typer.Option(
            rich_help_panel=GAME_PANEL,
            metavar="FILE",
            help="Planet: a custom planet layout file (TOML/JSON); check it first with "
            "'cosmotable planet check-layout FILE'.",
        ),
    ] = None,
    max_turns: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="Planet, Kosmodrom: the safety cap on turns (the game ends with a logged reason).",
        ),
    ] = None,
    board: Annotated[
        Path | None,
        typer.Option(
            rich_help_panel=GAME_PANEL,
            metavar="FILE",
            help="A space mat file (TOML or JSON) instead of the reconstructed "
            "default; check it first with 'cosmotable mlem check-board FILE'.",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Where to save the game record (default: records/GAME-DATE-TIME-seedN.json).",
        ),
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option(
            "--name",
            "-n",
            metavar="NAME",
            help="Name of a human player; repeat it for hot-seat players, in seat order.",
        ),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(
            min=0,
            metavar="SECONDS",
            help="Seconds to pause after each bot move and roll while watching bots only.",
        ),
    ] = 0.0,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            "-V",
            rich_help_panel=GAME_PANEL,
            metavar="NAME",
            help="An advanced variant to add: ufo, discovery, "
            "secret_missions, or all. Repeat it to combine variants.",
        ),
    ] = None,
    variants: Annotated[
        str | None,
        typer.Option(
            "--variants",
            rich_help_panel=GAME_PANEL,
            metavar="LIST",
            help="Variants as one comma-separated list, e.g. 'ufo,discovery,secret_missions' or 'all'.",
        ),
    ] = None,
    expedition_tokens: Annotated[
        Path | None,
        typer.Option(
            "--expedition-tokens",
            rich_help_panel=GAME_PANEL,
            metavar="FILE",
            help="UFO variant: an expedition token file "
            "(TOML/JSON, like data/expedition_tokens.toml) instead of the reconstructed set.",
        ),
    ] = None,
    ufo_tokens: Annotated[
        Path | None,
        typer.Option(
            "--ufo-tokens",
            rich_help_panel=GAME_PANEL,
            metavar="FILE",
            help="UFO variant: a UFO token file instead of the default.",
        ),
    ] = None,
    discoveries: Annotated[
        Path | None,
        typer.Option(
            "--discoveries",
            rich_help_panel=GAME_PANEL,
            metavar="FILE",
            help="Discovery variant: a discovery token file instead of the reconstructed set.",
        ),
    ] = None,
    missions: Annotated[
        Path | None,
        typer.Option(
            "--missions",
            rich_help_panel=GAME_PANEL,
            metavar="FILE",
            help="Secret Missions variant: a mission token file instead of the reconstructed set.",
        ),
    ] = None,
    hint: Annotated[
        bool,
        typer.Option(
            "--hint",
            help="Show the best moves at each of your decisions, with a search bot's estimate of "
            "your chance to win after each ('hint' at any prompt shows them once).",
        ),
    ] = False,
    hint_bot: Annotated[
        BotKind,
        typer.Option(
            "--hint-bot",
            metavar="KIND",
            show_default=False,
            help="The bot giving hints, a KIND as for --bot (default: normal).",
        ),
    ] = BotKind.normal,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            help="Continue an unfinished game from its record file (game, "
            "seed, variants and seats come from it; it is saved there again).",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: you (and friends, hot-seat) against bots.

    Seats 0 to players-bots-1 are people, the rest are bots. At your turn the table is drawn and your
    legal moves are numbered: type a number, the move's text (e.g. 'travel 2,A'), 'help' or 'quit'.
    The game is saved as a record at the end, on 'quit' and at the end of input; 'undo' takes back your
    last decision while no roll, draw or other player's move followed it.

    Example:  cosmotable play mlem --players 3 --bots 2 --seed 7 --name Ann

    Hints:  --hint shows the best moves at each of your decisions with a search bot's estimate of
    your chance to win ('hint' at any prompt shows them once).

    Continue a saved game:  cosmotable play --resume records/mlem-20260101-120000-seed7.json
    (at a terminal, 'cosmotable play GAME' also offers to continue the last unfinished game).

    Advanced variants (MLEM):  --variant ufo --variant discovery --variant secret_missions, or --variants all.
    In hot-seat games with variants the next person is asked to press Enter before their private screen
    (secret missions, face-down tokens) is drawn.
    """
    if resume is not None:
        return resume_from(resume, game, save, think, delay, hint, hint_bot.value)
    if game is None:
        raise fail(
            "give the game to play (e.g. cosmotable play mlem; 'cosmotable games' lists them), "
            "or --resume RECORD to continue a saved game",
            EXIT_USAGE,
        )
    g = get_game(game)
    names = checked_seats(g, players, bots, name or [])
    token_files = {
        "expedition_tokens": expedition_tokens,
        "ufo_tokens": ufo_tokens,
        "discoveries": discoveries,
        "missions": missions,
    }
    files = {"board": board, "layout": layout, **token_files}
    options, chosen, intro = game_options(g, files, max_turns, variant or [], variants)
    if save is None and players > bots:
        unfinished = offer_unfinished(g)
        if unfinished is not None:
            return resume_from(unfinished, g.id, None, think, delay, hint, hint_bot.value)
    start(
        g, players, bots, names, bot, think, seed, chosen, options, save, delay, intro, hint, hint_bot.value
    )


def checked_seats(g, players: int, bots: int, given: list[str]) -> list[str]:
    """The human players' names, after checking the seat counts against the game and each other."""
    if not g.min_players <= players <= g.max_players:
        raise fail(
            f"{g.name} takes {g.min_players}-{g.max_players} players, got --players {players}", EXIT_USAGE
        )
    if not 0 <= bots <= players:
        raise fail(f"--bots must be between 0 and --players ({players}), got {bots}", EXIT_USAGE)
    names = [n.strip() for n in given]
    humans = players - bots
    if len(names) > humans:
        raise fail(
            f"{len(names)} --name given but only {humans} human player(s) "
            f"(--players {players} --bots {bots})",
            EXIT_USAGE,
        )
    if any(not n for n in names):
        raise fail("--name must not be empty", EXIT_USAGE)
    return names


def start(
    g,
    players: int,
    bots: int,
    names: list[str],
    bot: BotKind,
    think: float | None,
    seed: int | None,
    chosen: list[str],
    options: dict[str, object],
    save: Path | None,
    delay: float,
    intro: list[Text],
    hint: bool,
    hint_bot: str = "normal",
) -> None:
    """Seat the players and bots, set the game up and play it; the record goes to `save` (default:
    ./records/GAME-DATE-TIME-seedN.json)."""
    from cosmotable.bots import has_learned_weights, make_bot
    from cosmotable.ui.terminal.common import LineReader, default_record_path, make_seats
    from cosmotable.ui.terminal.screens import screen_for
    from cosmotable.ui.terminal.session import PlaySession

    for option, level in (("--bot", bot.value if bots else None), ("--hint-bot", hint_bot)):
        if level == "learned" and not has_learned_weights(g.id):
            raise typer.BadParameter(
                f"the learned bot was trained for MLEM only; {g.id} has no weights for it", param_hint=option
            )
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    seats = make_seats(
        players, bots, names, bot.value, lambda kind, bot_seed: make_bot(kind, bot_seed, think=think), seed
    )
    screen_for(g.id, seats)  # fail early if the game has no terminal screen
    state = g.new_state(num_players=players, seed=seed, variants=chosen, **options)
    path = save if save is not None else default_record_path(g.id, seed)
    console = out()
    session = PlaySession(state, seats, console, LineReader(console), path, delay, intro, hint, hint_bot)
    exit_with(session.run())
