"""Tile fields never raise: whatever is typed, the judge gets that field's message.

Issue 15: ``123M``, ``123m,456p`` or ``5m,`` in the dora field were a server
error (the hand form deleted a field's value while iterating over them). The
acceptance: 200 junk strings typed into each tile field of each family's
form give 0 server errors, and every one a message on that field.

Every tile input of the hand form is checked (concealed tiles, the winning
tile, each meld row, dora and ura-dora indicators, the second winner's
copies, the flower tiles), plus the ruling form's penalty tiles, for the
four real families (mcr, zung-jung, hkos, and riichi as tenhou, whose form
has the most tile inputs). The full matrix goes through the form and the
service exactly as the judge's page does (``views._hand_post``, ``check``).
The page itself gets each of the 200 strings once per family, into one input
after another, and the issue's typos into every input: each must come back
as a 400 naming the field in the error summary. Every string into every
input of the page (6,400 posts, six minutes) is the ``slow`` tier's.

Uses the results fixtures (``make_table``, ``staff``).
"""

from __future__ import annotations

import random
import re

import pytest

from tests.tournament.results.hands import DOUBLE_RON_TILES, HKOS_TILES, MCR_TILES
from tournament.results.choices import entry_of
from tournament.results.entry.forms import HandForm
from tournament.results.entry.table_forms import RulingForm
from tournament.results.entry.tile_inputs import tiles_problem
from tournament.results.page.building import message_of
from tournament.results.sheet import services

SEED = 15  # the issue's number: the same 200 strings on every run
COUNT = 200
ISSUE_TYPOS = ["123M", "123m,456p", "5m,"]

# A valid tiles-level hand per family (checked below): the junk goes into one field at a time.
HANDS = {
    "mcr": MCR_TILES,
    "zung-jung": {
        "outcome": "discard",
        "winner": "S",
        "discarder": "W",
        "concealed": "567p 345s 78s 99p",
        "win_tile": "6s",
        "meld1_type": "chi",
        "meld1_tiles": "234m",
    },
    "hkos": {**HKOS_TILES, "flags": ["last_tile"]},
    # Two rons on W's 5m (tenhou pays both): every shared and per-winner tile input is shown.
    "tenhou": DOUBLE_RON_TILES,
}

# --- 200 junk strings, each wrong as the tiles of any input ----------------------------

_SUITS = "mpsz"
_TILES = ["123m", "456p", "789s", "11z", "5m", "0p", "7z", "99s"]
_SEPARATORS = [",", ";", "/", "-", "+", "|", ".", "、", "，", "・", ":"]
_WHITESPACE = [" ", "\t", "\n", "\r\n", "\u3000", "\u00a0"]
_CONTROLS = ["\x00", "\x01", "\x02", "\x07", "\x08", "\x0e", "\x1b", "\x7f"]
_UNICODE = ["🀄", "🀇🀈🀉", "😀", "👍🏽", "東", "一二三萬", "發中", "①②③", "ⅰⅱ", "²m", "5ｍ", "×"]
_HTML = ["<script>alert(1)</script>", "<b>5m</b>", "&amp;5m", "<img src=x onerror=alert(1)>"]
_SQL = ["'; DROP TABLE results_handrecord; --", "1m' OR '1'='1", '5m"); --', "NULL"]
_WORDS = ["tsumo", "ron", "abc", "None", "{}", "[]", "%(n)s", "{{ x }}", "\\n", "true"]


def _valid(rng) -> str:
    return "".join(rng.choice(_TILES) for _ in range(rng.randint(0, 2)))


def _full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


_MAKERS = [
    lambda r: _valid(r) + f"{r.randint(1, 999)}{r.choice('MPSZ')}",  # upper-case suit
    lambda r: f"{r.choice(_TILES)}{r.choice(_SEPARATORS)}{r.choice(_TILES)}",  # a separator
    lambda r: f"{r.choice(_TILES)}{r.choice(_SEPARATORS)}",  # a trailing one
    lambda r: _valid(r) + f"{r.choice('089')}z",  # no such honour
    lambda r: _valid(r) + str(r.randint(0, 99999)),  # digits without a suit
    lambda r: r.choice(_SUITS) + _valid(r),  # a suit without digits
    lambda r: str(r.randint(1, 7)) * r.randint(5, 12) + r.choice(_SUITS),  # > 4 copies
    lambda r: "9" * r.randint(10, 12) + "m",
    lambda r: _full_width(r.choice(_TILES) + _valid(r)),  # from a Japanese keyboard
    lambda r: _full_width(str(r.randint(0, 999))),
    lambda r: _valid(r) + r.choice(_UNICODE) + _valid(r),
    lambda r: r.choice(_TILES) + r.choice(_CONTROLS) + _valid(r),
    lambda r: r.choice(_CONTROLS) * r.randint(1, 3),
    lambda r: r.choice(["123456789m", "1m2m3m", "12345p"]) * r.randint(9, 30),  # very long
    lambda r: r.choice(_HTML),
    lambda r: r.choice(_SQL),
    lambda r: r.choice(_WORDS),
    lambda r: r.choice(_WHITESPACE) + r.choice(_TILES) + r.choice(_SEPARATORS) + r.choice(_TILES),
    lambda r: "".join(r.choice(_WHITESPACE) for _ in range(3)) + r.choice(_UNICODE),
    lambda r: "".join(chr(r.randint(0x21, 0x2FFF)) for _ in range(r.randint(1, 12))) + "\u2603",
]


