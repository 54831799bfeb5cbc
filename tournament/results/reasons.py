"""A scoresheet version's reason, as the reader sees it.

Why: a reason is stored as written, for the audit trail. When the judge gives
none, the service writes a default in English ("hand 3 entered"), and stored
text cannot follow the reader's language, so those defaults are translated
when shown. A judge's own words are shown as typed.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

from tournament.results.models import Ruling

# (the default as tournament/results/services.py writes it, its words for the reader)
DEFAULTS = [
    (re.compile(r"hand (?P<number>\d+) entered"), _("hand %(number)s entered")),
    (re.compile(r"hand (?P<number>\d+) corrected"), _("hand %(number)s corrected")),
    (re.compile(r"hand (?P<number>\d+) removed"), _("hand %(number)s removed")),
    (re.compile(r"final scores entered"), _("final scores entered")),
    (
        re.compile(r"ruling: (?P<kind>[a-z_]+) \((?P<seat>[ESWN])\)"),
        _("ruling: %(kind)s (%(seat)s)"),
    ),
]
_KINDS = dict(Ruling.Kind.choices)


def reason_text(text: str) -> str:
    """``text`` in the reader's language if it is one of the services' defaults."""
    for pattern, words in DEFAULTS:
        found = pattern.fullmatch(text or "")
        if found:
            values = found.groupdict()
            if "kind" in values:
                values["kind"] = str(_KINDS.get(values["kind"], values["kind"]))
            return str(words) % values
    return text
