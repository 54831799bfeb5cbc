"""Words for the refusals the families declare (``Family.refusals()``), in every language.

Why (issue #35): a refused hand reached a Japanese page as the engine's
English, code names and all ("状況役: 第7局, 状況役: … (haitei is a self-draw;
use houtei for a ron)"). The engine now gives each refusal as a code with
params (:mod:`scoring.core.refusals`), and these are its words; a flag, a
ruleset, a seat or an outcome among the params is shown by its own name in
the reader's language (:func:`tournament.glossary.refusals.shown_params`),
and a rule reference ("seed 003 L164-166") after the sentence, as it is.
tests/tournament/glossary/test_refusal_words.py renders every refusal every
family declares in English, Japanese and Chinese.

The tile problems' words are :mod:`tournament.glossary.tile_errors`, the
hand inputs' and the replay's own codes :mod:`tournament.glossary.refusals`;
:func:`refusal_text` looks in all three.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from tournament.glossary.refusals import REFUSALS, shown_params
from tournament.glossary.tile_errors import TILE_ERRORS

REFUSAL_WORDS = {
    # A hand as the hand format writes it: what the API can get wrong.
    "hand_not_object": _("a hand must be a JSON object."),
    "field_required": _("%(input)s is missing."),
    "win_kind": _("%(value)s is not a way to win: a self-draw or a win on a discard."),
    "not_text": _("%(value)s is not mpsz text such as 123m."),
    "not_a_list": _("%(input)s must be a list, not %(value)s."),
    "not_yes_no": _("%(input)s must be true or false, not %(value)s."),
    "not_a_wind": _("%(value)s is not a wind: use E, S, W or N."),
    "flag_not_text": _("%(value)s is not a situation."),
    "flower_count": _("%(value)s is not a number of flowers from 0 to %(most)s."),
    "not_a_bonus_tile": _("%(value)s is not a bonus tile (1-4 flowers, 5-8 seasons)."),
    "bonus_twice": _("each bonus tile is in the set only once."),
    "flowers_shape": _("flowers are a count or a list of 1-8, not %(value)s."),
    "options_not_object": _("the options must be a JSON object, not %(value)s."),
    "meld_not_object": _("a meld must be an object with its type and its tiles."),
    "meld_type": _("%(value)s is not a meld: a chow, a pung or a kong."),
    "meld_not_run": _("%(tiles)s is not a run of three consecutive tiles of one suit."),
    "meld_not_set": _("%(tiles)s is not a set: a pung is 3 and a kong 4 copies of one tile."),
    "meld_concealed_not_kong": _("only a kong can be concealed."),
    "meld_added_not_kong": _("only a kong can be added to a pung."),
    "meld_added_concealed": _("an added kong is open: it cannot be concealed."),
    # The hand itself.
    "tile_count": _("%(count)s tiles: a winning hand has %(most)s (a kong counts as 3)."),
    "not_complete": _("%(tiles)s does not complete a hand: it waits on %(waits)s."),
    "no_winning_shape": _("%(tiles)s is not a winning hand."),
    "dealer_sits_east": _("the dealer sits East, but this hand's seat is %(seat)s."),
    "no_yaku": _("the hand has no yaku (dora alone do not count)."),
    "seven_pairs_not_win": _("%(tiles)s is seven pairs, which is no win under %(ruleset)s."),
    "calculator_copies": _("a tile is there more than four times."),
    "calculator_tile_count": _("the hand does not have 14 tiles."),
    "calculator_refused": _("the fan calculator cannot read this hand."),
    # Situation flags that cannot apply.
    "flag_unknown": _("%(flag)s is not a situation of these rules."),
    "flag_needs_self_draw": _("%(flag)s is a self-draw, not a win on a discard."),
    "flag_needs_discard": _("%(flag)s is a win on another player's tile, not a self-draw."),
    "flag_self_draw_use": _("%(flag)s is a self-draw: for a win on a discard, choose %(instead)s."),
    "flag_discard_use": _("%(flag)s is a win on a discard: for a self-draw, choose %(instead)s."),
    "flag_needs_kong": _("%(flag)s needs a kong in the hand."),
    "flag_needs_flower": _("%(flag)s needs a flower or a season among the bonus tiles."),
    "flag_robbed_tile_held": _(
        "%(flag)s: the other three %(tile)s are in the robbed kong, so the hand cannot hold "
        "one (it holds %(held)s besides the winning tile)."
    ),
    "flags_apart": _("%(flag)s and %(other)s do not apply to the same win."),
    "flag_before_any_call": _("%(flag)s comes before any call or kong, and this hand has a meld."),
    "flag_dealer_self_draw": _("%(flag)s is the dealer's (East's) self-drawn win on the deal."),
    "flag_on_dealer_discard": _(
        "%(flag)s is another player's win on the dealer's (East's) first discard."
    ),
    "flag_needs_riichi": _("%(flag)s needs a riichi declaration."),
    "flag_needs_closed": _("%(flag)s needs a closed hand, but a meld is open."),
    "flag_dealer_use": _("%(flag)s is the dealer's win: for another player, choose %(instead)s."),
    "flag_non_dealer_use": _("%(flag)s is a non-dealer's win: for the dealer, choose %(instead)s."),
    "flag_non_dealer": _("%(flag)s is a non-dealer's win."),
    # What a ruleset, or an event, is played without.
    "no_flowers": _("%(ruleset)s is played without flowers."),
    "no_flowers_event": _("this event is played without flowers."),
    "no_penalty_tiles": _("%(ruleset)s has no penalty tiles."),
    "flowers_as_tiles": _(
        "choose the bonus tiles themselves (each is scored by seat), not the count %(count)s."
    ),
    # The sheet.
    "outcome_not_in_rules": _("%(ruleset)s has no %(outcome)s."),
    "pao_yaku_only": _("under %(ruleset)s a player is liable (pao) only for %(yaku)s."),
    "table_penalty_to_others": _(
        "a penalty in the session score before ranking goes to the other three (“Shared by the "
        "other three”); for points that leave the table, choose after uma or off the overall "
        "total."
    ),
    "after_not_played": _("the time limit ended the session at hand %(number)s: no hand follows."),
    "false_win_continues": _(
        "under these rules the hand goes on after a false win: enter how it ended, and the "
        "false win as a ruling."
    ),
    # Zung Jung's penalty tiles (§6).
    "penalty_self_draw_only": _(
        "%(count)s penalty tiles (%(tiles)s): with %(most)s or more, only a self-draw can win."
    ),
    "penalty_tile_thirteen": _(
        "%(tile)s is a penalty tile: Thirteen Terminals cannot win on a discarded %(tile)s."
    ),
    "penalty_tile_in_group": _(
        "%(tile)s is a penalty tile: it cannot be in the set the discard (%(win)s) completes."
    ),
    "penalty_tiles_not_held": _(
        "%(count)s × %(tile)s are penalty tiles, but the concealed tiles hold %(held)s: penalty "
        "tiles stand in the hand."
    ),
    "penalty_tiles_hand_needed": _("penalty tiles lie face up during one hand: say which hand."),
    "penalty_tiles_needed": _("name the penalty tiles."),
    "false_win_self_draw_only": _(
        "%(seat)s made a false win in this hand: the whole hand became penalty tiles, so only "
        "a self-draw can win."
    ),
    "held_penalty_self_draw_only": _(
        "%(seat)s holds %(count)s penalty tiles (%(tiles)s): with %(most)s or more, only a "
        "self-draw can win."
    ),
    "penalty_tile_confirm": _(
        "%(seat)s holds penalty tiles (%(tiles)s): confirm that none of them is in the set the "
        "discard completes."
    ),
    "false_win_no_points": _(
        "a false win costs no points under these rules: the hand becomes penalty tiles."
    ),
}


def refusal_words(code: str):
    """The sentence of refusal ``code`` (a lazy string), or None when the glossary has none."""
    return REFUSAL_WORDS.get(code) or TILE_ERRORS.get(code) or REFUSALS.get(code)


def refusal_text(code: str, params: Mapping) -> str | None:
    """Refusal ``code`` in the reader's language with its params, its rule after it; or None.

    None also where the words need a param the refusal lacks (a caller then
    says what it can without it).
    """
    words = refusal_words(code)
    if words is None:
        return None
    try:
        text = str(words) % shown_params(params)
    except (KeyError, TypeError, ValueError):
        return None
    rule = params.get("rule")
    if rule:
        text += pgettext("a rule reference after a sentence", " (%(rule)s)") % {"rule": rule}
    return text
