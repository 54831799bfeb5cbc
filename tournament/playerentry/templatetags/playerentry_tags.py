"""Player entry's pieces on other apps' pages: each says nothing when the option is off.

One line in each host template (the public table page, the judge's table
page, the sheet's history, the round's scoresheet list, the printed sheet)
so that those pages need not know how player entry works.
"""

from django import template
from django.urls import reverse

from tournament.events.permissions import has_event_permission
from tournament.playerentry import pin_lock, services
from tournament.playerentry.models import PlayerAction
from tournament.results.page.display import WIND_CHARS

register = template.Library()


def _on(table) -> bool:
    return bool(table is not None and table.round.event.player_entry)


def _args(table) -> list:
    return [table.round.event.slug, table.round.number, table.number]


@register.inclusion_tag("playerentry/_link.html")
def player_entry_link(table):
    """The public table page's button to the players' phone page."""
    if not _on(table):
        return {"url": ""}
    return {"url": reverse("playerentry:table", args=_args(table))}


@register.simple_tag
def table_pin(table) -> str:
    """The table's PIN (made when first asked for), or "" when players do not enter."""
    return services.pin_of(table).pin if _on(table) else ""


@register.inclusion_tag("playerentry/_panel.html", takes_context=True)
def player_entry_panel(context, table, head=None):
    """The judges' view of player entry at a table: PIN, entering seat, hands not settled, locks."""
    request = context.get("request")
    user = getattr(request, "user", None)
    event = table.round.event if table is not None else None
    if not _on(table) or not has_event_permission(user, event, "enter_results"):
        return {"on": False}
    pin = services.pin_of(table)
    return {
        "on": True,
        "csrf_token": context.get("csrf_token"),
        "table": table,
        "pin": pin,
        "entry_wind": WIND_CHARS.get(pin.entry_seat, ""),
        "waiting": services.open_checks(table, head),
        "locks": pin_lock.pin_locks(table),
        "can_manage": has_event_permission(user, event, "manage"),
        "release_url": reverse("playerentry:release", args=_args(table)),
        "pin_url": reverse("playerentry:new_pin", args=_args(table)),
        "unlock_url": reverse("playerentry:lift_locks", args=_args(table)),
    }


@register.inclusion_tag("playerentry/_log.html", takes_context=True)
def player_log(context, table):
    """Every player entry action at the table, for the sheet's history page (staff)."""
    if table is None or not PlayerAction.objects.filter(table=table).exists():
        return {"actions": []}
    actions = PlayerAction.objects.filter(table=table).select_related("by")
    return {"actions": actions, "table": table, "winds": WIND_CHARS}


@register.simple_tag
def hand_check_of(checks, number):
    """The acceptance of hand ``number`` among ``checks`` (a list), or None."""
    return next((c for c in checks if c.number == number), None)
