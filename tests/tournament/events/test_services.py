"""Event and player services: refusals for people, history with reasons, CSV import."""

import datetime

import pytest

from tests.tournament.events.created import create_spring_cup
from tournament.events import csv_import, services
from tournament.events.errors import EventError
from tournament.events.models import Event, Player, Registration, StaffRole

GOOD_CSV = """name,club,country,ema_id,status
佐藤 花子,東京麻雀倶楽部,JP,,
王芳,北京国标麻将协会,cn,,substitute
Lena Fischer,Mahjong Club Hamburg,DE,04290042,active
Виктория Смирнова,,RU,,
"""


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("dora")


@pytest.fixture
def event(db, director):
    return create_spring_cup(director, ruleset="wrc")


# -- create_event -------------------------------------------------------------


def test_create_event_makes_the_creator_director(event, director):
    assert event.status == Event.Status.DRAFT
    assert event.end_date == event.start_date
    role = StaffRole.objects.get(event=event, user=director)
    assert role.role == "director"
    record = event.history.latest()
    assert record.history_change_reason == "event.created"
    assert record.history_user == director


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"slug": "Spring Cup"}, "not a usable short name"),
        ({"slug": "spring-cup"}, "already exists"),
        ({"name": "  "}, "needs a name"),
        ({"ruleset": "poker"}, "Unknown ruleset"),
        ({"ruleset": "wrc", "ruleset_overrides": {"bogus": 1}}, "“bogus” is not an option"),
        ({"ruleset_overrides": [1]}, "JSON object"),
        ({"end_date": datetime.date(2025, 1, 1)}, "cannot end before it starts"),
        ({"hands_per_session": 0}, "at least 1"),
    ],
)
def test_create_event_refuses_with_a_reason(event, fields, message):
    arguments = {"slug": "autumn-cup", "name": "Autumn Cup", "ruleset": "mcr", **fields}
    arguments.setdefault("start_date", datetime.date(2026, 6, 1))
    with pytest.raises(EventError, match=message):
        services.create_event(**arguments)
    assert Event.objects.count() == 1


# -- start_event --------------------------------------------------------------


def test_start_event_freezes_the_resolved_config(event, director):
    event.ruleset_overrides = {"kiriage": False}
    event.save()
    services.start_event(event, by=director)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert event.ruleset_config["ruleset"] == "wrc"
    assert event.ruleset_config["version"] == services.RULESET_CONFIG_VERSION
    assert event.ruleset_config["rules"]["hand"]["kiriage"] is False
    assert event.ruleset_config["rules"]["name"] == "wrc"
    record = event.history.latest()
    assert record.history_change_reason == "event.started"
    assert record.history_user == director


def test_start_event_only_once(event):
    services.start_event(event)
    with pytest.raises(EventError, match="already started"):
        services.start_event(event)


def test_start_event_refuses_overrides_the_engine_refuses(event):
    Event.objects.filter(pk=event.pk).update(ruleset_overrides={"kiriage": "maybe"})
    with pytest.raises(EventError, match="cannot start"):
        services.start_event(event)
    event.refresh_from_db()
    assert event.status == Event.Status.DRAFT
    assert event.ruleset_config is None


# -- players ------------------------------------------------------------------


def test_add_player_and_substitute(event, director):
    registration = services.add_player(
        event, name="  Lena   Fischer ", country="de", ema_id="04290042", by=director
    )
    assert registration.name == "Lena Fischer"
    assert registration.country == "DE"
    assert registration.status == "active"
    substitute = services.add_substitute(event, name="Ben", by=director)
    assert substitute.status == "substitute"
    assert substitute.history.latest().history_change_reason == "registration.substitute_added"


def test_a_known_ema_id_reuses_the_player(event, make_event):
    first = services.add_player(event, name="Lena Fischer", ema_id="04290042")
    other = make_event()
    again = services.add_player(other, name="Lena F.", ema_id="04290042")
    assert again.player == first.player
    assert Player.objects.count() == 1


