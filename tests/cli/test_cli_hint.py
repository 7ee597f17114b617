"""`cosmotable play --hint` and the 'hint' command (issue #19 item 5): a search bot's best moves
with its estimate of the player's chance to win after each."""

from __future__ import annotations

import re

from terminal_helpers import Terminal

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.ui.terminal.prompt import HINT_LEVEL, HINT_TOP

HINT_LINE = re.compile(r"^\s+(★ )?\s*(\S.*?)\s+(\d+(?:\.\d+)?)% \((\d+) of (\d+) searches\)$")


def hinted(output: str) -> list[tuple[bool, str, float, int, int]]:
    """The hint's lines: (starred, move, win chance, visits, searches)."""
    start = output.index("Hint (")
    rows = []
    for line in output[start:].splitlines()[1:]:
        match = HINT_LINE.match(line)
        if not match:
            break
        star, move, chance, visits, total = match.groups()
        rows.append((bool(star), move, float(chance) / 100, int(visits), int(total)))
    return rows


def test_play_hint_lists_legal_moves_with_probabilities_and_the_bots_own_choice_first(run):
    result = run("play", "mlem", "--players", "2", "--bots", "1", "--seed", "3", "--hint", input="quit\n")
    assert result.exit_code == 0, result.output
    rows = hinted(result.output)
    assert len(rows) == HINT_TOP
    state = games.get("mlem").new_state(num_players=2, seed=3)
    state.resolve_chance()
    legal = {str(a) for a in state.legal_actions()}
    assert {move for _, move, *_ in rows} <= legal
    assert all(0.0 <= chance <= 1.0 for _, _, chance, _, _ in rows)
    assert rows[0][0] and not any(star for star, *_ in rows[1:])
    assert all(total == rows[0][4] and 0 <= visits <= total for *_, visits, total in rows)
    # the starred move is the move the same search bot, with the same seed, plays here
    bot = make_bot(HINT_LEVEL, seed=3 * 1000 + 999)
    bot.reseed_for(state)
    assert rows[0][1] == str(bot.act(state))


def test_hint_command_at_80x24_shows_the_hint_with_the_table_and_menu_on_one_screen(tmp_path):
    t = Terminal(["play", "kosmodrom", "--players", "4", "--bots", "3", "--seed", "3"], tmp_path)
    try:
        t.prompt()
        screen = t.answer("hint")
        t.save("kosmodrom-hint")
        assert f"The {HINT_LEVEL} bot is thinking" in t.transcript()
        lines = screen.splitlines()
        assert any(line.startswith("Kosmodrom turn") for line in lines), screen
        assert "Hint (" in screen and "★" in screen and "your move [1" in lines[-1], screen
        t.send("quit")
        t.finish()
    finally:
        t.close()


POLICY_LINE = re.compile(r"^\s+(★ )?\s*(\S.*?)\s+(\d+(?:\.\d+)?)% \(policy\)$")


def with_learned_hints(run, game_id: str, *extra: str):
    """`cosmotable play GAME` against one bot with the learned bot's hints, quitting at once."""
    args = ("play", game_id, "--players", "2", "--bots", "1", "--seed", "3", "--hint-bot", "learned")
    return run(*args, *extra, input="quit\n")


def test_hint_bot_learned_gives_its_policys_probabilities_and_its_own_move_first(run):
    result = with_learned_hints(run, "mlem", "--hint")
    assert result.exit_code == 0, result.output
    start = result.output.index("Hint (learned bot")
    lines = result.output[start:].splitlines()[1:]
    rows = [POLICY_LINE.match(line).groups() for line in lines if POLICY_LINE.match(line)]
    state = games.get("mlem").new_state(num_players=2, seed=3)
    state.resolve_chance()
    bot = make_bot("learned", seed=3 * 1000 + 999)
    explained = bot.explain(state)
    assert len(rows) == min(HINT_TOP, len(explained))
    assert rows[0][0] and rows[0][1] == str(bot.act(state))
    for (_, move, percent), expected in zip(rows, explained):
        assert move == str(expected["action"])
        assert abs(float(percent) / 100 - expected["probability"]) <= 0.006
    assert "your chance to win from here" in result.output[start:]


def test_hint_bot_learned_is_refused_for_a_game_it_has_no_weights_for(run):
    result = with_learned_hints(run, "kosmodrom")
    assert result.exit_code != 0
    assert "--hint-bot" in result.output and "MLEM only" in result.output
