"""The winds the judge's page shows in each MCR hand (issue #19): after every rotation.

The family answers, so the Django side never branches on the ruleset: each
starting seat's wind (门风) in hand 0-15, under either seat scheme.
"""

from scoring.families import family_for
from scoring.families.mcr.rules import resolve


def test_the_seed_edition_rotates_the_winds_every_hand():
    family, rules = family_for("mcr"), resolve("mcr", {})
    assert family.hand_winds(rules, 0) == {"E": "E", "S": "S", "W": "W", "N": "N"}
    # Hand 2: the player who started South deals, so is East; East is North.
    assert family.hand_winds(rules, 1) == {"E": "N", "S": "E", "W": "S", "N": "W"}
    # Hand 6 (the South round's second hand): the same seats as hand 2.
    assert family.hand_winds(rules, 5) == family.hand_winds(rules, 1)


def test_the_green_book_moves_the_players_each_round():
    family = family_for("mcr")
    rules = resolve("mcr", {"seat_rotation_scheme": "green-book"})
    winds = [family.hand_winds(rules, i) for i in range(16)]
    # Each hand has one of each wind, and exactly one dealer (East).
    assert all(sorted(w.values()) == ["E", "N", "S", "W"] for w in winds)
    # Hand 5 (the South round): the players have changed seats (rules/mcr.md §6).
    assert winds[4] != winds[0]


def test_past_the_session_or_other_families_the_starting_winds_stay():
    family, rules = family_for("mcr"), resolve("mcr", {})
    assert family.hand_winds(rules, 16) is None
    riichi = family_for("jpml-b")
    assert riichi.hand_winds(riichi.resolve("jpml-b", {}), 3) is None
