"""The players CSV has a size and a row limit, refused with a clear message; the preview is capped.

Small limits are set through ``settings`` so the tests stay fast; one test
checks the real limits and sends a file just past the real size limit.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournament.events import csv_import
from tournament.events.models import Registration

IMPORT = "/manage/cup/players/import/"
CONFIRM = "/manage/cup/players/import/confirm/"


def players(count: int) -> str:
    return "name,club\n" + "".join(f"Player {i},Club\n" for i in range(1, count + 1))


def upload(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")


def test_the_limits_are_settings_no_real_event_reaches(settings):
    assert settings.PLAYERS_CSV_MAX_BYTES == 2 * 1024 * 1024
    assert settings.PLAYERS_CSV_MAX_ROWS == 5000
    assert settings.PLAYERS_CSV_PREVIEW_ROWS == 500
    # A 1,000-player event with long names and clubs is still far inside them.
    row = "Maximilian von Hohenberg-Schwarzenfeld,Mahjong Club Hamburg-Altona e.V.,DE,04290042\n"
    assert len(("name,club,country,ema_id\n" + row * 1000).encode()) < 0.1 * (2 * 1024 * 1024)


def test_an_upload_past_the_real_size_limit_is_refused_before_parsing(client, director, event):
    text = players(10) + "x" * (2 * 1024 * 1024)  # 2 MB and a bit
    response = client.post(IMPORT, {"file": upload(text)})
    assert response.status_code == 200
    html = response.content.decode()
    assert (
        "a players file can be at most 2.0" in html and "Check that it is the right file." in html
    )
    assert response.context["form"].errors["file"]  # on the file field, no preview page
    assert "preview" not in response.context
    assert not Registration.objects.exists()


def test_an_upload_at_the_limit_is_read(client, director, event, settings):
    text = players(3)
    settings.PLAYERS_CSV_MAX_BYTES = len(text.encode())
    response = client.post(IMPORT, {"file": upload(text)})
    assert response.context["preview"].ok
    settings.PLAYERS_CSV_MAX_BYTES = len(text.encode()) - 1
    response = client.post(IMPORT, {"file": upload(text)})
    assert "preview" not in response.context
    assert "at most" in str(response.context["form"].errors["file"])


def test_pasted_text_past_the_limit_is_refused_on_the_text_field(client, director, settings):
    settings.PLAYERS_CSV_MAX_BYTES = 100
    response = client.post(IMPORT, {"text": players(20)})
    assert "preview" not in response.context
    assert "at most 100" in str(response.context["form"].errors["text"])


def test_confirming_text_past_the_limit_registers_nobody(client, director, event, settings):
    settings.PLAYERS_CSV_MAX_BYTES = 100
    response = client.post(CONFIRM, {"csv_text": players(20)})
    assert response.status_code == 400
    problems = response.context["preview"].problems
    assert len(problems) == 1 and problems[0].line is None
    assert "at most 100" in problems[0].message
    assert not Registration.objects.exists()


def test_a_file_with_too_many_rows_stops_at_the_first_row_too_many(event, settings):
    settings.PLAYERS_CSV_MAX_ROWS = 10
    assert csv_import.import_players_preview(event, players(10)).ok
    preview = csv_import.import_players_preview(event, players(10_000))
    assert len(preview.rows) == 10  # parsing stopped at row 11
    assert [str(p) for p in preview.problems] == [
        "The file has more than 10 player rows, the most one file may hold. "
        "Check that it is the right file."
    ]
    with pytest.raises(csv_import.EventError):
        csv_import.import_players(event, players(11))
    assert not Registration.objects.exists()


def test_blank_lines_do_not_count_as_rows(event, settings):
    settings.PLAYERS_CSV_MAX_ROWS = 3
    assert csv_import.import_players_preview(event, "name\nA\n\n\n,\nB\n\nC\n").ok


def test_the_preview_page_lists_at_most_the_preview_rows(client, director, event, settings):
    settings.PLAYERS_CSV_PREVIEW_ROWS = 3
    response = client.post(IMPORT, {"text": players(5)})
    html = response.content.decode()
    assert "5 players are ready to be registered." in html
    assert "<td>Player 3" in html and "<td>Player 4" not in html  # the text area has them all
    assert "… and 2 more rows, not listed here." in html
    # The forms post back as multipart, so CJK text is not tripled by URL encoding.
    assert html.count('enctype="multipart/form-data"') == 1
    response = client.post(CONFIRM, {"csv_text": response.context["csv_text"]})
    assert response.status_code == 302
    assert event.registrations.count() == 5


def test_the_preview_page_lists_at_most_the_preview_problems(client, director, settings):
    settings.PLAYERS_CSV_PREVIEW_ROWS = 2
    response = client.post(IMPORT, {"text": "name,country\nA,ZZ\nB,ZZ\nC,ZZ\nD,ZZ\n"})
    html = response.content.decode()
    assert "4 problems: nothing will be saved" in html
    assert html.count("is not a country code") == 2
    assert "… and 2 more problems, not listed here." in html
    assert html.count('enctype="multipart/form-data"') == 1  # the "fix it here" form


def test_a_field_longer_than_csv_reads_is_a_problem_not_an_error(event):
    text = 'name\nAna\n"' + "x" * 200_000 + '"\n'
    preview = csv_import.import_players_preview(event, text)
    assert [p.line for p in preview.problems] == [3]
    assert "Not a CSV file: field larger than field limit" in preview.problems[0].message
