"""Words for the replay's refusals: the fields it names and the codes it refuses with.

The pure replay (``scoring.sheets``, its error codes listed there) reports a
problem as a field path, a stable code and parameters; these are the words
the Django side puts them in (:mod:`tournament.results.sheet.errors`).
Parameters that are codes themselves (a ruleset, a flag) are shown by their
name in the reader's language (:func:`shown_params`), never as the code.
"""

from collections.abc import Mapping

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext_lazy as _

from scoring.core.names import display_name
from scoring.families.registry import UnknownRuleset, family_for
from tournament.glossary.flags import FLAGS
from tournament.glossary.outcomes import OUTCOMES
from tournament.glossary.values import UNITS

# A field of the sheet entry -> its name in a refusal ("Hand 3, discarder").
FIELDS = {
    "hand": _("tiles"),
    "winner": _("winner"),
    "discarder": _("discarder"),
    # a hand's numbers by their unit's word (the family's value fields)
    **{code: UNITS[code] for code in ("han", "fu", "fan", "flowers", "faan", "points")},
    "outcome": _("outcome"),
    "riichi": _("riichi"),
    "tenpai": _("tenpai"),
    "player": _("player"),
    "final_scores": _("final scores"),
    "scores": _("final scores"),
    "concealed": _("concealed tiles"),
    "win_tile": _("winning tile"),
    "dora_indicators": _("dora indicators"),
    "ura_indicators": _("ura-dora indicators"),
    "penalty_tiles": _("penalty tiles"),
    "flags": _("situation"),
    "after_hand": _("during hand"),
    # the hand format's other fields, as a refusal of the API's JSON names them
    "win": _("self-draw or discard"),
    "melds": _("melds"),
    "seat_wind": _("seat wind"),
    "round_wind": _("prevailing wind"),
    "dealer": _("dealer"),
    "added": _("added kong"),
}
# A numbered list of the entry -> its item's name ("Hand 3"); melds are not numbered.
NUMBERED = {
    "hands": _("Hand %(n)s"),
    "penalties": _("Ruling %(n)s"),
    "rulings": _("Ruling %(n)s"),
    "wins": _("Winner %(n)s"),
}
MELD = _("meld")

# The replay's (and the engine's) refusal codes -> the sentence, with its parameters.
REFUSALS = {
    "wrong_tile_count": _("the hand has the wrong number of tiles."),
    "too_many_copies": _("there are more than four of one tile."),
    "bad_tile": _("a tile is not written as mpsz (e.g. 123m 55z)."),
    "bad_meld": _("a meld is not a chow, pung or kong."),
    "not_winning": _("these tiles are not a winning hand."),
    "no_yaku": _("the hand has no yaku."),
    "below_minimum": _("the hand is worth %(value)s, under the minimum of %(minimum)s."),
    "above_maximum": _("%(value)s is above the limit of %(maximum)s."),
    "penalty_tile": _("a penalty tile is used where the rules forbid it."),
    "winner_is_discarder": _("the discarder cannot be the winner."),
    "impossible_value": _("no hand is worth %(han)s han %(fu)s fu."),
    "scores_do_not_sum": _("the scores add up to %(actual)s, but must total %(expected)s."),
    "session_over": _("the session has already ended."),
    "bad_seat": _("choose one of the four players."),
    "not_allowed": _("must be left empty for this result."),
    "bad_choice": _("“%(value)s” is not one of the choices."),
    "duplicate": _("%(value)s is listed twice."),
    "liable_is_winner": _("the liable player cannot be the winner."),
    "noten_riichi": _("%(seats)s declared riichi but is not tenpai: record a chombo instead."),
    "inconsistent": _("the tiles do not agree with the rest of the hand row."),
    "not_divisible": _("%(value)s cannot be shared equally by the other three."),
    "bad_option": _("the event's ruleset settings are not valid."),
    "bad_flag": _("a situation flag cannot apply to this hand."),
    "bad_input": _("this value is missing or not valid."),
    "no_such_hand": _(
        "hand %(value)s has not been played yet: choose hand 1 to %(current)s "
        "(%(current)s is the hand being played now), or leave it empty."
    ),
}
# When the engine reports a code without the numbers a sentence above needs.
REFUSALS_WITHOUT_NUMBERS = {
    "below_minimum": _("the hand is worth less than the ruleset's minimum."),
    "above_maximum": _("the value is above the ruleset's limit."),
}

