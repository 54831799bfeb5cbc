"""``Authorization: Bearer <key>`` (or ``Token <key>``) for the API.

No session authentication on the API: a script never carries a login cookie,
and without it no API write needs a CSRF token. The token itself becomes
``request.auth``, so that the permission check sees its event scope; an
expired one is refused with a message saying so (code ``token_expired``).
"""

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournament.api.tokens import TokenRefused, token_for_key

SCHEMES = (b"bearer", b"token")


class TokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() not in SCHEMES:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(_("Give the token after “Bearer ”."))
        try:
            key = header[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed(_("This token is not valid.")) from None
        try:
            token = token_for_key(key)
        except TokenRefused as refused:
            raise exceptions.AuthenticationFailed(refused.message, code=refused.code) from None
        return token.user, token

    def authenticate_header(self, request):
        return 'Bearer realm="api"'


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "tournament.api.auth.TokenAuthentication"
    name = "token"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer"}
