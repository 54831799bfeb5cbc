"""The judge's pages under /j/: who may do what, entering hands, errors and conflicts.

Uses the results fixtures (``make_table``, ``staff``): a started event with
one seated table whose players sit E, S, W, N, and users by role (director,
judge, judge2, viewer, and an outsider who judges another event).
"""

from __future__ import annotations

import re

import pytest
from django.utils.timezone import now

from tests.tournament.results.hands import HKOS_TILES, MCR_TILES, POSTED_RON
from tests.tournament.results.hands import RON as RON_ENTRY
from tournament.results.models import HandRecord, Ruling, ScoreSheet
from tournament.results.sheet import services
from tournament.seating.models import Round

RIICHI_RON = {**POSTED_RON, "riichi": ["S"]}


@pytest.fixture
def users(staff, table, make_event):
    return staff(table.round.event, other_event=make_event(slug="other"))


def url(*parts, table=1):
    """``url("hand", 2, "remove")`` -> "/j/cup/1/1/hand/2/remove/"."""
    return f"/j/cup/1/{table}/" + "".join(f"{p}/" for p in parts)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def post_hand(client, path=None, **changes):
    return client.post(path or url("hand"), {**RIICHI_RON, **changes})


def head(table):
    return services.head_of(table)


def with_hand(table, user):
    return services.add_hand(table, RON_ENTRY, by=user, base_version=0)


# --- every URL, every role ---------------------------------------------------------------

READS = [url(), url("history"), url("v1"), "/j/cup/1/"]
WRITES = [
    url("hand"),
    url("hand", 1),
    url("hand", 1, "remove"),
    url("ruling"),
    url("ruling", "void"),
    url("final"),
    url("submit"),
    url("confirm"),
]


def test_urls_are_short_and_stable():
    from django.urls import reverse

    assert reverse("results:table", args=["cup", 1, 2]) == "/j/cup/1/2/"
    assert reverse("results:round", args=["cup", 1]) == "/j/cup/1/"
    assert reverse("results:version", args=["cup", 1, 2, 3]) == "/j/cup/1/2/v3/"


# The table's own page is the sheet's QR code: visitors get its public page (issue #18).
STAFF_READS = [path for path in READS if path != url()]


@pytest.mark.parametrize("path", STAFF_READS + [url("hand", 1)])
def test_anonymous_get_goes_to_login_and_back(client, table, users, path):
    with_hand(table, users["judge"])
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={path}"


@pytest.mark.parametrize("path", WRITES)
def test_anonymous_post_goes_to_login_then_to_the_table(client, table, users, path):
    with_hand(table, users["judge"])
    response = client.post(path, {**RIICHI_RON, "base_version": "1", "version": "1"})
    assert response.status_code == 302
    # Back to the table's page, not to a URL that only takes posts.
    assert response["Location"] == "/accounts/login/?next=/j/cup/1/1/"
    assert ScoreSheet.objects.count() == 1


@pytest.mark.parametrize("path", READS + WRITES)
def test_a_judge_of_another_event_is_refused(client, table, users, path):
    with_hand(table, users["judge"])
    client.force_login(users["outsider"])
    if path == url():  # the table's public page (the QR code), without the sheet
        # Round 1 is seated, not published: not found, as its round page is (issue #32).
        assert client.get(path).status_code == 404
        Round.objects.filter(pk=table.round_id).update(status="published", published_at=now())
        page = client.get(path)
        assert page.status_code == 200 and 'id="call-judge"' in page.content.decode()
        assert 'name="base_version"' not in page.content.decode()
    else:
        assert client.get(path).status_code in (403, 405)
    response = client.post(path, {**RIICHI_RON, "base_version": "1", "version": "1"})
    assert response.status_code == 403
    assert ScoreSheet.objects.count() == 1


def test_a_viewer_reads_but_cannot_write(client, table, users):
    with_hand(table, users["judge"])
    client.force_login(users["viewer"])
    for path in READS:
        assert client.get(path).status_code == 200, path
    page = text(client.get(url()))
    assert "35,200" not in page  # 2 han 30 fu: S +2,000
    assert "32,000" in page
    assert 'id="enter"' not in page and "Record ruling" not in page
    assert client.get(url("hand", 1)).status_code == 403
    for path in WRITES:
        response = client.post(path, {**RIICHI_RON, "base_version": "1", "version": "1"})
        assert response.status_code == 403, path
    assert ScoreSheet.objects.count() == 1


