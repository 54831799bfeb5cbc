"""Standings downloads (CSV, XLSX, EMA), their scopes and who may fetch them; the staff pages."""

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from tournament.events.models import Registration
from tournament.seating.models import Round
from tournament.standings.exports import EMA_HEADERS
from tournament.standings.services import publish_results

ROUND_1 = [[45300, 31700, 24600, 18400], [35000, 35000, 30000, 20000]]
ROUND_2 = [[40000, 30000, 30000, 20000], [25000, 25000, 25000, 45000]]


@pytest.fixture
def riichi(tournament):
    """Round 1 confirmed and published, round 2 confirmed only."""
    built = tournament("jpml-b", tables=2, rounds=2)
    built.play_round(1, ROUND_1)
    built.play_round(2, ROUND_2)
    publish_results(Round.objects.get(event=built.event, number=1))
    east = built.seats(1, 1)["E"]
    Registration.objects.filter(pk=east.pk).update(
        name="山田 太郎", club="東京麻雀会", country="JP"
    )
    return built


@pytest.fixture
def mcr(tournament):
    built = tournament("mcr", tables=2, rounds=1)
    built.play_round(1, [[20, 20, 20, -60], [40, 10, -20, -30]])
    return built


def read_csv(response):
    content = response.content
    assert content.startswith(b"\xef\xbb\xbf")  # the byte-order mark Excel needs
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def login(client, built, role="viewer"):
    client.force_login(built.users[role])


# --- CSV ---------------------------------------------------------------------------------------


