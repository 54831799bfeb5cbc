"""History reasons: every service stores a code (tournament/events/change_reasons.py), and
the admin's history pages show it in the reader's language; a person's words as typed."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.tournament.events.created import create_spring_cup
from tests.tournament.results.hands import RON
from tournament.events import services
from tournament.events.change_reasons import change_reason, decode, describe
from tournament.events.models import Registration
from tournament.glossary.history import HISTORY_REASONS as CODES
from tournament.results.sheet import services as results
from tournament.rounds import services as seating
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import publish_results


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("dora")


@pytest.fixture
def event(db, director):
    return create_spring_cup(director, ruleset="jpml-b", entry_level="value")


def _reasons(model, **filters) -> list[str]:
    records = model.history.filter(**filters).order_by("history_date", "history_id")
    return list(records.values_list("history_change_reason", flat=True))


def test_every_service_stores_a_code(event, director, django_user_model):
    players = [services.add_player(event, name=f"Player {i}", by=director) for i in range(4)]
    substitute = services.add_substitute(event, name="Sub", by=director)
    services.drop_player(players[3], by=director)
    services.reinstate_player(players[3], by=director)
    services.drop_player(substitute, by=director, reason="went home")
    judy = django_user_model.objects.create_user("judy")
    services.grant_role(event, judy, "judge", by=director)
    event = services.start_event(event, by=director)
    round_ = seating.seat_round(event, 1, method="random", seed=3, by=director)
    seats = list(round_.seats.order_by("wind"))
    seating.swap_seats(seats[0], seats[1], by=director, reason="table 1 is step-free")
    round_ = seating.publish_round(round_, by=director)
    table = round_.tables.get()
    sheet = results.add_hand(table, RON, by=judy, base_version=0)
    sheet = results.submit_sheet(table, by=judy, version=sheet.version)
    results.confirm_sheet(table, by=director, version=sheet.version)
    publish_results(round_, by=director)

    assert _reasons(event.__class__, id=event.pk) == ["event.created", "event.started"]
    assert _reasons(event.staff_roles.model, event=event) == [
        "staff.creator",
        'staff.role_set {"role":"judge"}',
    ]
    assert _reasons(players[0].player.__class__, id=players[0].player_id) == ["player.registered"]
    assert _reasons(Registration, id=players[3].pk) == [
        "registration.added",
        "registration.dropped",
        'registration.status_set {"status":"active"}',
    ]
    assert _reasons(Registration, id=substitute.pk) == [
        "registration.substitute_added",
        'registration.dropped {"words":"went home"}',
    ]
    assert _reasons(Round, id=round_.pk) == [
        'round.seated {"method":"random"}',
        "round.published",
        'round.results_published {"number":1}',
    ]
    assert set(_reasons(Table, round_id=round_.pk)) == {"seating.seated"}
    assert set(_reasons(Seat, round_id=round_.pk)) == {
        "seating.seated",
        'seat.swapped {"words":"table 1 is step-free"}',
    }
    assert _reasons(sheet.__class__, table_id=table.pk) == [
        'sheet.saved {"version":1}',
        'sheet.submitted {"version":1}',
        'sheet.confirmed {"version":1}',
    ]


def test_seating_again_and_a_superseded_sheet(event, director, django_user_model):
    for i in range(4):
        services.add_player(event, name=f"Player {i}", by=director)
    judy = django_user_model.objects.create_user("judy")
    services.grant_role(event, judy, "judge", by=director)
    event = services.start_event(event, by=director)
    round_ = seating.seat_round(event, 1, method="random", seed=1, by=director)
    old_table = round_.tables.get().pk
    round_ = seating.seat_round(event, 1, method="random", seed=2, by=director)
    assert _reasons(Table, id=old_table)[-1] == "table.reseated"
    table = round_.tables.get()
    sheet = results.add_hand(table, RON, by=judy, base_version=0)
    sheet = results.submit_sheet(table, by=judy, version=sheet.version)
    first = results.confirm_sheet(table, by=director, version=sheet.version)
    # A director corrects the confirmed sheet; the judge confirms the correction.
    sheet = results.add_hand(table, RON, by=director, base_version=1, reason="a hand was missed")
    sheet = results.submit_sheet(table, by=director, version=sheet.version)
    results.confirm_sheet(table, by=judy, version=sheet.version)
    assert _reasons(first.__class__, id=first.pk) == [
        'sheet.saved {"version":1}',
        'sheet.submitted {"version":1}',
        'sheet.confirmed {"version":1}',
        'sheet.superseded {"by":2}',
    ]


def test_the_stored_form_and_its_words():
    assert change_reason("event.created") == "event.created"
    assert change_reason("round.seated", method="swiss") == 'round.seated {"method":"swiss"}'
    stored = change_reason("seat.swapped", words='table "1" — 東')
    assert stored == 'seat.swapped {"words":"table \\"1\\" — 東"}'
    assert decode(stored) == ("seat.swapped", {"words": 'table "1" — 東'})
    # Long words are shortened so that the whole fits the column, still a code.
    long = change_reason("registration.dropped", words='"' * 300)
    assert len(long) <= 100 and decode(long)[0] == "registration.dropped"
    assert change_reason("registration.dropped", words="   ") == "registration.dropped"
    with pytest.raises(ValueError):
        change_reason("dropped")
    # Not a code: shown as it is.
    assert decode("club spelled wrong") is None
    assert decode("seated again") is None
    assert decode('round.seated {"method":') is None


def test_describe_in_each_language():
    with translation.override("ja"):
        assert describe("event.created") == "大会を作成"
        assert describe('round.seated {"method":"balanced"}') == "座席決定（バランス）"
        assert describe('registration.status_set {"status":"substitute"}') == (
            "状態を「補欠」に変更"
        )
        assert describe('staff.role_set {"role":"director"}') == "役割：ディレクター"
        assert describe('registration.dropped {"words":"went home"}') == "棄権：went home"
        assert describe('sheet.superseded {"by":4}') == "第4版に差し替え"
        assert describe("club spelled wrong") == "club spelled wrong"
        assert describe(None) == ""
    with translation.override("zh-hans"):
        assert describe('round.results_published {"number":3}') == "公布第3轮成绩"
        assert describe('seat.swapped {"words":"轮椅"}') == "交换座位：轮椅"
    with translation.override("en"):
        assert describe("table.reseated") == "removed: the round was seated again"
    # Every code reads in every language without a missing parameter.
    params = {"role": "judge", "status": "active", "method": "swiss", "number": 2,
              "version": 3, "by": 4, "reason": "wild_card",
              "log": "2010081910gm-00a9-0000-1c1b4f1b"}  # fmt: skip
    for code, sentence in CODES.items():
        names = set(re.findall(r"%\((\w+)\)s", str(sentence)))
        stored = change_reason(code, **{n: params[n] for n in names})
        for language in ("en", "ja", "zh-hans"):
            with translation.override(language):
                shown = describe(stored)
            assert shown and "%(" not in shown and code not in shown, (language, shown)


def test_the_admin_history_page_in_japanese(admin_client, event, director):
    registration = services.add_player(event, name="Ana", by=director)
    services.drop_player(registration, by=director, reason="体調不良")
    html = admin_client.get(
        f"/admin/events/registration/{registration.pk}/history/", HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    html = re.sub(r"\s+", " ", html)
    assert "<td> 選手を追加 </td>" in html
    assert "<td> 棄権：体調不良 </td>" in html
    assert "registration.dropped" not in html
    # The page shows words; the stored records keep their codes.
    assert registration.history.latest().history_change_reason.startswith("registration.dropped")
