"""Fuzzing the engine boundary: any input gives a result or an error code, never a crash.

hand-format.md promises that ``score`` and ``score_hands`` answer every input: a
legal hand gets its value, anything else ``valid: false`` with a documented
error code and a sentence for a person. These properties throw arbitrary JSON,
near-valid hands (real hands from tests/sample_hands.py and the shared corpora,
mutated), every ruleset name plus junk names, and junk options at
:func:`scoring.engine.score` and at the JSON Lines layer behind ``score_hands``.

Hypothesis settings: its defaults (a fresh random seed every run, so CI keeps
exploring), with ``database=None`` so no ``.hypothesis/`` example store is
written and read back: a run depends on nothing but the code and the seed, and
a failure prints the seed and the falsifying example to replay it
(``--hypothesis-seed``). ``deadline=None`` because the first riichi hand warms
the ``mahjong`` library's caches. The example counts keep this file at about
ten seconds.

Crashes found by these properties are kept as ``@example`` regressions.
"""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from scoring.core.errors import ERROR_CODES
from scoring.engine import score
from scoring.families import family_named, ruleset_names
from scoring.families.hkos import options as hkos_options
from scoring.families.mcr import options as mcr_options
from scoring.families.riichi import presets as riichi_presets
from scoring.families.rulesets import registered_names
from scoring.families.zung_jung import options as zung_jung_options
from scoring.jsonl import score_line, score_lines
from tests.sample_hands import FOUR_HAN_THIRTY_FU, RIICHI_PINFU_TANYAO

ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIR = ROOT.parent / "shared" / "corpus"

HAND_FORMAT = ROOT.parent / "shared" / "hand-format.md"


def _documented_codes() -> set[str]:
    """The codes of hand-format.md's "Error codes (extend as needed …)" paragraph."""
    text = HAND_FORMAT.read_text(encoding="utf-8")
    (paragraph,) = [line for line in text.splitlines() if line.startswith("Error codes")]
    codes = re.sub(r"\([^)]*\)", "", paragraph)  # not the flags of "(e.g. `ippatsu` …)"
    return set(re.findall(r"`([a-z_]+)`", codes))


DOCUMENTED_CODES = _documented_codes()
# Our extensions (scoring/errors.py), registered but not (yet) in hand-format.md's list.
EXTENSIONS = {"bad_option", "unsupported_ruleset"}
ERROR_CODE_SET = DOCUMENTED_CODES | EXTENSIONS
RESULT_FIELDS = {
    "id",
    "ruleset",
    "valid",
    "error",
    "total",
    "han",
    "fu",
    "points",
    "limit",
    "items",
}
RIICHI = set(family_named("riichi").rulesets)
CHINESE = set(ruleset_names()) - RIICHI
RIICHI.add("riichi-lib-default")  # the corpus's library preset

FUZZ = settings(
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _corpus_sample(name: str, step: int) -> list[dict]:
    with (CORPUS_DIR / name).open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return rows[::step]


# Real hands to mutate: every MCR row (varied shapes, kongs, flowers), one riichi row
# in 25 (the library cases are spread through the file), and the shared samples.
BASE_HANDS = [
    {**RIICHI_PINFU_TANYAO, "id": "sample-1"},
    {**FOUR_HAN_THIRTY_FU, "id": "sample-2"},
    *_corpus_sample("mcr.jsonl", 1),
    *_corpus_sample("riichi.jsonl", 25),
]
HAND_FIELDS = [
    "id", "ruleset", "concealed", "melds", "win_tile", "win", "seat_wind", "round_wind",
    "dealer", "flowers", "flags", "dora_indicators", "ura_indicators", "aka",
    "penalty_tiles", "options",
]  # fmt: skip
MPSZ_FIELDS = ["concealed", "win_tile", "dora_indicators", "ura_indicators", "penalty_tiles"]
FLAGS = [
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
    "chiihou", "renhou", "open_riichi", "last_tile", "kong_replacement", "flower_replacement",
    "robbing_kong", "last_of_kind", "heavenly", "earthly",
]  # fmt: skip
OPTION_NAMES = sorted(
    mcr_options.ALL_OPTIONS
    | hkos_options.ALL_OPTIONS
    | zung_jung_options.ALL_OPTIONS
    | set(riichi_presets.OPTION_TYPES)
    | {"has_aka_dora", "has_open_tanyao", "kazoe_limit", "is_three_player", "no_such_option"}
)
RULESET_NAMES = sorted(set(ruleset_names()) | set(registered_names()))

# --- strategies -------------------------------------------------------------------

# Any JSON value json.loads can give (NaN and infinities included: Python reads them).
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(),
    st.text(max_size=20),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=15,
)

# mpsz-like text: digit runs (ASCII, full-width, Arabic-Indic, superscript) with odd suffixes.
digit_runs = st.text(alphabet="0123456789", max_size=6) | st.text(
    alphabet="0123456789０１２３٣²³¹①", max_size=4
)
suits = st.sampled_from(
    ["m", "p", "s", "z", "M", "P", "S", "Z", "", " ", "mm", "x", "z9", "万", "🀄", "\u200b",
     "\ufeff", "\ud800", "-", "\n", "\t"]
)  # fmt: skip
mpsz_pieces = st.builds(lambda d, s: d + s, digit_runs, suits)
weird_mpsz = st.one_of(
    st.lists(mpsz_pieces, max_size=8).map("".join),
    st.text(alphabet="0123456789mpsz ０１²٣", max_size=30),
    st.text(max_size=30),
    st.sampled_from(["", "0m", "0z", "8z", "5555m", "0m0m", "123m" * 500, "1" * 5000 + "m"]),
)
ruleset_names = st.one_of(
    st.sampled_from(RULESET_NAMES),
    st.sampled_from(["", "MCR", "Tenhou", "riichi", "zung_jung", "mcr ", "\u0000", "hk os"]),
    st.text(max_size=12),
    json_values,
)
option_values = st.one_of(
    json_values,
    st.sampled_from(
        [0, 1, 2, 4, 8, 13, 14, 100, 101, 10**9, 10**30, -1, True, False, "half-spicy",
         "full-spicy", "custom", "cn-national", "green-book", [1, 2, 4, 8], {"chicken_hand": 3},
         {"no_such": 1}, list(range(14)), "rounds:2", "rounds:²"]
    ),
)  # fmt: skip
options = st.dictionaries(
    st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=10)), option_values, max_size=4
)
melds = st.fixed_dictionaries(
    {},
    optional={
        "type": st.one_of(st.sampled_from(["chi", "pon", "kan", "ankan", "", "CHI"]), json_values),
        "tiles": st.one_of(weird_mpsz, json_values),
        "concealed": st.one_of(st.booleans(), json_values),
        "added": st.one_of(st.booleans(), json_values),
    },
)
flowers = st.one_of(
    st.integers(min_value=-10, max_value=12),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.lists(st.integers(min_value=-3, max_value=12), max_size=10),
    json_values,
)


@st.composite
def near_valid_hands(draw):
    """A real hand with up to four mutations; with none it is a legal win somewhere."""
    hand = dict(draw(st.sampled_from(BASE_HANDS)))
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        what = draw(
            st.sampled_from(
                ["drop", "rename", "junk", "mpsz", "ruleset", "options", "flags", "flowers",
                 "melds", "duplicate_meld", "winds", "huge", "long"]
            )
        )  # fmt: skip
        field = draw(st.sampled_from(HAND_FIELDS))
        if what == "drop":
            hand.pop(field, None)
        elif what == "rename" and field in hand:
            hand[draw(st.sampled_from([field.upper(), field + "s", field.replace("_", "")]))] = (
                hand.pop(field)
            )
        elif what == "junk":
            hand[field] = draw(json_values)
        elif what == "mpsz":
            hand[draw(st.sampled_from(MPSZ_FIELDS))] = draw(weird_mpsz)
        elif what == "ruleset":
            hand["ruleset"] = draw(ruleset_names)
        elif what == "options":
            hand["options"] = draw(options)
        elif what == "flags":
            vocabulary = st.sampled_from(FLAGS) | st.text(max_size=8) | json_values
            hand["flags"] = draw(st.lists(vocabulary, max_size=5))
        elif what == "flowers":
            hand["flowers"] = draw(flowers)
        elif what == "melds":
            hand["melds"] = draw(st.lists(melds | json_values, max_size=5))
        elif what == "duplicate_meld" and isinstance(hand.get("melds"), list) and hand["melds"]:
            hand["melds"] = [*hand["melds"], draw(st.sampled_from(hand["melds"]))]
        elif what == "winds":
            wind = st.sampled_from(["E", "S", "W", "N", "e", "East", "", "tsumo", "ron", "TSUMO"])
            hand[draw(st.sampled_from(["seat_wind", "round_wind", "win"]))] = draw(
                wind | json_values
            )
        elif what == "huge":
            hand[field] = draw(st.sampled_from([10**30, -(10**30), 2**63, -1, 1e308, -0.0]))
        elif what == "long":
            hand[field] = draw(st.sampled_from(["x" * 20_000, "1m" * 10_000, ["riichi"] * 5_000]))
    return hand


hands = st.one_of(near_valid_hands(), near_valid_hands(), json_values)
fallback_rulesets = st.one_of(st.none(), st.sampled_from(RULESET_NAMES), ruleset_names)


# --- the engine: score(data, ruleset) ----------------------------------------------


def check_result(result) -> dict:
    """The contract every Result meets, valid or not; returns its JSON face."""
    face = result.to_dict()
    event(f"valid {result.ruleset}" if result.valid else f"error {result.error.code}")
    assert set(face) == RESULT_FIELDS
    json.dumps(face, allow_nan=False)  # the engine itself never writes NaN or a non-JSON value
    assert type(result.valid) is bool
    if not result.valid:
        assert result.error is not None
        assert result.error.code in ERROR_CODE_SET, result.error
        assert isinstance(result.error.message, str) and result.error.message.strip()
        return face
    assert result.error is None
    assert result.ruleset in RULESET_NAMES
    assert type(result.total) is int and result.total >= 0
    for item in result.items:
        assert isinstance(item.key, str) and item.key
        assert type(item.value) is int and type(item.count) is int and item.count >= 1
    item_sum = sum(item.value * item.count for item in result.items)
    if result.ruleset in RIICHI:
        # hand-format.md: total is han including dora; stacked yakuman beyond the
        # preset's cap are listed but not counted, so the items may add up to more.
        assert result.han == result.total and result.han >= 1
        assert type(result.fu) is int and type(result.points) is int and result.points > 0
        assert result.limit is None or isinstance(result.limit, str)
        assert item_sum >= result.total
    else:
        # Chinese rulesets: the headline count is the sum of the breakdown (flowers
        # included for MCR; HKOS shows a cut above max_faan as a negative item).
        assert item_sum == result.total
        assert result.han is None and result.fu is None and result.limit is None
    return face


@settings(FUZZ, max_examples=1500)
@given(data=hands, ruleset=fallback_rulesets)
# Crashes these properties found (each fixed in scoring/):
@example(data={**RIICHI_PINFU_TANYAO, "concealed": "²34567m456p2388s"}, ruleset="tenhou")
@example(data={**RIICHI_PINFU_TANYAO, "ruleset": ["tenhou"]}, ruleset=None)
@example(data={**RIICHI_PINFU_TANYAO, "ruleset": {"name": "mcr"}}, ruleset="mcr")
@example(data={**RIICHI_PINFU_TANYAO, "options": {"max_faan": 10**9}}, ruleset="hkos")
def test_score_never_raises(data, ruleset):
    check_result(score(data, ruleset))


