"""``{% site_url_warning %}``: the SITE_URL warning, for any staff page that prints QR codes."""

from django import template
from django.conf import settings

from tournament.events.site_url import site_url_is_loopback

register = template.Library()


@register.inclusion_tag("staff/_site_url_warning.html")
def site_url_warning():
    """The warning when the QR codes would point at this computer, else nothing."""
    return {"show": site_url_is_loopback(), "site_url": settings.SITE_URL}
