"""One validator at event creation: every option any reader accepts, nothing the replay refuses.

The cases are the ones issue [1/8] measured on the old main: options the
sheets accept were refused at creation, and options every sheet refuses were
accepted, so the event started and then no hand could be entered.
"""

from __future__ import annotations

import datetime

import pytest

from tournament.events import services
from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.results.sheet.state import SheetState, replay


def create(ruleset, overrides, **fields):
    return services.create_event(
        slug="cup",
        name="Cup",
        ruleset=ruleset,
        start_date=datetime.date(2026, 6, 1),
        ruleset_overrides=overrides,
        **fields,
    )


@pytest.mark.parametrize(
    ("ruleset", "overrides"),
    [
        ("wrc", {"uma": [20, 10, -10, -20]}),  # rules/riichi.md §6: uma is an event option
        ("jpml-a", {"honba_ron": 300}),  # rules/riichi.md §2: the honba of a ron
        ("mcr", {"hands_per_session": 8, "table_points": [4, 2, 1, 0]}),
        ("mcr", {"time_limit_minutes": 120, "time_limit_policy": "finish_current"}),
        ("zung-jung", {"zj_par": 30, "clock_hand_seconds": 200}),
        ("hkos", {"tiebreak_chain": ["best_session", "shared"]}),
    ],
)
def test_options_the_sheets_accept_are_accepted_and_the_sheet_replays(db, ruleset, overrides):
    event = create(ruleset, overrides)
    services.start_event(event)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert replay(event, SheetState()).rows == ()


@pytest.mark.parametrize(
    ("ruleset", "overrides", "option"),
    [
        ("mcr", {"hands_per_session": 99}, "hands_per_session"),  # mcr.md §6: at most 16
        ("hkos", {"tiebreak_chain": ["coin_toss"]}, "tiebreak_chain"),
        ("hkos", {"tiebreak_chain": ["firsts"]}, "tiebreak_chain"),  # hkos.md §7: not offered
        ("mcr", {"false_win_points": 31}, "false_win_points"),  # mcr.md §9: shared by 3
        ("zung-jung", {"zj_par": -5}, "zj_par"),  # zung-jung.md §7
        ("mcr", {"time_limit_policy": "sudden_death"}, "time_limit_policy"),
        ("mcr", {"seat_rotation_scheme": "random"}, "seat_rotation_scheme"),
        ("zung-jung", {"clock_hand_seconds": 0}, "clock_hand_seconds"),
        ("wrc", {"uma": [1, 2, 3, 4]}, "uma"),
        ("tenhou", {"multiple_ron": "everyone"}, "multiple_ron"),
    ],
)
def test_values_a_reader_refuses_are_refused_at_creation_naming_the_option(
    db, ruleset, overrides, option
):
    with pytest.raises(EventError) as refused:
        create(ruleset, overrides)
    assert f"“{option}”" in str(refused.value)
    assert not Event.objects.exists()


def test_the_events_hands_per_session_is_checked_as_the_option(db):
    with pytest.raises(EventError, match="“hands_per_session”"):
        create("mcr", {}, hands_per_session=17)


def test_an_unknown_option_lists_the_familys_options(db):
    with pytest.raises(EventError) as refused:
        create("hkos", {"min_fan": 8})
    assert "“min_fan” is not an option" in str(refused.value)
    assert "min_faan" in str(refused.value)


def test_the_refusal_is_in_the_readers_language(db):
    from django.utils import translation

    with translation.override("ja"), pytest.raises(EventError) as refused:
        create("mcr", {"false_win_points": 31})
    assert "「false_win_points」" in str(refused.value)
    assert "The option" not in str(refused.value)


def test_the_event_names_its_ruleset_with_the_edition(db):
    """rules/mcr.md "Editions": the event page and the printed sheet name the MCR edition."""
    from django.utils import translation

    seed = create("mcr", {})
    assert seed.rules_title() == "Mahjong Competition Rules (MCR) · Mahjong Time edition"
    national = services.create_event(
        slug="cup-cn",
        name="CN Cup",
        ruleset="mcr",
        ruleset_overrides={"mcr_edition": "cn-national"},
    )
    with translation.override("ja"):
        assert national.rules_title() == "中国麻将競技ルール (MCR) · 中国国家版"
    riichi = services.create_event(slug="wrc-cup", name="WRC Cup", ruleset="wrc")
    assert riichi.rules_title() == "World Riichi Championship rules"  # no editions


@pytest.mark.parametrize("levels", [9, 100_000])
def test_deeply_nested_options_are_refused_on_the_form_not_a_server_error(db, levels):
    # Issue 16: 100,000 "[" in the options gave a 500 (Python's JSON reader recursed).
    from tournament.events.forms import EventForm

    day = "2026-12-05"
    text = '{"uma": ' + "[" * levels + "]" * levels + "}"
    form = EventForm(
        {
            "slug": "deep",
            "name": "Deep",
            "start_date": day,
            "end_date": day,
            "ruleset": "jpml-b",
            "ruleset_overrides": text,
        }
    )
    assert not form.is_valid()
    assert form.errors["ruleset_overrides"] == [
        "The options nest more than 8 levels deep; no option does."
    ]
