"""Typed mpsz text: every problem a judge can type is a code with the params to word it.

The Django side words these codes in the judge's language instead of reading
mpsz a second time (issue 33, "tiles parsed once"); the page's script reads
the same constants (``script_rules``).
"""

from __future__ import annotations

import pytest

from scoring.core.errors import ERROR_CODES
from scoring.core.tiles import (
    CONCEALED,
    INDICATORS,
    INPUT_KINDS,
    MANY,
    MELD,
    ONE,
    TILE_PROBLEMS,
    TileError,
    parse_tile,
    parse_tiles,
    read_typed,
    script_rules,
    to_mpsz,
)

# (text, input kind, problem, params): at least one case for each problem.
CASES = [
    ("m", MANY, "no_digits", {"suit": "m"}),
    ("123p z", MANY, "no_digits", {"suit": "z"}),
    ("123m8z", MANY, "bad_honour", {"tile": "8z"}),
    ("0z", INDICATORS, "bad_honour", {"tile": "0z"}),
    ("123", MANY, "no_suit", {"digits": "123"}),
    ("11z 45", CONCEALED, "no_suit", {"digits": "45"}),
    ("９m", INDICATORS, "full_width", {"char": "９", "plain": "9"}),
    ("5ｍ", MANY, "full_width", {"char": "ｍ", "plain": "m"}),
    ("5Ｍ", MANY, "full_width", {"char": "Ｍ", "plain": "m"}),
    ("123M", MANY, "upper_case", {"char": "M", "plain": "m"}),
    ("123m,456p", MANY, "not_mpsz", {"char": ","}),
    ("5m\x00", MANY, "not_mpsz", {"char": "\x00"}),
    ("²m", MANY, "full_width", {"char": "²", "plain": "2"}),  # NFKC reads it as 2
    ("11111m", MANY, "copies", {"tile": "1m", "count": 5, "most": 4}),
    ("0555m 5m", CONCEALED, "copies", {"tile": "5m", "count": 5, "most": 4}),
    ("00p", MANY, "red_copies", {"tile": "0p", "count": 2}),
    ("5m5m", ONE, "not_one", {"count": 2, "text": "5m5m"}),
    ("", ONE, "not_one", {"count": 0, "text": ""}),
    ("12m", MELD, "meld_size", {"count": 2}),
    ("11111s", MELD, "copies", {"tile": "1s", "count": 5, "most": 4}),
    ("123456m", INDICATORS, "indicators", {"count": 6, "most": 5}),
    ("123456789m 12345p", CONCEALED, "concealed", {"count": 14, "most": 13}),
]


@pytest.mark.parametrize(("text", "kind", "problem", "params"), CASES)
def test_each_typing_problem_is_its_code_and_params(text, kind, problem, params):
    with pytest.raises(TileError) as caught:
        read_typed(text, kind, field="dora_indicators")
    assert (caught.value.problem, caught.value.params) == (problem, params)
    code, _sentence = TILE_PROBLEMS[problem]
    assert caught.value.info.code == code
    assert caught.value.info.message.startswith("dora_indicators: ")


def test_every_problem_has_a_case_and_a_hand_format_code():
    assert {problem for _, _, problem, _ in CASES} == set(TILE_PROBLEMS)
    assert {code for code, _ in TILE_PROBLEMS.values()} <= ERROR_CODES


@pytest.mark.parametrize(
    ("text", "kind", "mpsz"),
    [
        ("5p", ONE, "5p"),
        ("123m", MELD, "123m"),
        ("1111z", MELD, "1111z"),
        ("1z 2z3z\t4z\u30005z", INDICATORS, "12345z"),
        ("123456789m 1234p", CONCEALED, "123456789m1234p"),
        ("0m 0p 0s 555m", MANY, "5550m0p0s"),
        ("", MANY, ""),
    ],
)
def test_well_typed_text_is_read_whatever_the_spaces(text, kind, mpsz):
    assert to_mpsz(read_typed(text, kind)) == mpsz


def test_every_kind_of_input_takes_some_text():
    for kind in INPUT_KINDS:
        assert read_typed("1111z" if kind == MELD else "5m", kind)


def test_the_engines_input_keeps_reading_any_decimal_digit():
    """JSON from the API and the corpus: a full-width digit was read, and still is."""
    assert to_mpsz(parse_tiles("１２３m")) == "123m"
    with pytest.raises(TileError) as caught:
        read_typed("１２３m")
    assert caught.value.problem == "full_width"


@pytest.mark.parametrize(
    ("text", "problem", "message"),
    [
        ("8z", "bad_honour", "concealed: '8z' is not a tile (honours run from 1z East to 7z Red)"),
        ("123", "no_suit", "concealed: digits '123' have no suit letter (m, p, s or z) after them"),
        ("m", "no_digits", "concealed: suit letter 'm' has no digits before it"),
        (
            "12M",
            "upper_case",
            "concealed: 'M' is not part of mpsz notation (digits then m, p, s or z)",
        ),
        (
            "12x",
            "not_mpsz",
            "concealed: 'x' is not part of mpsz notation (digits then m, p, s or z)",
        ),
    ],
)
def test_the_engines_errors_carry_the_codes_and_keep_their_sentences(text, problem, message):
    with pytest.raises(TileError) as caught:
        parse_tiles(text, "concealed")
    assert caught.value.problem == problem
    assert caught.value.info.code == "bad_tile"
    assert caught.value.info.message == message


def test_parse_tile_names_the_count():
    with pytest.raises(TileError) as caught:
        parse_tile("12m", "win_tile")
    assert caught.value.problem == "not_one" and caught.value.params["count"] == 2
    assert caught.value.info.code == "bad_tile"


def test_the_scripts_rules_read_mpsz_as_the_parser_does():
    rules = script_rules()
    assert rules["suits"][-1] == rules["honourSuit"]
    for suit in rules["suits"]:
        numbers = rules["honours"] if suit == rules["honourSuit"] else rules["numbers"]
        assert to_mpsz(parse_tiles(numbers + suit)) == numbers + suit
    assert set(rules["digits"]) == set(rules["numbers"]) | {rules["redFive"]}
    red = parse_tile(rules["redFive"] + "m")
    assert red.red and red.number == int(rules["five"])
    assert rules["handSize"] == 14
    assert rules["setSizes"] == {"chi": 3, "pon": 3, "kan": 4, "pair": 2}
