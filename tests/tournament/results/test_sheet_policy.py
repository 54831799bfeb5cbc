"""The sheet policy: who may change, submit or confirm a sheet, and when a reason is needed.

Issue #33 ("each rule named once"): the correction rule was written in five
places and "Say why the confirmed sheet is corrected." four times. Each answer
of :class:`SheetPolicy` is asked here with real events, staff and sheets, and
each refusal code is seen once; the page, the API and player entry ask the
same object (their own tests check their status codes).
"""

from pathlib import Path

import pytest
from django.utils import translation

from tournament.results.sheet import policy, services
from tournament.results.sheet.errors import NotAllowed
from tournament.results.sheet.policy import PLAYERS, SheetPolicy

ROOT = Path(__file__).resolve().parents[3]
SCORES = {"E": 45000, "S": 30000, "W": 25000, "N": 20000}
FIXED = {**SCORES, "E": 44000, "S": 31000}


@pytest.fixture
def riichi(make_table, make_event, staff):
    table = make_table("jpml-b")
    return table, staff(table.round.event, other_event=make_event())


def ask(user, table) -> SheetPolicy:
    return SheetPolicy(user, table.round.event, services.head_of(table))


def assert_refused(answer, code: str):
    """The answer is a no with this refusal code; returned, for its message."""
    assert not answer and answer.code == code
    return answer


def draft(table, users):
    return services.save_final_scores(table, SCORES, by=users["judge"], base_version=0)


def submitted(table, users):
    sheet = draft(table, users)
    return services.submit_sheet(table, by=users["judge"], version=sheet.version)


def confirmed(table, users):
    sheet = submitted(table, users)
    return services.confirm_sheet(table, by=users["judge2"], version=sheet.version)


def test_the_sentence_is_written_once():
    """The words of a refusal live in the glossary alone, not in the page, the API or a service."""
    sentence = "Say why the confirmed sheet is corrected."
    places = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tournament").rglob("*.py"))
        if sentence in path.read_text(encoding="utf-8")
    ]
    assert places == ["tournament/glossary/sheet_policy.py"]


# --- can_change ------------------------------------------------------------------------------


def test_staff_who_enter_results_may_change_a_sheet_being_entered(riichi):
    table, users = riichi
    assert ask(users["judge"], table).can_change()  # nothing entered yet
    draft(table, users)
    for who in ("judge", "judge2", "director"):
        assert ask(users[who], table).can_change(reason="")
    for who in ("viewer", "outsider"):
        answer = assert_refused(ask(users[who], table).can_change(), policy.MAY_NOT_ENTER)
        assert answer.message == "You may not enter results in this event."


def test_a_confirmed_sheet_is_a_directors_with_a_reason(riichi):
    table, users = riichi
    confirmed(table, users)
    assert_refused(ask(users["judge"], table).can_change(reason="typo"), policy.DIRECTOR_CORRECTS)
    director = ask(users["director"], table)
    assert director.can_change()  # the page's question: the director may, the form asks why
    assert director.needs_reason and director.asks_reason and director.makes_correction
    for reason in ("", "   "):
        missing = assert_refused(director.can_change(reason=reason), policy.REASON_NEEDED)
        assert missing.message == "Say why the confirmed sheet is corrected."
    assert director.can_change(reason="E and S swapped 1,000")


def test_a_reason_is_asked_for_a_correction_but_needed_only_of_a_confirmed_sheet(riichi):
    table, users = riichi
    draft(table, users)
    plain = ask(users["judge"], table)
    assert not plain.needs_reason and not plain.asks_reason and not plain.makes_correction
    assert plain.with_reason("")
    services.submit_sheet(table, by=users["judge"], version=1)
    services.confirm_sheet(table, by=users["judge2"], version=1)
    services.save_final_scores(table, FIXED, by=users["director"], base_version=1, reason="typo")
    correction = ask(users["judge"], table)  # the correction, being entered again
    assert correction.asks_reason and correction.makes_correction
    assert not correction.needs_reason and correction.can_change(reason="")