# What one family's hands carry and the other's refuse (riichi dora, Chinese flowers).
FOREIGN = {"chinese": ("dora_indicators", "ura_indicators", "aka"), "riichi": ("flowers",)}


@settings(FUZZ, max_examples=300)
@given(
    data=near_valid_hands(),
    ruleset=st.sampled_from(RULESET_NAMES),
    extra=st.just({}) | options,
    tidy=st.booleans(),
    lang=st.sampled_from(["en", "ja", "zh", "xx", ""]),
)
def test_every_ruleset_with_junk_options(data, ruleset, extra, tidy, lang):
    """The hand's own ruleset removed so that ``ruleset`` applies; options replaced.

    ``tidy`` drops the fields the other family's hands carry, so that a riichi
    hand is often a legal win under the Chinese rulesets too, and back.
    """
    family = "riichi" if ruleset in RIICHI else "chinese"
    drop = {"ruleset", *FOREIGN[family]} if tidy else {"ruleset"}
    data = {k: v for k, v in data.items() if k not in drop}
    data["options"] = extra
    check_result(score(data, ruleset, lang))


def test_every_code_the_engine_may_give_is_documented_or_a_known_extension():
    assert {"bad_input", "bad_tile", "not_winning", "unknown_ruleset"} <= DOCUMENTED_CODES
    assert DOCUMENTED_CODES <= ERROR_CODES  # each documented code is registered
    assert ERROR_CODES <= ERROR_CODE_SET  # a new code gets documented


def test_unmutated_base_hands_are_mostly_legal():
    """The mutations start from legal hands, so the valid-result checks are exercised."""
    valid = [score(hand) for hand in BASE_HANDS if hand.get("ruleset")]
    assert sum(r.valid for r in valid) > 0.9 * len(valid)


# --- JSON Lines: what score_hands runs ------------------------------------------------

no_newlines = st.characters(exclude_characters="\r\n")
json_lines = st.one_of(
    hands.map(json.dumps),
    st.builds(lambda h, i: json.dumps({**h, "id": i}), near_valid_hands(), json_values),
    json_values.map(json.dumps),
    st.text(no_newlines, max_size=40),
    hands.map(json.dumps).flatmap(lambda t: st.integers(0, len(t)).map(lambda n: t[:n])),
    hands.map(lambda h: "\ufeff" + json.dumps(h)),
    st.sampled_from(
        ["", " ", "\t", "{}", "[]", "null", "NaN", '{"id": NaN}', '{"id": "\\ud800"}',
         '{"id": 1e999}', "1" * 5000, "[" * 5000, "[" * 990 + "]" * 990,
         '{"id": "deep", "x": ' + "[" * 500 + "]" * 500 + "}", '{"id": "a"}{"id": "b"}',
         '"just a string"', json.dumps({"id": "x" * 100_000})]
    ),
)  # fmt: skip


