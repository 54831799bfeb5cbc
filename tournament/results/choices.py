"""What the judge's hand form offers under an event's rules, and the names of its codes.

The family says what the form offers (:class:`scoring.families.protocol.EntryData`:
outcomes, flags, value fields, features); this module asks it for an event
and keeps the names people read. Outcome keys, flag keys and value-field
codes are the replay's and the hand format's own (hand-format.md,
``scoring.sheets``); only their names are ours, in the user's language,
keyed by the code whatever the family. A code without a name here is shown
as itself, so a new family's page works before anyone names its codes.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.families import OptionError
from scoring.families.protocol import EntryData
from tournament.events.rules import family_of, rules_of

# Every outcome's name: those a form offers, and those a ruling enters (chombo, false win).
OUTCOME_NAMES = {
    "ron": _("Ron"),
    "tsumo": _("Tsumo"),
    "discard": _("Discard win"),
    "self_draw": _("Self-draw"),
    "robbing_kong": _("Robbing a kong"),
    "draw": _("Draw"),
    "abortive": _("Abortive draw"),
    "not_played": _("Not played (time)"),
    "chombo": _("Chombo"),
    "false_win": _("False win"),
    "nagashi": _("Nagashi mangan"),
}
# An outcome's fuller name on the form, where a feature of the family makes it sharper:
# with riichi sticks and tenpai at a draw, the draw is the wall's end, as against an
# abortive draw (rules/riichi.md §4).
OUTCOME_CHOICE_NAMES = {("draw", "riichi_sticks"): _("Exhaustive draw")}

FLAG_NAMES = {
    # riichi (hand-format.md, flags vocabulary)
    "riichi": _("Riichi"),
    "double_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "haitei": _("Haitei (last draw)"),
    "houtei": _("Houtei (last discard)"),
    "rinshan": _("Rinshan (after a kan)"),
    "chankan": _("Chankan (robbing a kan)"),
    "tenhou": _("Tenhou"),
    "chiihou": _("Chiihou"),
    "renhou": _("Renhou"),
    # the Chinese families
    "last_tile": _("Last tile of the wall"),
    "kong_replacement": _("Kong replacement"),
    "flower_replacement": _("Flower replacement"),
    "robbing_kong": _("Robbing a kong"),
    "last_of_kind": _("Last of its kind"),
    "heavenly": _("Heavenly hand"),
    "earthly": _("Earthly hand"),
}

# A value field's label on the form.
VALUE_LABELS = {
    "han": _("Han"),
    "fu": _("Fu"),
    "yakuman": _("Yakuman"),
    "fan": _("Fan (without flowers)"),
    "flowers": _("Flowers"),
    # A hand's value (Zung Jung), not a player's running score (ja 持ち点).
    "points": pgettext_lazy("hand value", "Points"),
    "faan": _("Faan"),
}
# The unit a total of a value field is counted in ("9 fan", "60 points").
TOTAL_UNITS = {
    "han": _("han"),
    "fan": _("fan"),
    "faan": _("faan"),
    "points": _("points"),
}
# Counts of a limit hand: their buttons read ×1, ×2 …, and none is "—".
MULTIPLES = frozenset({"yakuman"})

MELD_TYPES = [
    ("", "—"),
    ("chi", _("Chow / chi")),
    ("pon", _("Pung / pon")),
    ("kan", _("Kong / kan (open)")),
    ("kan_concealed", _("Concealed kong")),
    ("kan_added", _("Added kong")),
]
MELD_ROWS = 4
# hand-format.md: bonus tiles 1-4 flowers (plum, orchid, chrysanthemum, bamboo), 5-8 seasons.
FLOWER_TILES = [
    ("1", _("Plum")),
    ("2", _("Orchid")),
    ("3", _("Chrysanthemum")),
    ("4", _("Bamboo")),
    ("5", _("Spring")),
    ("6", _("Summer")),
    ("7", _("Autumn")),
    ("8", _("Winter")),
]


def name_of(names: dict, code: str):
    """``code``'s name from ``names``, or the code itself where it has none."""
    return names.get(code, code)


def outcome_choices(entry: EntryData) -> list[tuple[str, object]]:
    """The outcomes the form offers, in the family's order, with their names."""
    choices = []
    for code in entry.outcomes:
        sharper = [OUTCOME_CHOICE_NAMES.get((code, f)) for f in sorted(entry.features)]
        label = next((s for s in sharper if s is not None), None)
        choices.append((code, label if label is not None else name_of(OUTCOME_NAMES, code)))
    return choices


def flag_choices(entry: EntryData) -> list[tuple[str, object]]:
    return [(code, name_of(FLAG_NAMES, code)) for code in entry.flags]


def entry_of(event) -> EntryData:
    """What the judge's form offers under the event's rules (frozen once it has started).

    Live options the family refuses (only a hand-edited draft gets there) are
    the replay's to report, with their field: the form then offers what the
    ruleset's presets do.
    """
    family = family_of(event)
    try:
        rules = rules_of(event)
    except OptionError:
        rules = family.resolve(event.ruleset, {})
    return family.entry(rules)