def test_a_judge_submits_and_may_not_confirm_their_own_sheet(client, table, users):
    client.force_login(users["judge"])
    assert post_hand(client).status_code == 302
    page = text(client.get(url()))
    assert 'id="submit-sheet"' in page
    assert client.post(url("submit"), {"version": "1", "ended_early": "on"}).status_code == 302
    assert head(table).status == "submitted"
    page = text(client.get(url()))
    assert 'id="confirm-sheet"' not in page
    assert "someone else must confirm it" in page
    refused = client.post(url("confirm"), {"version": "1"})
    assert refused.status_code == 403
    assert "You entered this sheet: someone else must confirm it." in text(refused)
    assert head(table).status == "submitted"
    # Another judge of the event confirms.
    client.force_login(users["judge2"])
    assert 'id="confirm-sheet"' in text(client.get(url()))
    assert client.post(url("confirm"), {"version": "1"}).status_code == 302
    sheet = head(table)
    assert sheet.status == "confirmed"
    assert sheet.confirmed_by == users["judge2"]


def test_a_confirmed_sheet_is_corrected_by_a_director_with_a_reason(client, table, users):
    sheet = with_hand(table, users["judge"])
    services.submit_sheet(table, by=users["judge"], version=sheet.version)
    services.confirm_sheet(table, by=users["judge2"], version=sheet.version)
    client.force_login(users["judge"])
    page = text(client.get(url()))
    assert "only a director can correct it" in page
    assert 'id="enter"' not in page
    response = post_hand(client, base_version="1")
    assert response.status_code == 403
    assert "only a director can correct it, with a reason" in text(response)
    client.force_login(users["director"])
    missing = post_hand(client, base_version="1")
    assert missing.status_code == 400
    assert "Say why the confirmed sheet is corrected." in text(missing)
    assert ScoreSheet.objects.count() == 1
    done = post_hand(client, base_version="1", reason="hand 2 missed at the table")
    assert done.status_code == 302
    correction = head(table)
    assert correction.version == 2 and correction.is_correction
    assert correction.reason == "hand 2 missed at the table"
    assert ScoreSheet.objects.get(version=1).status == "confirmed"
    history = text(client.get(url("history")))
    assert "hand 2 missed at the table" in history and "Confirmed" in history


def test_the_director_may_do_everything(client, table, users):
    client.force_login(users["director"])
    assert post_hand(client).status_code == 302
    assert client.post(url("submit"), {"version": "1", "ended_early": "on"}).status_code == 302
    # The director did not enter it? They did: someone else confirms.
    assert client.post(url("confirm"), {"version": "1"}).status_code == 403
    client.force_login(users["judge"])
    assert client.post(url("confirm"), {"version": "1"}).status_code == 302
    for path in READS:
        assert client.get(path).status_code == 200


# --- entering hands ----------------------------------------------------------------------------


def test_a_value_hand_is_saved_and_shown_with_running_totals(client, table, users):
    client.force_login(users["judge"])
    html = text(client.get(url()))
    assert "Akagi Shigeru" in html and "Next: E1-0" in html
    assert 'name="base_version" value="0"' in html
    response = post_hand(client)
    assert response.status_code == 302
    assert response["Location"] == url() + "#hand-1"
    sheet = head(table)
    assert sheet.version == 1 and sheet.created_by == users["judge"]
    assert sheet.hands.get().totals == {"E": 30000, "S": 35200, "W": 24800, "N": 30000}
    html = text(client.get(url()))
    assert "Hand 1 (E1-0) saved." in html
    assert "+5,200" in html and "−5,200" in html
    assert "35,200" in html and "24,800" in html
    assert "✓ balanced" in html
    assert "Next: E2-0" in html
    assert "3 han 40 fu" in html
    assert 'name="base_version" value="1"' in html
    # A second hand: a draw with S tenpai, running totals carry on.
    response = post_hand(
        client, base_version="1", outcome="draw", riichi=[], tenpai=["S"], han="", fu=""
    )
    assert response.status_code == 302
    totals = [h.totals for h in head(table).hands.order_by("number")]
    assert totals[1] == {"E": 29000, "S": 38200, "W": 23800, "N": 29000}
    html = text(client.get(url()))
    assert "38,200" in html and "Exhaustive draw" in html


