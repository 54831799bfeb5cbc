"""Reading an uploaded CSV file's bytes as text, whatever the spreadsheet saved.

Excel on a Japanese Windows saves "CSV" in Shift_JIS (code page 932), on a
Western European one in Windows-1252, and only "CSV UTF-8" in UTF-8. So:

1. UTF-8, with or without a byte-order mark, is tried first: any real UTF-8
   file decodes, and another encoding almost never passes for UTF-8.
2. Otherwise Shift_JIS (cp932) is accepted when it decodes strictly *and*
   reads like Japanese: it has kana or kanji, no half-width katakana, no
   private-use characters, and no kanji glued to a Latin letter (that is what
   Windows-1252 accents look like when read as Shift_JIS: "Agnès" -> "Agn蛙").
3. Otherwise Windows-1252 is accepted when every non-ASCII character it gives
   is a Latin letter or common typographic punctuation ("Åsa", "Kovács").
4. Anything else is refused, naming the fix (save the file as CSV UTF-8) and
   GBK when the bytes read as Chinese in it.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from tournament.events.errors import EventError

UTF8 = "UTF-8"
SHIFT_JIS = "Shift_JIS"
WINDOWS_1252 = "Windows-1252"
# Punctuation a Western European spreadsheet writes outside ASCII.
TYPOGRAPHIC = frozenset("’‘‚“”„–—…·°´¨ªº«»¿¡€£§©®ºµ\u00a0")


def _is_japanese(char: str) -> bool:
    name = unicodedata.name(char, "")
    return name.startswith(("CJK", "HIRAGANA", "KATAKANA")) or char in "・ー々〆〇"


def _reads_as_japanese(text: str) -> bool:
    if not any(_is_japanese(c) for c in text):
        return False
    for i, char in enumerate(text):
        if "\uff61" <= char <= "\uff9f" or unicodedata.category(char) == "Co":
            return False  # half-width katakana or private use: Latin accents read as cp932
        if _is_japanese(char):
            around = text[max(i - 1, 0) : i] + text[i + 1 : i + 2]
            if any(c.isascii() and c.isalpha() for c in around):
                return False
    return True


def _reads_as_latin(text: str) -> bool:
    for char in text:
        if char.isascii() or char in TYPOGRAPHIC:
            continue
        if not (char.isalpha() and "LATIN" in unicodedata.name(char, "")):
            return False
    return True


def decode_csv(data: bytes) -> tuple[str, str]:
    """``(text, encoding name)`` of an uploaded file, or an :class:`EventError` saying the fix."""
    try:
        return data.decode("utf-8-sig"), UTF8
    except UnicodeDecodeError as error:
        position = error.start + 1
    for codec, label, plausible in (
        ("cp932", SHIFT_JIS, _reads_as_japanese),
        ("cp1252", WINDOWS_1252, _reads_as_latin),
    ):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if plausible(text):
            return text, label
    if _looks_like_gbk(data):
        raise EventError(
            _(
                "The file is not UTF-8 text: it looks like GBK (Chinese Windows). Save it as "
                "UTF-8 (Excel: Save As → “CSV UTF-8”) and upload it again."
            )
        )
    raise EventError(
        _(
            "The file is not UTF-8 text (byte %(position)s), and it does not read as "
            "Shift_JIS or Windows-1252 either. Save it as UTF-8 (Excel: Save As → "
            "“CSV UTF-8”) and upload it again."
        )
        % {"position": position}
    )


def _looks_like_gbk(data: bytes) -> bool:
    """Chinese Windows' code page: only named in the refusal, never guessed into names."""
    try:
        text = data.decode("gbk")
    except UnicodeDecodeError:
        return False
    return any(unicodedata.name(c, "").startswith("CJK") for c in text)
