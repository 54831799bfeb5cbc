"""The family contract: every registered family and ruleset answers the whole protocol.

For each family: every member of :class:`scoring.families.protocol.Family`
exists and answers with the declared kinds of data; the default rules freeze
to JSON and thaw back equal; the precedence names registered metrics; the
form's data is coherent; every ruling kind has a consequence. And every
option that any reader of the family accepts (the hand valuer, the session,
the payments, the standings) is accepted by the family's one validator.
"""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest

from scoring.core.names import name_table
from scoring.families import all_families, family_for, ruleset_names
from scoring.families.protocol import (
    FEATURES,
    Consequence,
    EntryData,
    Family,
    OptionError,
    StandingsFormat,
)
from scoring.families.rulesets import get_ruleset
from scoring.standings.metrics import METRICS

MEMBERS = [
    name
    for name, value in vars(Family).items()
    if not name.startswith("_") and (callable(value) or name in typing.get_type_hints(Family))
]
RULESETS = ruleset_names()
SCOPES = {"table_score", "session_after_uma", "overall_score"}
RULING_KINDS = ("false_win", "chombo", "penalty_tiles", "dead_hand", "timing", "conduct", "other")


def test_the_four_families_and_eight_rulesets_are_registered():
    assert {f.name for f in all_families()} >= {"riichi", "mcr", "zung-jung", "hkos"}
    assert set(RULESETS) >= {"mcr", "zung-jung", "hkos", "jpml-a", "jpml-b", "wrc", "ema", "tenhou"}


@pytest.mark.parametrize("family", all_families(), ids=lambda f: f.name)
def test_every_member_of_the_protocol_exists(family):
    assert isinstance(family, Family)
    for member in MEMBERS:
        assert hasattr(family, member), member
    assert family.rulesets and all(family_for(r) is family for r in family.rulesets)
    assert name_table(family.names_table), family.names_table


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_default_rules_freeze_and_thaw_back_equal(ruleset):
    family = family_for(ruleset)
    rules = family.resolve(ruleset, {})
    assert rules.ruleset == ruleset
    frozen = json.loads(json.dumps(rules.freeze()))  # JSON-safe, strictly
    assert family.thaw(frozen) == rules
    assert family.thaw(frozen).freeze() == frozen


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_damaged_frozen_config_is_refused_naming_it(ruleset):
    family = family_for(ruleset)
    frozen = family.resolve(ruleset, {}).freeze()
    with pytest.raises(OptionError) as refused:
        family.thaw({**frozen, "no_such_field": 1})
    assert refused.value.option == "ruleset_config"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_answer_has_the_declared_shape(ruleset):
    family = family_for(ruleset)
    rules = family.resolve(ruleset, {})
    order = family.precedence(rules)
    assert order and all(name in METRICS for name in order)
    entry = family.entry(rules)
    assert isinstance(entry, EntryData)
    assert entry.outcomes and entry.wins <= set(entry.outcomes) | {"robbing_kong"}
    assert entry.from_discard <= entry.wins
    assert entry.total_field in {v.code for v in entry.value_fields}
    assert entry.features <= FEATURES
    assert 1 <= entry.max_winners <= 3
    assert family.default_penalty_scope(rules) in SCOPES
    for kind in RULING_KINDS:
        follows = family.consequence(rules, kind, "S")
        assert isinstance(follows, Consequence)
        for penalty in follows.penalties:
            assert penalty["player"] == "S" and penalty["scope"] in SCOPES
    assert isinstance(family.standings_format(rules), StandingsFormat)
    for lang in ("en", "ja", "zh"):
        assert family.title(ruleset, lang)
    hands = family.session_hands(rules)
    assert hands is None or hands >= 1
    option = family.hands_option()
    assert option is None or option in family.options(ruleset)
    seats = family.seats_by_round(rules, "E")
    assert seats is None or set(seats) <= {"E", "S", "W", "N"}
    replayed = family.replay(rules, [], [], final_scores=None, leftover_sticks=0, lang="en")
    assert replayed.rows == ()


def _reader_options(ruleset: str) -> set[str]:
    """The options each reader of the ruleset's family accepts, asked of the readers themselves."""
    family = family_for(ruleset)
    rules = family.resolve(ruleset, {})
    names: set[str] = set()
    hand = get_ruleset(ruleset)
    config_fields = {f.name for f in dataclasses.fields(hand.preset)} - {
        "name",
        "library_options",
        "faan_table",
        "replaces",
        "faan_units",
        "points",
    }
    for name in config_fields:  # the hand valuer accepts its own config fields by name
        try:
            hand.config({name: getattr(hand.preset, name)})
        except ValueError:
            continue
        names.add(name)
    for part in vars(rules).values():
        if not dataclasses.is_dataclass(part) or part is rules.hand:
            continue
        mapped = getattr(type(part), "OPTIONS", None)  # option name -> field, where they differ
        fixed = getattr(type(part), "FIXED", frozenset())  # fields no event may change
        names |= set(mapped) if mapped else {f.name for f in dataclasses.fields(part)} - fixed
    return names


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_option_a_reader_accepts_is_accepted_by_the_validator(ruleset):
    family = family_for(ruleset)
    known = family.options(ruleset)
    readers = _reader_options(ruleset)
    assert readers, ruleset
    assert readers <= known, sorted(readers - known)
    for name in sorted(known):
        try:
            family.resolve(ruleset, {name: object()})
        except OptionError as refused:
            assert refused.code == "bad_value", (name, refused.code)
            assert refused.option in (name, "overrides"), (name, refused.option)