FAMILY_POSTS = [
    # (ruleset, what the judge taps, the entry the replay gets, the deltas)
    (
        "zung-jung",
        {"outcome": "discard", "winner": "E", "discarder": "S", "points": "70"},
        {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "points": 70},
        {"E": 210, "S": -160, "W": -25, "N": -25},  # Zung Jung §7, the worked example
    ),
    (
        "hkos",
        {"outcome": "self_draw", "winner": "S", "faan": "4", "discarder": "W"},
        {"outcome": "self_draw", "level": "value", "winner": "S", "faan": 4},
        {"E": -32, "S": 96, "W": -32, "N": -32},  # HKOS §4: 4 faan, V 64, half each
    ),
    (
        "mcr",
        {"outcome": "self_draw", "winner": "N", "fan": "8", "flowers": "2"},
        {"outcome": "self_draw", "level": "value", "winner": "N", "fan": 8, "flowers": 2},
        {"E": -18, "S": -18, "W": -18, "N": 54},  # MCR: 3 x (10 + 8)
    ),
    (
        "tenhou",
        {"outcome": "abortive", "winner": "N", "riichi": ["E"]},
        {"outcome": "abortive", "level": "value", "riichi": ["E"]},
        {"E": -1000, "S": 0, "W": 0, "N": 0},  # the stick stays on the table
    ),
]


@pytest.mark.parametrize("ruleset, tapped, entry, deltas", FAMILY_POSTS)
def test_each_family_posts_its_own_entry(client, make_table, staff, ruleset, tapped, entry, deltas):
    table = make_table(ruleset, slug="cup")
    client.force_login(staff(table.round.event)["judge"])
    response = client.post(url("hand"), {"base_version": "0", "level": "value", **tapped})
    assert response.status_code == 302, text(response)
    record = head(table).hands.get()
    assert record.entry == entry
    assert record.deltas == deltas


def test_a_hkos_hand_by_tiles_with_its_flowers(client, make_table, staff):
    table = make_table("hkos", slug="cup")
    client.force_login(staff(table.round.event)["judge"])
    tapped = {"base_version": "0", "level": "tiles", **HKOS_TILES, "flags": ["last_tile"]}
    response = client.post(url("hand"), {**tapped, "action": "check"})
    assert response.status_code == 200, text(response)
    assert "Nothing is saved yet." in text(response)
    assert client.post(url("hand"), tapped).status_code == 302
    hand = head(table).hands.get().entry["hand"]
    assert hand["melds"] == [
        {"type": "pon", "tiles": "777z", "concealed": False},
        {"type": "kan", "tiles": "1111s", "concealed": True},
    ]
    assert hand["flowers"] == [1, 5] and hand["flags"] == ["last_tile"]
    assert hand["concealed"] == "234m678p5s"


def test_a_riichi_hand_by_tiles_carries_the_winners_riichi(client, table, users):
    client.force_login(users["judge"])
    tapped = {
        **RIICHI_RON,
        "level": "tiles",
        "han": "",
        "fu": "",
        "concealed": "234m 567p 234s 678s 5m",
        "win_tile": "5m",
        "dora_indicators": "1z",
        "flags": ["ippatsu"],
    }
    response = client.post(url("hand"), tapped)
    assert response.status_code == 302, text(response)
    record = head(table).hands.get()
    assert record.entry["hand"]["flags"] == ["riichi", "ippatsu"]
    assert "Riichi" in text(client.get(url()))  # the breakdown is kept with the row


def test_check_previews_the_hand_without_saving(client, table, users):
    client.force_login(users["judge"])
    response = post_hand(client, action="check")
    assert response.status_code == 200
    html = text(response)
    assert "Nothing is saved yet." in html
    assert "+5,200" in html and "35,200" in html
    assert not ScoreSheet.objects.exists()
    assert 'value="40" selected' in html  # what was typed stays in the form


def test_check_shows_the_breakdown_of_a_tiles_hand(client, make_table, staff):
    table = make_table("mcr", slug="cup", entry_level="tiles")
    users = staff(table.round.event)
    client.force_login(users["judge"])
    response = client.post(
        url("hand"), {"base_version": "0", "level": "tiles", **MCR_TILES, "action": "check"}
    )
    assert response.status_code == 200
    html = text(response)
    assert "Pure Straight" in html and "Flower Tiles" in html
    assert not ScoreSheet.objects.exists()


