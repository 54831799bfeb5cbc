"""A red five typed on the judge's page of a family without red fives.

Seed 002 L5 (HKOS: "ジョーカーもレッドファイブもありません"), and MCR and Zung Jung
(136 plain tiles): ``0s`` in a tile field is no tile of theirs; the judge gets
the engine's ``bad_tile`` explanation on the field, never a server error, and
the sheet keeps no hand. Riichi (tenhou) takes the same tiles.
"""

from __future__ import annotations

import pytest

from tests.tournament.results.hands import HKOS_TILES as HKOS
from tests.tournament.results.hands import MCR_TILES as MCR
from tournament.results.choices import entry_of
from tournament.results.entry.forms import HandForm
from tournament.results.page.building import message_of
from tournament.results.sheet import services


def _checked(table, data):
    event = table.round.event
    form = HandForm(
        {"base_version": "0", "level": "tiles", **data},
        entry=entry_of(event),
        seats={},
        rules_name=event.ruleset,
    )
    if not form.is_valid():
        return form, None
    try:
        return form, services.preview(table, form.entry(), lang="en")
    except services.SheetInputError as error:
        return form, message_of(error)


# seed 002 L5 (HKOS); seed 000 L158 (MCR: 144 tiles, 136 plain + 8 bonus)
@pytest.mark.parametrize(
    ("ruleset", "hand", "red"),
    [
        ("hkos", HKOS, {"concealed": "234m 678p 0s", "win_tile": "0s"}),
        ("mcr", MCR, {"concealed": "123456789m 123p 0p", "win_tile": "0p"}),
    ],
)
def test_a_red_five_is_refused_with_the_engines_words(make_table, ruleset, hand, red):
    table = make_table(ruleset, slug="cup", entry_level="tiles")
    _form, plain = _checked(table, hand)
    assert not isinstance(plain, str), plain  # the plain hand is accepted
    _form, message = _checked(table, {**hand, **red})
    assert isinstance(message, str) and "red five" in message
    assert services.head_of(table) is None
