"""Placing rockets, components, experts, advantages and upgrades (rulebook: ракеты, эксперты,
карты преимуществ, карты улучшений)."""

import pytest
from kosmodrom_helpers import arrange, legal, start, to_play

from cosmotable.engine import IllegalAction


def table(hand, **kw):
    s = start(3)
    arrange(s, hand={0: hand}, **kw)
    return to_play(s)


def test_a_rocket_is_played_into_the_assembly_shop():
    s = table(["swift"])
    s.apply("play swift")
    assert s.rockets["r1"].zone == "assembly" and s.rockets["r1"].owner == 0


def test_rockets_may_be_built_without_an_engineer():
    s = table(["swift", "metal", "fuel"])
    s.apply("play swift")
    s.apply("play metal r1")
    s.apply("play fuel r1")
    assert s.rockets["r1"].complete(s.spec("swift"))


def test_components_go_only_with_a_rocket():
    s = table(["metal"])
    assert not any(a.startswith("play metal") for a in legal(s))


def test_a_complete_rocket_takes_no_more_components():
    s = table(["metal"], rockets=[(0, "swift", "assembly", 1, 1)])
    with pytest.raises(IllegalAction, match="already has all the metal"):
        s.apply("play metal r1")


def test_components_only_in_the_assembly_shop():
    s = table(["metal"], rockets=[(0, "intrepid", "test", 1, 2)])
    with pytest.raises(IllegalAction, match="assembly shop"):
        s.apply("play metal r1")


def test_components_only_on_your_own_rocket():
    s = table(["metal"], rockets=[(1, "swift", "assembly", 0, 0)])
    with pytest.raises(IllegalAction, match="not your rocket"):
        s.apply("play metal r1")


@pytest.mark.parametrize(
    "expert,zone", [("engineer", "assembly"), ("inspector", "test"), ("mission_control", "launch")]
)
def test_each_expert_goes_to_its_own_zone(expert, zone):
    s = table([expert])
    assert [a for a in legal(s) if a.startswith("play")] == [f"play {expert} {zone}"]


def test_jack_of_all_trades_fits_any_zone():
    s = table(["jack"])
    assert [a for a in legal(s) if a.startswith("play")] == [
        "play jack assembly",
        "play jack test",
        "play jack launch",
    ]


def test_an_expert_is_never_replaced():
    s = table(["engineer"], experts={0: {"assembly": "jack"}})
    with pytest.raises(IllegalAction, match="never replaced"):
        s.apply("play engineer assembly")


def test_certification_goes_on_a_rocket_on_the_test_stand():
    s = table(["certification"], rockets=[(0, "swift", "test", 1, 1), (0, "swift", "launch", 1, 1)])
    assert [a for a in legal(s) if a.startswith("play")] == ["play certification r1"]


@pytest.mark.parametrize("card", ["astronaut", "oxygen", "top_secret"])
def test_launch_table_advantages_go_on_a_rocket_on_the_launch_table(card):
    s = table([card], rockets=[(0, "swift", "test", 1, 1), (0, "swift", "launch", 1, 1)])
    assert [a for a in legal(s) if a.startswith("play")] == [f"play {card} r2"]


def test_oxygen_may_be_played_before_the_astronaut():
    s = table(["oxygen", "astronaut"], rockets=[(0, "swift", "launch", 1, 1)])
    s.apply("play oxygen r1")
    s.apply("play astronaut r1")
    assert s.rockets["r1"].advantages == ["oxygen", "astronaut"]


def test_one_advantage_of_each_kind_per_rocket():
    s = table(["astronaut"], rockets=[(0, "swift", "launch", 1, 1, ["astronaut"])])
    with pytest.raises(IllegalAction, match="one of each kind"):
        s.apply("play astronaut r1")


def test_a_rocket_can_hold_all_four_advantages():
    s = table(
        ["astronaut", "oxygen", "top_secret"], rockets=[(0, "swift", "launch", 1, 1, ["certification"])]
    )
    for c in ("astronaut", "oxygen", "top_secret"):
        s.apply(f"play {c} r1")
    assert len(s.rockets["r1"].advantages) == 4


def test_certification_advances_with_its_rocket():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "test", 1, 1, ["certification"])], experts={0: {"test": "inspector"}})
    s.apply("advance r1")
    assert s.rockets["r1"].zone == "launch" and s.rockets["r1"].advantages == ["certification"]


