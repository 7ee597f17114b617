"""Terminal round 2 (issue #48), driven through an 80×24 pseudo-terminal as a person drives it:
paged texts wait for a key, a line typed at the pager is answered, the hand-over leaves nothing of
itself on the private screen, and the end of input leaves where it should."""

from __future__ import annotations

import pytest


def last_line(screen: str) -> str:
    """The question on the screen: its last line with text (a fitted screen may end in blanks)."""
    return [line for line in screen.splitlines() if line.strip()][-1]


PLANET_4 = ("play", "planet", "--players", "4", "--bots", "3", "--seed", "3", "--save", "p.json")


# ------------------------------------------------------------------------------ item 1: paged texts wait
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("help", "░ face down"),  # the whole legend of the map
        ("more", "astronauts"),  # the seats table
        ("seats", "astronauts"),
        ("show", "astronauts"),
    ],
)
def test_planet_help_and_show_wait_for_a_key_before_the_table_is_drawn_again(term, command, expected):
    t = term(*PLANET_4)
    t.prompt()
    screen = t.answer(command)
    t.save(f"planet-4p-{command}-paged")
    assert expected in screen, screen  # still on the screen: the table is not drawn over it
    assert last_line(screen).startswith("-- end: Enter = back to the table"), screen
    screen = t.answer("")
    assert "your move [1" in last_line(screen), screen  # Enter: back to the table
    t.send("quit")
    t.finish()


def test_a_command_typed_at_the_pager_is_answered_and_quit_there_leaves_the_game(term, tmp_path):
    t = term(*PLANET_4)
    t.prompt()
    t.answer("help")
    screen = t.answer("seats")  # typed at the pager: answered as if typed at the prompt ...
    assert "your move" in last_line(screen), screen  # ... where it is shown as typed
    screen = t.prompt()
    assert "astronauts" in screen and last_line(screen).startswith("-- end"), screen
    t.send("quit")  # at the pager too 'quit' leaves the game
    out = t.finish()
    assert "quit]: quit\n\nQuit." in out and t.exit_code == 0


def test_the_end_of_input_at_the_pager_leaves_the_game(term):
    t = term(*PLANET_4)
    t.prompt()
    t.answer("help")
    t.child.sendeof()
    out = t.finish()
    assert "End of input" in out and t.exit_code == 0


# ------------------------------------------------------------------------------ item 7: no stray refusal
def test_the_private_screen_after_the_hand_over_shows_no_question_of_the_hand_over(term):
    """The cause of the stray "✗ Nothing was typed." (issue #48, item 7): the hand-over's "press
    Enter" stayed on the top line of the next player's screen whenever that screen was shorter
    than the terminal, and an Enter typed for it reached the move prompt. Five MLEM seats, three of
    them people (secret missions: a hand-over before each), answered by the screen's last question
    the way a person reading it would, and also by any "press Enter" left on the screen."""
    t = term(
        "play",
        "mlem",
        "--players",
        "5",
        "--bots",
        "2",
        "--seed",
        "4",
        "--variants",
        "all",
        "--save",
        "m.json",
    )
    screen = t.prompt()
    hand_overs = 0
    for _ in range(40):
        question = last_line(screen)
        assert "Nothing was typed" not in screen, screen
        if "press Enter when only you can see" in question:
            hand_overs += 1
            screen = t.answer("")
            t.save("mlem-5p-after-hand-over")
            assert "press Enter" not in screen and "Pass the keyboard" not in screen, screen
            continue
        assert "press Enter" not in screen, screen  # nothing on screen asks for a bare Enter
        if "are you sure" in question:
            screen = t.answer("yes")
        else:
            screen = t.answer("" if "[1 or Enter" in question else "1")
    assert hand_overs >= 3
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ item 8: Ctrl-D leaves
def test_end_of_input_at_the_offer_to_continue_leaves_without_a_new_game(term, tmp_path):
    t = term("play", "mlem", "--players", "2", "--bots", "1", "--seed", "5")
    t.prompt()
    t.answer("board satellite")
    t.send("quit")
    t.finish()
    t = term("play", "mlem", "--players", "2", "--bots", "1")
    screen = t.prompt()
    assert "Continue it?" in screen
    t.child.sendeof()
    out = t.finish()
    assert "Nothing started" in out and "your move" not in out.split("Continue it?")[-1]
    assert t.exit_code == 0
    assert len(list((tmp_path / "records").glob("mlem-*.json"))) == 1  # no new game was saved


