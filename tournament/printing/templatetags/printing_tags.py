"""``{% print_documents page target as documents %}``: the print buttons a page shows.

Why a tag: the round page and the event page belong to apps below printing,
which never import it; their templates ask here, and every button is one of
the registry's documents (:mod:`tournament.printing.registry`), so a new
document needs no template of its own.
"""

from __future__ import annotations

from django import template

from tournament.printing.registry import EVENT, ROUND, Document, offered
from tournament.printing.seating_print import outdated_of_round
from tournament.seating.models import Round

register = template.Library()


@register.simple_tag
def print_documents(page: str, target) -> list[Document]:
    """The documents ``page`` ("round", "event" or "jobs") offers for a round or the event."""
    return offered(page, ROUND if isinstance(target, Round) else EVENT, target)


@register.simple_tag
def outdated_prints(round_: Round) -> list:
    """The round's latest printed documents whose seating changed since (``seating_print``)."""
    return outdated_of_round(round_)
