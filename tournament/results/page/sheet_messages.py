"""A replay's notes, warnings and engine-written ledger reasons, in the reader's language.

Why: the replay stores each one as a code with its parameters
(``{"code": "chombo_replayed", "params": {"seat": "N"}}``,
``scoring/sheets/messages.py``), and this module puts it into words when a
page or a printout shows it: the code's sentence, with seats shown as the
players' names where the page knows them, and a hand's row index as its
number from 1. Nothing here reads English back.

Results stored before notes became codes hold English strings; a judge's own
penalty reason is the text they typed. Both are shown exactly as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.sheets.messages import english
from tournament.results.page.labels import label_text

# The code's sentence; ``%(name)s`` are its parameters as :func:`_shown` gives them.
SENTENCES = {
    "not_played": _("not played (time limit)"),
    "all_immune": _("same-turn immunity: all three pay the hand’s value"),
    "false_win_voided": _("false win: the hand is void"),
    "false_win_voided_by": _(
        "false win by %(seat)s: the hand is void, the same dealer deals again"
    ),
    "chombo_replayed": _("chombo by %(seat)s: no payments, the hand is replayed"),
    "chombo_last_hand": _("a chombo in the last hand is not replayed (WRC 2015 §8)"),
    "head_bump": _("head bump: %(seat)s wins; the claims of %(seats)s lapse"),
    "three_rons": _("three rons on one discard: abortive draw"),
    "all_win": _("several rons: %(seats)s all win"),
    "double_ron": _("double ron: %(seats)s win"),
    "bust": _("%(seats)s below 0 (bust)"),
    "west_4_last": _("West 4 is the last hand"),
    "agari_yame": _("the leading dealer stops (agari-yame)"),
    "hands_not_played": _("hands %(first)s–%(last)s were not played (time limit)"),
    "false_win_self_draw_only": _(
        "hand %(number)s (%(label)s): %(seat)s made a false win in this hand "
        "and may then win only by self-draw (rules §6)"
    ),
    "false_win_unlogged": _(
        "hand %(number)s (%(label)s) is a false win, but no false-win penalty "
        "is recorded for it (rules §8)"
    ),
    "below_zero": _(
        "%(seat)s is below 0 (%(points)s) after hand %(number)s (%(label)s); play continues"
    ),
    "ended_bust": _("the session ended early, after %(label)s: %(seats)s below 0 (bust)"),
    "chombo_in": _("chombo in %(label)s (rules §7)"),
    "chombo_with_final_scores": _("chombo, recorded with the final scores (rules §7)"),
}


def message_text(stored: Any, names: Mapping[str, str] | None = None) -> str:
    """A stored note, warning or reason for the reader; an old or typed text as stored.

    ``names`` maps starting seats to what the page calls the players.
    """
    if not isinstance(stored, Mapping):
        return "" if stored is None else str(stored)
    sentence = SENTENCES.get(stored.get("code"))
    params = stored.get("params") if isinstance(stored.get("params"), Mapping) else {}
    if sentence is None:
        return english(stored)  # a code this side does not know yet: the engine's English
    try:
        return str(sentence) % _shown(params, names or {})
    except (KeyError, TypeError, ValueError):
        return english(stored)  # parameters that do not fit the sentence (edited by hand)


def message_texts(stored: Any, names: Mapping[str, str] | None = None) -> list[str]:
    """A stored list of notes or warnings, each for the reader."""
    if not isinstance(stored, list | tuple):
        return []
    return [message_text(one, names) for one in stored]


def _shown(params: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """Parameters as the reader sees them: seats by name, a row index as a hand number."""
    out = dict(params)
    if "seat" in out:
        out["seat"] = names.get(out["seat"], out["seat"])
    if isinstance(out.get("seats"), list):
        out["seats"] = joined([str(names.get(s, s)) for s in out["seats"]])
    if "label" in out:
        out["label"] = label_text(out.get("label_parts"), out.get("label"))
    if isinstance(out.get("index"), int):
        out["number"] = out["index"] + 1
    if isinstance(out.get("points"), int):
        out["points"] = f"{out['points']:,}"
    return out


def joined(names: list[str]) -> str:
    """Names as the reader lists them: "Bob and Carol", "Bob, Carol and Dan", ボブとキャロル."""
    if len(names) < 2:
        return "".join(names)
    head = str(_(", ")).join(names[:-1])
    return str(_("%(first)s and %(last)s")) % {"first": head, "last": names[-1]}