def test_a_very_long_typed_line_is_quoted_short_in_the_refusal(term):
    t = term("play", "mlem", "--players", "2", "--bots", "1", "--seed", "3", "--save", "m.json")
    t.prompt()
    screen = t.answer("y" * 3000)
    flat = " ".join(screen.split())
    assert f'✗ "{"y" * 40}…" (3000 characters) is not a move' in flat, screen
    assert "y" * 41 not in flat.split("✗")[-1], screen  # the refusal does not repeat the whole line
    t.send("quit")
    t.finish()


def test_play_help_fits_80_columns_without_cut_words_or_two_spellings_of_a_variant(term):
    t = term("play", "--help")
    out = t.finish()
    assert "…" not in out, out  # no cut default or example
    assert len(out.splitlines()) <= 100, out  # was 128 lines
    assert "secret-missions" not in out and "secret_missions" in out


def test_the_final_scores_at_80_columns_keep_headings_whole_and_names_on_one_line():
    """MLEM's widest table (every variant, five players): 'moo… goa… pla…' and names over four
    lines were Rich shrinking every column alike."""
    import io

    from rich.console import Console
    from rich.text import Text

    from cosmotable.ui.terminal.common import SeatScreen

    headings = ("moons", "deep space", "goals", "planets", "ufo", "discoveries", "missions", "total")
    names = ["★ Player 1 (R)", "Felix (B, bot)", "Player 3 (Y)", "Oscar (G, bot)", "Luna (P, bot)"]
    table = SeatScreen.score_table(headings)
    for name in names:
        table.add_row(name, *["12"] * 7, Text("112", style="bold"))
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(table)
    out = console.file.getvalue()
    assert "…" not in out, out
    assert all(len(line) <= 80 for line in out.splitlines())
    for word in ("moons", "deep", "space", "planets", "discoveries", "missions", "total", *names):
        assert word in out, out


def test_kosmodrom_game_over_screen_at_80_columns_cuts_no_word(term):
    """Four bots to the end: each seat's title (upgrades, score) and each zone's cards are drawn
    whole at 80 columns ('upgrades: Labo' and 'Jack of All T' were cut)."""
    t = term("play", "kosmodrom", "--players", "4", "--bots", "4", "--seed", "3", "--save", "k.json")
    out = t.finish()
    end = out.split("Game over")[-1].split("Final scores")[0]
    flat = " ".join(end.split())
    assert flat.count("score now") == 4, end  # every seat's title whole (it wraps at a space)
    assert all(len(line.rstrip()) <= 80 for line in end.splitlines())
    # seed 3's words that were cut at the 80th column (cells wrap at word ends now)
    words = set(flat.split())
    assert {"Trades", "Control", "Contract", "complete", "now"} <= words, end
    assert not {"T", "Contr", "Labo", "comp", "Mission Contr"} & words, end


def test_a_json_error_says_at_once():
    """json's "Unterminated string starting at" read "starting at at line 1"."""
    from cosmotable.engine.inputs import parse_json

    with pytest.raises(ValueError) as refused:
        parse_json('{"a": "b')
    assert str(refused.value) == "not valid JSON: Unterminated string starting at line 1, column 7"
    with pytest.raises(ValueError) as refused:
        parse_json("{bad")
    assert " at line 1, column 2" in str(refused.value)


# ------------------------------------------------------------------------------ item 5: the crash stays
def test_short_of_room_the_news_keeps_the_crash_and_then_the_latest_lines():
    from types import SimpleNamespace

    from rich.text import Text

    from cosmotable.ui.terminal.prompt_screen import PromptScreen

    texts = ["reroll 3,4", "the rocket crashes", "Ann lands", "token 1", "token 2", "token 3", "board"]
    lines = [Text(t) for t in texts]
    marked = SimpleNamespace(recent_key=[t in ("the rocket crashes", "Ann lands") for t in texts])
    shown = [line.plain for line in PromptScreen.news_to_show(marked, lines, 3)]
    assert shown == ["the rocket crashes", "Ann lands", "board"]
    shown = [line.plain for line in PromptScreen.news_to_show(marked, lines, 1)]
    assert shown == ["Ann lands"]
    unmarked = SimpleNamespace(recent_key=[])
    assert [line.plain for line in PromptScreen.news_to_show(unmarked, lines, 2)] == ["token 3", "board"]


