"""The bounds every way in holds a number to, named once (issue #32, M4).

Why: the judge's page capped MCR fan at 999 and final scores at ±10,000,000,
but the API took ``fan: 10**40`` and ``import_event`` a final score of 10^40
and a stage of 7 entrants; a 40-digit number then showed in the standings,
the exports and the PDFs. Now the page forms, the API serializers,
``import_event``, ``import_results`` and the CSV imports all read their bounds
here, and the services that save hands, final scores, penalties and stages
check them again themselves (the last line of defence), so a path that
forgets cannot save a value out of bounds. A refusal is the same on every
path: the code ``out_of_range`` (``not_multiple`` for a stage that does not
fill tables of four) and one sentence naming the field, in the reader's
language ("fan “1000” is out of range: from 0 to 999.").

The rules' own bounds stay with the rules (``scoring/families``): riichi han
1 to 13, fu one of the listed values, MCR flowers 0 to 8 come from the
family's :class:`~scoring.families.protocol.ValueField`, and
:func:`value_bound` holds a hand's number to them. What the rules leave open
gets a bound here, far above any real value, so that only a typo or a
hostile client meets it. The rules' *minimum* of a number (one han, MCR's
8 fan) is not a bound: the replay refuses it, naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.core.numbers import is_int
from scoring.core.seats import PLAYERS_PER_TABLE
from scoring.families.protocol import ValueField
from tournament.glossary import UNITS, name_of

OUT_OF_RANGE = "out_of_range"
NOT_MULTIPLE = "not_multiple"


@dataclass(frozen=True)
class Bound:
    """The whole numbers one field allows: ``low``..``high`` in steps of ``step``, or ``choices``.

    A bound is a validator (call it with a value): Django's form fields and
    DRF's serializer fields run it as they run their own.
    """

    field: str  # the field's code ("fan", "score")
    label: Promise | str  # its name in the sentence, in the reader's language
    low: int
    high: int
    step: int = 1
    choices: tuple[int, ...] = ()
    # The sentence for a value between the ends but off the step, when the generic
    # "is not a multiple of" says less than the rule (with %(field)s, %(value)s, %(step)s).
    off_step: Promise | str = ""

    def allows(self, value: int) -> bool:
        if self.choices:
            return value in self.choices
        return self.low <= value <= self.high and (value - self.low) % self.step == 0

    def refusal(self, value: int) -> tuple[str, str] | None:
        """``(code, sentence)`` when ``value`` is outside the bound, else None."""
        if self.allows(value):
            return None
        said = {"field": self.label, "value": value}
        if self.choices:
            listed = ", ".join(str(c) for c in self.choices)
            return OUT_OF_RANGE, _("%(field)s “%(value)s” is not one of %(choices)s.") % {
                **said,
                "choices": listed,
            }
        if self.low <= value <= self.high:
            words = self.off_step or _("%(field)s “%(value)s” is not a multiple of %(step)s.")
            return NOT_MULTIPLE, str(words) % {**said, "step": self.step}
        return OUT_OF_RANGE, _(
            "%(field)s “%(value)s” is out of range: from %(low)s to %(high)s."
        ) % {**said, "low": f"{self.low:,}", "high": f"{self.high:,}"}

    def __call__(self, value) -> None:
        """Raise a :class:`ValidationError` with the bound's code and sentence (a validator)."""
        if not is_int(value):
            return  # a missing or unreadable number is the field's own error
        refused = self.refusal(value)
        if refused is not None:
            raise ValidationError(refused[1], code=refused[0])


# --- the bounds -------------------------------------------------------------------

# A final score is at most this far from zero: riichi final points, MCR, Zung Jung
# and HK session totals alike. A real session is a few hundred thousand at most.
SCORE_LIMIT = 10_000_000
FINAL_SCORE = Bound("score", gettext_lazy("score"), -SCORE_LIMIT, SCORE_LIMIT)
# A penalty takes points away (0 or less), never more than a final score can hold.
PENALTY = Bound("penalty", pgettext_lazy("penalty points", "penalty"), -SCORE_LIMIT, 0)
# Riichi sticks left on the table at the end of a session (a real session leaves a few).
LEFTOVER_STICKS = Bound("leftover_sticks", gettext_lazy("riichi sticks"), 0, 99)
# A hand's number the family leaves open (MCR fan, Zung Jung points): the largest real
# MCR hand is worth a few hundred fan.
HAND_VALUE_MOST = 999
# A later stage's entrants fill tables of four; the form has always stopped at 4,000.
# (At most the players of the stage before: ``tournament.stages.services``.)
STAGE_ENTRANTS = Bound(
    "size",
    gettext_lazy("entrants"),
    PLAYERS_PER_TABLE,
    4000,
    step=PLAYERS_PER_TABLE,
    off_step=gettext_lazy(
        "%(field)s “%(value)s”: a stage needs a number of entrants that fills tables of four."
    ),
)

# File sizes: far above any real event, so only a wrong or hostile file meets them.
# The players CSV (settings PLAYERS_CSV_MAX_BYTES / _ROWS override these) and the
# results CSV of ``import_results``: a few hundred players, about 60 bytes a row.
CSV_FILE_BYTES = 2 * 1024 * 1024
CSV_FILE_ROWS = 5000
# A backup (``import_event --max-size`` sets another): the played demo is 0.25 MB.
BACKUP_FILE_MEGABYTES = 256
# An API request body is Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB unless set).
# Levels of arrays and objects a JSON document may nest (a backup, an API body): a
# backup nests about 12, an API body about 6; Python's reader gives up near 1,000.
JSON_MAX_DEPTH = 50


def value_bound(field: ValueField) -> Bound:
    """The bound of one of a hand's numbers: the family's ends, else 0 to ``HAND_VALUE_MOST``.

    The low end is 0 (a hand's numbers are never negative), whatever the
    rules' minimum: a win under it is the replay's to refuse, naming the rule.
    """
    label = name_of(UNITS, field.code)  # a hand's number by its unit's word
    if field.choices:
        return Bound(field.code, label, min(field.choices), max(field.choices),
                     choices=tuple(field.choices))  # fmt: skip
    high = field.maximum if field.maximum is not None else HAND_VALUE_MOST
    return Bound(field.code, label, 0, high)


def integer_field(bound: Bound, **kwargs) -> forms.IntegerField:
    """A form's number input held to ``bound``, refusing in the bound's words (not Django's)."""
    step = {"step_size": bound.step} if bound.step > 1 else {}
    field = forms.IntegerField(min_value=bound.low, max_value=bound.high, **step, **kwargs)
    field.validators = [bound]
    return field
