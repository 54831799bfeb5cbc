"""An online table's game filed from its Tenhou log, through the page (issue #36)."""

from __future__ import annotations

import gzip

from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.core.seats import SEATS
from tests.tournament.results.online.conftest import (
    carried,
    log_bytes,
    log_url,
    players_by_name,
    sheets_of,
)
from tournament.results.models import GameLogUse, OnlineName, ScoreSheet
from tournament.results.sheet import services
from tournament.results.sheet.rulings import consequences
from tournament.seating.models import Seat

EXAMPLE_NAMES = ("Mpeace", "テンパイ少年", "羽根の無い冷房", "MitYa")
# Who played as whom in these tests: log seat i (0 deals first) -> the table's player.
PLAYED_AS = ("Dmitri Orlov", "Akagi Shigeru", "Carla Diaz", "Bai Lan")


# Tenhou's log id of example.xml's game, as its replay's address gives it.
EXAMPLE_ID = "2010081910gm-00a9-0000-1c1b4f1b"


def check(client, table, data=None, name="example.mjlog", log_id=EXAMPLE_ID, **post):
    """Check ``data`` on ``table``'s log page, the log id typed in as a director would."""
    files = {}
    if data is not None:
        files["log_file"] = SimpleUploadedFile(name, data)
    return client.post(log_url(table), {"action": "check", "log_id": log_id, **post, **files})


def answers(table, played_as=PLAYED_AS) -> dict:
    ids = players_by_name(table)
    return {f"player_{i}": ids[name] for i, name in enumerate(played_as)}