def test_log_opens_on_its_last_screenful(term):
    t = term("play", "mlem", "--players", "5", "--bots", "4", "--seed", "3", "--variants", "all")
    screen = t.prompt()
    for _ in range(6):  # a few decisions: more events than one screenful
        question = last_line(screen)
        screen = t.answer("yes" if "are you sure" in question else ("" if "[1 or Enter" in question else "1"))
    news = [line for line in screen.splitlines() if line.startswith("• ")]
    screen = t.answer("log")
    t.save("mlem-5p-log-at-end")
    question = last_line(screen)
    # longer than a screen, and opened on its end: the way back is 'p'
    assert question == "-- end: Enter = back to the table, p = previous --", screen
    assert news and news[-1][:40] in screen, screen  # the latest event is on the log's screen
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ item 4: a line a seat
def test_kosmodrom_seats_take_one_line_each_on_the_tight_table_at_80_columns(term, tmp_path):
    """Four bots' game, drawn at every fifth action from the middle on: the tight table (the one a
    short screen falls back to) has the title, the centre, one line per seat and the hand."""
    import io

    from rich.console import Console

    from cosmotable.engine import GameRecord
    from cosmotable.ui.terminal.common import seats_from_record_file
    from cosmotable.ui.terminal.screens import screen_for

    t = term("play", "kosmodrom", "--players", "4", "--bots", "4", "--seed", "3", "--save", "k.json")
    t.finish()
    record = GameRecord.load(tmp_path / "k.json")
    seats = seats_from_record_file(tmp_path / "k.json", 4)
    screen = screen_for("kosmodrom", seats)
    state = record.initial_state()
    summed = 0
    for n, action in enumerate(record.actions):
        state.apply(action)
        if n < len(record.actions) // 2 or n % 5:
            continue
        view = state.view(0)
        console = Console(file=io.StringIO(), width=80, color_system=None)
        console.print(screen.tight_board(view, 80))
        lines = console.file.getvalue().splitlines()
        title_and_centre = 1 + (2 if screen.tight_centre(view).cell_len > 80 else 1)
        hand = len(lines) - title_and_centre - 4
        assert hand <= 2, "\n".join(lines)  # the hand's line (it may wrap); every seat in one line
        summed += sum("('seats')" in line for line in lines)
    assert summed, "no seat's line was long enough to be summed up: the test shows nothing"


# ------------------------------------------------------------------------------ item 6: a typed offer
def test_kosmodrom_offers_the_typed_whole_offer_where_it_is_taken(term):
    """Step 4 says a whole offer may be typed, and a typed gift is played there; building an offer
    step by step no longer offers the typed form (it was refused at that point)."""
    t = term("play", "kosmodrom", "--players", "4", "--bots", "3", "--seed", "3", "--variants", "negotiation")
    screen = t.prompt()
    for _ in range(40):
        flat = " ".join(screen.split())
        if "A whole offer may be typed" in flat and "Your hand: Metal" in flat:
            break
        question = last_line(screen)
        screen = t.answer("yes" if "are you sure" in question else ("" if "[1 or Enter" in question else "1"))
    else:
        pytest.fail("no step 4 with metal in hand")
    screen = t.answer("gift 1 metal")
    t.save("kosmodrom-typed-gift")
    assert "✗" not in screen and "offers Metal to Felix as a gift" in " ".join(screen.split()), screen
    t.send("offer 2")
    screen = t.prompt()
    assert "type the whole offer" not in " ".join(screen.split()).lower()
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ item 2: the obelisk
def planet_record_at_an_obelisk(path) -> None:
    """A 4-player teams game played by random bots (seed 1) up to seat 1's obelisk with several
    peeks left and many face-down tiles, saved as a record to resume with four people."""
    from cosmotable import games
    from cosmotable.bots import make_bot
    from cosmotable.engine import GameRecord

    s = games.get("planet").new_state(num_players=4, seed=1, variants=["teams"])
    bots = [make_bot("random", seed=10 + i) for i in range(4)]
    while True:
        if s.is_chance_node():
            s.sample_chance()
            continue
        view = s.view(s.current_player())
        if view["phase"] == "peek" and view["peeks_left"] >= 3:
            break
        s.apply(bots[s.current_player()].act(s))
    GameRecord.from_state(s).save(path)