def test_the_players_change_only_a_sheet_being_entered(riichi):
    table, users = riichi
    assert ask(PLAYERS, table).can_change()
    draft(table, users)
    assert ask(PLAYERS, table).can_change()
    submitted_sheet = services.submit_sheet(table, by=users["judge"], version=1)
    assert submitted_sheet.status == "submitted"
    assert_refused(ask(PLAYERS, table).can_change(), policy.JUDGES_ONLY)


def test_the_command_line_may_change_any_sheet(riichi):
    table, users = riichi
    confirmed(table, users)
    command_line = ask(None, table)
    assert command_line.can_change(reason="") and command_line.makes_correction


def test_the_service_raises_the_policys_refusal(riichi):
    table, users = riichi
    confirmed(table, users)
    with pytest.raises(NotAllowed) as refused:
        services.save_final_scores(table, FIXED, by=users["director"], base_version=1)
    assert refused.value.code == policy.REASON_NEEDED
    with translation.override("ja"):
        assert ask(users["director"], table).can_change(reason="").message != (
            "Say why the confirmed sheet is corrected."
        )


# --- can_submit --------------------------------------------------------------------------------


def test_who_may_submit_and_when(riichi):
    table, users = riichi
    assert_refused(ask(users["judge"], table).can_submit(), policy.NOT_BEING_ENTERED)
    sheet = draft(table, users)
    assert ask(users["judge"], table).can_submit()
    assert ask(users["judge"], table).can_submit(version=sheet.version)
    assert ask(PLAYERS, table).can_submit(version=sheet.version)  # their phone is checked apart
    assert_refused(ask(users["judge"], table).can_submit(version=sheet.version + 1), policy.STALE)
    assert_refused(ask(users["viewer"], table).can_submit(), policy.MAY_NOT_ENTER)
    services.submit_sheet(table, by=users["judge"], version=sheet.version)
    again = assert_refused(
        ask(users["judge"], table).can_submit(version=sheet.version), policy.NOT_BEING_ENTERED
    )
    assert again.message == "Only a sheet being entered can be submitted."


# --- can_confirm -------------------------------------------------------------------------------


def test_someone_else_confirms_a_submitted_sheet(riichi):
    table, users = riichi
    sheet = draft(table, users)
    assert_refused(ask(users["judge2"], table).can_confirm(), policy.NOT_SUBMITTED)
    services.submit_sheet(table, by=users["judge"], version=sheet.version)
    own = assert_refused(
        ask(users["judge"], table).can_confirm(version=sheet.version), policy.OWN_SHEET
    )
    assert own.message == "You entered this sheet: someone else must confirm it."
    for who in ("viewer", "outsider"):
        assert_refused(ask(users[who], table).can_confirm(), policy.MAY_NOT_CONFIRM)
    command_line = ask(None, table).can_confirm()
    assert command_line.code == policy.MAY_NOT_CONFIRM
    assert_refused(ask(users["judge2"], table).can_confirm(version=sheet.version - 1), policy.STALE)
    assert ask(users["judge2"], table).can_confirm(version=sheet.version)
    assert ask(users["director"], table).can_confirm()


def test_an_answer_raises_its_refusal_with_its_code(riichi):
    table, users = riichi
    draft(table, users)
    ask(users["judge"], table).can_change().check()  # allowed: nothing raised
    with pytest.raises(NotAllowed) as refused:
        ask(users["viewer"], table).can_change().check()
    assert refused.value.code == policy.MAY_NOT_ENTER
    assert refused.value.message == "You may not enter results in this event."


def test_a_change_of_a_correction_is_a_correction_whoever_makes_it(riichi):
    """The rule had drifted: a change with no user (an import, the players' phones) of a
    correction being entered made a plain version, while a seating correction kept it one."""
    table, users = riichi
    confirmed(table, users)
    services.save_final_scores(table, FIXED, by=users["director"], base_version=1, reason="typo")
    again = services.save_final_scores(table, SCORES, by=None, base_version=2)
    assert again.version == 3 and again.is_correction
