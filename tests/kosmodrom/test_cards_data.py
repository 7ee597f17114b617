"""The 140 cards as data: counts from the rulebook's card overview, and validation messages."""

import tomllib
from importlib import resources

import pytest

from cosmotable.engine import DataError
from cosmotable.games.kosmodrom.cards import (
    ACTIONS,
    ADVANTAGES,
    COMPONENTS,
    EXPERTS,
    PADS,
    ROCKETS,
    UPGRADES,
    card_problems,
    cards_from_data,
    default_cards,
)


def raw():
    text = resources.files("cosmotable.games.kosmodrom").joinpath("data", "cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_the_deck_has_140_cards():
    assert default_cards().total == 140


def test_the_card_file_names_its_format_version_and_source():
    data = raw()
    assert data["format"] == "kosmodrom-cards" and data["version"] == 1 and "Обзор карт" in data["source"]


@pytest.mark.parametrize(
    "card,count",
    [
        ("swift", 12),
        ("rapid", 4),
        ("intrepid", 3),
        ("fearless", 2),
        ("metal", 28),
        ("fuel", 30),
        ("engineer", 5),
        ("inspector", 5),
        ("mission_control", 5),
        ("jack", 3),
        ("astronaut", 5),
        ("top_secret", 3),
        ("oxygen", 5),
        ("certification", 4),
        ("pad_tl", 1),
        ("pad_tr", 1),
        ("pad_bl", 1),
        ("pad_br", 1),
        ("scrub", 1),
        ("key_to_start", 1),
        ("budget_cut", 2),
        ("top_priority", 1),
        ("research", 2),
        ("retest", 1),
        ("headhunting", 1),
        ("brainstorm", 1),
        ("sabotage", 1),
        ("soldering_iron", 2),
        ("field_duty", 1),
        ("espionage", 1),
        ("vacuum", 1),
        ("labor_contract", 2),
        ("overtime", 1),
        ("security_system", 1),
        ("warehouse", 2),
    ],
)
def test_card_count_matches_the_card_overview(card, count):
    assert default_cards().cards[card].count == count


@pytest.mark.parametrize(
    "card,metal,fuel,points",
    [
        ("swift", 1, 1, 6),
        ("rapid", 1, 2, 8),
        ("intrepid", 2, 2, 10),
        ("fearless", 3, 2, 12),
    ],
)
def test_rocket_requirements_and_points(card, metal, fuel, points):
    spec = default_cards().cards[card]
    assert (spec.metal, spec.fuel, spec.points) == (metal, fuel, points)


def test_every_card_the_rules_name_is_in_the_data_with_both_names():
    cards = default_cards().cards
    for ident in (*ROCKETS, *COMPONENTS, *EXPERTS, *ADVANTAGES, *PADS, *ACTIONS, *UPGRADES):
        assert cards[ident].name_ru and cards[ident].name_en
    assert len(cards) == len((*ROCKETS, *COMPONENTS, *EXPERTS, *ADVANTAGES, *PADS, *ACTIONS, *UPGRADES))


def test_13_action_cards_and_4_upgrade_cards():
    assert len(default_cards().of_type("action")) == 13
    assert len(default_cards().of_type("upgrade")) == 4


def test_validation_names_the_offending_entry():
    data = raw()
    data["card"][0]["count"] = 0
    data["card"][4]["requirements"] = {"zone": "moon"}
    data["card"][1]["requirements"] = {"metal": 0, "fuel": 2}
    problems = card_problems(data)
    assert any("card 'swift'" in p and "count" in p for p in problems)
    assert any("card 'metal'" in p and "zone" in p for p in problems)
    assert any("card 'rapid'" in p and "metal" in p for p in problems)


def test_validation_checks_the_total_of_140():
    data = raw()
    data["card"][0]["count"] = 13
    assert any("141" in p for p in card_problems(data))


def test_validation_refuses_duplicates_and_a_missing_source():
    data = raw()
    data["card"].append(dict(data["card"][0]))
    data["source"] = ""
    problems = card_problems(data)
    assert any("duplicate" in p for p in problems) and any(p.startswith("source") for p in problems)
    with pytest.raises(DataError) as err:
        cards_from_data(data, "my.toml")
    assert "my.toml" in str(err.value)


def test_seven_card_types():
    """rulebook (типы карт): «Карты поделены на 7 основных типов.» - rocket, component, expert,
    advantage, launch pad, action, upgrade."""
    types = {spec.type for spec in default_cards().cards.values()}
    assert types == {"rocket", "component", "expert", "advantage", "launch_pad", "action", "upgrade"}


def test_the_components_suffice_for_every_rocket():
    """rulebook (сборка ракет): «Количество карт компонентов, входящих в колоду, является
    достаточным для сборки всех ракет.»"""
    cards = default_cards().cards
    rockets = [spec for spec in cards.values() if spec.type == "rocket"]
    assert cards["metal"].count >= sum(r.count * r.metal for r in rockets)
    assert cards["fuel"].count >= sum(r.count * r.fuel for r in rockets)


def _entry(data, ident):
    return next(card for card in data["card"] if card["id"] == ident)


CARD_MISTAKES = [
    (lambda d: d.update(format="cards"), "format: must be \"kosmodrom-cards\", got 'cards'"),
    (lambda d: d.update(version="1"), "version: must be an integer, got '1'"),
    (lambda d: d.update(card=[]), "card: the file needs [[card]] entries"),
    (lambda d: d["card"].append("scrub"), "card #36: must be a table"),
    (lambda d: _entry(d, "scrub").update(id="Scrub!"), "'id' must be a lower-case word (letters, digits, _)"),
    (lambda d: _entry(d, "scrub").update(type="spell"), "card 'scrub': 'type' must be one of"),
    (lambda d: _entry(d, "scrub").update(name_en=" "), "card 'scrub': 'name_en' must be a non-empty string"),
    (lambda d: _entry(d, "scrub").update(points=-1), "card 'scrub': 'points' must be a non-negative integer"),
    (lambda d: _entry(d, "scrub").update(requirements=[]), "card 'scrub': 'requirements' must be a table"),
    (lambda d: _entry(d, "swift").update(points=0), "card 'swift': a rocket must be worth points"),
    (
        lambda d: _entry(d, "jack").update(requirements={"zone": "moon"}),
        "must be a zone or \"any\", got 'moon'",
    ),
    (
        lambda d: _entry(d, "scrub").update(requirements={"target": "moon"}),
        "requirements.target must be one of",
    ),
    (
        lambda d: d.update(card=[c for c in d["card"] if c["type"] != "upgrade"]),
        "card: no card of type 'upgrade'",
    ),
]


@pytest.mark.parametrize("corrupt, expected", CARD_MISTAKES, ids=[e[:40] for _, e in CARD_MISTAKES])
def test_each_mistake_in_the_card_file_is_named(corrupt, expected):
    data = raw()
    corrupt(data)
    problems = card_problems(data)
    assert any(expected in problem for problem in problems), problems
    with pytest.raises(DataError):
        cards_from_data(data)
