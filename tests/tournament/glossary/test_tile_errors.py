"""The words for the engine's tile problems: one for each code, in en, ja and zh-Hans.

Issue 33, "tiles parsed once": the judge's form no longer reads mpsz itself;
the rules engine says what is wrong as a code (``scoring.core.tiles``) and
the glossary words it, naming the character or tile, in the judge's language.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.core.tiles import INDICATORS, MANY, ONE, TILE_PROBLEMS, TileError, read_typed
from tournament.glossary.tile_errors import TILE_ERRORS, tile_error_text
from tournament.results.entry.tile_inputs import tiles_problem


def test_every_tile_problem_has_its_words_in_each_language():
    assert set(TILE_ERRORS) == set(TILE_PROBLEMS)
    with translation.override("en"):
        english = {problem: str(words) for problem, words in TILE_ERRORS.items()}
    for lang in ("ja", "zh-hans"):
        with translation.override(lang):
            same = [p for p, words in TILE_ERRORS.items() if str(words) == english[p]]
        assert same == [], lang


@pytest.mark.parametrize(
    ("text", "kind", "lang", "words"),
    [
        ("m", MANY, "en", "The suit letter “m” has no digits before it."),
        ("8z", MANY, "en", "“8z” is not a tile: honours run from 1z (East) to 7z (Red)."),
        ("９m", INDICATORS, "ja", "「９」は全角文字です。半角の「9」で入力してください。"),
        ("5m\x07", MANY, "en", "“U+0007” is not part of mpsz"),
        ("5m5m", ONE, "zh-hans", "请只输入一张牌（现在是2张）。"),
    ],
)
def test_the_form_words_the_engines_code(text, kind, lang, words):
    with translation.override(lang):
        assert words in tiles_problem(text, kind)


def test_a_problem_without_words_shows_the_engines_sentence():
    error = TileError("no_suit", "tiles", digits="12")
    error.problem = "a_new_problem"
    assert (
        tile_error_text(error) == "tiles: digits '12' have no suit letter (m, p, s or z) after them"
    )


def test_the_form_reads_tiles_only_through_the_engine():
    """Whatever the engine accepts the form accepts, and whatever it refuses, the form refuses."""
    for text in ("123m 456p 11z", "0m", "9999m", "12345z", "1z2z", "", "5m,", "9z", "55555p"):
        for kind in (ONE, INDICATORS, MANY):
            try:
                read_typed(text, kind)
            except TileError:
                assert tiles_problem(text, kind), (text, kind)
            else:
                assert tiles_problem(text, kind) is None, (text, kind)
