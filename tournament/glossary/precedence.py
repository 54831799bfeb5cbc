"""Words for the standings metrics a family ranks by (``Family.precedence``).

Keys are the metric names of ``scoring/standings``; the words follow the rules texts.
"""

from django.utils.translation import gettext_lazy as _

METRICS = {
    "result_points": _("Result points"),
    "raw_points": _("Raw points"),
    "table_points": _("Table points"),
    "match_points": _("Match points"),
    "points_total": _("Total points"),
    "session_score": _("Session score"),
    "best_session": _("Best session"),
    # Sessions placed first, second …: a count.
    "firsts": _("1st places"),
    "seconds": _("2nd places"),
    "thirds": _("3rd places"),
    "fourths": _("4th places"),
    "session_wins": _("Sessions won"),
}
