"""Refusals of the results services, with messages in the user's language.

The pure replay (``scoring.sheets``) reports a problem as a field, a stable
code and parameters, with an English sentence. A judge reads it in their own
language: the code picks a translated sentence (the glossary's refusals,
:mod:`tournament.glossary.refusals`), the field is spelled out ("Hand 3,
discarder"), and the engine's English detail follows only where no
translation says more.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from tournament.events.bounds import NOT_MULTIPLE, OUT_OF_RANGE
from tournament.events.errors import EventError
from tournament.glossary.refusals import (
    FIELDS,
    MELD,
    NUMBERED,
    REFUSALS,
    REFUSALS_WITHOUT_NUMBERS,
)

# Codes whose sentence (the glossary's), with its numbers, says all the engine's detail says;
# with every other code the detail follows in parentheses (it names the rule, the tile, the why).
SAID_IN_FULL = frozenset(
    {
        "winner_is_discarder",
        "liable_is_winner",
        "bad_seat",
        "bad_choice",
        "duplicate",
        "impossible_value",
        "scores_do_not_sum",
        "not_divisible",
        "noten_riichi",
        "no_such_hand",
    }
)

# Codes of ``tournament.events.bounds``, whose sentence names its own field ("fan “1000” is
# out of range …"): the place before it says only where ("Hand 3, Winner 2").
NAMES_ITS_FIELD = frozenset({OUT_OF_RANGE, NOT_MULTIPLE})

_INDEXED = re.compile(r"^(hands|penalties|rulings|wins|melds)\[(\d+)\]$")
# The engine's own path at the head of a hand's error ("melds[1].tiles: …", "win_tile: …").
_HAND_PATH = re.compile(r"^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+)?): ")


def describe_field(field: str) -> str:
    """``hands[2].discarder`` -> "Hand 3, discarder", in the user's language (from 1)."""
    parts = []
    names = (field or "").split(".")
    for i, part in enumerate(names):
        match = _INDEXED.match(part)
        before = names[i - 1] if i else ""
        if match and match.group(1) == "melds":
            # Not numbered: the entry leaves out empty meld rows, so its count is not the form's.
            parts.append(str(MELD))
        elif match:
            parts.append(str(NUMBERED[match.group(1)]) % {"n": int(match.group(2)) + 1})
        elif (part == "hand" and i + 1 < len(names)) or (part == "tiles" and "[" in before):
            continue  # "Hand 1, meld", not "Hand 1, tiles, meld, tiles"
        elif part in FIELDS:
            parts.append(str(FIELDS[part]))
        elif part:
            parts.append(part)
    return ", ".join(parts)


def hand_field(field: str, detail: str) -> str:
    """A hand's error as precise as the engine's detail says: ``hands[0].hand.win_tile``."""
    match = _HAND_PATH.match(detail or "")
    if match and (field == "hand" or field.endswith(".hand")):
        return f"{field}.{match.group(1)}"
    return field


class SheetInputError(EventError):
    """The replay refused the sheet; nothing was saved.

    ``field`` and ``code`` are the replay's; ``detail`` its English sentence.
    """

    def __init__(self, field: str, code: str, params: dict | None = None, detail: str = ""):
        params = dict(params or {})
        field = hand_field(field, params.get("detail") or "")
        self.field, self.code, self.params, self.detail = field, code, params, detail
        shown = {
            k: ", ".join(map(str, v)) if isinstance(v, list | tuple) else v
            for k, v in self.params.items()
        }
        where = describe_field(field.rpartition(".")[0] if code in NAMES_ITS_FIELD else field)
        text = _sentence(code, shown, detail, _without_field(params.get("detail") or ""))
        super().__init__(f"{where}: {text}" if where else text)


def _sentence(code: str, shown: dict, detail: str, engine_detail: str) -> str:
    """The code's sentence in the user's language, then the engine's detail where it says more."""
    template = REFUSALS.get(code)
    if template is None:
        return detail or code
    said = code in SAID_IN_FULL
    try:
        text = str(template) % shown
    except (KeyError, TypeError, ValueError):
        text, said = str(REFUSALS_WITHOUT_NUMBERS.get(code, "")) or detail, False
    extra = engine_detail or ("" if said else _without_field(detail))
    if extra and extra not in text:
        text = f"{text} ({extra})"
    return text


def _without_field(detail: str) -> str:
    """The engine's sentence without its leading ``field:`` (we name the field ourselves)."""
    head, sep, rest = detail.partition(": ")
    return rest if sep and " " not in head else detail


class SheetConflict(EventError):
    """Someone else saved first. Both versions are kept; ``mine`` is not applied."""

    def __init__(self, mine, theirs):
        self.mine, self.theirs = mine, theirs
        if theirs.created_by_id is not None and theirs.created_by_id == mine.created_by_id:
            # Issue #19: the newer version is the judge's own (another tab, or a
            # save whose reply was lost): never tell them someone saved meanwhile.
            super().__init__(
                _(
                    "You saved this sheet yourself since this page was opened (now version "
                    "%(theirs)s), from another tab or a save whose reply was lost. This entry "
                    "is kept apart as version %(mine)s: if it is already in version "
                    "%(theirs)s, there is nothing to do; otherwise apply it again."
                )
                % {"theirs": theirs.version, "mine": mine.version}
            )
            return
        super().__init__(
            _(
                "%(who)s saved this sheet while you were entering (now version %(theirs)s). "
                "Your entry is kept as version %(mine)s: compare both, then apply yours again."
            )
            % {
                "who": getattr(theirs.created_by, "username", None) or _("Someone"),
                "theirs": theirs.version,
                "mine": mine.version,
            }
        )


class AlreadySaved(EventError):
    """This very entry (its form's one-time key) was saved before: nothing is saved again."""

    def __init__(self, sheet):
        self.sheet = sheet
        super().__init__(
            _("This entry was already saved (version %(version)s); it was not saved twice.")
            % {"version": sheet.version}
        )


class NotAllowed(EventError):
    """The user may not do this to this sheet (checked on the server).

    ``code`` names the refusal: the sheet policy's (``sheet/policy.py``), else "not_allowed".
    """

    def __init__(self, message, code: str = "not_allowed"):
        super().__init__(message)
        self.code = code
