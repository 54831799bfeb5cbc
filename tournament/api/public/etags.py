"""ETags on the public reads: a client that polls (a stream overlay) gets 304s.

The tag is a hash of the JSON body, so it changes exactly when the answer
does, whatever changed underneath.
"""

import hashlib

from django.utils.cache import get_conditional_response
from rest_framework.renderers import JSONRenderer


def with_etag(request, response):
    """Set the response's ETag; answer 304 when the client already holds this body."""
    if response.status_code != 200:
        return response
    body = JSONRenderer().render(response.data)
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    response["Vary"] = "Accept-Language"
    conditional = get_conditional_response(request._request, etag=etag, response=response)
    if conditional is not response:
        return conditional
    return response


class ETagMixin:
    """For public read views: every 200 carries an ETag, and If-None-Match gives 304."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method in ("GET", "HEAD"):
            response = with_etag(request, response)
        return response
