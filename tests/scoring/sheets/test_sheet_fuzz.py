"""Fuzzing replay_sheet where test_sheet_properties.py does not reach.

test_sheet_properties.py throws junk hand *rows* at six rulesets with no
options. This file covers the rest of the signature, for all eight rulesets:
junk event ``overrides`` (every option name any reader knows, junk values),
a junk penalty ledger, final-scores-only entry, leftover sticks, and
tiles-level rows whose ``hand`` is a mutated real hand (the strategies of
tests/scoring/test_fuzz_hands.py). The property is the package's promise:
:class:`SheetError` with a documented code, field and message, or a sheet
that balances and whose ``to_dict()`` is JSON; nothing else ever escapes.

Hypothesis settings as in test_fuzz_hands.py: defaults with ``database=None``.
"""

from __future__ import annotations

import json

from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from scoring.core.errors import ERROR_CODES
from scoring.core.seats import SEATS
from scoring.families import family_for, ruleset_names
from scoring.families.riichi.setup import SESSION_OPTIONS, SETTLEMENT_OPTIONS
from scoring.sheets import SheetError, replay_sheet
from scoring.sheets.penalties import CATEGORIES, DISTRIBUTIONS, SCOPES
from tests.scoring.test_fuzz_hands import (
    BASE_HANDS,
    FUZZ,
    OPTION_NAMES,
    json_values,
    near_valid_hands,
    option_values,
)

# The codes of the scoring.sheets docstring, plus the engine's for tiles-level hands.
SHEET_CODES = {
    "bad_input", "bad_choice", "bad_seat", "duplicate", "not_allowed", "winner_is_discarder",
    "liable_is_winner", "impossible_value", "below_minimum", "above_maximum", "noten_riichi",
    "inconsistent", "not_divisible", "scores_do_not_sum", "session_over", "bad_option",
} | ERROR_CODES  # fmt: skip
RULESETS = sorted(ruleset_names())
SHEET_OPTION_NAMES = sorted({*OPTION_NAMES, *SESSION_OPTIONS, *SETTLEMENT_OPTIONS})

seats = st.sampled_from(SEATS)
seat_lists = st.lists(seats, unique=True, max_size=4)
small = st.integers(min_value=-5, max_value=200)
values = st.one_of(
    small, seats, seat_lists, st.none(), st.booleans(), json_values,
    st.sampled_from(["tiles", "value", "ron", "tsumo", "conduct", "chombo", "table_score",
                     "session_after_uma", "overall_score", "none", "equal_to_others"]),
)  # fmt: skip
OUTCOMES = {  # each ruleset's own (scoring/sheets/*.py)
    "mcr": ["discard", "self_draw", "draw", "not_played"],
    "zung-jung": ["discard", "self_draw", "robbing_kong", "draw"],
    "hkos": ["discard", "self_draw", "draw", "false_win"],
    "riichi": ["ron", "tsumo", "ron", "tsumo", "draw", "chombo"],
    "tenhou": ["ron", "tsumo", "ron", "tsumo", "draw", "chombo", "abortive"],
}
ROW_KEYS = [
    "outcome", "level", "winner", "discarder", "han", "fu", "yakuman", "riichi", "tenpai",
    "player", "fan", "flowers", "points", "faan", "liable", "all_immune", "wins", "hand",
]  # fmt: skip
HAND_KEYS = ("concealed", "win_tile", "melds", "flowers", "flags", "dora_indicators", "options")
# What a judge types for a tiles-level hand (the sheet fills winds, dealer and win).
tiles_hands = st.one_of(
    st.sampled_from(BASE_HANDS).map(lambda h: {k: v for k, v in h.items() if k in HAND_KEYS}),
    near_valid_hands(),
)
riichi_value = st.fixed_dictionaries(
    {"han": st.integers(1, 14), "fu": st.sampled_from([20, 25, 30, 40, 50, 70, 110, None])},
    optional={"yakuman": st.sampled_from([0, 0, 0, 1, 2])},
)
chinese_value = {
    "mcr": st.fixed_dictionaries({"fan": st.integers(0, 90)}, optional={"flowers": small}),
    "zung-jung": st.fixed_dictionaries({"points": st.integers(0, 400)}),
    "hkos": st.fixed_dictionaries({"faan": st.integers(0, 16)}),
}


@st.composite
def rows(draw, ruleset):
    """A row a judge might type for ``ruleset``: legal outcomes, plausible values."""
    family = "riichi" if family_for(ruleset).name == "riichi" else "chinese"
    outcome = draw(st.sampled_from(OUTCOMES.get(ruleset) or OUTCOMES[family]))
    winner, discarder = draw(st.lists(seats, min_size=2, max_size=2, unique=True))
    row = {"outcome": outcome}
    if outcome in ("ron", "tsumo", "discard", "self_draw", "robbing_kong"):
        row["winner"] = winner
        if outcome in ("ron", "discard", "robbing_kong"):
            row["discarder"] = discarder
        if draw(st.integers(0, 3)) == 0:
            hand = draw(tiles_hands)
            row |= {"level": "tiles", "hand": hand}
            flags = hand.get("flags") if isinstance(hand, dict) else None
            if family == "riichi" and isinstance(flags, list) and "riichi" in flags:
                row["riichi"] = [winner]
        elif family == "riichi":
            row |= draw(riichi_value) | {"riichi": draw(seat_lists)}
        else:
            row |= draw(chinese_value[ruleset])
    elif outcome in ("chombo", "false_win"):
        row["player"] = winner
    elif family == "riichi":
        tenpai = draw(seat_lists)
        row |= {"tenpai": tenpai, "riichi": draw(st.lists(st.sampled_from(SEATS), unique=True))}
    return row