def test_the_obelisk_is_chosen_by_row_then_cell_and_the_tiles_seen_are_shown_before_the_hand_over(
    term, tmp_path
):
    planet_record_at_an_obelisk(tmp_path / "peek.json")
    t = term("play", "--resume", "peek.json", "--bots", "0")
    screen = t.prompt()
    assert "Pass the keyboard to" in screen
    screen = t.answer("")
    assert "peek planet row" in screen and "reveals" not in screen, screen  # rows first, no '→ c5'
    t.save("planet-obelisk-rows")
    for _ in range(12):  # a row, then its first cell, until the peeks are done
        screen = t.answer("1")
        if "Only for" in screen:
            break
        if "peek planet row" not in screen:
            assert "only you see" in " ".join(screen.split()), screen
    else:
        pytest.fail("the peeks never ended")
    t.save("planet-obelisk-seen")
    after = screen.split("Only for Seat 1")[-1].splitlines()
    seen = [line for line in after if "(only you see this)" in line and " sees " in line]
    # the last tile seen, named on the peeker's screen before the keyboard goes (the others were
    # in the news above each of the peeks before it)
    assert len(seen) == 1, screen
    screen = t.answer("")
    assert "Pass the keyboard to" in screen and "sees" not in screen, screen
    t.send("quit")
    t.finish()


# ------------------------------------------------------------------------------ item 8: resuming hot-seat
MLEM_5_MISSIONS = ("play", "mlem", "--players", "5", "--bots", "2", "--variants", "secret-missions")


@pytest.mark.parametrize(
    ("typed", "stop", "first"),
    [
        ((), "hand-over", "Ann"),  # Ctrl-C at the very first hand-over
        (("",), "private screen", "Ann"),  # at Ann's missions, before she chose
        (("", "1"), "hand-over", "Bob"),  # after Ann's mission choice, at Bob's hand-over
        (("", "1", ""), "private screen", "Bob"),
        (("", "1", "", "1", "", "1"), "after the deal", None),  # all three chose: the game proper
    ],
)
def test_a_resumed_hot_seat_game_opens_on_the_hand_over_screen(term, tmp_path, typed, stop, first):
    """Issue #48 item 8: Ctrl-C at several moments (a pass screen, mid-turn, after the secret
    missions' deal) with three people at one keyboard; the resumed game opens on a hand-over, never
    on one person's private screen."""
    names = ("--name", "Ann", "--name", "Bob", "--name", "Cy")
    t = term(*MLEM_5_MISSIONS, "--seed", "4", *names, "--save", "g.json")
    screen = t.prompt()
    for line in typed:
        screen = t.answer(line)
    t.child.sendintr()
    t.finish()
    t = term("play", "--resume", "g.json")
    screen = t.prompt()
    t.save(f"mlem-5-resumed-{stop.replace(' ', '-')}")
    assert "Pass the keyboard to" in screen and "your move" not in screen, screen
    assert "Missions" not in screen and "return-mission" not in screen, screen
    if first is not None:
        assert f"Pass the keyboard to {first}" in screen, screen
    t.send("quit")
    t.finish()


@pytest.mark.parametrize("typed", [(), ("",), ("", "1", "1")])
def test_a_resumed_hot_seat_kosmodrom_game_opens_on_the_hand_over_screen(term, typed):
    t = term("play", "kosmodrom", "--players", "4", "--bots", "2", "--variants", "negotiation", "--seed", "5")
    t.prompt()  # the first hand-over; then Ctrl-C there, at the private screen, or mid-turn
    for line in typed:
        t.answer(line)
    t.child.sendintr()
    out = t.finish()
    saved = out.split("Record saved: ")[1].split()[0]
    t = term("play", "--resume", saved)
    screen = t.prompt()
    assert "Pass the keyboard to" in screen and "your move" not in screen, screen
    assert "Your hand" not in screen, screen
    t.send("quit")
    t.finish()
