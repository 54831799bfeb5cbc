"""The standings table's HTML, cached by what it shows.

Rendering hundreds of rows through django-tables2 takes a good part of a
second; the table changes only when the standings do. So the rendered
fragment is kept in Django's cache under the snapshot's *fingerprint*
(``tournament.standings.services.fingerprint``: a few aggregate queries over
confirmed sheets, published rounds and registrations), the language and the
sort. While the fingerprint holds, a page view is the event, those
aggregates and one cache read: no snapshot rows loaded, no standings
recomputed, no query per row. A new confirmed sheet or publication changes
the fingerprint, and the next view renders (and caches) the new table.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import QueryDict
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language

from scoring.standings import METRICS
from tournament.events.rules import precedence_of
from tournament.public.stage_view import stage_snapshot
from tournament.public.tables import StandingsTable, table_rows
from tournament.standings.awaiting import awaiting_note
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import fingerprint, session_lines, standings

PUBLIC = StandingSnapshot.Scope.PUBLIC
# A cached table is never wrong (its key names what it shows); this only frees memory.
FRAGMENT_SECONDS = 60 * 60
SORTABLE = {"rank", "player", "club", "country", "sessions", "carried", "stage"} | {
    f"m_{k}" for k in METRICS
}


def standings_query(params: QueryDict) -> QueryDict:
    """The request's parameters that change the table: a known sort column, ``big``, ``stage``."""
    query = QueryDict(mutable=True)
    if params.get("stage"):
        query["stage"] = params["stage"]  # checked by stage_view (a 404 when unknown)
    sort = params.get("sort", "")
    if sort.removeprefix("-") in SORTABLE:
        query["sort"] = sort
    if params.get("big") == "1":
        query["big"] = "1"
    query._mutable = False
    return query


def player_base(event) -> str:
    """The player pages' address without the registration id: ``/e/<slug>/player/``."""
    return reverse("public:player", args=[event.slug, 0]).removesuffix("0/")


def _cache_key(event, key: str, query: QueryDict, view=None) -> str:
    # The slug is in the player links; the fingerprint covers everything else shown.
    shown = view.key if view is not None else ""
    return (
        f"public-standings:{event.pk}:{event.slug}:{key}:{shown}:{get_language()}:"
        f"{query.urlencode()}"
    )


def metric_order(event, rows: list[dict]) -> list[str]:
    """The ruleset's precedence (never the key order of the rows' JSON: jsonb sorts keys)."""
    order = list(precedence_of(event))
    if rows and rows[0].get("metrics"):
        return [name for name in order if name in rows[0]["metrics"]]
    return order


def standings_fragment(request, event, view=None) -> str:
    """The live part of the standings page (status line and table), from the cache if current.

    ``view`` (``stage_view.StageView``): the stage shown, or the overall
    ranking, of an event played in stages; None for an event without stages.
    """
    current = fingerprint(event, PUBLIC)
    html = cache.get(_cache_key(event, current, request.GET, view))
    if html is not None:
        return html
    if view is None or view.shown is None:
        snapshot = standings(event, PUBLIC)
    else:
        snapshot = stage_snapshot(view, current, session_lines(event, PUBLIC))
    metrics = metric_order(event, snapshot.rows)
    table = StandingsTable(
        table_rows(snapshot.rows, metrics),
        metrics=metrics,
        player_url=player_base(event),
        carried=view is not None and view.carries,
        stage_names=view.names if view is not None and view.shown is None else None,
        through_to=view.next_stage if view is not None else None,
    )
    table.order_by = request.GET.get("sort") or None
    awaiting = sorted({tuple(pair) for row in snapshot.rows for pair in row.get("awaiting") or []})
    html = render_to_string(
        "public/_standings.html",
        {
            "event": event,
            "snapshot": snapshot,
            "table": table,
            "view": view,
            "awaiting": [awaiting_note(*pair) for pair in awaiting],
        },
        request=request,
    )
    # Keyed by the snapshot's own fingerprint: what was rendered, even if it changed meanwhile.
    cache.set(_cache_key(event, snapshot.fingerprint, request.GET, view), html, FRAGMENT_SECONDS)
    return html
