"""The header row of a players CSV: which column is which, however the sheet spells it.

Header cells are compared *folded* (:func:`fold`: lower case, without spaces,
underscores, hyphens, dots, brackets or slashes), so "EMA ID", "ema_id" and
"Ema-Id" are one column. :data:`ALIASES` lists each column's spellings,
including the usual Japanese and Chinese ones. A header cell we do not know
is ignored (the preview lists it); two cells meaning the same column, or no
name at all, refuse the file with what was found.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.events.models import Player, Registration

COLUMNS = (
    "name",
    "club",
    "country",
    "ema_id",
    "status",
    "latin_first_name",
    "latin_last_name",
    "group",
    "team",
    "name_order",
)
# What a status cell may say, folded like a header (see fold), -> the status.
STATUS_WORDS = {
    "": Registration.Status.ACTIVE,
    "active": Registration.Status.ACTIVE,
    "reserve": Registration.Status.RESERVE,
    "substitute": Registration.Status.SUBSTITUTE,
    "housesubstitute": Registration.Status.SUBSTITUTE,
    "sub": Registration.Status.SUBSTITUTE,
}
DELIMITERS = (",", ";", "\t")
# Header spellings, folded by fold (lower case, no spaces, underscores, dots, brackets).
ALIASES = {
    "name": ("name", "player", "playername", "fullname", "名前", "氏名", "選手", "姓名", "选手"),
    "club": ("club", "clubteam", "クラブ", "所属", "俱乐部"),
    "country": ("country", "countrycode", "nation", "nationality", "国", "国籍", "国家"),
    "ema_id": ("emaid", "ema", "emanumber", "emano", "emanr", "emaidnumber"),
    "status": ("status", "状態", "状态"),
    "latin_first_name": ("latinfirstname", "firstnamelatin", "firstname", "givenname"),
    "latin_last_name": ("latinlastname", "lastnamelatin", "lastname", "familyname", "surname"),
    "group": ("group", "seatinggroup"),
    # Issue #21: the team a player scores for (a column of its own, no longer the club).
    "team": ("team", "teamname", "チーム", "チーム名", "队伍", "团体", "隊伍", "團體", "队名"),
    # Issue #34: family or given name first (NAME_ORDER_WORDS).
    "name_order": ("nameorder", "名前の順", "姓名の順", "姓名顺序"),
}
# What a name order cell may say (issue #34), folded like a header -> Player.name_order;
# empty: not given (a new player follows the country, a known one keeps theirs).
NAME_ORDER_WORDS = {
    "": "",
    "country": Player.NameOrder.COUNTRY,
    "family": Player.NameOrder.FAMILY_FIRST,
    "familyfirst": Player.NameOrder.FAMILY_FIRST,
    "familynamefirst": Player.NameOrder.FAMILY_FIRST,
    "surnamefirst": Player.NameOrder.FAMILY_FIRST,
    "given": Player.NameOrder.GIVEN_FIRST,
    "givenfirst": Player.NameOrder.GIVEN_FIRST,
    "givennamefirst": Player.NameOrder.GIVEN_FIRST,
}
COLUMN_OF = {alias: column for column, names in ALIASES.items() for alias in names}


def fold(text: str) -> str:
    """A header or status cell folded for comparison: "EMA ID", "ema_id" -> "emaid"."""
    return "".join(c for c in text.casefold() if c not in " _-.()[]/\u3000\ufeff")


def sniff_delimiter(text: str) -> str:
    """The delimiter the header line uses most: comma, semicolon or tab (comma on a tie)."""
    header = text.split("\n", 1)[0]
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def _header_problem(found: list[str], detail: str) -> str:
    return _("The header row must name the columns %(columns)s; found %(found)s. %(detail)s") % {
        "columns": ",".join(COLUMNS[:5]),
        "found": ",".join(found),
        "detail": detail,
    }


def parse_header(cells: list[str]) -> tuple[list[str | None], list[str], str | None]:
    """``(column of each cell or None, ignored cells, refusal or None)``."""
    found = [cell.strip() for cell in cells]
    header: list[str | None] = []
    ignored: list[str] = []
    for position, cell in enumerate(found, start=1):
        column = COLUMN_OF.get(fold(cell))
        if column is not None and column in header:
            detail = _(
                "Columns %(first)s and %(second)s (column %(position)s) both give %(column)s."
            ) % {
                "first": found[header.index(column)],
                "second": cell,
                "position": position,
                "column": column,
            }
            return header, ignored, _header_problem(found, detail)
        header.append(column)
        if column is None and cell:
            ignored.append(cell)
    if "name" not in header and not {"latin_first_name", "latin_last_name"} <= set(header):
        return header, ignored, _header_problem(found, _("A name column is required."))
    return header, ignored, None
