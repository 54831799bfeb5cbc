"""QR codes drawn inline as SVG (segno), so a judge can open a table's page from any screen.

The same URL is what the printed scoresheet's QR code carries; nothing is
fetched from outside, and the SVG needs no image file.
"""

from __future__ import annotations

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def table_qr(context, table, scale=3):
    """An inline SVG QR code of the absolute address of ``table``'s judge page."""
    round_ = table.round
    path = reverse("results:table", args=[round_.event.slug, round_.number, table.number])
    request = context.get("request")
    url = request.build_absolute_uri(path) if request is not None else path
    svg = segno.make(url, error="m").svg_inline(scale=scale, title=url)
    return mark_safe(svg)  # segno escapes the title; the rest is its own markup
