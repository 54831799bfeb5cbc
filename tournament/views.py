"""Project-level views that belong to no app."""

import logging

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, connection
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponsePermanentRedirect
from django.template import loader
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import requires_csrf_token
from django.views.decorators.http import require_GET

from tournament.formatting import points

log = logging.getLogger("tournament.health")


def _cache_state() -> str:
    check = getattr(cache, "check", None)  # the shared Redis cache; a process's memory is always up
    if check is None:
        return "ok"
    try:
        check()
    except Exception:
        log.warning("healthz: the cache does not answer", exc_info=True)
        return "unavailable"
    return "ok"


@never_cache
@require_GET
def healthz(request):
    """Liveness for load balancers and ``make stack``: the database and the cache, each.

    The first line is "ok" while the database answers (the site saves and shows
    entries; 200), "degraded" when only the cache is down (still 200: the cache
    only saves work), "unavailable" with 503 when the database is down.
    """
    try:
        connection.ensure_connection()
        database = "ok"
    except DatabaseError:
        database = "unavailable"
    cached = _cache_state()
    if database != "ok":
        head, status = "unavailable", 503
    else:
        head, status = ("ok" if cached == "ok" else "degraded"), 200
    body = f"{head}\ndatabase: {database}\ncache: {cached}\n"
    return HttpResponse(body, status=status, content_type="text/plain")


@require_GET
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page links: send them to the site's icon.

    Without it every first visit logs a 404.
    """
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


@requires_csrf_token
def bad_request(request, exception):
    """Django's 400 page, which says so when the request was only too large.

    A pasted text longer than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (the log page's
    text box stops one at 2 MB; only a forged post gets past it) is refused
    before any view runs: the reader learns that, not just "bad request".
    Rendered without the request, as Django's own page is: it may be broken.
    """
    context = {
        "too_large": isinstance(exception, RequestDataTooBig),
        "limit": points(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0),
    }
    return HttpResponseBadRequest(loader.get_template("400.html").render(context))
