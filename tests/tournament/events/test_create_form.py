"""The create-event form (issue #34, "Polish"): help for the chosen ruleset, and the rounds.

The JSON help of the options field named a riichi option ({"kiriage": false})
even with MCR selected, and the number of rounds could be set only on the
settings page afterwards. The help now comes from the chosen ruleset's
family (its example and its option names), server-rendered for the ruleset
shown; a small script switches it when the select changes (the browser test
``tests/tournament/browser/test_event_setup.py`` does not need it: the
page's data is checked here).
"""

from __future__ import annotations

import html
import json
import re

import pytest

from scoring.families import ruleset_names
from tests.tournament.pages import html_of
from tournament.events.models import Event
from tournament.events.rules import family_for, options_help

GOOD_EVENT = {
    "name": "Spring Cup",
    "slug": "spring-cup",
    "ruleset": "mcr",
    "ruleset_overrides": "{}",
    "start_date": "2026-06-01",
    "end_date": "2026-06-02",
    "entry_level": "value",
}


def _help(html: str) -> str:
    found = re.search(r'<small class="help" id="id_ruleset_overrides_helptext">(.*?)</small>', html)
    assert found, "the options field has no help"
    return found.group(1)


@pytest.fixture
def creator(client, django_user_model, db):
    user = django_user_model.objects.create_user("creator", is_superuser=True)
    client.force_login(user)
    return user


def test_the_help_follows_the_ruleset_shown(client, creator):
    html = html_of(client.get("/manage/new/"))
    # The select shows its selected option, else its first one.
    chosen = re.search(r'<option value="([^"]+)" selected>', html)
    shown = (chosen or re.search(r'<option value="([^"]+)"', html)).group(1)
    assert "kiriage" not in _help(html) or family_for(shown).name == "riichi"
    # The director chose MCR and made a mistake: the form comes back with MCR's help.
    posted = {**GOOD_EVENT, "ruleset": "mcr", "ruleset_overrides": "{oops"}
    help_ = _help(html_of(client.post("/manage/new/", posted)))
    assert "kiriage" not in help_
    assert "flowers_used" in help_ and "min_fan" in help_
    posted = {**GOOD_EVENT, "ruleset": "wrc", "ruleset_overrides": "{oops"}
    assert "kiriage" in _help(html_of(client.post("/manage/new/", posted)))


def test_every_rulesets_help_is_on_the_page_for_the_script(client, creator):
    html = html_of(client.get("/manage/new/"))
    found = re.search(
        r'<script id="ruleset-options-help" type="application/json">(.*?)</script>', html
    )
    helps = json.loads(found.group(1))
    assert set(helps) == set(ruleset_names())
    assert "flowers_used" in helps["mcr"] and "kiriage" in helps["wrc"]
    assert helps["mcr"] == str(options_help("mcr"))
    assert 'src="/static/js/ruleset-help.js"' in html


@pytest.mark.parametrize("ruleset", ["mcr", "wrc", "zung-jung", "hkos", "jpml-a"])
def test_each_familys_example_is_accepted_as_it_stands(client, creator, ruleset):
    example = family_for(ruleset).option_example
    assert example, ruleset
    posted = {**GOOD_EVENT, "ruleset": ruleset, "ruleset_overrides": json.dumps(example)}
    response = client.post("/manage/new/", posted)
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert Event.objects.get(slug="spring-cup").ruleset_overrides == example


def test_the_number_of_rounds_is_set_on_the_create_form(client, creator):
    html = html_of(client.get("/manage/new/"))
    assert 'name="rounds_planned"' in html
    response = client.post("/manage/new/", {**GOOD_EVENT, "rounds_planned": "8"})
    assert response.status_code == 302
    event = Event.objects.get(slug="spring-cup")
    assert event.rounds_planned == 8
    assert event.history.first().rounds_planned == 8  # versioned as created


@pytest.mark.parametrize(("value", "words"), [("0", "greater than or equal to 1"), ("x", "whole")])
def test_a_bad_number_of_rounds_names_the_field(client, creator, value, words):
    html = html_of(client.post("/manage/new/", {**GOOD_EVENT, "rounds_planned": value}))
    assert "Number of rounds</a>: " in html
    assert words in html
    assert not Event.objects.filter(slug="spring-cup").exists()


def test_no_rounds_is_still_allowed(client, creator):
    assert client.post("/manage/new/", GOOD_EVENT).status_code == 302
    assert Event.objects.get(slug="spring-cup").rounds_planned is None


@pytest.mark.parametrize("ruleset", ["mcr", "wrc", "zung-jung", "hkos"])
def test_a_json_that_is_not_an_object_is_refused_with_the_rulesets_example(
    client, creator, ruleset
):
    """The error said {"kiriage": false} with MCR chosen: the example is the family's own."""
    example = json.dumps(family_for(ruleset).option_example, ensure_ascii=False)
    posted = {**GOOD_EVENT, "ruleset": ruleset, "ruleset_overrides": "[1]"}
    page = html.unescape(html_of(client.post("/manage/new/", posted)))
    assert f"Write a JSON object, such as {{}} or {example}." in page
    assert not Event.objects.filter(slug="spring-cup").exists()
    for language, words in (
        ("ja", f"{{}} や {example} のようなJSONオブジェクトで書いてください。"),
        ("zh-hans", f"请写成JSON对象，例如 {{}} 或 {example}。"),
    ):
        client.cookies["django_language"] = language
        response = client.post("/manage/new/", posted, HTTP_ACCEPT_LANGUAGE=language)
        assert words in html.unescape(html_of(response)), language