def test_staff_csv_counts_every_confirmed_sheet(client, riichi):
    login(client, riichi)
    response = client.get(reverse("standings:staff_csv", args=[riichi.event.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert f'filename="{riichi.event.slug}-staff-standings.csv"' in response["Content-Disposition"]
    header, *rows = read_csv(response)
    assert header == [
        "Rank", "Player", "Club", "Country", "EMA id",
        "Result points", "Raw points", "Sessions", "Best session",
    ]  # fmt: skip
    assert len(rows) == 8
    assert {row[7] for row in rows} == {"2"}
    yamada = next(row for row in rows if row[1] == "山田 太郎")
    # 45,300: +15.3 + 15 uma; round 2 at table 1 (E again): 40,000, 1st: +10 + 15.
    assert yamada[2:4] == ["東京麻雀会", "JP"]
    assert yamada[5:9] == ["55.3", "85300", "2", "30.3"]
    assert yamada[0] == "1"


def test_public_csv_counts_published_rounds_only(client, riichi):
    response = client.get(f"/e/{riichi.event.slug}/standings.csv")  # no login
    assert response.status_code == 200
    assert f'filename="{riichi.event.slug}-standings.csv"' in response["Content-Disposition"]
    _header, *rows = read_csv(response)
    assert {row[7] for row in rows} == {"1"}
    yamada = next(row for row in rows if row[1] == "山田 太郎")
    assert yamada[5:7] == ["30.3", "45300"]


def test_a_value_no_decimal_writes_keeps_its_exact_fraction(client, mcr):
    login(client, mcr)
    header, *rows = read_csv(client.get(reverse("standings:staff_csv", args=[mcr.event.slug])))
    assert header[5:8] == ["Table points", "Table points (exact)", "Total points"]
    tied = [row for row in rows if row[6] == "7/3"]
    assert len(tied) == 3
    assert {row[5] for row in tied} == {"2.33"}
    assert {row[7] for row in tied} == {"20"}
    assert header[9:] == ["1st places", "2nd places", "3rd places", "Best session"]


# --- XLSX --------------------------------------------------------------------------------------


def test_xlsx_has_numbers_as_numbers(client, mcr):
    login(client, mcr)
    response = client.get(reverse("standings:staff_xlsx", args=[mcr.event.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:8] == (
        "Rank", "Player", "Club", "Country", "EMA id",
        "Table points", "Table points (exact)", "Total points",
    )  # fmt: skip
    assert len(rows) == 9
    first = rows[1]
    assert first[0] == 1 and first[5] == 4 and first[7] == 40 and first[8] == 1
    tied = [row for row in rows[1:] if row[6] == "7/3"]
    assert [row[5] for row in tied] == [2.33, 2.33, 2.33]
    assert all(isinstance(row[5], int | float) for row in rows[1:])


def test_public_xlsx_of_a_riichi_event(client, riichi):
    response = client.get(f"/e/{riichi.event.slug}/standings.xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    yamada = next(row for row in rows if row[1] == "山田 太郎")
    assert yamada[5:8] == (30.3, 45300, 1)


# --- EMA ---------------------------------------------------------------------------------------


def test_ema_csv_of_a_riichi_event(client, riichi):
    response = client.get(f"/e/{riichi.event.slug}/standings-ema.csv")
    assert response.status_code == 200
    header, *rows = read_csv(response)
    assert header == list(EMA_HEADERS)
    assert len(rows) == 8
    # No Latin name given: the Latin columns stay empty, the name goes to "Local name".
    yamada = next(row for row in rows if row[7] == "山田 太郎")
    assert yamada == ["1", yamada[1], "", "", "JP", "", "30300", "山田 太郎", ""]
    assert yamada[1].startswith("0400")  # the EMA id
    assert [int(row[0]) for row in rows] == sorted(int(row[0]) for row in rows)


def test_ema_csv_of_an_mcr_event(client, mcr):
    login(client, mcr)
    response = client.get(reverse("standings:staff_ema_results", args=[mcr.event.slug]))
    header, *rows = read_csv(response)
    assert header == list(EMA_HEADERS)
    first = rows[0]
    assert first[0] == "1" and first[5:] == ["4", "40", "", ""]
    assert first[2:4] == [first[2], "Player"]  # "Player 03": last name "03"
    tied = [row for row in rows if row[5] == "2.33"]
    assert len(tied) == 3 and {row[6] for row in tied} == {"20"}
    assert len({row[0] for row in tied}) == 1  # a shared position


# --- who may download what ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["standings.csv", "standings.xlsx", "standings-ema.csv"])
def test_public_downloads_of_an_unpublished_event_are_404(client, riichi, path):
    assert client.get(f"/e/{riichi.event.slug}/{path}").status_code == 200
    riichi.event.is_public = False
    riichi.event.save()
    assert client.get(f"/e/{riichi.event.slug}/{path}").status_code == 404
    assert client.get(f"/e/no-such-event/{path}").status_code == 404


@pytest.mark.parametrize(
    "name", ["standings:staff_csv", "standings:staff_xlsx", "standings:staff_ema_results"]
)
def test_staff_downloads_need_the_view_permission(client, riichi, name):
    url = reverse(name, args=[riichi.event.slug])
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    login(client, riichi, "outsider")
    assert client.get(url).status_code == 403
    for role in ("viewer", "judge", "director"):
        login(client, riichi, role)
        assert client.get(url).status_code == 200


def test_staff_downloads_of_a_private_event(client, riichi):
    riichi.event.is_public = False
    riichi.event.save()
    login(client, riichi)
    assert client.get(reverse("standings:staff_csv", args=[riichi.event.slug])).status_code == 200


# --- the staff pages ---------------------------------------------------------------------------


def test_staff_standings_page(client, riichi):
    url = reverse("standings:staff", args=[riichi.event.slug])
    assert client.get(url).status_code == 302
    login(client, riichi, "outsider")
    assert client.get(url).status_code == 403
    login(client, riichi)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "山田 太郎" in html and "55.3" in html
    for name in ("staff_csv", "staff_xlsx", "staff_ema_results"):
        assert reverse(f"standings:{name}", args=[riichi.event.slug]) in html
    assert f"/e/{riichi.event.slug}/standings.csv" in html
    dashboard = client.get(reverse("manage:event", args=[riichi.event.slug]))
    assert url in dashboard.content.decode()


def test_the_director_publishes_results_from_the_round_page(client, riichi):
    round_page = reverse("seating:round", args=[riichi.event.slug, 2])
    publish = reverse("standings:publish_results", args=[riichi.event.slug, 2])
    login(client, riichi, "director")
    assert 'id="publish-results"' in client.get(round_page).content.decode()
    response = client.post(publish, follow=True)
    assert response.redirect_chain[-1][0] == round_page
    assert "round 2 are on the public standings" in response.content.decode()
    assert Round.objects.get(event=riichi.event, number=2).results_published_at is not None
    assert 'id="publish-results"' not in response.content.decode()


def test_a_refusal_is_shown_as_a_message(client, tournament):
    built = tournament("jpml-b", tables=2, rounds=1)
    built.play(1, 1, ROUND_1[0])
    login(client, built, "director")
    url = reverse("standings:publish_results", args=[built.event.slug, 1])
    response = client.post(url, follow=True)
    assert "no confirmed sheet for Table 2" in response.content.decode()
    assert Round.objects.get(event=built.event, number=1).results_published_at is None


def test_only_a_director_publishes_results(client, riichi):
    url = reverse("standings:publish_results", args=[riichi.event.slug, 2])
    login(client, riichi, "judge")
    assert client.post(url).status_code == 403
    login(client, riichi, "director")
    assert client.get(url).status_code == 405
    assert Round.objects.get(event=riichi.event, number=2).results_published_at is None
