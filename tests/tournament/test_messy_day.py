"""A messy tournament day, run from the director's pages (issue [4/8]).

An MCR event of 32 players over 4 rounds, with two reserves and a house
substitute. The director works only through the pages (the Django test
client): edits the event's number of rounds, makes a judge's login, plans
every round, fills a no-show's seat with a reserve, swaps two players after
results (the sheets go back, the judge confirms again), takes a late arrival,
unpublishes and republishes a seating, withdraws a player after round 2 and
re-plans, finishes the rounds and the event. Results are entered through the
judges' services (a director enters, the judge confirms on the page).

The standings are then checked against an independent computation from the
final seats and the scores entered here: MCR table points 4/2/1/0 by session
score (rules/mcr.md §7), ranked by table points then score (§8); house
substitutes unranked, the withdrawn player listed after everyone, marked.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.events.models import Event, Registration, StaffRole
from tournament.events.services import add_player
from tournament.results.models import ScoreSheet
from tournament.results.sheet import services as results
from tournament.results.sheet.errors import NotAllowed
from tournament.results.sheet.state import head_of
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import standings

WINDS = "ESWN"
TABLE_POINTS = [4, 2, 1, 0]
# Zero-sum final scores, all different at a table, so no tie shares points.
SCORE_SETS = [(64, 12, -30, -46), (38, 25, -17, -46), (90, -20, -31, -39), (21, 8, 3, -32)]


def _scores(round_no: int, table_no: int) -> dict[str, int]:
    base = SCORE_SETS[(round_no + table_no) % len(SCORE_SETS)]
    shift = (round_no * 3 + table_no) % 4
    ordered = base[shift:] + base[:shift]
    return dict(zip(WINDS, ordered, strict=True))


def _no_admin_links(html: str) -> None:
    assert not re.search(r"""href=["'][^"']*/admin/""", html), "a page links to /admin/"


class Day:
    """The director's browser (a test client) and what the test entered."""

    def __init__(self, client, judge_client, event: Event, director, judge):
        self.client = client
        self.judge_client = judge_client
        self.event = event
        self.director = director
        self.judge = judge
        self.entered: dict[tuple[int, int], dict[str, int]] = {}

    def post(self, name: str, *args, data=None, status=302, client=None):
        response = (client or self.client).post(
            reverse(name, args=[self.event.slug, *args]), data or {}
        )
        assert response.status_code == status, (name, response.status_code)
        return response

    def get(self, name: str, *args, client=None):
        response = (client or self.client).get(reverse(name, args=[self.event.slug, *args]))
        assert response.status_code == 200, (name, response.status_code)
        html = response.content.decode()
        _no_admin_links(html)
        return html

    def round(self, number: int) -> Round:
        return Round.objects.get(event=self.event, number=number)

    def seat_of(self, number: int, registration: Registration) -> Seat:
        return Seat.objects.get(
            round__event=self.event, round__number=number, registration=registration
        )

    def play(self, number: int) -> None:
        """Every table: the director enters and submits, the judge confirms on the page."""
        for table in Table.objects.filter(round=self.round(number)).order_by("number"):
            scores = _scores(number, table.number)
            head = head_of(table)
            sheet = results.save_final_scores(
                table, scores, by=self.director, base_version=head.version if head else 0
            )
            sheet = results.submit_sheet(table, by=self.director, version=sheet.version)
            self.confirm(table, sheet.version)
            self.entered[(number, table.number)] = scores

    def confirm(self, table: Table, version: int) -> None:
        response = self.judge_client.post(
            reverse("results:confirm", args=[self.event.slug, table.round.number, table.number]),
            {"version": version},
        )
        assert response.status_code in (200, 302)
        assert head_of(table).status == ScoreSheet.Status.CONFIRMED


def _expected(event: Event, entered) -> tuple[dict[int, tuple[int, int]], set[int]]:
    """Table points and score per registration, from the final seats and the scores entered."""
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for (round_no, table_no), scores in entered.items():
        table = Table.objects.get(round__event=event, round__number=round_no, number=table_no)
        holder = {seat.wind: seat.registration_id for seat in table.seats.all()}
        for place, wind in enumerate(sorted(WINDS, key=lambda w: -scores[w])):
            totals[holder[wind]][0] += TABLE_POINTS[place]
            totals[holder[wind]][1] += scores[wind]
    unranked = set(
        event.registrations.filter(status=Registration.Status.SUBSTITUTE).values_list(
            "pk", flat=True
        )
    )
    return {pk: (tp, score) for pk, (tp, score) in totals.items() if pk not in unranked}, unranked


@pytest.mark.django_db
def test_a_messy_day_from_the_directors_pages(client, settings, make_player):
    settings.SEATING_TIME_BUDGET = 1.0
    User = get_user_model()
    director = User.objects.create_superuser("td", "td@example.org", "a-long-passphrase")
    client.force_login(director)

    # The event, made on the page; its number of rounds set on the edit page.
    response = client.post(
        reverse("manage:event_create"),
        {
            "name": "Messy Open",
            "slug": "messy-open",
            "ruleset": "mcr",
            "ruleset_overrides": "{}",
            "start_date": "2026-12-05",
            "end_date": "2026-12-05",
            "entry_level": "final",
            "is_public": "on",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(slug="messy-open")
    response = client.post(
        reverse("manage:event_edit", args=[event.slug]),
        {
            "name": "Messy Open",
            "start_date": "2026-12-05",
            "end_date": "2026-12-05",
            "is_public": "on",
            "rounds_planned": "4",
            "entry_level": "final",
            "ruleset": "mcr",
            "ruleset_overrides": "{}",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.rounds_planned == 4

    # 32 players in 8 clubs of 4, two reserves and a house substitute.
    players = [
        add_player(event, name=f"Player {i:02d}", club=f"Club {i % 8}", by=director)
        for i in range(1, 33)
    ]
    reserve_1 = add_player(event, name="Reserve Agnès", status="reserve", by=director)
    reserve_2 = add_player(event, name="Reserve Łukasz", status="reserve", by=director)
    house = add_player(event, name="House Kovács", status="substitute", by=director)
    client.post(reverse("manage:event_start", args=[event.slug]))
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING

    # A judge's login, made on the dashboard with a password.
    response = client.post(
        reverse("manage:staff_create", args=[event.slug]),
        {"username": "judge-mei", "role": "judge", "password": "tiles-and-tea-42"},
    )
    assert response.status_code == 302
    judge = User.objects.get(username="judge-mei")
    assert StaffRole.objects.get(event=event, user=judge).role == "judge"
    judge_client = client.__class__()
    assert judge_client.login(username="judge-mei", password="tiles-and-tea-42")
    day = Day(client, judge_client, event, director, judge)
    assert "judge-mei" in day.get("manage:event")

    # Every round planned up front: reserves and the substitute are not needed.
    day.post("seating:plan", data={"method": "balanced"})
    assert list(event.rounds.values_list("number", "status")) == [
        (n, "seated") for n in (1, 2, 3, 4)
    ]
    seated_1 = set(
        Seat.objects.filter(round=day.round(1)).values_list("registration_id", flat=True)
    )
    assert seated_1 == {p.pk for p in players}
    day.post("seating:publish", 1)
    public_round = client.get(reverse("public:round", args=[event.slug, 1])).content.decode()
    assert "Round 1 of 4" in public_round

    # Player 05 does not show up: reserve 1 takes the seat.
    no_show = players[4]
    seat = day.seat_of(1, no_show)
    day.post(
        "seating:replace",
        1,
        data={
            "replace-seat": seat.pk,
            "replace-registration": reserve_1.pk,
            "replace-reason": "no-show, reserve seated",
        },
    )
    seat.refresh_from_db()
    assert seat.registration_id == reserve_1.pk

    day.play(1)
    day.post("standings:publish_results", 1)

    # A swap after results: the preview shows whose results move, Confirm applies it.
    a, b = players[0], players[1]
    seat_a, seat_b = day.seat_of(1, a), day.seat_of(1, b)
    if seat_a.table_id == seat_b.table_id:
        b = next(p for p in players if day.seat_of(1, p).table_id != seat_a.table_id)
        seat_b = day.seat_of(1, b)
    swap = {"seat_a": seat_a.pk, "seat_b": seat_b.pk, "reason": "scorekeeper wrote the wrong seats"}
    preview = client.post(reverse("seating:move", args=[event.slug, 1]), swap)
    assert preview.status_code == 200
    html = preview.content.decode()
    assert a.name in html and b.name in html
    expect = re.search(r'name="expect" value="([^"]+)"', html).group(1)
    assert Seat.objects.get(pk=seat_a.pk).registration_id == a.pk  # nothing applied yet
    day.post("seating:move", 1, data={**swap, "expect": expect})
    moved = [seat_a.table, seat_b.table]
    for table in moved:
        assert head_of(table).status == ScoreSheet.Status.SUBMITTED
    # The public standings drop those tables until they are confirmed again.
    public_before = {r["registration"] for r in standings(event, "public").rows if r["sessions"]}
    assert a.pk not in public_before and b.pk not in public_before
    for table in moved:
        day.confirm(table, head_of(table).version)

    # A late arrival after round 1: 33 active players need three more seats.
    late = add_player(event, name="Late Yamada", by=director)
    day.post("seating:plan", data={"method": "balanced"})
    seated_2 = set(
        Seat.objects.filter(round=day.round(2)).values_list("registration_id", flat=True)
    )
    assert {late.pk, no_show.pk, reserve_1.pk, reserve_2.pk, house.pk} <= seated_2
    assert len(seated_2) == 36

    # Round 2 published, unpublished with a reason, and published again.
    day.post("seating:publish", 2)
    day.post("seating:unpublish", 2, data={"reason": "table 9 had a broken set"})
    assert day.round(2).status == Round.Status.SEATED
    day.post("seating:publish", 2)
    day.play(2)
    day.post("standings:publish_results", 2)

    # Player 09 withdraws after round 2; the remaining rounds are planned again.
    withdrawn = players[8]
    day.post("manage:player_drop", withdrawn.pk, data={"reason": "train home"})
    day.post("seating:plan", data={"method": "balanced"})
    for number in (3, 4):
        seated = set(
            Seat.objects.filter(round=day.round(number)).values_list("registration_id", flat=True)
        )
        assert withdrawn.pk not in seated and house.pk not in seated
        assert len(seated) == 32
        day.post("seating:publish", number)
        day.play(number)
        day.post("standings:publish_results", number)
    for number in (1, 2, 3, 4):
        day.post("seating:finish", number)
    day.post("manage:event_finish", data={"confirm": "1"})
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # The results are locked: a late change to a sheet is refused.
    table = Table.objects.get(round=day.round(4), number=1)
    with pytest.raises(NotAllowed, match="locked"):
        results.save_final_scores(
            table, _scores(4, 1), by=director, base_version=head_of(table).version
        )

    # Every standing equals the independent computation.
    expected, unranked = _expected(event, day.entered)
    for scope in ("staff", "public"):
        rows = standings(event, scope).rows
        got = {row["registration"]: (int(row["points"]), int(row["score"])) for row in rows}
        assert got == expected
        assert not unranked & set(got)
        marked = [row["registration"] for row in rows if row.get("withdrawn")]
        assert marked == [withdrawn.pk] and rows[-1]["registration"] == withdrawn.pk
        active = [row for row in rows if not row.get("withdrawn")]
        keys = [(int(row["points"]), int(row["score"])) for row in active]
        assert keys == sorted(keys, reverse=True)
        ranks = [row["rank"] for row in rows]
        assert ranks == sorted(ranks) and rows[-1]["rank"] == len(rows)

    # The public page and the exports list the withdrawn player, marked.
    public = client.get(reverse("public:standings", args=[event.slug])).content.decode()
    assert withdrawn.name in public and "Withdrawn" in public
    csv_text = client.get(reverse("standings:staff_csv", args=[event.slug])).content.decode()
    assert withdrawn.name in csv_text
    for name in ("manage:event", "standings:staff"):
        day.get(name)
    for number in (1, 2, 3, 4):
        day.get("seating:round", number)
