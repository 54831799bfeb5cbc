"""Issue #35, acceptance 5: every refusal the families declare, in words, in every language.

Each family declares the refusals it makes (``Family.refusals()``: code ->
the names of its params). Each is rendered here with sample params in
English, Japanese and simplified Chinese, as a judge's page renders it
(:func:`tournament.glossary.hand_refusals.refusal_text`): it must have words,
use only params its family declares, read differently in Japanese and Chinese
than in English (the catalogue translates it), and show no code name there:
no snake_case word, no flag, outcome, ruleset or refusal code. A rule
reference ("seed 003 L164-166") may stay.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring.families import all_families
from scoring.families.protocol import DECLARED_FLAG
from tests.toy_family import registered_toy
from tournament.glossary.hand_refusals import refusal_text, refusal_words

TRANSLATED = ("ja", "zh-hans")
RULE = "seed 003 L164-166"
# A sample value for each param name (scoring/core/refusals.py lists them).
SAMPLES = {
    "flag": "haitei",
    "other": "houtei",
    "instead": "houtei",
    "flags": ["riichi", "double_riichi"],
    "others": ["last_tile", "robbing_kong"],
    "tile": "3m",
    "plain": "5m",
    "tiles": "123456789m11p2p + 3p",
    "waits": ["1p", "4p"],
    "win": "2s",
    "count": 2,
    "most": 1,
    "held": 1,
    "value": "'x'",
    "minimum": 8,
    "number": 3,
    "seat": "S",
    "input": "concealed",
    "outcome": "nagashi",
    "yaku": ["daisangen", "daisuushii"],
    "suit": "m",
    "digits": "12",
    "char": "ｍ",
    "text": "1m2m",
}
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _families():
    return [*all_families()]


def _code_names(families) -> set[str]:
    """Every code a page could leak: flags, outcomes, rulesets, refusals."""
    names = {DECLARED_FLAG}
    for family in families:
        names |= set(family.rulesets) | set(family.refusals())
        for ruleset in family.rulesets:
            entry = family.entry(family.resolve(ruleset, {}))
            names |= set(entry.flags) | set(entry.outcomes)
    return names


def _params(family, names) -> dict:
    params = {name: SAMPLES[name] for name in names if name != "ruleset"}
    params["ruleset"] = family.rulesets[0]
    params["rule"] = RULE
    return params


def _cases():
    return [(family.name, code) for family in _families() for code in sorted(family.refusals())]


@pytest.mark.parametrize(("family_name", "code"), _cases())
def test_every_declared_refusal_reads_in_every_language(family_name, code):
    (family,) = [f for f in _families() if f.name == family_name]
    declared = family.refusals()[code]
    words = refusal_words(code)
    assert words is not None, f"{code}: no words in the glossary"
    with translation.override("en"):
        used = set(PLACEHOLDER.findall(str(words)))
    assert used <= set(declared), f"{code}: the words use {used - set(declared)}, not declared"
    assert set(declared) <= set(SAMPLES) | {"ruleset"}, f"{code}: a param with no sample"
    params = _params(family, declared)
    with translation.override("en"):
        english = refusal_text(code, params)
    assert english and RULE in english
    leaks = _code_names(_families())
    for lang in TRANSLATED:
        with translation.override(lang):
            text = refusal_text(code, params)
        assert text and text != english, f"{code}: not translated in {lang}: {english}"
        assert RULE in text
        shown = text.replace(RULE, "")
        assert not SNAKE.findall(shown), f"{code} in {lang}: {text}"
        words_in = set(re.findall(r"[A-Za-z][A-Za-z_-]*", shown))
        assert not words_in & leaks, f"{code} in {lang} shows {words_in & leaks}: {text}"


def test_the_toy_family_declares_refusals_with_words_too():
    for family in registered_toy():
        for code in family.refusals():
            assert refusal_words(code) is not None, code


def test_the_issues_example_reads_in_japanese_without_code_names():
    """ "(haitei is a self-draw; use houtei for a ron)": now the flags by their names."""
    params = {"flag": "haitei", "instead": "houtei"}
    with translation.override("ja"):
        text = refusal_text("flag_self_draw_use", params)
    assert text == "海底摸月は自摸での和了です。捨て牌での和了なら河底撈魚を選んでください。"
    with translation.override("zh-hans"):
        assert "海底摸月" in refusal_text("flag_self_draw_use", params)