def test_an_upgrade_is_placed_in_front_of_its_player():
    s = table(["overtime"])
    s.apply("play overtime")
    assert s.tableaux[0].upgrades == ["overtime"]


def test_a_new_upgrade_replaces_the_old_one_which_is_discarded():
    s = table(["overtime"], upgrades={0: ["warehouse"]})
    s.apply("play overtime")
    assert s.tableaux[0].upgrades == ["overtime"] and s.discard[-1] == "warehouse"


def test_superpowers_allow_any_number_of_upgrades():
    s = start(3, variants=["superpowers"])
    arrange(s, hand={0: ["overtime"]}, upgrades={0: ["warehouse"]})
    to_play(s)
    s.apply("play overtime")
    assert s.tableaux[0].upgrades == ["warehouse", "overtime"]


def test_launch_pad_cards_are_never_played_from_the_hand():
    # rulebook (карты стартового стола): a drawn launch-pad card is placed, never kept in the hand.
    # Held in the hand all the same (an arranged position, as a corrupt save could hold), it is still
    # refused for being a launch-pad card, not for being absent from the hand.
    s = table(["pad_tl", "metal"])
    assert not any(a.startswith("play pad_tl") for a in legal(s))
    with pytest.raises(IllegalAction, match="launch-pad cards are never played from the hand"):
        s.apply("play pad_tl")


@pytest.mark.parametrize(
    "card,zone",
    [("certification", "test"), ("astronaut", "launch"), ("oxygen", "launch"), ("top_secret", "launch")],
)
def test_ruling_K27_advantages_only_on_your_own_rockets(card, zone):
    """rulebook (схемы размещения): «на которой указано, в какую игровую зону игрока выкладывается
    карта»; (подготовка 1): «У каждого игрока будут свои личные игровые зоны.» Ruling K27: a card
    is laid out in its player's own zones, so an advantage goes only on one of your own rockets
    (another player's rocket stands in that player's zones), even where it would help you there."""
    s = table([card], rockets=[(1, "swift", zone, 1, 1), (0, "swift", zone, 1, 1)])
    assert [a for a in legal(s) if a.startswith("play")] == [f"play {card} r2"]
    with pytest.raises(IllegalAction, match="r1 is not your rocket"):
        s.apply(f"play {card} r1")


def test_components_stay_with_their_rocket():
    """rulebook (сборка ракет): «Как только карты компонентов были выложены, они закрепляются за
    этой ракетой и не могут быть перемещены или убраны иным образом, кроме как под влиянием карты
    действия «Диверсия»»; (продвижение ракет): the rocket moves «вместе со всеми компонентами»."""
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "assembly", 1, 1)],
        experts={0: {"assembly": "engineer"}},
        hand={0: ["metal", "fuel"]},
    )
    s.apply("advance r1")
    rocket = s.rockets["r1"]
    assert (rocket.zone, rocket.metal, rocket.fuel) == ("test", 1, 1)
    to_play(s)
    # nothing in hand can take a component off it: no component play targets a complete rocket
    assert not any(a.startswith(("play metal", "play fuel")) for a in legal(s))


def test_experts_may_be_placed_in_any_order():
    """rulebook (эксперты): «Экспертов можно выкладывать в любом порядке.» - Mission Control
    before any Engineer, the Inspector next."""
    s = table(["mission_control", "inspector", "engineer"])
    for card, zone in (("mission_control", "launch"), ("inspector", "test"), ("engineer", "assembly")):
        s.apply(f"play {card} {zone}")
    assert s.tableaux[0].experts == {"assembly": "engineer", "test": "inspector", "launch": "mission_control"}


def test_an_upgrade_helps_only_its_player():
    """rulebook (карты улучшений): «Дополнительные возможности от карт улучшений распространяются
    только на того игрока, который выложил эти карты.» - another seat's Warehouse leaves your limit
    at 6, and another seat's Overtime lets you advance one rocket per zone only."""
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "assembly", 1, 1), (0, "swift", "assembly", 1, 1)],
        experts={0: {"assembly": "engineer"}},
        upgrades={1: ["warehouse"], 2: ["overtime"]},
    )
    assert s.hand_limit(0) == 6 and s.hand_limit(1) == 8
    s.apply("advance r1")
    assert "advance r2" not in legal(s)
