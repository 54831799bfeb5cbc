"""Refusals of the results services, with messages in the user's language.

The pure replay (``scoring.sheets``) reports a problem as a field, a stable
code and parameters, with an English sentence. A judge reads it in their own
language: the family's refusal (a code with params, declared by the family)
or else the replay's code picks a translated sentence (the glossary's
refusals, :mod:`tournament.glossary.hand_refusals` and
:mod:`tournament.glossary.refusals`), the field is spelled out ("Hand 3,
discarder"), and the engine's English detail follows only where no
translation says more, and only on an English page (issue #35: no English
and no code name on a Japanese or Chinese page).
"""

from __future__ import annotations

import re

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament.events.bounds import NOT_MULTIPLE, OUT_OF_RANGE
from tournament.events.errors import EventError
from tournament.glossary.hand_refusals import REFUSAL_WORDS, refusal_text
from tournament.glossary.refusals import (
    FIELDS,
    INPUT_REFUSALS,
    MELD,
    NUMBERED,
    REFUSALS,
    REFUSALS_WITHOUT_NUMBERS,
    list_text,
    shown_params,
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
        *INPUT_REFUSALS,
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
    return list_text(parts)  # "Hand 3, discarder"; 「第3局、放銃者」 on a ja page


def hand_field(field: str, detail: str) -> str:
    """A hand's error as precise as the engine's detail says: ``hands[0].hand.win_tile``."""
    match = _HAND_PATH.match(detail or "")
    if match and (field == "hand" or field.endswith(".hand")):
        return f"{field}.{match.group(1)}"
    return field


class SheetInputError(EventError):
    """The replay refused the sheet; nothing was saved.

    ``field`` and ``code`` are the replay's; ``detail`` its English sentence
    (or a service's own words). Where the params carry the family's refusal
    (``params["refusal"]``: its code and params, scoring.core.refusals), the
    glossary's words for it are the sentence, in the user's language. ``where``
    is the place in words ("Hand 3, discarder") and ``text`` the sentence
    alone, for an input that shows its own label (:class:`Said`).

    ``english``: ``detail`` is the replay's English (:meth:`from_replay`),
    added in parentheses on an English page only.
    """

    def __init__(
        self,
        field: str,
        code: str,
        params: dict | None = None,
        detail: str = "",
        *,
        english: bool = False,
    ):
        params = dict(params or {})
        field = hand_field(field, params.get("detail") or "")
        self.field, self.code, self.params, self.detail = field, code, params, detail
        where = describe_field(field.rpartition(".")[0] if code in NAMES_ITS_FIELD else field)
        text = _refusal(code, params) or _sentence(code, params, detail, english)
        self.where, self.text = where, text
        super().__init__(f"{where}: {text}" if where else text)

    @classmethod
    def from_replay(cls, error, field: str | None = None) -> SheetInputError:
        """The replay's :class:`scoring.sheets.SheetError` (at ``field``, if given)."""
        where = error.field if field is None else field
        return cls(where, error.code, error.params, error.message, english=True)


class Said(str):
    """A refusal's words with its place ("Hand 3, discarder: …"), and ``text`` without it.

    What the pages pass to a form's ``add_sheet_error``: an error put next to
    the input it names shows ``text``, since the input's label says the rest.
    """

    text: str

    def __new__(cls, words: str, text: str) -> Said:
        said = super().__new__(cls, words)
        said.text = text
        return said


def said(error: SheetInputError) -> Said:
    """The error's words (:class:`Said`), without the replay's own copy of the field's path."""
    raw = f"{error.field}: " if error.field else None
    words, text = str(error.message), error.text
    if raw:
        words, text = words.replace(raw, "", 1), text.replace(raw, "", 1)
    return Said(words, text)


def _refusal(code: str, params: dict) -> str | None:
    """The family's refusal in the glossary's words, or None where it has none.

    The refusal the params carry, or the code itself where it is a refusal of
    the families' (an outcome the rules lack) with its params beside it.
    """
    refusal = params.get("refusal")
    if isinstance(refusal, dict) and isinstance(refusal.get("params") or {}, dict):
        return refusal_text(str(refusal.get("code")), refusal.get("params") or {})
    if code in REFUSAL_WORDS:
        return refusal_text(code, params)
    return None


def _sentence(code: str, params: dict, detail: str, english: bool) -> str:
    """The code's sentence in the user's language, then the engine's detail where it says more.

    The replay's English detail follows only on an English page: elsewhere the
    sentence stands alone rather than mix in English words and code names.
    """
    engine_detail = _without_field(params.get("detail") or "")
    template = REFUSALS.get(code)
    if template is None:
        return detail or code
    said_all = code in SAID_IN_FULL
    shown = shown_params({k: v for k, v in params.items() if k != "refusal"})
    try:
        text = str(template) % shown
    except (KeyError, TypeError, ValueError):
        text, said_all = str(REFUSALS_WITHOUT_NUMBERS.get(code, "")) or detail, False
    extra = engine_detail or ("" if said_all else _without_field(detail))
    if (english or engine_detail) and not _english_page():
        extra = ""
    if extra and extra not in text:
        text = f"{text} ({extra})"
    return text


def _english_page() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


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