def test_a_known_player_in_a_new_club_leaves_the_older_registration_as_it_was(event, make_event):
    """Issue #32 (H2): the new club is the new registration's; the older one is not written."""
    first = services.add_player(event, name="Lena", club="Old Club", country="DE", ema_id="1")
    again = services.add_player(
        make_event(), name="Lena Fischer", club="New Club", country="AT", ema_id="1"
    )
    assert (again.name, again.club, again.country) == ("Lena Fischer", "New Club", "AT")
    first.refresh_from_db()
    assert (first.name, first.club, first.country) == ("Lena", "Old Club", "DE")
    assert first.history.count() == 1 and first.player.history.count() == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": ""}, "needs a name"),
        ({"name": "A", "country": "XX"}, "not a country code"),
        ({"name": "A", "country": "JPN"}, "not a country code"),
        ({"name": "A", "ema_id": "EMA-1"}, "not an EMA id"),
        ({"name": "A", "status": "dropped"}, "active or a substitute"),
    ],
)
def test_add_player_refuses(event, fields, message):
    with pytest.raises(EventError, match=message):
        services.add_player(event, **fields)
    assert not Registration.objects.exists()
    assert not Player.objects.exists()


def test_the_same_player_twice_is_refused(event):
    services.add_player(event, name="王芳", club="北京", country="CN")
    with pytest.raises(EventError, match="already registered"):
        services.add_player(event, name="王芳", club="北京", country="CN")
    services.add_player(event, name="Lena", ema_id="1")
    with pytest.raises(EventError, match="already registered"):
        services.add_player(event, name="Lena", ema_id="1")


def test_drop_and_bring_back(event, director):
    registration = services.add_player(event, name="Ana")
    services.drop_player(registration, by=director, reason="left after round 5")
    registration.refresh_from_db()
    assert registration.status == "dropped"
    record = registration.history.latest()
    assert record.history_change_reason == 'registration.dropped {"words":"left after round 5"}'
    assert record.history_user == director
    with pytest.raises(EventError, match="already left"):
        services.drop_player(registration)
    services.reinstate_player(registration, "substitute")
    registration.refresh_from_db()
    assert registration.status == "substitute"
    with pytest.raises(EventError, match="already"):
        services.reinstate_player(registration, "substitute")


def test_players_cannot_change_once_the_event_has_finished(event):
    registration = services.add_player(event, name="Ana")
    Event.objects.filter(pk=event.pk).update(status="finished")
    event.refresh_from_db()
    with pytest.raises(EventError, match="has finished"):
        services.add_player(event, name="Ben")
    with pytest.raises(EventError, match="has finished"):
        services.drop_player(registration)


def test_grant_role(event, django_user_model, director):
    judy = django_user_model.objects.create_user("judy")
    role = services.grant_role(event, judy, "judge", by=director)
    assert role.role == "judge"
    role = services.grant_role(event, judy, "viewer", by=director)
    assert StaffRole.objects.get(event=event, user=judy).role == "viewer"
    assert role.history.latest().history_change_reason == 'staff.role_set {"role":"viewer"}'
    with pytest.raises(EventError, match="Unknown role"):
        services.grant_role(event, judy, "king")


def test_long_reasons_fit_the_history_column(event):
    registration = services.add_player(event, name="Ana")
    services.drop_player(registration, reason="x" * 500)
    stored = registration.history.latest().history_change_reason
    assert len(stored) == 100
    assert stored.startswith('registration.dropped {"words":"xxx') and stored.endswith('xx"}')


# -- CSV import ---------------------------------------------------------------


def test_preview_of_a_good_file(event):
    preview = csv_import.import_players_preview(event, GOOD_CSV)
    assert preview.ok
    assert preview.problems == []
    assert [(r.line, r.name, r.country, r.status) for r in preview.rows] == [
        (2, "佐藤 花子", "JP", "active"),
        (3, "王芳", "CN", "substitute"),
        (4, "Lena Fischer", "DE", "active"),
        (5, "Виктория Смирнова", "RU", "active"),
    ]
    assert not Registration.objects.exists(), "a preview saves nothing"


