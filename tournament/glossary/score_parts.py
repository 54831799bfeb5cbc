"""Words for the parts of a session score (``scoring.sheets.parts``, ``Family.score_parts``)."""

from django.utils.translation import pgettext_lazy

SCORE_PARTS = {
    "points": pgettext_lazy("score part", "points"),
    "rounding": pgettext_lazy("score part", "rounding"),
    "uma": pgettext_lazy("score part", "uma"),
    "oka": pgettext_lazy("score part", "oka"),
    "sticks": pgettext_lazy("score part", "leftover sticks"),
    "chombo": pgettext_lazy("score part", "chombo"),
    "penalties_paid": pgettext_lazy("score part", "penalties"),
    "penalties_received": pgettext_lazy("score part", "penalties received"),
    "table_points": pgettext_lazy("score part", "table points"),
    "overall_penalty": pgettext_lazy("score part", "overall penalties"),
}
