"""The judge's words in Japanese and Chinese: terms players use, and buttons told apart (#19)."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tournament.glossary import running_points_heading
from tournament.glossary.values import VALUE_LABELS
from tournament.results.sheet import services


def test_a_hand_value_in_points_is_not_a_running_score():
    # Zung Jung's hand value: 点数, never 持ち点 (a player's running score in riichi).
    with translation.override("ja"):
        assert str(VALUE_LABELS["points"]) == "点数"
        # The footer's running score in each ruleset's players' word (issue #35): riichi's
        # points held from a starting stack, the Chinese rules' points won; "Points" alone
        # (a penalty's points, a score card) is neither.
        assert str(running_points_heading(("final_points", "placement"))) == "持ち点"
        assert str(running_points_heading(("hand_total", "penalty"))) == "得点"
        assert str(running_points_heading(("total", "penalty"))) == "得点"
        assert gettext("Points") == "点数"
    with translation.override("zh-hans"):
        assert str(VALUE_LABELS["points"]) == "分数"


def test_check_and_confirm_read_differently_and_penalties_are_not_noten_payments():
    with translation.override("ja"):
        check, confirm = gettext("Check"), gettext("Confirm")
        assert check != confirm and not confirm.startswith(check)
        assert gettext("penalties") == "ペナルティ"  # 罰符 is the noten payment


HANDS = {
    "mcr": {"outcome": "discard", "level": "value", "winner": "S", "discarder": "E", "fan": 8},
    "jpml-b": {
        "outcome": "ron",
        "level": "value",
        "winner": "S",
        "discarder": "W",
        "han": 2,
        "fu": 30,
    },
    "zung-jung": {
        "outcome": "discard",
        "level": "value",
        "winner": "S",
        "discarder": "E",
        "points": 25,
    },
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ruleset", "heading"), [("mcr", "得点"), ("zung-jung", "得点"), ("jpml-b", "持ち点")]
)
def test_the_session_footer_heads_the_points_in_the_rulesets_word(
    client, make_table, staff, ruleset, heading
):
    table = make_table(ruleset, slug="terms", entry_level="value")
    users = staff(table.round.event)
    services.add_hand(table, HANDS[ruleset], by=users["judge"], base_version=0)
    client.force_login(users["judge"])
    html = client.get("/j/terms/1/1/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    footer = html[html.index('class="grid footer-grid"') :]
    assert f'<th scope="col" class="num">{heading}</th>' in footer[: footer.index("</thead>")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ruleset", "draw", "word"),
    [
        ("jpml-b", {"outcome": "draw", "tenpai": [], "riichi": []}, "荒牌流局"),
        ("mcr", {"outcome": "draw", "level": "value"}, "流局"),
    ],
)
def test_a_draw_row_reads_as_the_form_names_it(client, make_table, staff, ruleset, draw, word):
    # Riichi's form says 荒牌流局 (the wall's end, as against 途中流局); its row said 流局.
    table = make_table(ruleset, slug="draw-terms", entry_level="value")
    users = staff(table.round.event)
    services.add_hand(table, draw, by=users["judge"], base_version=0)
    client.force_login(users["judge"])
    html = client.get("/j/draw-terms/1/1/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert f'<span class="hand-outcome">{word}</span>' in html
