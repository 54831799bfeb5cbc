"""Words for the replay's refusals: the fields it names and the codes it refuses with.

The pure replay (``scoring.sheets``, its error codes listed there) reports a
problem as a field path, a stable code and parameters; these are the words
the Django side puts them in (:mod:`tournament.results.sheet.errors`).
"""

from django.utils.translation import gettext_lazy as _

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
