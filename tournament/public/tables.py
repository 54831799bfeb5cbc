"""The public standings as a django-tables2 table, sortable by its headers.

Vocabulary:

- **rank**: the standings position; players equal on every metric of the
  ruleset's precedence share it, shown as "3=".
- **metric**: one value the ruleset ranks on (``scoring.standings.METRICS``);
  the precedence is the ordered list of them. Its first metric is the
  *points* column and its second the *score* column (the snapshot's
  ``points`` and ``score``); the rest are the tiebreaks, one column each.

The rows are the snapshot's (``tournament.standings.services.standings``):
nothing here queries the database. Numbers are exact strings ("153/10")
turned into Fractions for sorting and printed as the scoresheets print them
(``formatting.points``: "15.3", "7/3", "−8,000").
"""

from __future__ import annotations

from fractions import Fraction

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from tournament.collation import name_key
from tournament.events.name_search import search_text
from tournament.formatting import points as format_points
from tournament.glossary import metric_label
from tournament.standings.awaiting import awaiting_notes

# Shown first, on every screen: the ranking value and the first tiebreak.
MAIN_METRICS = 2


metric_name = metric_label  # the public pages' name for it


def _exact(value) -> Fraction:
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return Fraction(0)


def _cell_attrs(*classes: str) -> dict:
    text = " ".join(classes)
    return {"th": {"class": text}, "td": {"class": text}}


class ExactColumn(tables.Column):
    """An exact number, right-aligned, best (highest) first on the first click."""

    def __init__(self, *args, priority: str = "", **kwargs):
        kwargs.setdefault("attrs", _cell_attrs("num", priority))
        kwargs.setdefault("initial_sort_descending", True)
        super().__init__(*args, **kwargs)

    def render(self, value):
        return format_points(value)


class StandingsTable(tables.Table):
    """One row per ranked player; ``metrics`` lists the precedence (first two: points, score)."""

    rank = tables.Column(
        verbose_name=_("Rank"), order_by=("position",), attrs=_cell_attrs("num", "col-rank")
    )
    player = tables.Column(
        verbose_name=_("Player"), order_by=("sort_name",), attrs=_cell_attrs("col-player")
    )
    club = tables.Column(
        verbose_name=_("Club"), order_by=("sort_club",), attrs=_cell_attrs("col-club", "prio-low")
    )
    country = tables.Column(verbose_name=_("Country"), attrs=_cell_attrs("col-country", "prio-low"))
    # Issue #21: shown only when some row has a team (see __init__).
    team = tables.Column(
        verbose_name=_("Team"), order_by=("sort_team",), attrs=_cell_attrs("col-team", "prio-mid")
    )
    sessions = ExactColumn(verbose_name=_("Sessions"), priority="prio-mid")

    class Meta:
        template_name = "public/_standings_table.html"
        attrs = {"class": "grid standings-table"}
        empty_text = _("No players are ranked yet.")
        order_by_field = "sort"
        show_header = True

    def __init__(
        self,
        rows,
        *,
        metrics,
        player_url: str,
        carried: bool = False,
        stage_names: dict | None = None,
        through_to=None,
        **kwargs,
    ):
        """``carried``, ``stage_names``, ``through_to``: an event in stages (``stage_view``).

        A "Carried" column (points brought from the stage before); a "Stage"
        column (the overall ranking: the stage each player reached); a badge
        on the players the next stage's cut took.
        """
        self.player_url = player_url
        self.stage_names = stage_names or {}
        self.through_to = through_to
        columns = _stage_columns(carried, stage_names)
        for i, key in enumerate(metrics):
            priority = "col-main" if i < MAIN_METRICS else "prio-mid"
            columns.append(
                (f"m_{key}", ExactColumn(metric_name(key), f"values__{key}", priority=priority))
            )
        if not any(row.get("team") for row in rows):
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "team")
        sequence = [
            "rank",
            "player",
            "team",
            *(name for name, _col in columns),
            "sessions",
            "club",
            "country",
        ]
        super().__init__(rows, extra_columns=columns, sequence=sequence, **kwargs)

    def body_html(self) -> str:
        """Every body row as HTML, in the table's current order.

        The same columns, accessors and ``render`` methods as django-tables2's
        own cells, called directly: its per-cell introspection costs about a
        millisecond a row, which 500 rows cannot afford.
        """
        cells = []
        for column in self.columns:
            render = getattr(self, f"render_{column.name}", None)
            if render is None:
                plain = column.column.render
                render = (lambda r: lambda value, record: r(value))(plain)
            cells.append((column, column.attrs["td"].as_html(), render))
        lines = []
        for record in self.data:
            parts = []
            for column, attrs, render in cells:
                value = column.accessor.resolve(record, quiet=True)
                if value in column.column.empty_values:
                    text = column.default
                else:
                    text = render(value, record)
                parts.append(format_html("<td {}>{}</td>", attrs, text))
            classes = " ".join(
                name
                for name, on in (
                    ("is-tied", record["tied"]),
                    ("is-withdrawn", record["withdrawn"]),
                    ("is-awaiting", record.get("awaiting")),
                    ("is-through", record.get("through")),
                    ("is-cut-line", record.get("cut_line") and not self.order_by),
                )
                if on
            )
            attrs = format_html(' data-search="{}"', record["search"])
            if classes:
                attrs += f' class="{classes}"'
            lines.append(f"<tr{attrs}>{''.join(parts)}</tr>")
        return mark_safe("\n".join(lines))  # noqa: S308 (every cell went through format_html)

    def render_rank(self, value, record):
        if record["tied"]:
            return format_html('{}<abbr title="{}">=</abbr>', value, _("tied"))
        return value

    def render_stage(self, value, record):
        return self.stage_names.get(value, value)

    def render_player(self, value, record):
        link = format_html('<a href="{}{}/">{}</a>', self.player_url, record["registration"], value)
        if record.get("through") and self.through_to is not None:
            link = format_html(
                '{} <span class="badge badge-through" title="{}">{}</span>',
                link,
                _("Through to the %(stage)s") % {"stage": self.through_to.get_kind_display()},
                _("Wild card") if record.get("wild_card") else self.through_to.get_kind_display(),
            )
        for note in record.get("awaiting") or ():
            # A table sent back after a seat correction: not counted, and said so (issue #34).
            link = format_html('{} <span class="badge badge-awaiting">{}</span>', link, note)
        if record["withdrawn"]:
            # Withdrawn players stay listed with the rounds they played, ranked after the rest.
            return format_html(
                '{} <span class="badge badge-dropped">{}</span>', link, _("Withdrawn")
            )
        return link