def _same_json(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _not_json(text):
    raise ValueError(f"{text} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    return value if math.isfinite(value) else _not_json(text)


def _strict_json(text: str):
    """JSON as RFC 8259 has it: Python's json also reads NaN, Infinity and 1e999."""
    return json.loads(text, parse_constant=_not_json, parse_float=_finite)


def _given_id(line: str):
    """The id score_hands must echo: the line's own, when it is a JSON object."""
    try:
        data = _strict_json(line.rstrip("\r\n"))
    except (ValueError, RecursionError):
        return None
    return data.get("id") if isinstance(data, dict) else None


@settings(FUZZ, max_examples=200)
@given(
    lines=st.lists(json_lines, max_size=8),
    ruleset=st.one_of(st.none(), st.sampled_from(RULESET_NAMES), st.text(max_size=5)),
    ending=st.sampled_from(["", "\n", "\r\n"]),
)
@example(lines=['{"id": "\\ud800", "ruleset": "mcr"}'], ruleset=None, ending="\n")  # not UTF-8
@example(lines=["1" * 5000, '{"id": ' + "9" * 5000 + "}"], ruleset="mcr", ending="")  # int limit
@example(lines=['{"id": NaN}', '{"id": 1e999, "ruleset": "mcr"}'], ruleset=None, ending="\n")
@example(
    lines=["[" * 5000, '{"id": 7, "x": ' + "[" * 993 + "]" * 993 + "}"], ruleset=None, ending=""
)
def test_one_answer_per_line_with_its_id(lines, ruleset, ending):
    answers = list(score_lines([line + ending for line in lines], ruleset))
    assert len(answers) == len(lines)
    for number, (line, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        assert "\n" not in answer and "\r" not in answer
        answer.encode("utf-8")  # writable to a UTF-8 file: no lone surrogate left raw
        result = _strict_json(answer)  # and JSON to any reader: no NaN or Infinity
        assert set(result) == RESULT_FIELDS and type(result["valid"]) is bool
        if not result["valid"]:
            assert result["error"]["code"] in ERROR_CODE_SET
            assert result["error"]["message"]
        given_id = _given_id(line)
        if given_id is not None:
            assert _same_json(result["id"], given_id), (number, line[:200])


@settings(FUZZ, max_examples=200)
@given(line=st.text(max_size=200), number=st.integers(min_value=1, max_value=10**6))
def test_any_text_is_answered(line, number):
    result = score_line(line, number, "tenhou")
    assert set(result) == RESULT_FIELDS
    if not result["valid"]:
        assert result["error"]["code"] in ERROR_CODES


def _junk_lines(count: int, seed: int) -> list[str]:
    """Reproducible junk for the process test: mutated hands and broken JSON, one per line."""
    rng = random.Random(seed)
    pool = [
        lambda: json.dumps({**rng.choice(BASE_HANDS), "id": f"line-{rng.random()}"}),
        lambda: json.dumps({**rng.choice(BASE_HANDS), rng.choice(HAND_FIELDS): rng.random()}),
        lambda: json.dumps({**rng.choice(BASE_HANDS), "concealed": "²" + "1m" * rng.randint(0, 9)}),
        lambda: json.dumps({**rng.choice(BASE_HANDS), "ruleset": rng.choice([[], {}, 5, "x"])}),
        lambda: json.dumps({**rng.choice(BASE_HANDS), "options": {"max_faan": 10**12}}),
        lambda: json.dumps(rng.choice(BASE_HANDS))[: rng.randint(0, 80)],
        lambda: '{"id": "\\ud800\\udfff\\ud800", "concealed": 5}',
        lambda: "\ufeff" + json.dumps(rng.choice(BASE_HANDS)),
        lambda: "9" * rng.randint(4_000, 6_000),
        lambda: "[" * rng.randint(900, 3_000),
        lambda: "".join(chr(rng.randint(32, 0xD7FF)) for _ in range(rng.randint(0, 30))),
        lambda: "",
        lambda: "   ",
    ]
    return [rng.choice(pool)() for _ in range(count)]


def test_score_hands_command_answers_every_junk_line(tmp_path):
    source, target = tmp_path / "junk.jsonl", tmp_path / "out.jsonl"
    lines = _junk_lines(400, seed=8)
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "manage.py", "score_hands", "--ruleset", "tenhou",
         "--input", str(source), "--output", str(target)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    # Not splitlines(): a raw U+2028 inside a JSON string is not a line break in JSON Lines.
    answers = target.read_text(encoding="utf-8").split("\n")[:-1]
    assert len(answers) == len(lines)
    results = [json.loads(answer) for answer in answers]
    for line, result in zip(lines, results, strict=True):
        assert set(result) == RESULT_FIELDS
        given_id = _given_id(line)
        if given_id is not None:
            assert _same_json(result["id"], given_id)
    assert any(r["valid"] for r in results) and not all(r["valid"] for r in results)
    assert {r["error"]["code"] for r in results if r["error"]} <= ERROR_CODE_SET
