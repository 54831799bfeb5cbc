"""Live table progress of a round: how far each table is, for the director and the public.

Vocabulary: a table's *hands* are the rows of its sheet's head (the latest
version that is not a conflict), of a *session* of ``session_hands`` where
the family counts hands (None for a timed session: only the count shows); a
table is *finished* when the head's replay says the session is complete; its
*state* is the head's, as the judges' round page reads it
(``tournament.results.page.history_views``): not started, being entered,
submitted, confirmed.

Four queries whatever the number of tables: the tables, their kept versions,
the hand counts of the heads, the tables with a judge call waiting.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.db.models import Count, Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.families import OptionError
from tournament.events.rules import family_of, rules_of
from tournament.hall.calls.services import WAITING
from tournament.hall.models import JudgeCall
from tournament.results.models import HandRecord, ScoreSheet
from tournament.results.page.history_views import _state as head_state

STATES = ("none", "draft", "submitted", "confirmed")


@dataclass
class TableProgress:
    number: int
    label: str
    hands: int
    session: int | None
    finished: bool
    state: str
    calling: bool

    @property
    def hands_text(self) -> str:
        if self.session:
            return ngettext(
                "%(hands)s/%(session)s hand", "%(hands)s/%(session)s hands", self.session
            ) % {"hands": self.hands, "session": self.session}
        return ngettext("%(hands)s hand", "%(hands)s hands", self.hands) % {"hands": self.hands}

    @property
    def state_text(self) -> str:
        return state_label(self.state)

    def as_json(self, public: bool) -> dict:
        data = asdict(self)
        data.update(hands_text=self.hands_text, state_text=self.state_text)
        if public:
            data.pop("calling")  # the judges' business
        return data


def state_label(state: str) -> str:
    return {
        "none": _("Not started"),
        "draft": _("Being entered"),
        "submitted": _("Submitted"),
        "confirmed": _("Confirmed"),
    }[state]


def session_hands(event) -> int | None:
    """The session's length where the family counts hands; None for a timed session."""
    try:
        return family_of(event).session_hands(rules_of(event))
    except OptionError:
        return None


def round_progress(round_) -> dict:
    """Each table of ``round_`` with its progress, and how many tables are in each state."""
    kept = ScoreSheet.objects.exclude(status=ScoreSheet.Status.CONFLICT).only(
        "id", "table_id", "version", "status", "complete"
    )
    tables = list(
        round_.tables.prefetch_related(
            Prefetch("sheets", queryset=kept.order_by("-version"), to_attr="kept")
        ).order_by("number")
    )
    heads = {t.pk: (t.kept[0] if t.kept else None) for t in tables}
    counts_by_sheet = dict(
        HandRecord.objects.filter(sheet_id__in=[h.pk for h in heads.values() if h])
        .values("sheet_id")
        .annotate(n=Count("id"))
        .values_list("sheet_id", "n")
    )
    calling = set(
        JudgeCall.objects.filter(table__round=round_, status__in=WAITING).values_list(
            "table_id", flat=True
        )
    )
    session = session_hands(round_.event)
    rows, counts = [], dict.fromkeys(STATES, 0)
    for table in tables:
        head = heads[table.pk]
        state = head_state(head)
        counts[state] += 1
        rows.append(
            TableProgress(
                number=table.number,
                label=str(table),
                hands=counts_by_sheet.get(head.pk, 0) if head else 0,
                session=session,
                finished=bool(head and head.complete),
                state=state,
                calling=table.pk in calling,
            )
        )
    return {"tables": rows, "counts": counts, "session": session}


def counts_text(counts: dict) -> str:
    return (
        _(
            "%(none)s not started · %(draft)s being entered · %(submitted)s submitted · "
            "%(confirmed)s confirmed"
        )
        % counts
    )


def progress_json(round_, public: bool) -> dict:
    progress = round_progress(round_)
    return {
        "tables": [t.as_json(public) for t in progress["tables"]],
        "counts": progress["counts"],
        "counts_text": counts_text(progress["counts"]),
        "finished": sum(1 for t in progress["tables"] if t.finished),
    }
