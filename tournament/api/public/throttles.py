"""Rate limits for clients without a token (settings ``API_ANON_RATE``).

Counted per client address, the same one the login limit counts
(:func:`tournament.accounts.login_limit.client_address`): ``REMOTE_ADDR``, or,
behind a proxy named in ``TRUSTED_PROXIES``, the last forwarded address that
is not one. DRF's own guess believes any ``X-Forwarded-For``, so a client
could give itself a new address on each request, or spend someone else's
allowance (issue #32, M3).

Counted in the cache. When the cache is gone (Redis down), DRF's throttle
would raise; a public read must not fail for that, so the limit is skipped
rather than the request refused.
"""

import logging

from rest_framework.throttling import AnonRateThrottle

from tournament.accounts.login_limit import client_address

log = logging.getLogger(__name__)


class AnonymousClients(AnonRateThrottle):
    scope = "anon"

    def get_ident(self, request):
        return client_address(request)

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except Exception:  # the cache's own errors: redis, connection refused
            log.warning("API rate limit skipped: the cache did not answer", exc_info=True)
            return True
