"""Issue #34: the round's results grid page (``/j/<event>/<round>/grid/``).

A director or judge types, pastes or uploads a round's final scores,
previews (nothing saved), confirms (each table saved once and submitted);
a second person confirms all submitted. Bad input is refused in the user's
language with the row and field named, and nothing is saved.
"""

from __future__ import annotations

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tests.tournament.pages import html_of
from tournament.results.models import ScoreSheet
from tournament.results.sheet.state import head_of

SCORES = {1: (45000, 30000, 25000, 20000), 2: (10000, 50000, 30000, 30000)}


@pytest.fixture
def tables(make_table):
    return make_table("jpml-b", tables=2, slug="grid-cup")


@pytest.fixture
def people(tables, staff):
    return staff(tables[0].round.event)


def url(name="results:grid"):
    return reverse(name, args=["grid-cup", 1])


def grid_data(scores=SCORES) -> dict:
    data = {"source": "grid", "action": "preview"}
    for table, four in scores.items():
        data.update({f"t{table}-{seat}": str(v) for seat, v in zip("ESWN", four, strict=True)})
    return data


def token_of(html: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', html).group(1)


def test_who_may_open_the_grid(client, people):
    assert client.get(url()).status_code == 302  # to the login page
    client.force_login(people["viewer"])
    assert client.get(url()).status_code == 403
    client.force_login(people["judge"])
    html = html_of(client.get(url()))
    assert 'name="t1-E"' in html and 'name="t2-N"' in html and "Akagi Shigeru 2" in html
    assert 'name="t1-sticks"' in html  # riichi asks for the sticks left on the table


def test_typed_scores_are_previewed_then_confirmed_once(client, people, tables):
    client.force_login(people["judge"])
    html = html_of(client.post(url(), grid_data()))
    assert "2 new · 0 changed · 0 unchanged" in html
    assert not ScoreSheet.objects.exists()  # nothing saved before Confirm
    confirm = {"action": "confirm", "token": token_of(html)}
    response = client.post(url(), confirm)
    assert response.status_code == 302
    assert [head_of(t).status for t in tables] == ["submitted", "submitted"]
    assert head_of(tables[1]).final_scores == {"E": 10000, "S": 50000, "W": 30000, "N": 30000}
    count = ScoreSheet.objects.count()
    again = client.post(url(), confirm, follow=True)  # a double submit
    assert "nothing was saved twice" in again.content.decode()
    assert ScoreSheet.objects.count() == count


def test_a_half_typed_table_and_a_wrong_total_are_refused_in_japanese(client, people):
    client.force_login(people["judge"])
    data = grid_data({1: (45000, 31000, 25000, 20000), 2: (10000, 50000, 30000, 30000)})
    data["t2-N"] = ""
    response = client.post(url(), data, HTTP_ACCEPT_LANGUAGE="ja")
    html = html_of(response, 400)
    assert "第1回戦2卓：N席の行がありません。" in html  # the table and the seat left out
    assert "第1回戦 1卓：" in html  # the wrong total's table named, in Japanese
    assert 'name="token"' not in html  # no Confirm
    assert not ScoreSheet.objects.exists()
    assert 'value="31000"' in html  # what was typed is kept


def test_a_paste_names_the_line_and_field_it_refuses(client, people):
    client.force_login(people["judge"])
    text = "table\tplayer\tseat\tscore\n1\tAkagi Shigeru\tE\t" + str(10**40) + "\n"
    html = html_of(client.post(url(), {"source": "paste", "text": text}), 400)
    assert "Line 2: score" in html and "out of range" in html
    assert not ScoreSheet.objects.exists()


def test_a_pasted_block_and_an_xlsx_file_are_read_alike(client, people, tables):
    client.force_login(people["judge"])
    rows = [["table", "player", "seat", "score", "penalty"]]
    for table, four in SCORES.items():
        suffix = "" if table == 1 else f" {table}"
        names = ["Akagi Shigeru", "Bai Lan", "Carla Diaz", "Dmitri Orlov"]
        rows += [
            [table, n + suffix, s, v, None] for n, s, v in zip(names, "ESWN", four, strict=True)
        ]
    text = "\n".join("\t".join("" if c is None else str(c) for c in r) for r in rows)
    pasted = html_of(client.post(url(), {"source": "paste", "text": text}))
    book = Workbook()
    for r in rows:
        book.active.append(r)
    data = io.BytesIO()
    book.save(data)
    upload = SimpleUploadedFile("round1.xlsx", data.getvalue())
    uploaded = html_of(client.post(url(), {"source": "paste", "text": "", "file": upload}))
    for html in (pasted, uploaded):
        assert "2 new · 0 changed · 0 unchanged" in html and 'name="token"' in html
    response = client.post(url(), {"action": "confirm", "token": token_of(uploaded)})
    assert response.status_code == 302
    assert head_of(tables[0]).reason_code == "results_grid"


def test_a_token_of_another_user_is_refused(client, people):
    client.force_login(people["judge"])
    token = token_of(html_of(client.post(url(), grid_data())))
    client.force_login(people["judge2"])
    html_of(client.post(url(), {"action": "confirm", "token": token}), 400)
    assert not ScoreSheet.objects.exists()


def test_confirm_all_submitted_is_for_a_second_person(client, people, tables):
    client.force_login(people["judge"])
    client.post(
        url(), {"action": "confirm", "token": token_of(html_of(client.post(url(), grid_data())))}
    )
    mine = html_of(client.get(url()))
    assert "You submitted this sheet" in mine or "someone else confirms them" in mine
    assert 'id="confirm-all-button"' not in mine and 'id="to-confirm-all"' not in mine
    client.force_login(people["judge2"])
    theirs = html_of(client.get(url()))
    assert (
        "Confirm all 2 tables" in theirs and "total 120,000" in theirs
    )  # points as the sheets write them
    # A round of 125 tables is a long page: a link at the top jumps to the list.
    assert theirs.index('id="to-confirm-all"') < theirs.index('id="confirm-all"')
    versions = {f"v-{t.number}": head_of(t).version for t in tables}
    response = client.post(url("results:grid_confirm_all"), versions)
    assert response.status_code == 302
    assert [head_of(t).status for t in tables] == ["confirmed", "confirmed"]
    assert head_of(tables[0]).confirmed_by == people["judge2"]
    again = client.post(url("results:grid_confirm_all"), versions, follow=True)
    assert "nothing was confirmed twice" in again.content.decode()
    # Confirmed tables show their values, not fields.
    html = html_of(client.get(url()))
    assert 'name="t1-E"' not in html and "45000" in html


def test_the_grid_is_linked_from_the_round_pages(client, people):
    client.force_login(people["director"])
    grid = url()
    assert grid in html_of(client.get(reverse("results:round", args=["grid-cup", 1])))
    assert grid in html_of(client.get(reverse("seating:round", args=["grid-cup", 1])))
    assert grid in html_of(client.get(reverse("manage:event", args=["grid-cup"])))