def test_a_log_checked_then_saved_becomes_a_submitted_sheet(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(
        client, table, log_bytes("example.xml"), name="2010081910gm-00a9-0000-1c1b4f1b.mjlog"
    )
    assert page.status_code == 200
    html = page.content.decode()
    for name in EXAMPLE_NAMES:
        assert name in html
    assert "Who played under this name?" in html  # no player of the table has a Tenhou name
    assert 'id="log-agrees"' in html and 'id="save-log"' in html
    assert 'id="log-hand-9"' in html and "Riichi" in html
    assert not sheets_of(table).exists()  # a preview saves nothing

    saved = client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    assert saved.status_code == 302
    head = sheets_of(table).get()
    assert head.status == ScoreSheet.Status.SUBMITTED and head.submitted_by == users["judge"]
    assert head.reason_code == "game_log"
    assert head.reason_params == {"log_id": EXAMPLE_ID, "file": f"{EXAMPLE_ID}.mjlog"}
    assert head.hands.count() == 9 and head.complete and head.balanced
    use = GameLogUse.objects.get()
    assert (use.table, use.sheet, use.names) == (table, head, list(EXAMPLE_NAMES))
    # Each player took the wind of their log seat; each name is remembered for the event.
    winds = {s.registration.name: s.wind for s in Seat.objects.filter(table=table)}
    assert winds == dict(zip(PLAYED_AS, SEATS, strict=True))
    memory = {m.name: m.registration.name for m in OnlineName.objects.all()}
    assert memory == dict(zip(EXAMPLE_NAMES, PLAYED_AS, strict=True))
    # The history names the log; a second person confirms it as any sheet.
    history = client.get(log_url(table).replace("log/", "history/")).content.decode()
    assert "entered from the online game&#x27;s log 2010081910gm-00a9-0000-1c1b4f1b" in history
    client.force_login(users["judge2"])
    confirm = client.post(log_url(table).replace("log/", "confirm/"), {"version": head.version})
    assert confirm.status_code == 302
    head.refresh_from_db()
    assert head.status == ScoreSheet.Status.CONFIRMED and head.confirmed_by == users["judge2"]


def test_the_sheet_pays_as_the_log_and_ends_with_its_result(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    head = sheets_of(table).get()
    # owari of example.xml, read from the file: final points in hundreds, then results.
    text = log_bytes("example.xml").decode()
    owari = text.split('owari="')[1].split('"')[0].split(",")
    points = [int(float(v) * 100) for v in owari[0:8:2]]
    assert [head.result["final_points"][s] for s in SEATS] == points
    scores = [float(head.result["session"][s]["score"]) for s in SEATS]
    assert scores == [float(v) for v in owari[1:8:2]]


def test_the_names_are_remembered_for_the_event(client, tenhou_tables):
    (table, other), users = tenhou_tables
    client.force_login(users["director"])
    page = check(client, table, log_bytes("example.xml"))
    client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    # The other table's players have other names; the memory points at table 1's.
    again = check(client, other, log_bytes("bug1.xml")).content.decode()
    assert "Who played under this name?" in again
    OnlineName.objects.create(
        event=table.round.event,
        name="このきー",
        registration=other.seats.get(wind="S").registration,
    )
    again = check(client, other, log_bytes("bug1.xml")).content.decode()
    assert "as matched earlier in this event" in again


def test_the_same_game_twice_is_refused_naming_where_it_is(client, tenhou_tables):
    (table, other), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    versions = ScoreSheet.objects.count()
    for target, data in (
        (other, log_bytes("example.xml")),
        (table, gzip.compress(log_bytes("example.xml"))),
    ):
        again = check(client, target, data)
        html = again.content.decode()
        assert "This game is already filed on Table 1, round 1 (" in html
        assert 'id="save-log"' not in html
        forced = client.post(
            log_url(target),
            {
                **carried(again),
                **answers(target, [n if target == table else f"{n} 2" for n in PLAYED_AS]),
                "action": "save",
            },
        )
        assert forced.status_code == 400 and "already filed on Table 1" in forced.content.decode()
    assert ScoreSheet.objects.count() == versions and GameLogUse.objects.count() == 1


def test_taking_a_log_off_frees_the_game_for_another_table(client, tenhou_tables):
    (table, other), users = tenhou_tables
    client.force_login(users["director"])
    page = check(client, table, log_bytes("example.xml"))
    client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    head = sheets_of(table).order_by("version").last()
    off = client.post(
        log_url(table),
        {"action": "take_off", "base_version": head.version, "reason": "the game of table 2"},
    )
    assert off.status_code == 302
    head = sheets_of(table).order_by("version").last()
    assert head.reason_code == "game_log_removed" and head.hands.count() == 0
    use = GameLogUse.objects.get()
    assert use.released_by == users["director"] and use.release_reason == "the game of table 2"
    page = check(client, other, log_bytes("example.xml"))
    assert 'id="save-log"' in page.content.decode()
    done = client.post(
        log_url(other),
        {**carried(page), **answers(other, [f"{n} 2" for n in PLAYED_AS]), "action": "save"},
    )
    assert (
        done.status_code == 302 and GameLogUse.objects.filter(released_at=None).get().table == other
    )


def test_a_double_tap_on_save_saves_once(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    post = {**carried(page), **answers(table), "action": "save"}
    assert client.post(log_url(table), post).status_code == 302
    assert client.post(log_url(table), post).status_code == 302
    assert sheets_of(table).count() == 1 and GameLogUse.objects.count() == 1


def test_the_page_speaks_japanese(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    client.cookies["django_language"] = "ja"
    html = check(
        client, table, log_bytes("example.xml"), HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    assert "立直" in html
    assert "Who played under this name?" not in html and "Check again" not in html


def test_the_table_page_links_to_it_only_for_a_family_that_reads_logs(
    client, tenhou_tables, make_table, staff
):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = client.get(log_url(table).replace("log/", ""))
    assert 'id="game-log-link"' in page.content.decode()
    mcr = make_table("mcr", slug="mcr-day")
    mcr_users = staff(mcr.round.event)
    client.force_login(mcr_users["judge"])
    assert 'id="game-log-link"' not in client.get(log_url(mcr).replace("log/", "")).content.decode()
    assert client.get(log_url(mcr)).status_code == 404


def test_a_confirmed_sheet_is_corrected_by_a_director_only(client, tenhou_tables):
    """A table typed in by hand and confirmed, then its log: a director's correction."""
    (table, _), users = tenhou_tables
    draw = {"outcome": "draw", "tenpai": [], "riichi": []}
    sheet = services.add_hand(table, draw, by=users["judge"], base_version=0)
    services.submit_sheet(table, by=users["judge"], version=sheet.version)
    services.confirm_sheet(table, by=users["judge2"], version=sheet.version)
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    refused = client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    assert refused.status_code == 400 and "only a director" in refused.content.decode().lower()
    assert not GameLogUse.objects.exists()

    client.force_login(users["director"])
    page = check(client, table, log_bytes("example.xml"))
    saved = client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    assert saved.status_code == 302
    head = sheets_of(table).order_by("version").last()
    assert head.is_correction and head.status == ScoreSheet.Status.SUBMITTED
    assert head.parent.status == ScoreSheet.Status.CONFIRMED  # until the correction is confirmed
    client.force_login(users["judge2"])
    client.post(log_url(table).replace("log/", "confirm/"), {"version": head.version})
    head.refresh_from_db()
    assert head.status == ScoreSheet.Status.CONFIRMED
    assert sheets_of(table).get(version=sheet.version).status == ScoreSheet.Status.SUPERSEDED


def test_the_seats_change_in_their_history_and_the_table_page_names_the_log(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    reasons = {h.history_change_reason for h in Seat.history.filter(table_id=table.pk)}
    assert any("seat.from_game_log" in (r or "") for r in reasons)
    html = client.get(log_url(table).replace("log/", "")).content.decode()
    assert "from the online game's log 2010081910gm-00a9-0000-1c1b4f1b" in html
    # The log's page shows it filed, with the way to take it off.
    html = client.get(log_url(table)).content.decode()
    assert 'id="filed-log"' in html and 'id="take-off"' in html


def test_where_our_engine_and_the_log_disagree_the_hand_is_marked(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    # Hand 2's AGARI says 8,600 where the hand is worth 8,000 (a mangan by self-draw).
    wrong = log_bytes("example.xml").replace(b'ten="20,8000,1"', b'ten="20,8600,1"', 1)
    html = check(client, table, wrong).content.decode()
    assert 'id="log-differs"' in html and 'id="log-agrees"' not in html
    assert "disagree in 1 place" in html
    # Named by the Tenhou name until the players are chosen.
    assert "points (羽根の無い冷房): our engine 8,000, the log 8,600" in html
    hand = html.split('id="log-hand-2"')[1].split("</li>\n  \n    <li")[0]
    assert "log-mark" in hand


def test_a_hand_the_event_pays_otherwise_is_marked_with_tenhous_payments(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    # A chip lobby rounds 4 han 30 fu up to a mangan (kiriage); the tenhou preset does not.
    html = check(client, table, log_bytes("chip.xml_")).content.decode()
    assert 'id="log-agrees"' in html  # our engine agrees with Tenhou under the lobby's rules
    assert "1 hand is paid otherwise under this event's rules" in html
    hand = html.split('id="log-hand-1"')[1].split('id="log-hand-2"')[0]
    assert "Tenhou paid:" in hand and "+12,000" in hand


def test_a_game_without_its_log_id_is_asked_for_it(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = client.post(
        log_url(table), {"action": "check", "log_xml": log_bytes("example.xml").decode()}
    )
    html = page.content.decode()
    assert 'id="log-id-needed"' in html and 'name="log_id"' in html
    post = {**carried(page), **answers(table), "action": "save"}
    refused = client.post(log_url(table), post)
    assert refused.status_code == 400 and "Give the game&#x27;s log id" in refused.content.decode()
    assert not sheets_of(table).exists() and not GameLogUse.objects.exists()
    address = f"https://tenhou.net/0/?log={EXAMPLE_ID}&tw=2"
    saved = client.post(log_url(table), {**post, "log_id": address})
    assert saved.status_code == 302
    head = sheets_of(table).get()
    assert head.reason_params == {"log_id": EXAMPLE_ID, "file": "—"}  # pasted: no file
    assert GameLogUse.objects.get().log_id == EXAMPLE_ID


def test_a_log_that_stops_before_the_games_end_is_kept_as_a_draft(client, tenhou_tables):
    """A game cut at a hand's end (the client left early): its hands, not submitted."""
    (table, _), users = tenhou_tables
    text = log_bytes("example.xml").decode()
    fifth = text.index("<INIT", text.index("<INIT") + 1)
    for _ in range(3):
        fifth = text.index("<INIT", fifth + 1)
    cut = (text[:fifth] + "</mjloggm>").encode()  # hands 1-4 only
    client.force_login(users["judge"])
    page = check(client, table, cut)
    assert page.status_code == 200 and 'id="save-log"' in page.content.decode()
    saved = client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    assert saved.status_code == 302
    head = sheets_of(table).get()
    assert head.status == ScoreSheet.Status.DRAFT and head.hands.count() == 4
    assert not head.complete
    follow = client.get(log_url(table).replace("log/", "")).content.decode()
    assert "The log stops before the game&#x27;s end." in follow


def _ruling(table, judge, kind, player, penalties=None, base=0):
    effect = consequences(table.round.event, kind, player)
    return services.record_ruling(
        table,
        by=judge,
        base_version=base,
        kind=kind,
        player=player,
        decision="as the judge saw it",
        rule_reference=effect["rule_reference"],
        penalties=effect["penalties"] if penalties is None else penalties,
        hand_entry=effect["hand_entry"],
    )


def test_a_judges_penalty_stays_on_the_sheet_the_log_fills(client, tenhou_tables):
    """A conduct penalty given at the online table is not in the log: it stays, counted."""
    (table, _), users = tenhou_tables
    fine = {
        "player": "S",
        "points": -3000,
        "scope": "table_score",
        "distribution": "equal_to_others",
    }
    _ruling(table, users["judge"], "conduct", "S", penalties=[fine])
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    # Checked again with the players chosen, the preview's session result shows the
    # penalty where its player now sits.
    page = client.post(log_url(table), {**carried(page), **answers(table), "action": "check"})
    footer = page.content.decode().split('class="session-footer"')[1]
    bai_lan = footer.split("Bai Lan")[1].split("</td>")[0]
    assert "penalties −3" in bai_lan
    saved = client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    assert saved.status_code == 302
    head = sheets_of(table).order_by("version").last()
    ruling = head.rulings.get()
    assert ruling.kind == "conduct" and head.hands.count() == 9
    # The penalty was Bai Lan's (seated S); the log seats her North (log seat 3), and
    # the ruling follows her: −3,000 before ranking, 1,000 to each of the others.
    assert ruling.player == "N" and ruling.penalties.get().player == "N"
    penalty = {s: head.result["session"][s]["penalty"] for s in SEATS}
    assert penalty == {"E": "1", "S": "1", "W": "1", "N": "-3"}  # in thousands


def test_a_chombo_row_on_the_sheet_must_be_cancelled_first(client, tenhou_tables):
    (table, _), users = tenhou_tables
    _ruling(table, users["judge"], "chombo", "N")
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    html = page.content.decode()
    assert 'id="log-ruling-rows"' in html and 'id="save-log"' not in html
    forced = client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    assert forced.status_code == 400 and "Cancel that ruling" in forced.content.decode()
    assert not GameLogUse.objects.exists() and sheets_of(table).count() == 1