def junk_strings(count: int = COUNT, seed: int = SEED) -> list[str]:
    """The issue's typos, then a seeded mix from every maker above, no two alike."""
    rng = random.Random(seed)
    out = list(ISSUE_TYPOS)
    while len(out) < count:
        text = rng.choice(_MAKERS)(rng)
        if text not in out:
            out.append(text)
    return out


JUNK = junk_strings()


def test_the_junk_is_junk_for_every_kind_of_tile_input():
    assert len(JUNK) == COUNT and len(set(JUNK)) == COUNT
    assert JUNK[:3] == ISSUE_TYPOS
    assert junk_strings() == JUNK  # deterministic
    too_long = [t for t in JUNK if len(t.strip()) > 80]
    for text in JUNK:
        if text not in too_long:
            for kind in ("one", "meld", "indicators", "concealed", "many"):
                assert tiles_problem(text.strip(), kind), (text, kind)
    assert too_long  # Django's length check answers those first


# --- the matrix: every family, every tile input, every junk string --------------------


@pytest.fixture
def family_table(make_table, staff):
    def make(ruleset, slug="cup"):
        table = make_table(ruleset, slug=slug, entry_level="tiles")
        table.judge = staff(table.round.event)["judge"]
        return table

    return make


def tile_inputs(form) -> list[str]:
    """Every text input for tiles on the hand form, and the flower tiles' checkboxes."""
    names = [n for n, f in form.fields.items() if "data-tiles" in f.widget.attrs]
    return names + [n for n in form.fields if n.endswith("flower_tiles")]


def bound(table, data) -> HandForm:
    event = table.round.event
    return HandForm(
        {"base_version": "0", "level": "tiles", **data},
        entry=entry_of(event),
        seats={},
        rules_name=event.ruleset,
    )


def checked(table, form) -> bool:
    """What the page does with a posted hand (``views._hand_post``, action ``check``)."""
    if not form.is_valid():
        return False
    try:
        services.preview(table, form.entry(), lang="en")
    except services.SheetInputError as error:
        form.add_sheet_error(error.field, message_of(error), 0)
        return False
    return True


@pytest.mark.parametrize("ruleset", list(HANDS))
def test_every_junk_string_in_every_tile_input_is_that_inputs_error(family_table, ruleset):
    table = family_table(ruleset)
    hand = HANDS[ruleset]
    assert checked(table, form := bound(table, hand)), form.errors  # the hand itself is fine
    fields = tile_inputs(form)
    assert {"concealed", "win_tile", "meld1_tiles", "meld4_tiles"} <= set(fields)
    missed = []
    for field in fields:
        for text in JUNK:
            value = [text] if field.endswith("flower_tiles") else text
            form = bound(table, {**hand, field: value})
            if checked(table, form) or field not in form.errors:
                missed.append((field, text, form.errors.as_data()))
    assert missed == []


def test_each_family_shows_its_tile_inputs(family_table):
    """The matrix above covers what each family's form really shows."""
    shown = {
        r: set(tile_inputs(bound(family_table(r, slug=r), {}))) for r in ("mcr", "hkos", "tenhou")
    }
    assert "dora_indicators" in shown["tenhou"] and "ura_indicators" in shown["tenhou"]
    assert "w2_concealed" in shown["tenhou"] and "w2_meld1_tiles" in shown["tenhou"]
    assert "flower_tiles" in shown["hkos"] and "dora_indicators" not in shown["mcr"]


def test_every_junk_string_in_the_penalty_tiles_is_that_inputs_error():
    for text in JUNK:
        form = RulingForm(
            {"base_version": "0", "kind": "penalty_tiles", "player": "S", "decision": "x"}
            | {"tiles": text}
        )
        assert not form.is_valid() and list(form.errors) == ["tiles"], text


# --- the judge's page itself -----------------------------------------------------------


