"""Whether ``settings.SITE_URL`` points at this computer, where no phone can reach it.

The QR codes printed on scoresheets carry ``SITE_URL`` (environment variable
``SITE_URL``). Its default, ``http://127.0.0.1:8000``, works on the director's
laptop and nowhere else: a judge scanning a sheet would open their own phone.
The dashboard and the print page warn when it is left like that.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def site_url_is_loopback(url: str | None = None) -> bool:
    """True for 127.0.0.1, localhost, ::1, 0.0.0.0 and the like (and for no host at all)."""
    url = settings.SITE_URL if url is None else url
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return True
    if not host or host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified
