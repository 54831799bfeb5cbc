"""The refusals every family can make, as codes and the names of their params.

Why (issue #35): a refusal used to reach a Japanese page as the engine's
English sentence ("haitei is a self-draw; use houtei for a ron"), code names
and all. Now each refusal is a code with params (:class:`HandError`'s
``refusal``), and each family declares the refusals it makes
(``Family.refusals()``: these shared ones, plus its own); the Django side's
glossary has the words for each, in every language, and a test renders
every declared one in each (tests/tournament/glossary/test_refusal_words.py).

Params, by name, wherever a refusal has them: ``flag``, ``other``,
``instead`` (a situation flag's code, shown by its name), ``flags``,
``others`` (several), ``tile``, ``plain``, ``tiles``, ``waits`` (mpsz),
``count``, ``most``, ``held``, ``value``, ``minimum``, ``seat``, ``ruleset``
(a ruleset's code, shown by its name), ``input`` (a hand-format field, shown
by its name) and ``rule`` (a rule reference such as "seed 003 L164-166",
shown as it is, after the sentence).
"""

from __future__ import annotations

from scoring.core.tiles import TILE_PROBLEMS

# The problems of typed or stored mpsz text (scoring.core.tiles): each is a refusal too.
_TILE_PARAMS = {
    "no_digits": ("suit",),
    "bad_honour": ("tile",),
    "no_suit": ("digits",),
    "full_width": ("char", "plain"),
    "upper_case": ("char", "plain"),
    "not_mpsz": ("char",),
    "copies": ("tile", "count", "most"),
    "red_copies": ("tile", "count"),
    "not_one": ("count",),
    "meld_size": ("count",),
    "indicators": ("most", "count"),
    "concealed": ("count", "most"),
}
assert set(_TILE_PARAMS) == set(TILE_PROBLEMS), "every tile problem is a refusal"

CORE_REFUSALS: dict[str, tuple[str, ...]] = {
    **_TILE_PARAMS,
    # A hand as the hand format writes it (scoring.core.hand): what the API can get wrong.
    "hand_not_object": (),
    "field_required": ("input",),
    "win_kind": ("value",),
    "not_text": ("value",),
    "not_a_list": ("input", "value"),
    "not_yes_no": ("input", "value"),
    "not_a_wind": ("input", "value"),
    "flag_not_text": ("value",),
    "flower_count": ("value", "most"),
    "not_a_bonus_tile": ("value",),
    "bonus_twice": (),
    "flowers_shape": ("value",),
    "options_not_object": ("value",),
    "meld_not_object": (),
    "meld_type": ("value",),
    "meld_not_run": ("tiles",),
    "meld_not_set": ("tiles",),
    "meld_concealed_not_kong": (),
    "meld_added_not_kong": (),
    "meld_added_concealed": (),
    # The hand itself (scoring.core.hand, scoring.core.shapes).
    "tile_count": ("count", "most"),
    "not_complete": ("tiles", "waits"),
    "no_winning_shape": ("tiles",),
    "below_minimum": ("value", "minimum"),
    "dealer_sits_east": ("seat",),
    # Situation flags that cannot apply (scoring.core.flags), each with its rule where
    # the family names one.
    "flag_unknown": ("flag",),
    "flag_not_in_rules": ("ruleset", "flag"),
    "flag_needs_self_draw": ("flag",),
    "flag_needs_discard": ("flag",),
    "flag_self_draw_use": ("flag", "instead"),
    "flag_discard_use": ("flag", "instead"),
    "flag_needs_kong": ("flag",),
    "flag_needs_flower": ("flag",),
    "flag_robbed_tile_held": ("flag", "tile", "held"),
    "flags_apart": ("flag", "other"),
    "flag_before_any_call": ("flag",),
    "flag_dealer_self_draw": ("flag",),
    "flag_on_dealer_discard": ("flag",),
    # Inputs the rules do not have (also scoring.sheets.inputs, for a judge's entry).
    "no_dora": ("ruleset",),
    "no_ura_dora": ("ruleset",),
    "no_red_fives": ("ruleset", "tile", "plain"),
    "no_flowers": ("ruleset",),
    "no_penalty_tiles": ("ruleset",),
}

# An input a family has none of (hand-format.md fields) -> the refusal that says so.
NONE_OF = {
    "dora_indicators": "no_dora",
    "ura_indicators": "no_ura_dora",
    "penalty_tiles": "no_penalty_tiles",
}