def test_bad_input_is_shown_next_to_its_field_and_nothing_is_saved(client, table, users):
    client.force_login(users["judge"])
    with_hand(table, users["judge"])
    before = (ScoreSheet.objects.count(), HandRecord.objects.count())
    # The engine refuses: 1 han 20 fu cannot be a ron.
    response = post_hand(client, base_version="1", han="1", fu="20")
    assert response.status_code == 400
    html = text(response)
    # Next to its input (and after its label in the summary) the sentence alone (issue #35).
    assert "no hand is worth 1 han 20 fu" in html and "Hand 2, fu:" not in html
    assert re.search(
        r'field fu-field field-error.*?<p class="error">no hand is worth 1 han 20 fu', html
    )
    assert '<a href="#id_fu">Fu</a>: no hand is worth 1 han 20 fu' in html
    assert 'value="20" selected' in html and 'value="W" checked' in html
    # The form refuses: a ron needs a discarder.
    response = post_hand(client, base_version="1", discarder="")
    assert response.status_code == 400
    assert "Choose who discarded the winning tile." in text(response)
    # The replay refuses: the winner cannot have discarded.
    response = post_hand(client, base_version="1", discarder="S")
    assert response.status_code == 400
    html = text(response)
    assert "Hand 2, discarder:" not in html
    assert re.search(
        r'id="id_discarder".*?<p class="error">the discarder cannot be the winner\.', html
    )
    assert (ScoreSheet.objects.count(), HandRecord.objects.count()) == before


def test_a_hand_is_corrected_and_removed(client, table, users):
    client.force_login(users["judge"])
    post_hand(client)
    post_hand(client, base_version="1", winner="N", discarder="E", riichi=[], han="1", fu="30")
    page = text(client.get(url("hand", 1)))
    assert "Correct hand 1 (E1-0)" in page
    assert 'value="S" checked' in page and 'value="40" selected' in page
    response = post_hand(client, url("hand", 1), base_version="2", han="4", fu="30")
    assert response.status_code == 302
    sheet = head(table)
    assert sheet.version == 3
    assert sheet.hands.get(number=1).deltas["S"] == 8000  # 4 han 30 fu: mangan (kiriage)
    response = client.post(url("hand", 2, "remove"), {"base_version": "3", "reason": "twice"})
    assert response.status_code == 302
    assert head(table).hands.count() == 1
    assert client.get(url("hand", 5)).status_code == 404
    assert [s.version for s in ScoreSheet.objects.order_by("version")] == [1, 2, 3, 4]


# --- rulings and final scores ------------------------------------------------------------


def test_an_mcr_false_win_is_shared_by_the_other_three(client, make_table, staff):
    table = make_table("mcr", slug="cup")
    users = staff(table.round.event)
    client.force_login(users["judge"])
    page = text(client.get(url()))
    assert "MCR §9 false win" in page  # the rule each kind rests on, before choosing
    response = client.post(
        url("ruling"),
        {
            "base_version": "0",
            "kind": "false_win",
            "player": "W",
            "decision": "Declared mahjong on 4p",
        },
    )
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.rule_reference == "MCR §9 false win"
    assert [(p.player, p.points, p.distribution) for p in ruling.penalties.all()] == [
        ("W", -30, "equal_to_others")
    ]
    html = text(client.get(url()))
    assert "Declared mahjong on 4p" in html
    assert "−30" in html and "+10" in html
    # Cancelling needs a reason; the ruling stays, marked void.
    key = str(ruling.key)
    response = client.post(url("ruling", "void"), {"base_version": "1", "key": key, "reason": ""})
    assert response.status_code == 400
    response = client.post(
        url("ruling", "void"), {"base_version": "1", "key": key, "reason": "it was a real win"}
    )
    assert response.status_code == 302
    assert head(table).rulings.get().voided_at is not None
    assert "it was a real win" in text(client.get(url()))


def test_a_ruling_without_a_decision_is_refused(client, table, users):
    client.force_login(users["judge"])
    response = client.post(url("ruling"), {"base_version": "0", "kind": "chombo", "player": "E"})
    assert response.status_code == 400
    assert "Decision" in text(response)
    assert not ScoreSheet.objects.exists()


