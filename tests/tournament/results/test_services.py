"""Entry, submission, confirmation and correction rules of the results services."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from tournament.results.models import HandRecord, ScoreSheet
from tournament.results.sheet import services
from tournament.results.sheet.errors import NotAllowed, SheetConflict, SheetInputError

RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}


@pytest.fixture
def riichi(make_table, make_event, staff):
    table = make_table("jpml-b")
    return table, staff(table.round.event, other_event=make_event())


@pytest.fixture
def mcr(make_table, staff):
    table = make_table("mcr")
    return table, staff(table.round.event)


def count():
    return ScoreSheet.objects.count(), HandRecord.objects.count()


def refused(table, user, entry, base=0):
    before = count()
    with pytest.raises(SheetInputError) as info:
        services.add_hand(table, entry, by=user, base_version=base)
    assert count() == before  # nothing saved
    return info.value


# --- bad input at each level: a clear message naming the field, nothing saved --------------


def test_tiles_with_the_wrong_count_are_refused(mcr):
    table, users = mcr
    error = refused(
        table,
        users["judge"],
        {
            "outcome": "self_draw",
            "level": "tiles",
            "winner": "E",
            "hand": {"concealed": "123456789m234p", "melds": [], "win_tile": "5s"},
        },
    )
    assert error.code == "wrong_tile_count"
    assert error.field.startswith("hands[0]")
    assert str(error).startswith("Hand 1, tiles:")


def test_a_value_under_the_minimum_is_refused(mcr):
    table, users = mcr
    entry = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "fan": 7}
    error = refused(table, users["judge"], entry)
    assert error.code == "below_minimum"
    assert "7" in str(error) and "8" in str(error)


def test_a_discarder_who_is_the_winner_is_refused(riichi):
    table, users = riichi
    error = refused(table, users["judge"], {**RON, "discarder": "S"})
    assert error.code == "winner_is_discarder"
    assert "discarder" in str(error)


def test_han_and_fu_that_cannot_exist_are_refused(riichi):
    table, users = riichi
    error = refused(table, users["judge"], {**RON, "han": 1, "fu": 20})
    assert error.code == "impossible_value"
    assert "1 han 20 fu" in str(error)


def test_final_scores_that_do_not_sum_are_refused(riichi):
    table, users = riichi
    before = count()
    with pytest.raises(SheetInputError) as info:
        services.save_final_scores(
            table, {"E": 40000, "S": 30000, "W": 30000, "N": 25000}, by=users["judge"],
            base_version=0,
        )  # fmt: skip
    assert count() == before
    assert info.value.code == "scores_do_not_sum"
    assert "125000" in str(info.value).replace(",", "") and "120000" in str(info.value).replace(
        ",", ""
    )


def test_the_message_is_in_the_users_language(riichi):
    table, users = riichi
    with translation.override("ja"):
        error = refused(table, users["judge"], {**RON, "discarder": "S"})
    assert "放銃者" in str(error) or "和了" in str(error)


# --- submission, confirmation, correction -----------------------------------------------------


def test_nobody_confirms_their_own_sheet(riichi):
    table, users = riichi
    sheet = services.save_final_scores(
        table, {"E": 45000, "S": 30000, "W": 25000, "N": 20000}, by=users["judge"], base_version=0
    )
    sheet = services.submit_sheet(table, by=users["judge"], version=sheet.version)
    with pytest.raises(NotAllowed):
        services.confirm_sheet(table, by=users["judge"], version=sheet.version)
    with pytest.raises(NotAllowed):
        services.confirm_sheet(table, by=users["viewer"], version=sheet.version)
    with pytest.raises(NotAllowed):
        services.confirm_sheet(table, by=users["outsider"], version=sheet.version)
    sheet = services.confirm_sheet(table, by=users["judge2"], version=sheet.version)
    assert sheet.status == "confirmed" and sheet.confirmed_by == users["judge2"]


def test_the_database_refuses_a_self_confirmation_and_two_confirmed_versions(riichi):
    table, users = riichi
    sheet = services.save_final_scores(
        table, {"E": 45000, "S": 30000, "W": 25000, "N": 20000}, by=users["judge"], base_version=0
    )
    sheet.status, sheet.submitted_by, sheet.confirmed_by = (
        "confirmed",
        users["judge"],
        users["judge"],
    )
    sheet.submitted_at = sheet.created_at
    with pytest.raises(IntegrityError), transaction.atomic():
        sheet.save()
    sheet.confirmed_by = users["judge2"]
    sheet.save()
    other = ScoreSheet.objects.get(pk=sheet.pk)
    other.pk, other.version = None, 99
    with pytest.raises(IntegrityError), transaction.atomic():
        other.save()


def test_a_correction_after_confirmation_is_a_new_version_with_a_reason(riichi):
    table, users = riichi
    scores = {"E": 45000, "S": 30000, "W": 25000, "N": 20000}
    sheet = services.save_final_scores(table, scores, by=users["judge"], base_version=0)
    services.submit_sheet(table, by=users["judge"], version=sheet.version)
    confirmed = services.confirm_sheet(table, by=users["judge2"], version=sheet.version)
    fixed = {**scores, "E": 44000, "S": 31000}
    with pytest.raises(NotAllowed):  # judges cannot touch a confirmed sheet
        services.save_final_scores(table, fixed, by=users["judge"], base_version=1, reason="typo")
    with pytest.raises(NotAllowed):  # a director must say why
        services.save_final_scores(table, fixed, by=users["director"], base_version=1)
    correction = services.save_final_scores(
        table, fixed, by=users["director"], base_version=1, reason="E and S swapped 1,000"
    )
    assert correction.version == 2 and correction.is_correction
    assert services.confirmed_of(table) == confirmed  # the old one counts until re-confirmed
    services.submit_sheet(table, by=users["director"], version=2)
    with pytest.raises(NotAllowed):
        services.confirm_sheet(table, by=users["director"], version=2)
    services.confirm_sheet(table, by=users["judge"], version=2)
    statuses = dict(ScoreSheet.objects.filter(table=table).values_list("version", "status"))
    assert statuses == {1: "superseded", 2: "confirmed"}
    assert ScoreSheet.objects.get(version=1).final_scores == scores  # still readable


def test_only_event_staff_may_enter(riichi):
    table, users = riichi
    for who in ("viewer", "outsider"):
        with pytest.raises(NotAllowed):
            services.add_hand(table, RON, by=users[who], base_version=0)
    assert ScoreSheet.objects.count() == 0
    services.add_hand(table, RON, by=users["director"], base_version=0)


def test_an_unbalanced_or_stale_sheet_cannot_be_submitted(riichi):
    table, users = riichi
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    with pytest.raises(NotAllowed):
        services.submit_sheet(table, by=users["judge"], version=0)


def test_a_stale_save_is_kept_as_a_conflict(riichi):
    table, users = riichi
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    tsumo = {"outcome": "tsumo", "level": "value", "winner": "N", "han": 1, "fu": 30}
    with pytest.raises(SheetConflict) as info:
        services.add_hand(table, tsumo, by=users["judge2"], base_version=0)
    conflict = info.value
    assert conflict.mine.status == "conflict" and conflict.mine.version == 2
    assert conflict.theirs.version == 1
    assert conflict.mine.hands.get().entry["winner"] == "N"
    assert services.head_of(table).version == 1
    # Applying it again on top of theirs works.
    sheet = services.add_hand(table, tsumo, by=users["judge2"], base_version=1)
    assert sheet.version == 3 and sheet.hands.count() == 2


def test_a_ruling_is_logged_and_voided_never_deleted(mcr):
    table, users = mcr
    from tournament.results.sheet.rulings import consequences

    effect = consequences(table.round.event, "false_win", "S")
    assert effect["penalties"] == [
        {"player": "S", "points": -30, "scope": "table_score", "distribution": "equal_to_others"}
    ]
    sheet = services.record_ruling(
        table, by=users["judge"], base_version=0, kind="false_win", player="S",
        decision="S declared hu on 3p; hand not complete", penalties=effect["penalties"],
        rule_reference=effect["rule_reference"],
    )  # fmt: skip
    assert sheet.result["session"]["S"]["penalty"] == "-30"
    ruling = sheet.rulings.get()
    assert ruling.decided_by == users["judge"] and ruling.rule_reference == "MCR §9 false win"
    later = services.void_ruling(
        table, ruling.key, by=users["judge2"], base_version=sheet.version, reason="misheard"
    )
    kept = later.rulings.get()
    assert kept.voided_by == users["judge2"] and kept.void_reason == "misheard"
    assert later.result["session"]["S"]["penalty"] == "0"
    assert sheet.rulings.get().voided_at is None  # the earlier version is untouched
