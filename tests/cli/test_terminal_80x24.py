"""Terminal play at 80×24, driven through a pseudo-terminal as a person drives it (issue #20).

Each test starts `cosmotable` in a pty of 80 columns and 24 lines, types at its prompts and reads the
24-line screen a person would see then (tests/cli/artifacts/ keeps the screens to look at).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cosmotable import games
from cosmotable.engine import GameRecord


def screen_fits(screen: str) -> None:
    """Nothing on the screen is cut to '…' inside a word (the old 80-column Planet map)."""
    assert all(len(line) <= 80 for line in screen.splitlines())


# ------------------------------------------------------------------------------ 1: 80×24 screens
def test_planet_at_80_columns_shows_both_maps_uncut_with_the_moves_and_prompt(term, tmp_path):
    t = term("play", "planet", "--players", "2", "--bots", "1", "--seed", "3", "--save", "p.json")
    screen = t.prompt()
    t.save("planet-first-prompt")
    lines = screen.splitlines()
    # the planet (rows 1-10) and the station (rows 1-6) stand side by side, every cell drawn whole
    map_rows = [line for line in lines if line[:3].strip().isdigit()]
    assert any(line.startswith("  5 ") and line.count("░") >= 12 for line in map_rows), screen
    assert not any("…" in line for line in map_rows), screen
    # ... and the whole decision is on the same 24-line screen: the moves and the prompt
    # (no claim yet: ruling R21 offers it only once every tile is face up)
    assert "move …" in screen and "sail …" in screen and "claim" not in screen
    assert lines[-1].startswith("Player 1, your move [1-2") or "your move [1-2" in screen
    t.send("quit")
    t.finish()


def test_mlem_at_80_columns_keeps_track_rocket_players_and_moves_on_one_screen(term):
    t = term("play", "mlem", "--players", "3", "--bots", "2", "--seed", "3", "--save", "m.json")
    screen = t.prompt()
    t.save("mlem-first-prompt")
    screen_fits(screen)
    for seen in (
        "dice",
        "Rocket on 0",
        "Planets Rubin",
        "Player 1 (R)",
        "1) board satellite",
        "8) board helper",
        "your move [1-8",
    ):
        assert seen in screen, (seen, screen)
    t.send("quit")
    t.finish()


def test_kosmodrom_at_80_columns_negotiation_is_a_short_menu_built_in_steps(term):
    """Negotiation offers are built step by step (issue #18: any number of cards each way), so the
    step-4 menu stays short: one `offer SEAT` entry instead of every card-for-card trade."""
    t = term(
        "play",
        "kosmodrom",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "3",
        "--variant",
        "negotiation",
        "--save",
        "k.json",
    )
    screen = t.prompt()
    t.save("kosmodrom-first-prompt")
    screen_fits(screen)
    menu = [line for line in screen.splitlines() if re.match(r"\s*\d+\) ", line)]
    assert any("offer 1" in line for line in menu) and len(menu) <= 12, screen
    # the forced steps before it (drawing up to the hand limit) were taken without asking
    assert t.transcript().count("your move [") == 1 and "1 or Enter" not in t.transcript()
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ 3: menus in steps
def test_a_long_menu_is_chosen_one_level_at_a_time_and_typed_text_still_works(term, tmp_path):
    """Planet's first decision has more than 12 moves: they come in groups by their leading words,
    one level at a time, with 0 to go back and a typed prefix opening its group."""
    t = term("play", "planet", "--players", "2", "--bots", "1", "--seed", "3", "--save", "p.json")
    screen = t.prompt()
    assert "moves in groups" in screen
    top = next(line for line in screen.splitlines() if line.strip().startswith("1)") and "…" in line)
    group = top.split(")")[1].strip().split(" …")[0]  # e.g. "move"
    screen = t.answer("1")
    t.save("planet-group-level")
    assert f"▸ {group} …" in screen and "0 = back" in screen
    screen = t.answer("0")  # back to the top level
    assert "moves in groups" in screen[screen.rindex("your move") - 600 :]
    screen = t.answer("sail")  # a typed prefix opens its group too
    assert "▸ sail …" in screen
    t.send("quit")
    out = t.finish()
    assert "Quit" in out
    assert not (tmp_path / "p.json").exists()  # browsing the menu played nothing


# ------------------------------------------------------------------------------ 2: confirmation
def test_planet_claim_before_every_tile_is_face_up_is_refused_at_the_prompt(term, tmp_path):
    """Ruling R21 (issue #18) keeps the claim out of the moves until every tile is face up: typed at
    turn 1 it is refused with the reason, and nothing is played. The "are you sure?" question a legal
    claim asks is pinned in tests/cli/test_planet_screen.py (a legal claim needs a planet with
    every tile turned up, which a terminal game does not reach in a few moves)."""
    t = term("play", "planet", "--players", "2", "--bots", "1", "--seed", "3", "--save", "p.json")
    t.prompt()
    screen = t.answer("claim")
    t.save("planet-claim-refused")
    assert "every tile is face up" in screen
    t.send("quit")
    t.finish()
    assert not Path(tmp_path / "p.json").exists()  # nothing was played, nothing saved


# ------------------------------------------------------------------------------ 9: undo and resume
def first_play_of() -> tuple[int, str]:
    """A Kosmodrom seed where the human (seat 0) starts (chance picks the first player, ruling K1)
    and that seat's first `play CARD` move."""
    for seed in range(3, 60):
        state = games.get("kosmodrom").new_state(num_players=2, seed=seed)
        while state.is_chance_node() or len(state.legal_actions()) == 1:
            if state.is_chance_node():
                state.sample_chance()
            else:
                state.apply(state.legal_actions()[0])
        plays = [str(a) for a in state.legal_actions() if str(a).startswith("play ")]
        if state.current_player() == 0 and plays:
            return seed, plays[0]
    raise AssertionError("no seed among 3-59 lets seat 0 start with a card to play")


def test_undo_takes_back_your_last_decision_until_chance_or_another_seat_follows(term, tmp_path):
    seed, move = first_play_of()
    t = term("play", "kosmodrom", "--players", "2", "--bots", "1", "--seed", str(seed), "--save", "k.json")
    t.prompt()
    screen = t.answer("undo")  # nothing of yours yet (the forced draws were chance)
    assert "✗" in screen and "cannot be taken back" in screen or "nothing to take back" in screen
    t.answer(move)
    screen = t.answer("undo")
    t.save("kosmodrom-undo")
    assert f"Taken back: {move}" in t.transcript()
    t.send("quit")
    t.finish()
    record = GameRecord.load(tmp_path / "k.json")
    assert move not in record.actions


def test_resume_continues_a_saved_game_and_saves_it_to_the_same_file(term, tmp_path):
    t = term(
        "play", "mlem", "--players", "2", "--bots", "1", "--seed", "5", "--name", "Ann", "--save", "g.json"
    )
    t.prompt()
    t.answer("board satellite")
    t.send("quit")
    t.finish()
    before = GameRecord.load(tmp_path / "g.json").actions
    assert before[0] == "board satellite"

    t = term("play", "--resume", "g.json")
    screen = t.prompt()
    t.save("mlem-resumed")
    assert "Ann" in screen
    assert f"Resumed from g.json after {len(before)} actions" in t.transcript()
    t.send("quit")
    t.finish()
    after = GameRecord.load(tmp_path / "g.json")
    assert after.actions[: len(before)] == before
    assert json.loads((tmp_path / "g.json").read_text())["players"][0]["name"] == "Ann"


def test_play_offers_to_resume_the_last_unfinished_game(term, tmp_path):
    t = term("play", "mlem", "--players", "2", "--bots", "1", "--seed", "5")
    t.prompt()
    t.answer("board satellite")
    t.send("quit")
    t.finish()
    saved = list((tmp_path / "records").glob("mlem-*.json"))
    assert len(saved) == 1

    t = term("play", "mlem", "--players", "2", "--bots", "1")
    screen = t.prompt()
    assert "An unfinished MLEM: Space Agency game is saved in" in screen
    screen = t.answer("y")
    assert "Resumed from" in t.transcript()
    t.send("quit")
    t.finish()
    assert len(list((tmp_path / "records").glob("mlem-*.json"))) == 1  # saved again to the same file


# ------------------------------------------------------------------------------ 5: look
@pytest.mark.parametrize(
    ("game", "name", "expected"),
    [
        ("planet", "crocodile", "Go back to the cell you came from"),
        ("planet", "jet boots", "two cells in a straight line"),
        ("kosmodrom", "swift", "Rocket: 1 metal, 1 fuel"),
        ("mlem", "ballast", "sets one die aside"),
    ],
)
def test_look_explains_a_tile_card_or_astronaut_by_name(term, game, name, expected):
    t = term("play", game, "--players", "2", "--bots", "1", "--seed", "3", "--save", "x.json")
    t.prompt()
    t.send(f"look {name}")
    t.prompt()
    assert expected in " ".join(t.transcript().split())
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ 6: thinking
def test_a_thinking_indicator_runs_while_a_search_bot_chooses(term):
    t = term(
        "play", "mlem", "--players", "2", "--bots", "1", "--seed", "3", "--bot", "easy", "--save", "x.json"
    )
    t.prompt()
    t.answer("board satellite")
    assert "Felix is thinking" in t.transcript()
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ 10/11: arena
def test_arena_ctrl_c_prints_the_games_finished_so_far(term):
    t = term("arena", "mlem", "--bots", "heuristic,random", "--games", "5000")
    t.child.expect("two-seat pairings")
    # Ctrl-C once the progress bar counts a finished game (not after a fixed wait), so that there
    # are games to print
    t.child.expect(r"\b[1-9]\d*/5000")
    t.child.sendintr()
    out = t.finish()
    finished = re.search(r"Interrupted \(Ctrl-C\) after (\d+) of 5000 games", out)
    assert finished and int(finished.group(1)) >= 1, out
    assert "games, two-seat pairings, seats rotated" in out
    assert t.exit_code == 130


def decision_then_forced_step(game_id: str = "kosmodrom"):
    """A game (every seat playing its first legal move) up to a decision of seat 0 that the
    session follows with a forced step of seat 0 (its only legal move) and then another decision
    of seat 0: the state after them, the decision and the forced steps."""
    for seed in range(3, 60):
        state = games.get(game_id).new_state(num_players=2, seed=seed)
        for _ in range(400):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.sample_chance()
                continue
            legal = state.legal_actions()
            if state.current_player() == 0 and len(legal) > 1:
                for action in legal:
                    after, forced = state.clone(), []
                    after.apply(action)
                    while (
                        not after.is_terminal()
                        and after.current_player() == 0
                        and len(after.legal_actions()) == 1
                    ):
                        forced.append(str(after.legal_actions()[0]))
                        after.apply(after.legal_actions()[0])
                    if forced and not after.is_terminal() and after.current_player() == 0:
                        return after, str(action), forced
            state.apply(legal[0])
    raise AssertionError(f"no {game_id} game among seeds 3-59 has a decision followed by a forced step")


def test_undo_takes_back_a_decision_made_before_the_game_was_resumed(term, tmp_path):
    """The record holds the whole history, so the undo rule is the same across a resume: your own
    last decision comes back, with the forced steps the session took for you after it, while no
    chance outcome or other seat's decision followed it."""
    from cosmotable.ui.terminal.common import Seat, save_record

    state, decision, forced = decision_then_forced_step()
    save_record(state, tmp_path / "k.json", [Seat(0, "Ann"), Seat(1, "Felix", "heuristic")])

    t = term("play", "--resume", "k.json")
    t.prompt()
    screen = t.answer("undo")
    t.save("kosmodrom-undo-after-resume")
    taken = " then ".join([decision, *forced])
    assert f"Taken back: {taken}" in " ".join(t.transcript().split()), screen
    assert "Ann" in screen and "your move" in screen  # asked the same decision again
    t.send("quit")
    t.finish()
    actions = GameRecord.load(tmp_path / "k.json").actions
    assert len(actions) == len(state.history) - 1 - len(forced)


# ------------------------------------------------------------------------------ 1: every player count
#: What the top line of each game's table starts with: seen on the screen at a prompt, the whole
#: table, the news, the question and the menu are on the same 24 lines.
TABLE_TOP = {"mlem": "MLEM  ·  expedition", "kosmodrom": "Kosmodrom", "planet": "Planet turn"}


@pytest.mark.parametrize(
    ("game", "players", "variants"),
    [
        ("mlem", "5", "ufo,discovery,secret_missions"),
        ("mlem", "5", ""),
        ("kosmodrom", "4", "negotiation,superpowers,quick"),
        ("kosmodrom", "4", ""),
        ("planet", "4", "teams"),
        ("planet", "4", ""),
    ],
)
def test_every_decision_screen_fits_80x24_at_the_largest_player_count(term, game, players, variants):
    """Several decisions of the largest table (with the variants that put the most on it): at each
    prompt the table's first line, the menu's entries and the prompt are all on the 24 lines."""
    extra = ("--variants", variants) if variants else ()
    t = term("play", game, "--players", players, "--bots", str(int(players) - 1), "--seed", "3", *extra)
    screen = t.prompt()
    for decision in range(10):
        lines = screen.splitlines()
        t.save(f"fit-{game}-{players}p-{variants or 'base'}-{decision}")
        assert any(line.startswith(TABLE_TOP[game]) for line in lines), screen
        assert "your move [1" in lines[-1], screen
        count = int(re.search(r"your move \[1(?:-(\d+))?", lines[-1]).group(1) or 1)
        numbered = re.findall(r"(?:^|\s)(\d+)\) ", screen)
        assert {str(n) for n in range(1, count + 1)} <= set(numbered), screen
        assert all(len(line) <= 80 for line in lines)
        # the table's title and the menu are drawn whole: no line is the tail of a cut one
        screen = t.answer("1" if count > 1 else "")
        if "are you sure" in screen.splitlines()[-1]:
            screen = t.answer("no")
    t.send("quit")
    t.finish()


def test_a_refused_input_keeps_the_table_on_the_80x24_screen(term):
    """On a short terminal a refusal is drawn under the menu with the whole screen again, so the
    table's first line does not scroll away."""
    t = term("play", "mlem", "--players", "5", "--bots", "4", "--variants", "all", "--seed", "3")
    t.prompt()
    t.answer("1")
    screen = t.answer("fly to the moon")
    t.save("mlem-5p-refused")
    lines = screen.splitlines()
    assert any(line.startswith(TABLE_TOP["mlem"]) for line in lines), screen
    assert '✗ "fly to the moon" is not a move' in " ".join(screen.split()), screen
    assert "your move [1" in lines[-1]
    t.send("quit")
    t.finish()
