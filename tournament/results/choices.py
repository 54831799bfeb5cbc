"""The choices a judge taps on the hand form, per ruleset family, with their names.

Outcome keys, flag keys and meld types are the replay's and the hand
format's own (hand-format.md, ``scoring.sheets``); only the names shown are
ours, in the user's language.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SEATS = ("E", "S", "W", "N")

OUTCOMES = {
    "riichi": [
        ("ron", _("Ron")),
        ("tsumo", _("Tsumo")),
        ("draw", _("Exhaustive draw")),
        ("abortive", _("Abortive draw")),
    ],
    "mcr": [
        ("discard", _("Discard win")),
        ("self_draw", _("Self-draw")),
        ("draw", _("Draw")),
        ("not_played", _("Not played (time)")),
    ],
    "zung-jung": [
        ("discard", _("Discard win")),
        ("self_draw", _("Self-draw")),
        ("robbing_kong", _("Robbing a kong")),
        ("draw", _("Draw")),
    ],
    "hkos": [
        ("discard", _("Discard win")),
        ("self_draw", _("Self-draw")),
        ("draw", _("Draw")),
    ],
}
# Every outcome's name, also for rows entered through a ruling.
OUTCOME_NAMES = {key: name for choices in OUTCOMES.values() for key, name in choices} | {
    "chombo": _("Chombo"),
    "false_win": _("False win"),
    "nagashi": _("Nagashi mangan"),
}
WINS = frozenset({"ron", "tsumo", "discard", "self_draw", "robbing_kong"})
# Outcomes where a discarder (or the player whose kong was robbed) pays.
FROM_DISCARD = frozenset({"ron", "discard", "robbing_kong"})

FLAGS = {
    "riichi": [
        ("riichi", _("Riichi")),
        ("double_riichi", _("Double riichi")),
        ("ippatsu", _("Ippatsu")),
        ("haitei", _("Haitei (last draw)")),
        ("houtei", _("Houtei (last discard)")),
        ("rinshan", _("Rinshan (after a kan)")),
        ("chankan", _("Chankan (robbing a kan)")),
        ("tenhou", _("Tenhou")),
        ("chiihou", _("Chiihou")),
        ("renhou", _("Renhou")),
    ],
    "chinese": [
        ("last_tile", _("Last tile of the wall")),
        ("kong_replacement", _("Kong replacement")),
        ("flower_replacement", _("Flower replacement")),
        ("robbing_kong", _("Robbing a kong")),
        ("last_of_kind", _("Last of its kind")),
        ("heavenly", _("Heavenly hand")),
        ("earthly", _("Earthly hand")),
    ],
}
# The Chinese-family flags each ruleset knows (hand-format.md, flags vocabulary).
CHINESE_FLAGS = {
    "mcr": ("last_tile", "kong_replacement", "robbing_kong", "last_of_kind"),
    "zung-jung": ("last_tile", "kong_replacement", "robbing_kong", "heavenly", "earthly"),
    "hkos": (
        "last_tile",
        "kong_replacement",
        "flower_replacement",
        "robbing_kong",
        "heavenly",
        "earthly",
    ),
}
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
# rules/riichi.md §4: only Tenhou rules have abortive draws.
ABORTIVE_DRAWS = frozenset({"tenhou"})
HAN_CHOICES = [(n, str(n)) for n in range(1, 14)]
# rules/sessions.md §4: fu is 20-110 in steps of 10, or 25 (seven pairs).
FU_CHOICES = [("", "—"), (20, "20"), (25, "25")] + [(n, str(n)) for n in range(30, 120, 10)]
YAKUMAN_CHOICES = [(0, "—")] + [(n, f"×{n}") for n in range(1, 7)]
FLOWER_COUNTS = [(n, str(n)) for n in range(0, 9)]
VALUE_FIELDS = {
    "riichi": ("han", "fu", "yakuman"),
    "mcr": ("fan", "flowers"),
    "zung-jung": ("points",),
    "hkos": ("faan",),
}
