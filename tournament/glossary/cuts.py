"""Words for how the line of a cut was decided (``Stage.CutMethod`` codes, issue #34).

Keyed by the stored method; ``%(name)s`` are the note's parameters
(``stages.cut_note``): ``above`` and ``below``, the last player through and
the first out; ``points``, the first ranking value's name; ``decided``, the
declared tiebreak's name (both from the metric glossary).
"""

from django.utils.translation import gettext_lazy as _

# Always shown once a cut is made and someone is out: the two players either side.
LINE = _("Line of the cut: %(above)s is the last player through, %(below)s the first out.")

# Method -> how the line was decided. "rank" says nothing more: the two were not level.
CUT_NOTES = {
    "tiebreak": _(
        "At the cut, %(above)s and %(below)s were level on %(points)s; %(decided)s decided."
    ),
    "lot": _(
        "At the cut, %(above)s and %(below)s were tied on everything the rules rank by; "
        "it was decided by lot."
    ),
    "choice": _(
        "At the cut, %(above)s and %(below)s were tied on everything the rules rank by; "
        "the director chose who goes through."
    ),
}

# The director's own words, as typed, after the note.
REASON = _("Reason given by the director: “%(reason)s”")