def test_a_riichi_chombo_adds_a_chombo_row(client, table, users):
    client.force_login(users["judge"])
    client.post(
        url("ruling"),
        {"base_version": "0", "kind": "chombo", "player": "N", "decision": "noten riichi"},
    )
    sheet = head(table)
    assert sheet.hands.get().outcome == "chombo"
    html = text(client.get(url()))
    assert "Chombo" in html and "noten riichi" in html


def test_final_scores_only(client, make_table, staff):
    table = make_table("wrc", slug="cup", entry_level="final")
    users = staff(table.round.event)
    client.force_login(users["judge"])
    page = text(client.get(url()))
    assert 'id="final-form"' in page and 'id="enter"' not in page
    scores = {"score_E": "40000", "score_S": "30000", "score_W": "25000", "score_N": "24000"}
    response = client.post(url("final"), {"base_version": "0", **scores, "leftover_sticks": "0"})
    assert response.status_code == 400
    assert "must total 120000" in text(response) or "120,000" in text(response)
    assert not ScoreSheet.objects.exists()
    response = client.post(url("final"), {"base_version": "0", **scores, "leftover_sticks": "1"})
    assert response.status_code == 302
    html = text(client.get(url()))
    assert "40,000" in html and "Session result" in html


# --- conflicts, versions, the round ------------------------------------------------------


def test_two_saves_on_the_same_version_keep_both(client, table, users):
    client.force_login(users["judge"])
    assert post_hand(client).status_code == 302
    client.force_login(users["judge2"])
    response = post_hand(client, winner="N", discarder="E", riichi=[], han="1", fu="30")
    assert response.status_code == 409
    html = text(response)
    assert "saved this sheet while you were entering" in html
    assert "Current version (theirs)" in html and "Your entry (not applied)" in html
    assert "Bai Lan" in html and "Dmitri Orlov" in html
    statuses = list(ScoreSheet.objects.order_by("version").values_list("version", "status"))
    assert statuses == [(1, "draft"), (2, "conflict")]
    # "Apply mine again" posts the same entry on top of theirs.
    assert 'name="base_version" value="1"' in html
    assert 'name="winner" value="N"' in html
    response = post_hand(
        client, base_version="1", winner="N", discarder="E", riichi=[], han="1", fu="30"
    )
    assert response.status_code == 302
    sheet = head(table)
    assert sheet.version == 3 and sheet.hands.count() == 2
    # The conflict stays readable, next to the head.
    page = text(client.get(url("v2")))
    assert "This conflicting entry (not applied)" in page and "Current version" in page


def test_history_lists_every_version(client, table, users):
    client.force_login(users["judge"])
    post_hand(client)
    post_hand(client, base_version="1", action="save", winner="E", discarder="N", riichi=[])
    html = text(client.get(url("history")))
    assert "Version 1" in html and "Version 2" in html
    assert "hand 2 entered" in html and "judge-cup" in html
    old = text(client.get(url("v1")))
    assert "Read only" in old and "35,200" in old
    assert client.get(url("v9")).status_code == 404


def test_the_round_page_shows_each_tables_state(client, make_table, staff):
    tables = make_table("jpml-b", tables=3, slug="cup")
    users = staff(tables[0].round.event)
    with_hand(tables[0], users["judge"])
    sheet = with_hand(tables[1], users["judge"])
    services.submit_sheet(tables[1], by=users["judge"], version=sheet.version)
    client.force_login(users["viewer"])
    html = text(client.get("/j/cup/1/"))
    assert "1 not started · 1 being entered · 1 submitted · 0 confirmed" in html
    for n in (1, 2, 3):
        assert f'href="/j/cup/1/{n}/"' in html
    client.force_login(users["director"])
    staff_page = text(client.get("/manage/cup/round/1/"))
    assert 'href="/j/cup/1/"' in staff_page and 'href="/j/cup/1/3/"' in staff_page


def test_the_page_speaks_japanese(client, table, users):
    client.force_login(users["judge"])
    with_hand(table, users["judge"])
    html = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="ja"))
    assert "2 翻 30 符" in html  # the value's words, in the reader's language
    assert "次局：東2局0本場" in html and "収支一致" in html and "和了者" in html
