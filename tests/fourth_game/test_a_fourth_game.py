"""A game is one folder and one registration (issue 44): Pebbles, a throwaway game kept in
tests/fourth_game/pebbles/, is registered through its descriptor and goes through every layer -
the engine's checks, the bots, the arena, `simulate` and its report, the PettingZoo, Gymnasium and
OpenSpiel adapters, and the terminal - with nothing outside its folder naming it. Where it has no
part of its own (heuristic hooks, a screen, simulation features), the layer's generic fallback
serves. The server and the browser: test_pebbles_online.py."""

from __future__ import annotations

import json
import random

import pytest
from pebbles_helpers import play_out

from cosmotable import games
from cosmotable.bots import BOT_NAMES, LearnedBotUnavailable, make_bot
from cosmotable.engine import IllegalAction, load_state, save_state
from cosmotable.engine.audit import leak_differences, play_to_end


def new_state(players: int = 2, seed: int = 1, **options):
    return games.get("pebbles").new_state(num_players=players, seed=seed, **options)


def test_the_registry_knows_the_game_by_its_descriptor_and_forgets_it_again(pebbles_registered):
    assert "pebbles" in games.ids() and games.descriptor("pebbles") is pebbles_registered
    game = games.get("pebbles")
    assert (game.name, game.min_players, game.max_players) == ("Pebbles", 2, 3)
    assert set(game.options) == {"pile", "max_turns"} and set(game.variants) == {"calm"}
    with pytest.raises(ValueError, match="registered already"):
        games.register(pebbles_registered)


def test_the_engine_plays_replays_and_explains_a_refusal():
    state = new_state(pile=4)
    with pytest.raises(IllegalAction):
        state.apply("take 3")
    state = play_to_end(state, random.Random(2))
    assert state.is_terminal() and sum(state.scores()) >= 4
    again = load_state(json.loads(json.dumps(save_state(state))))  # replayed through the registry
    assert again.fingerprint() == state.fingerprint()
    assert leak_differences(new_state(), 0, random.Random(1)) == []


def test_the_turn_cap_ends_the_game_with_the_cap_reason():
    state = play_to_end(new_state(pile=50, max_turns=3), random.Random(1))
    assert state.public_view()["turn"] == 3
    assert [e.data["code"] for e in state.events if e.kind == "game-over"] == ["cap"]


@pytest.mark.parametrize("bot", BOT_NAMES)
def test_every_bot_plays_it_without_hooks_of_its_own(bot):
    bots = [make_bot(bot, seed=s) for s in range(3)]
    if bot == "learned":  # trained for MLEM only: a new game gets a clear refusal, not another bot's moves
        with pytest.raises(LearnedBotUnavailable, match="no weights for 'pebbles'"):
            play_out(new_state(3), bots, random.Random(4))
        return
    state = play_out(new_state(3), bots, random.Random(4))
    assert state.is_terminal()


def test_the_arena_plays_it():
    from cosmotable.sim import arena

    report = arena.run("pebbles", ["random", "heuristic"], total=4, seed=3)
    assert sum(standing.games for standing in report.standings.values()) == 2 * 4


def test_simulate_and_the_report_use_the_generic_columns(tmp_path):
    from cosmotable.sim import report
    from cosmotable.sim.bot_games import end_reason, game_turns
    from cosmotable.sim.runner import Plan, load, simulate

    plan = Plan("pebbles", 2, ("random", "heuristic"), games=6, chunk=3)
    plan.check()
    simulate(plan, tmp_path / "run")
    rows = load(tmp_path / "run").to_pylist()
    assert len(rows) == 6 and all(row["turns"] >= 1 for row in rows)
    page = report.write_report(tmp_path / "run", tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Pebbles: 6 simulated games" in page
    capped = play_to_end(new_state(pile=50, max_turns=2), random.Random(1))
    view = capped.public_view()
    assert end_reason(capped, view) == ("cap", True) and game_turns(capped, 99, view) == 2


def test_pettingzoo_passes_its_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cosmotable.envs.pettingzoo import env

    api_test(env("pebbles", num_players=3, render_mode="ansi"), num_cycles=100)


def test_gymnasium_passes_its_env_checker_and_is_registered():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cosmotable.envs import register_gymnasium
    from cosmotable.envs.gym import SingleAgentEnv

    check_env(SingleAgentEnv("pebbles", seat=1, opponents=["random"], render_mode="ansi"))
    assert "cosmotable/Pebbles-v0" in register_gymnasium()
    env = gymnasium.make("cosmotable/Pebbles-v0", opponents=["heuristic"])
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)


def test_openspiel_loads_it_and_simulates_it():
    pyspiel = pytest.importorskip("pyspiel")
    from cosmotable.envs import openspiel

    game = openspiel.load("pebbles", players=2, max_turns=6)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game.max_game_length() == 12 and game.config.options["max_turns"] == 6
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_terminal_plays_and_replays_it_on_the_generic_screen(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cosmotable.cli import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    runner = CliRunner()
    played = runner.invoke(
        app,
        [
            "play",
            "pebbles",
            "--players",
            "2",
            "--bots",
            "1",
            "--name",
            "Ann",
            "--seed",
            "2",
            "--save",
            "p.json",
        ],
        input="1\nyes\n" * 40,  # the move, and "yes" when a move that ends the game asks
    )
    assert played.exit_code == 0, played.output
    assert "Final scores" in played.output and "Record saved: p.json" in played.output
    replayed = runner.invoke(app, ["replay", "p.json", "--all"])
    assert replayed.exit_code == 0, replayed.output
    assert "Final scores" in replayed.output
    rules = runner.invoke(app, ["rules", "pebbles"])
    assert rules.exit_code != 0 and "no rules summary" in rules.output


def test_an_installed_distribution_adds_the_game_through_its_entry_point(monkeypatch):
    """`[project.entry-points."cosmotable.games"] pebbles = "pebbles"` in a separate distribution's
    metadata: the registry finds the package, reads its descriptor and loads the Game."""
    from importlib.metadata import EntryPoint

    # the registry as it would be in a process where the game was never registered by hand
    monkeypatch.setattr(games, "_PACKAGES", dict(games._PACKAGES))
    monkeypatch.setattr(games, "_DESCRIPTORS", {})
    monkeypatch.setattr(games, "_GAMES", {})
    monkeypatch.setattr(games, "_installed_read", False)
    installed = [EntryPoint(name="pebbles", value="pebbles", group=games.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(
        games, "entry_points", lambda group: installed if group == games.ENTRY_POINT_GROUP else []
    )
    assert "pebbles" in games.ids()
    assert games.get("pebbles").name == "Pebbles" and games.descriptor("pebbles").turn_counter == "turn"
