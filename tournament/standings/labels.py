"""What people read for each standings metric: one table for pages and downloads.

Keys are the metric names of ``scoring/standings`` (its precedence per
ruleset); the words follow the rules texts.
"""

from django.utils.translation import gettext_lazy as _

METRIC_LABELS = {
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


def metric_label(name: str) -> str:
    """The label of a metric, or its name made readable for one not in the table."""
    return str(METRIC_LABELS.get(name) or name.replace("_", " ").capitalize())
