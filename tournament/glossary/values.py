"""Words for a hand's value: its fields on the form, and the units it is counted in.

A family's value fields (``ValueField.code``) and its total field
(``EntryData.total_field``) are unit codes of :mod:`scoring.sheets.values`.
:data:`UNITS` is the one place the unit words live ("9 fan", "60 points",
"3 翻 40 符"): the sheet's values, the entry errors, the bounds of the form's
numbers and the statistics all read it.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Unit codes -> the unit's word, lower case, as it follows a number.
UNITS = {
    "han": _("han"),
    "fu": _("fu"),
    "yakuman": _("yakuman"),
    "fan": _("fan"),
    "flowers": _("flowers"),
    "points": _("points"),
    "faan": _("faan"),
}
# The word for exactly one, where it differs.
UNITS_ONE = {"flowers": _("flower"), "points": _("point")}

# A value field's label on the judge's form.
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