def test_import_registers_everyone_with_history(event, director):
    registrations = csv_import.import_players(event, "\ufeff" + GOOD_CSV, by=director)
    assert len(registrations) == 4
    assert event.registrations.filter(status="substitute").count() == 1
    record = registrations[0].history.latest()
    assert record.history_change_reason == "registration.imported"
    assert record.history_user == director


BAD_CSV = """name,club,country,ema_id,status
佐藤 花子,東京麻雀倶楽部,JP,,
,Nameless Club,DE,,
Ben,Club,XX,,
Cleo,,FR,123,
Dan,,FR,123,
佐藤 花子,東京麻雀倶楽部,JP,,
Eve,,,,retired
Finn,,,ABC,
Gus,a,b,c,d,e
"""


def test_preview_lists_every_bad_row_with_its_line_and_reason(event):
    preview = csv_import.import_players_preview(event, BAD_CSV)
    problems = {(p.line, p.message) for p in preview.problems}
    lines = sorted(line for line, _ in problems)
    assert lines == [3, 4, 6, 7, 8, 9, 10]
    messages = dict(problems)
    assert "needs a name" in messages[3]
    assert "“XX” is not a country code" in messages[4]
    assert "duplicate EMA id 123 (also on line 5)" in messages[6]
    assert "duplicate row: the same player is on line 2" in messages[7]
    assert "unknown status “retired”" in messages[8]
    assert "not an EMA id" in messages[9]
    assert "6 values for 5 columns" in messages[10]
    assert [r.name for r in preview.rows] == ["佐藤 花子", "Cleo"]
    assert not preview.ok
    assert str(preview.problems[0]).startswith("line 3: ")


def test_import_is_all_or_nothing(event):
    with pytest.raises(EventError) as excinfo:
        csv_import.import_players(event, BAD_CSV)
    assert "Nothing was imported: 7 problem(s)" in str(excinfo.value)
    assert len(excinfo.value.problems) == 7
    assert excinfo.value.problems[0].startswith("line 3:")
    assert not Registration.objects.exists()
    assert not Player.objects.exists()


def test_players_already_in_the_event_are_reported(event):
    csv_import.import_players(event, GOOD_CSV)
    preview = csv_import.import_players_preview(event, GOOD_CSV)
    assert len(preview.problems) == 4
    assert "EMA id 04290042 is already registered" in preview.problems[2].message
    assert "佐藤 花子 is already registered" in preview.problems[0].message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "The file is empty."),
        ("nom,club\nA,B\n", "The header row must name the columns"),
        ("club,country\nA,JP\n", "The header row must name the columns"),
        ("name,name\nA,B\n", "The header row must name the columns"),
        ("name,club\n", "a header but no players"),
    ],
)
def test_file_level_problems(event, text, message):
    preview = csv_import.import_players_preview(event, text)
    assert [p.line for p in preview.problems] == [1]
    assert message in preview.problems[0].message


def test_columns_in_any_order_and_only_name_required(event):
    preview = csv_import.import_players_preview(event, "country,name\nJP,佐藤\n\n,Ben\n")
    assert preview.ok
    assert [(r.line, r.name, r.country) for r in preview.rows] == [
        (2, "佐藤", "JP"),
        (4, "Ben", ""),
    ]


def test_quoted_fields_and_multiline_names(event):
    text = 'name,club\n"Fischer, Lena","Club ""A"""\n"Two\nlines",x\nbad,,,\n'
    preview = csv_import.import_players_preview(event, text)
    assert [r.name for r in preview.rows] == ["Fischer, Lena", "Two lines"]
    assert preview.rows[0].club == 'Club "A"'
    assert [p.line for p in preview.problems] == [5]


def test_decode_upload_explains_non_utf8():
    assert csv_import.decode_upload("\ufeffname\nÅsa\n".encode()) == "name\nÅsa\n"
    with pytest.raises(EventError, match="not UTF-8"):
        csv_import.decode_upload("name\n王芳\n".encode("gbk"))  # Windows-1252 is read now
