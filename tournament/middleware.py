"""Site-wide middleware: the secret key check, static files, the Content-Security-Policy,
staff answers kept out of caches, and a clear 503 while the database is down.

Django's SecurityMiddleware and XFrameOptionsMiddleware already set
``X-Content-Type-Options``, ``Referrer-Policy``, ``Cross-Origin-Opener-Policy``,
``X-Frame-Options`` and, over HTTPS, ``Strict-Transport-Security`` (see the
settings). Django 5.2 has no CSP of its own; Django 6.0 has, with the same
``SECURE_CSP`` setting, so this middleware can then give way to
``django.middleware.csp.ContentSecurityPolicyMiddleware``.
"""

from __future__ import annotations

import logging
import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, MiddlewareNotUsed
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from whitenoise.middleware import WhiteNoiseMiddleware

from tournament.envconfig import DEV_SECRET_KEY


class RequireSecretKeyMiddleware:
    """Refuse to serve a site with DEBUG off and the public development key.

    Checked once, when the server builds its request handler (gunicorn's
    worker boot, runserver's start, the test client's first request), so a
    production site without SECRET_KEY never starts, while commands that serve
    nothing run without one. Then it steps aside: no cost per request.
    """

    def __init__(self, get_response):
        if getattr(settings, "SECRET_KEY_REQUIRED", False) and settings.SECRET_KEY in (
            "",
            DEV_SECRET_KEY,
        ):
            raise ImproperlyConfigured(
                "Set SECRET_KEY: DEBUG is off and the default key is public. "
                "For a development site set DEBUG=1 (make run and make test do)."
            )
        raise MiddlewareNotUsed


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise, quiet about a STATIC_ROOT that was never collected, charset optional.

    Until ``collectstatic`` has run, the files come from their sources
    (``WHITENOISE_USE_FINDERS``, see the settings) and a missing STATIC_ROOT
    is expected, not worth WhiteNoise's warning in every process.
    """

    def add_files(self, root, prefix=None):
        if self.autorefresh or os.path.isdir(root):
            super().add_files(root, prefix=prefix)

    def add_mime_headers(self, headers, path, url):
        # WHITENOISE_CHARSET="" (see the settings): the bare type, as Django's own static view.
        if self.charset:
            return super().add_mime_headers(headers, path, url)
        headers["Content-Type"] = str(self.media_types.get_type(path))


def csp_header(policy: dict[str, list[str]]) -> str:
    """``{"default-src": ["'self'"], ...}`` -> ``default-src 'self'; ...``."""
    return "; ".join(
        " ".join([directive, *sources]).strip() for directive, sources in policy.items()
    )


class ContentSecurityPolicyMiddleware:
    """Send ``Content-Security-Policy`` built from ``settings.SECURE_CSP``.

    A view may set its own header; it is left alone. With DEBUG on, Django's
    technical error pages (inline styles and scripts) go without the header.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        policy = getattr(settings, "SECURE_CSP", None)
        if not policy:
            raise MiddlewareNotUsed
        self.header = csp_header(policy)

    def __call__(self, request):
        response = self.get_response(request)
        if "Content-Security-Policy" in response:
            return response
        if settings.DEBUG and response.status_code >= 400:
            return response
        response["Content-Security-Policy"] = self.header
        return response


# Where the staff's pages, downloads and API answers live (tournament/urls.py): the
# event pages and exports, the judges' pages, the user's own account page, the login
# and welcome pages, Django's admin, and the API's token-only part.
STAFF_PATHS = ("/manage/", "/j/", "/accounts/", "/admin/", "/api/v1/manage/")


class StaffNoStoreMiddleware:
    """``Cache-Control: private, no-store`` on every answer under :data:`STAFF_PATHS`.

    Judges share phones and directors borrow laptops: a standings export, a
    round pack or a judge's sheet must not stay in a browser's cache (or a
    proxy's) for the next person to open. One rule by address rather than a
    decorator on each view, so a staff page added later is covered without
    anyone remembering to. Public pages keep their own short caching
    (``PUBLIC_PAGE_CACHE_SECONDS``, the API's ETags) and are left alone.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path_info.startswith(STAFF_PATHS):
            patch_cache_control(response, private=True, no_store=True)
        return response


class DatabaseUnavailableMiddleware:
    """A database that stopped answering gives a clear 503, not a 500 (issue 16).

    The transaction of the request was rolled back, so nothing was half-saved;
    the page says so, and ``Retry-After`` tells a client when to try again.
    A form's one-time key makes sending it again safe.
    """

    log = logging.getLogger("tournament.database")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        self.log.warning("database unavailable: %s", exception, extra={"request": request})
        # No request context: its processors may ask the database that is down.
        response = HttpResponse(render_to_string("503.html"), status=503)
        response["Retry-After"] = "10"
        return response