def _stage_columns(carried: bool, stage_names: dict | None) -> list:
    """The columns only an event in stages has, before the metrics."""
    columns = []
    if stage_names:
        columns.append(
            (
                "stage",
                tables.Column(
                    verbose_name=_("Stage"), accessor="stage", attrs=_cell_attrs("col-stage")
                ),
            )
        )
    if carried:
        columns.append(("carried", ExactColumn(_("Carried"), "values__carried")))
    return columns


class _NameOnly:
    """A snapshot row seen as a registration by ``name_search`` (the rows carry the Latin names)."""

    def __init__(self, row: dict):
        self.name = row["player"]
        self.latin_first_name = row.get("latin_first_name") or ""
        self.latin_last_name = row.get("latin_last_name") or ""
        self.player = self  # the person's Latin names, as a registration's player has them


def table_rows(snapshot_rows: list[dict], metrics: list[str]) -> list[dict]:
    """The snapshot's rows with sortable values: names by collation key, numbers as Fractions."""
    rows = []
    for position, row in enumerate(snapshot_rows):
        values = dict(row.get("metrics") or {})
        if "carried" in row:  # a stage's rows (``standings.stage_rows.stage_rows``)
            values["carried"] = row["carried"]
        # The snapshot's points and score are the first two metrics; older rows may lack metrics.
        values.setdefault(metrics[0] if metrics else "points", row.get("points"))
        if len(metrics) > 1:
            values.setdefault(metrics[1], row.get("score"))
        rows.append(
            {
                "position": position,
                "rank": row["rank"],
                "tied": row.get("tied", False),
                "withdrawn": row.get("withdrawn", False),
                "awaiting": awaiting_notes(row),
                "registration": row["registration"],
                "player": row["player"],
                "sort_name": name_key(row["player"]),
                "search": search_text(_NameOnly(row)),
                "club": row.get("club") or "",
                "sort_club": name_key(row.get("club") or ""),
                "team": row.get("team") or "",
                "sort_team": name_key(row.get("team") or ""),
                "country": row.get("country") or "",
                "sessions": row.get("sessions", 0),
                "values": {key: _exact(value) for key, value in values.items()},
                "stage": row.get("stage"),
                "through": row.get("through", False),
                "wild_card": row.get("wild_card", False),
                "cut_line": row.get("cut_line", False),
            }
        )
    return rows
