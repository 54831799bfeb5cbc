"""Rate limits for clients without a token (settings ``API_ANON_RATE``).

Counted in the cache. When the cache is gone (Redis down), DRF's throttle
would raise; a public read must not fail for that, so the limit is skipped
rather than the request refused.
"""

import logging

from rest_framework.throttling import AnonRateThrottle

log = logging.getLogger(__name__)


class AnonymousClients(AnonRateThrottle):
    scope = "anon"

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except Exception:  # the cache's own errors: redis, connection refused
            log.warning("API rate limit skipped: the cache did not answer", exc_info=True)
            return True
