"""Words for a hand's label, by the kind of its parts (``scoring/sheets/labels.py``).

Players of each ruleset say a hand's label their own way (東1局0本場,
东风圈 第3局); :mod:`tournament.results.page.labels` formats the parts with
these sentences.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# The prevailing wind as a word (riichi 東場, a Chinese 东风圈).
WIND_WORDS = {
    "E": pgettext_lazy("prevailing wind", "East"),
    "S": pgettext_lazy("prevailing wind", "South"),
    "W": pgettext_lazy("prevailing wind", "West"),
    "N": pgettext_lazy("prevailing wind", "North"),
}

# kind -> the sentence; a second one for a count above 0 where the count is
# only worth saying then (a dealer's repeats in HKOS).
LABEL_FORMATS = {
    "honba": (_("%(wind)s %(hand)s, %(count)s honba"), None),
    "repeat": (
        _("%(wind)s round, hand %(hand)s"),
        _("%(wind)s round, hand %(hand)s, dealer repeat %(count)s"),
    ),
    "wind_hand": (_("%(wind)s round, hand %(hand)s"), None),
    "cycle_hand": (_("cycle %(cycle)s, hand %(hand)s"), None),
}