# A hand's inputs the event's rules do not take (``scoring.sheets.inputs.INPUT_REFUSALS``).
INPUT_REFUSALS = {
    "no_dora": _("%(ruleset)s has no dora: leave the dora indicators empty."),
    "one_dora_indicator": _(
        "%(ruleset)s has one dora indicator and no kan dora: enter the first indicator "
        "only, not %(count)s."
    ),
    "too_many_indicators": _("%(ruleset)s counts at most %(most)s indicators, not %(count)s."),
    "no_ura_dora": _("%(ruleset)s has no ura dora: leave the ura-dora indicators empty."),
    "ura_needs_flag": _(
        "ura dora count only for a winner with one of these: %(flags)s. Leave the ura-dora "
        "indicators empty."
    ),
    "no_red_fives": _("%(ruleset)s has no red fives: enter %(tile)s as %(plain)s."),
    "flag_not_in_rules": _("%(ruleset)s has no %(flag)s."),
}
REFUSALS.update(INPUT_REFUSALS)

# Parameters named by a code of their own, shown by their name (shown_params).
FLAG_PARAMS = frozenset({"flag", "other", "instead"})
FLAG_LIST_PARAMS = frozenset({"flags", "others"})
# A starting seat as its wind's name (the seating's own words).
SEAT_WORDS = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}


def list_text(items) -> str:
    """Items as a list of the reader's language ("a, b"; 「a、b」 on ja and zh pages)."""
    return pgettext("between the items of a list", ", ").join(str(i) for i in items)


def ruleset_name(code: str) -> str:
    """A ruleset's name in the reader's language; an unknown code as it is."""
    lang = (get_language() or "en").split("-")[0]
    try:
        return family_for(code).title(code, lang)
    except UnknownRuleset:
        return code


def _named(names: Mapping, value):
    """A code (or a list of codes) by its name in ``names``; anything else as it is."""
    if isinstance(value, list | tuple):
        return list_text(names.get(v, v) if isinstance(v, str) else v for v in value)
    return str(names.get(value, value)) if isinstance(value, str) else value


def _yaku_names(ruleset, keys) -> str:
    """Yaku (or fan) keys by their names in the ruleset's family's table, as a list."""
    lang = (get_language() or "en").split("-")[0]
    try:
        table = family_for(ruleset).names_table
    except UnknownRuleset:
        return list_text(keys)
    return list_text(display_name(table, key, lang) for key in keys)


def shown_params(params: Mapping) -> dict:
    """A refusal's params as its sentence shows them, in the reader's language.

    ``ruleset`` by its name; a flag (``flag``, ``other``, ``instead``) and a
    list of flags (``flags``, ``others``), a seat (``seat``, ``seats``), an
    outcome and a hand-format field (``input``) by their names; ``yaku`` by
    the names of the ruleset's family; any other list as a list of the
    language; everything else as it is.
    """
    shown = {}
    for key, value in params.items():
        if key == "ruleset" and isinstance(value, str):
            value = ruleset_name(value)
        elif key in FLAG_PARAMS or key in FLAG_LIST_PARAMS:
            value = _named(FLAGS, value)
        elif key in ("seat", "seats"):
            value = _named(SEAT_WORDS, value)
        elif key == "outcome":
            value = _named(OUTCOMES, value)
        elif key == "input":
            value = _named(FIELDS, value)
        elif key == "yaku" and isinstance(value, list | tuple):
            value = _yaku_names(params.get("ruleset"), value)
        elif isinstance(value, list | tuple):
            value = list_text(value)
        shown[key] = value
    return shown
