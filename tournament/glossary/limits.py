"""Words for the limits a hand's value reaches (a value part ``["limit", code]``).

The codes are riichi's (``scoring/families/riichi/points.py``, and the
yakuman counts of ``scoring/families/riichi/rows.py``).
"""

from django.utils.translation import gettext_lazy as _

LIMITS = {
    "mangan": _("mangan"),
    "haneman": _("haneman"),
    "baiman": _("baiman"),
    "sanbaiman": _("sanbaiman"),
    "yakuman": _("yakuman"),
    "double_yakuman": _("double yakuman"),
    "triple_yakuman": _("triple yakuman"),
    "quadruple_yakuman": _("quadruple yakuman"),
    "quintuple_yakuman": _("quintuple yakuman"),
    "sextuple_yakuman": _("sextuple yakuman"),
}
