"""The judge's words in Japanese and Chinese: terms players use, and buttons told apart (#19)."""

from django.utils import translation
from django.utils.translation import gettext

from tournament.glossary.values import VALUE_LABELS


def test_a_hand_value_in_points_is_not_a_running_score():
    # Zung Jung's hand value: 点数, never 持ち点 (a player's running score in riichi).
    with translation.override("ja"):
        assert str(VALUE_LABELS["points"]) == "点数"
        assert gettext("Points") == "持ち点"  # the footer's running score keeps its word
    with translation.override("zh-hans"):
        assert str(VALUE_LABELS["points"]) == "分数"


def test_check_and_confirm_read_differently_and_penalties_are_not_noten_payments():
    with translation.override("ja"):
        check, confirm = gettext("Check"), gettext("Confirm")
        assert check != confirm and not confirm.startswith(check)
        assert gettext("penalties") == "ペナルティ"  # 罰符 is the noten payment
