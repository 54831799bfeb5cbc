"""A family the judge's pages have never heard of gets a working page (the generic templates).

The toy family of tests/toy_family.py, registered only here: ruleset "toy",
outcomes discard, self-draw and draw, one value field ``points`` (at least 1),
totalled as points, and no optional parts of the form. Its replay is flat
payments: a winner gets ``points`` from the discarder, or from each other
player on a self-draw. The event is made and started through the services like any
other; the judge enters value-level hands through the table page's view.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.template.loader import select_template

from scoring.families.protocol import EntryData, ValueField
from tests.toy_family import OUTCOMES, registered_toy
from tournament.events.services import add_player, create_event, start_event
from tournament.family_templates import FamilyTemplates
from tournament.results.choices import flag_choices, outcome_choices
from tournament.results.entry.forms import HandForm
from tournament.results.sheet import services
from tournament.seating.models import Round, Seat, Table

NAMES = {"E": "Akagi Shigeru", "S": "Bai Lan", "W": "Carla Diaz", "N": "Dmitri Orlov"}
URL = "/j/toy-cup/1/1/"


@pytest.fixture
def toy_family():
    yield from registered_toy()


@pytest.fixture
def toy_table(db, toy_family):
    """A started toy event with round 1 seated: one table, players E, S, W, N."""
    event = create_event(
        slug="toy-cup",
        name="Toy Cup",
        ruleset="toy",
        start_date=datetime.date(2026, 6, 1),
        entry_level="value",
        is_public=True,
    )
    start_event(event)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
    table = Table.objects.create(round=round_, number=1)
    for wind, name in NAMES.items():
        registration = add_player(event, name=name)
        Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    return table


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def hand(**tapped) -> dict:
    return {"base_version": "0", "level": "value", "action": "save", **tapped}


def test_a_toy_family_hand_is_entered_on_the_judge_page(client, toy_table, staff):
    client.force_login(staff(toy_table.round.event)["judge"])
    page = client.get(URL)
    assert page.status_code == 200
    html = text(page)
    assert "Toy" in html and "Next: 1" in html
    # The toy's own form: its outcomes and its one value field, none of the others' parts.
    for outcome in OUTCOMES:
        assert f'name="outcome" value="{outcome}"' in html
    assert 'name="points"' in html and 'class="field big-number' in html
    for other in ('name="han"', 'name="fan"', 'name="riichi"', 'name="tenpai"', "red-five"):
        assert other not in html
    assert 'name="leftover_sticks"' not in html  # final scores only: no sticks

    response = client.post(
        URL + "hand/", hand(outcome="discard", winner="S", discarder="W", points="5")
    )
    assert response.status_code == 302, text(response)
    record = services.head_of(toy_table).hands.get()
    assert record.entry == {
        "outcome": "discard",
        "level": "value",
        "winner": "S",
        "discarder": "W",
        "points": 5,
    }
    assert record.totals == {"E": 0, "S": 5, "W": -5, "N": 0}

    # A self-draw: each other player pays; the running totals carry on.
    response = client.post(
        URL + "hand/", hand(base_version="1", outcome="self_draw", winner="N", points="3")
    )
    assert response.status_code == 302, text(response)
    sheet = services.head_of(toy_table)
    totals = [h.totals for h in sheet.hands.order_by("number")]
    assert totals[1] == {"E": -3, "S": 2, "W": -8, "N": 9}
    html = text(client.get(URL))
    assert "Hand 2 (2) saved." in html
    assert "✓ balanced" in html and "Next: 3" in html
    assert '<span class="seat-total">−8</span>' in html
    assert '<span class="seat-total">9</span>' in html

    # Checking, correcting and refusing work through the generic templates too.
    check = client.post(URL + "hand/", hand(base_version="2", outcome="draw", action="check"))
    assert check.status_code == 200 and "Nothing is saved yet." in text(check)
    missing = client.post(URL + "hand/", hand(base_version="2", outcome="self_draw", winner="E"))
    assert missing.status_code == 400
    assert "Enter the hand&#x27;s value." in text(missing)
    edit = text(client.get(URL + "hand/1/"))
    assert "Correct hand 1 (1)" in edit and 'name="points" value="5"' in edit
    assert services.head_of(toy_table).version == 2


def test_codes_without_a_name_are_shown_as_themselves():
    entry = EntryData(
        outcomes=("discard", "bonus_round"),
        wins=frozenset({"discard"}),
        from_discard=frozenset({"discard"}),
        flags=("moon_from_the_sea",),
        value_fields=(ValueField("points", minimum=1),),
        total_field="points",
    )
    assert [(code, str(label)) for code, label in outcome_choices(entry)] == [
        ("discard", "Discard win"),
        ("bonus_round", "bonus_round"),
    ]
    assert flag_choices(entry) == [("moon_from_the_sea", "moon_from_the_sea")]


def test_the_generic_templates_show_each_kind_of_value_field():
    """A free number, a short range (buttons) and a fixed list (a select), none named."""
    entry = EntryData(
        outcomes=OUTCOMES,
        wins=frozenset({"discard", "self_draw"}),
        from_discard=frozenset({"discard"}),
        flags=(),
        value_fields=(
            ValueField("points", minimum=1),
            ValueField("bonus", minimum=0, maximum=4, required=False),
            ValueField("grade", choices=(10, 20), required=False),
        ),
        total_field="points",
    )
    form = HandForm(
        {"base_version": "0", "level": "value", "outcome": "self_draw", "winner": "E"},
        entry=entry,
        seats=NAMES,
    )
    template = select_template(FamilyTemplates("toy")["value_inputs"])
    assert template.origin.template_name == "results/families/_generic/_value_inputs.html"
    html = re.sub(r"\s+", " ", template.render({"source": form}))
    assert re.search(r'class="field big-number.*?name="points"', html)
    assert 'class="choices number-choices" id="id_bonus"' in html
    assert html.count('name="bonus" type="radio"') + html.count('type="radio" name="bonus"') == 5
    assert re.search(r'class="field list-field.*?<select name="grade"', html)
    assert '<option value="20">20</option>' in html
    assert ">Points<" in html  # a code the pages name, whatever the family
    assert "<legend>bonus</legend>" in html and ">grade</label>" in html  # codes without a name

    assert not form.is_valid()
    assert form.errors["points"] == ["Enter the hand's value."]
    form = HandForm({**form.data, "points": "5"}, entry=entry, seats=NAMES)
    assert form.is_valid(), form.errors
    assert form.entry() == {
        "outcome": "self_draw",
        "level": "value",
        "winner": "E",
        "points": 5,
        "bonus": 0,  # a count left empty is none
    }