def text_of(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def page_posts(fields: list[str], full: bool) -> list[tuple[str, str, str]]:
    """(input, junk, action) to post to the page: saved, as a judge would, or checked
    first (every other one).

    ``full``: every junk string into every input (the slow tier). Otherwise
    each string once, into input ``i mod F`` in turn, and the issue's typos into
    every input: every string and every input reach the page, and the form's
    matrix above already crosses them all.
    """
    actions = ["save" if i % 2 == 0 else "check" for i in range(len(JUNK))]
    if full:
        return [(f, t, a) for f in fields for t, a in zip(JUNK, actions, strict=True)]
    posts = [
        (fields[i % len(fields)], t, a) for i, (t, a) in enumerate(zip(JUNK, actions, strict=True))
    ]
    typos = [(f, t, a) for f in fields for t, a in zip(ISSUE_TYPOS, actions, strict=False)]
    return posts + [p for p in typos if p not in posts]


def answers_junk_with_the_fields_message(client, table, ruleset, full: bool) -> list[tuple]:
    client.force_login(table.judge)
    url = "/j/cup/1/1/hand/"
    hand = {"base_version": "0", "level": "tiles", **HANDS[ruleset]}
    assert client.post(url, {**hand, "action": "check"}).status_code == 200
    assert set(ISSUE_TYPOS) <= set(JUNK) and len(JUNK) == 200
    posts = page_posts(tile_inputs(bound(table, {})), full)
    for field, text, action in posts:
        value = [text] if field.endswith("flower_tiles") else text
        response = client.post(url, {**hand, field: value, "action": action})
        assert response.status_code == 400, (field, text, action)
        assert f'<a href="#id_{field}">' in text_of(response), (field, text)
    assert not services.head_of(table)  # nothing was saved
    return posts


@pytest.mark.parametrize("ruleset", list(HANDS))
def test_the_page_answers_each_junk_string_with_the_fields_message(client, family_table, ruleset):
    table = family_table(ruleset)
    fields = tile_inputs(bound(table, {}))
    posts = answers_junk_with_the_fields_message(client, table, ruleset, full=False)
    assert {f for f, _, _ in posts} == set(fields) and {t for _, t, _ in posts} == set(JUNK)
    for typo in ISSUE_TYPOS:
        assert {f for f, t, _ in posts if t == typo} == set(fields), typo
    assert len(posts) == len(JUNK) + (len(fields) - 1) * len(ISSUE_TYPOS)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", list(HANDS))
def test_the_page_answers_junk_with_the_fields_message(client, family_table, ruleset):
    """Every junk string in every tile input, posted to the page (6,400 posts)."""
    table = family_table(ruleset)
    fields = tile_inputs(bound(table, {}))
    posts = answers_junk_with_the_fields_message(client, table, ruleset, full=True)
    assert len(posts) == len(JUNK) * len(fields)


def test_the_issues_typos_are_explained_in_the_judges_language(client, family_table):
    table = family_table("tenhou")
    client.force_login(table.judge)
    hand = {"base_version": "0", "level": "tiles", **HANDS["tenhou"], "action": "check"}
    expected = {
        "123M": "m・p・s・z は小文字で書いてください：「M」ではなく「m」。",
        "123m,456p": "「,」はmpsz表記に使えません。",
        "5m,": "「,」はmpsz表記に使えません。",
        "0z": "「0z」という牌はありません。",
        "９m": "「９」は全角文字です。半角の「9」で入力してください。",
    }
    for typo, message in expected.items():
        response = client.post(
            "/j/cup/1/1/hand/", {**hand, "dora_indicators": typo}, HTTP_ACCEPT_LANGUAGE="ja"
        )
        assert response.status_code == 400
        html = text_of(response)
        assert (
            re.search(r'id="id_dora_indicators".*?<p class="error">([^<]*)', html)
            .group(1)
            .startswith(message)
        ), typo
    response = client.post(
        "/j/cup/1/1/hand/", {**hand, "win_tile": "5m5m"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert "请只输入一张牌（现在是2张）。" in text_of(response)


# --- what the text cannot say: the engine's refusals land on the input too ------------


@pytest.mark.parametrize(
    ("changes", "field", "says"),
    [
        # A meld in row 3 with rows 1 and 2 empty is the entry's first meld: row 3 is told.
        (
            {"meld3_type": "chi", "meld3_tiles": "124m"},
            "meld3_tiles",
            "124m is not a run of three consecutive tiles of one suit.",
        ),
        (
            {"meld2_type": "pon", "meld2_tiles": "1234s"},
            "meld2_tiles",
            "1234s is not a set: a pung is 3 and a kong 4 copies of one tile.",
        ),
        ({"meld4_type": "chi", "meld4_tiles": "123z"}, "meld4_tiles", "not a run"),
        ({"concealed": "234m 567p 234s 678s"}, "concealed", "13 tiles"),
    ],
)
def test_the_engines_refusal_of_well_written_tiles_is_on_their_input(
    family_table, changes, field, says
):
    table = family_table("tenhou")
    hand = {k: v for k, v in HANDS["tenhou"].items() if not k.startswith("w2_")}
    form = bound(table, {**hand, **changes})
    assert not checked(table, form)
    assert list(form.errors) == [field], form.errors
    assert says in form.errors[field][0]
