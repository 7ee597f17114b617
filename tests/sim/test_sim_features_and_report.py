"""Per-game features agree with the final public view; the HTML report shows what the rows say."""

from __future__ import annotations

import base64
import json
import re

import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.games.mlem import report as mlem_report
from cosmotable.sim import report
from cosmotable.sim.features import features
from cosmotable.sim.runner import Plan, load, simulate


def finished(game: str, players: int, seed: int, variants=(), bot="heuristic"):
    state = games.get(game).new_state(players, seed=seed, variants=list(variants))
    bots = [make_bot(bot, seed=seed + s) for s in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("variants", [(), ("ufo", "discovery", "secret_missions")])
def test_mlem_features_agree_with_the_final_public_view(seed, variants):
    state = finished("mlem", 4, seed, variants)
    row = features("mlem", state)
    view = state.public_view()
    assert row["turns"] == view["expedition"]
    assert row["crashes"] == view["crashes"] == sum(row["expedition_crashed"])
    assert sum(r["outcome"] == "crash" for r in row["rolls"]) == row["crashes"]
    assert {r["outcome"] for r in row["rolls"]} <= {"travel", "crash", "reroll", "open"}
    assert all(1 <= r["dice"] <= 6 and 0 <= r["space"] <= 25 for r in row["rolls"])
    placed = [p["placed"] for p in view["players"]]
    assert [sum(1 for x in row["landings"] if x["seat"] == s) for s in range(4)] == placed
    claimed = {g["id"]: g["claimed_by"] for g in view["goals"] if g["claimed_by"] is not None}
    assert {g["goal"]: g["seat"] for g in row["goals"]} == claimed


def test_mlem_features_never_hold_a_secret_mission_or_a_face_down_token():
    state = finished("mlem", 3, 5, ("ufo", "discovery", "secret_missions"))
    text = json.dumps(features("mlem", state))
    kept = [m for seat in range(3) for m in state.missions.kept(seat)]
    assert kept and not any(m in text for m in kept)
    assert "ufo-token" not in text and "discovery-points" not in text


def test_kosmodrom_features_count_rockets_and_cards_from_the_log():
    state = finished("kosmodrom", 3, 4)
    row = features("kosmodrom", state)
    view = state.public_view()
    assert row["turns"] == view["turn"]
    rockets = {e.data["rocket"] for e in state.events if e.kind == "play" and "rocket" in e.data}
    assert sum(row["rockets_started"]) == len(rockets)
    plays = sum(1 for e in state.events if e.kind == "play")
    assert sum(c["count"] for c in row["cards_played"]) == plays
    assert all(a <= s for a, s in zip(row["advanced_to_test"], row["rockets_started"], strict=True))
    assert row["end_reason"]


def test_planet_features_count_attacks_and_tiles_from_the_log():
    state = finished("planet", 2, 3, bot="random")
    row = features("planet", state)
    attacks = [e for e in state.events if e.kind == "attack"]
    assert sum(row["attacks_made"]) == sum(row["attacks_suffered"]) == len(attacks)
    assert sum(t["count"] for t in row["tiles_met"]) == sum(1 for e in state.events if e.kind == "reveal")
    assert row["turns"] == state.public_view()["total_turns"]


def test_seat_rates_share_a_tied_win_and_bot_rates_count_seats_taken():
    rows = [
        {"winners": [0], "bots": ["a", "b"]},
        {"winners": [0, 1], "bots": ["b", "a"]},
        {"winners": [1], "bots": ["a", "b"]},
        {"winners": [0], "bots": ["b", "a"]},
    ]
    seats = report.seat_rates(rows, 2)
    assert [(s.wins, s.games) for s in seats] == [(2.5, 4), (1.5, 4)]
    bots = {r.label: (r.wins, r.games) for r in report.bot_rates(rows)}
    assert bots == {"a": (1.5, 4), "b": (2.5, 4)}
    low, high = seats[0].interval
    assert low < 2.5 / 4 < high


def test_crash_observations_count_travels_and_crashes_but_not_rerolls(tmp_path):
    import pyarrow as pa

    rolls = pa.chunked_array(
        [
            [
                [
                    {"expedition": 1, "space": 3, "dice": 2, "outcome": "crash"},
                    {"expedition": 1, "space": 3, "dice": 2, "outcome": "reroll"},
                    {"expedition": 1, "space": 3, "dice": 2, "outcome": "travel"},
                ],
                [{"expedition": 1, "space": 9, "dice": 1, "outcome": "open"}],
            ]
        ]
    )
    assert mlem_report.crash_observations(rolls) == {(3, 2): (1, 2)}


def _images(page: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r'src="data:image/png;base64,([^"]+)"', page)]


@pytest.mark.parametrize(
    ("plan", "headings"),
    [
        (
            Plan("mlem", 3, ("heuristic", "random"), ("ufo",), seed=2, games=12, chunk=6),
            ["crashes", "goal tiles"],
        ),
        (Plan("kosmodrom", 2, ("heuristic", "random"), (), seed=2, games=6, chunk=6), ["rockets by zone"]),
        (Plan("planet", 2, ("random",), (), seed=2, games=4, chunk=6), ["tiles met"]),
    ],
    ids=lambda p: getattr(p, "game", ""),
)
def test_the_report_is_one_html_file_with_real_plots_and_the_rows_figures(tmp_path, plan, headings):
    out = tmp_path / "r.parquet"
    simulate(plan, out)
    page = report.write_report(out, tmp_path / "report.html").read_text()
    assert page.startswith("<!doctype html>") and "http" not in page  # self-contained
    images = _images(page)
    assert len(images) >= 5 and all(png.startswith(b"\x89PNG") for png in images)
    for heading in ["Win rates", "Scores", "Game length", *headings]:
        assert heading in page
    rows = load(out).to_pylist()
    for seat, rate in enumerate(report.seat_rates(rows, plan.players)):
        wins = sum(1 / len(r["winners"]) for r in rows if seat in r["winners"])
        assert f"<td>seat {seat}</td><td>{plan.games}</td><td>{wins:g}</td>" in page
        assert rate.wins == pytest.approx(wins)


def test_report_command_writes_the_file_and_refuses_a_folder_without_results(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cosmotable.cli import app

    out = tmp_path / "r.parquet"
    simulate(Plan("mlem", 2, ("random",), (), seed=1, games=3, chunk=3), out)
    cli = CliRunner()
    ok = cli.invoke(app, ["report", str(out), "--html", str(tmp_path / "r.html")])
    assert ok.exit_code == 0, ok.output
    assert (tmp_path / "r.html").read_text().count("<img") >= 5
    (tmp_path / "empty").mkdir()
    bad = cli.invoke(app, ["report", str(tmp_path / "empty"), "--html", str(tmp_path / "x.html")])
    assert bad.exit_code == 1 and "not a simulation's results directory" in bad.output
    assert not (tmp_path / "x.html").exists()