# A ledger entry as a judge types it; junk_penalties may be anything.
penalties = st.fixed_dictionaries(
    {
        "player": seats,
        "category": st.sampled_from(CATEGORIES),
        "points": st.integers(-40, 0).map(lambda p: p * 3),
    },
    optional={
        "scope": st.sampled_from(SCOPES),
        "distribution": st.sampled_from(DISTRIBUTIONS),
        "reason": st.text(max_size=10),
    },
)
junk_penalties = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={key: values for key in ("player", "category", "points", "scope",
                                          "distribution", "after_hand", "reason")},
    ),
    values,
)  # fmt: skip
overrides = st.one_of(
    st.dictionaries(st.sampled_from(SHEET_OPTION_NAMES), option_values, max_size=3),
    json_values,
)
final_scores = st.one_of(
    st.fixed_dictionaries({seat: st.integers(-100_000, 200_000) for seat in SEATS}),
    st.dictionaries(st.sampled_from([*SEATS, "X"]), values, max_size=5),
)
# Crashes this property found, each fixed in scoring/ and replayed by an @example:
REGRESSIONS = {
    # final_rounding is tenhou's "1st takes the rounding": with shared places an empty
    # sheet had four players 1st and the session maths crashed; now a bad_option.
    "final_rounding": {"overrides": {"final_rounding": True}},
    # HKOS built a faan scale of max_faan + 1 steps: 10**9 hung; now a bad_option.
    "max_faan": {"overrides": {"max_faan": 10**9}},
    # overrides=None (no options) crashed on the first tiles-level row of a Chinese sheet.
    "no_overrides": {
        "overrides": None,
        "entries": [
            {
                "outcome": "discard",
                "winner": "E",
                "discarder": "S",
                "level": "tiles",
                "hand": {"concealed": "234567m456p2388s", "win_tile": "4s"},
            }
        ],
    },
}
# What one example spoils: nothing (a plausible sheet, its rows maybe spoiled), or one argument.
SPOILS = ["nothing", "nothing", "nothing", "options", "row", "rows", "ledger", "final", "sticks"]


@settings(FUZZ, max_examples=400)
@given(
    ruleset=st.sampled_from(RULESETS),
    spoil=st.sampled_from(SPOILS),
    lang=st.sampled_from(["en", "ja", "zh"]),
    data=st.data(),
)
@example(ruleset="jpml-b", spoil="final_rounding", lang="en", data=None)
@example(ruleset="hkos", spoil="max_faan", lang="en", data=None)
@example(ruleset="mcr", spoil="no_overrides", lang="en", data=None)
def test_anything_gives_a_sheet_or_a_sheet_error(ruleset, spoil, lang, data):
    args = {"overrides": {}, "entries": [], "penalties": [], "final_scores": None,
            "leftover_sticks": 0}  # fmt: skip
    if spoil in REGRESSIONS:
        args |= REGRESSIONS[spoil]
    else:
        draw = data.draw
        args["entries"] = draw(st.lists(rows(ruleset), max_size=16), label="entries")
        args["penalties"] = draw(st.lists(penalties, max_size=2), label="penalties")
        if spoil == "options":
            args["overrides"] = draw(overrides, label="overrides")
        elif spoil == "row" and args["entries"]:  # one field of one row
            row = draw(st.sampled_from(args["entries"]), label="row")
            key = draw(st.sampled_from(ROW_KEYS), label="key")
            row[key] = draw(st.lists(rows(ruleset), max_size=2) if key == "wins" else values)
        elif spoil == "rows":
            args["entries"] = draw(st.lists(values, max_size=2) | values, label="entries")
        elif spoil == "ledger":
            args["penalties"] = draw(st.lists(junk_penalties, max_size=3) | values, label="ledger")
        elif spoil == "final":
            args["entries"] = []
            args["final_scores"] = draw(final_scores, label="final_scores")
        elif spoil == "sticks":
            args["leftover_sticks"] = draw(values, label="leftover_sticks")
    try:
        sheet = replay_sheet(ruleset, args.pop("overrides"), args.pop("entries"), lang=lang, **args)
    except SheetError as error:
        event(f"SheetError {error.code}")
        assert error.code in SHEET_CODES, error.to_dict()
        assert error.field and error.message.startswith(error.field)
        json.dumps(error.to_dict(), default=repr)  # params may echo the junk given
    else:
        event(f"sheet of {min(len(sheet.rows), 5)}{'+' * (len(sheet.rows) >= 5)} rows")
        assert sheet.balance["ok"]
        json.dumps(sheet.to_dict())
