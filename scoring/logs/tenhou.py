"""Reading Tenhou's mjlog XML into hands, without trusting the file.

An mjlog is one ``<mjloggm>`` element: ``GO`` (the lobby's rules), ``UN``
(names), ``TAIKYOKU``, then per hand an ``INIT`` (the deal) followed by the
play (draws ``T/U/V/W``, discards ``D/E/F/G`` with a tile id, calls ``N``,
``REACH``, ``DORA``) and the end of the hand (``AGARI``, one per winner, or
``RYUUKYOKU``); the last one carries ``owari``, the final scores and results.
``BYE`` and ``UN`` in the middle of a game are a player leaving and coming
back: they change nothing in the play.

Tenhou's downloaded ``.mjlog`` files are gzip-compressed; both forms are read.
The XML is parsed by ``defusedxml``, refusing any DTD, entity or external
reference: a log has none, and each is a way to make a parser misbehave.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from dataclasses import dataclass, field
from urllib.parse import unquote
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

# A Tenhou game log is some tens of kilobytes; a hundred times that is not a log.
MAX_LOG_BYTES = 2_000_000
GZIP_MAGIC = b"\x1f\x8b"
GZIP_WBITS = 16 + zlib.MAX_WBITS
ROOT = "mjloggm"
HAND_ENDS = ("AGARI", "RYUUKYOKU")
PLAY_TAGS = frozenset({"N", "REACH", "DORA", *HAND_ENDS})
TILE_IDS = range(136)  # 34 kinds x 4 copies
DEALT = 13
PLAYERS = 4
PLAY_TAG = re.compile(r"^([TUVWDEFG])(\d+)$")
DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
MAX_NAME = 40  # Tenhou names are 8 characters; a longer one is cut, not trusted
MAX_NUMBER = 10**9  # far above any figure of a game; bounds what a number may be
DECIMAL = re.compile(r"-?\d{1,9}(\.\d{1,3})?")


class LogError(ValueError):
    """A file the replay cannot use: ``code`` for programs, ``message`` for a person."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class Event:
    """One element of the play: its tag and attributes, or a draw/discard as seat and tile."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    seat: int | None = None  # draws and discards
    tile: int | None = None


@dataclass(frozen=True)
class HandLog:
    """One hand as logged: the ``INIT`` attributes and every event up to the hand's end."""

    number: int  # 0 for the first hand of the game
    init: dict[str, str]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class GameLog:
    """The game: its lobby, its hands, and what a site needs to file it.

    ``names`` are the players' Tenhou names by seat (seat 0 deals first), as
    the first ``UN`` gives them, decoded. ``fingerprint`` is the play itself
    hashed (every deal and event), so the same game is known again whatever
    its file is called or however it was packed.
    """

    go: dict[str, str]
    hands: tuple[HandLog, ...]
    names: tuple[str, ...] = ()
    fingerprint: str = ""


def read_log(data: bytes) -> GameLog:
    """The game in ``data`` (XML or gzip-compressed XML), or :class:`LogError`."""
    root = _parse(_text(data))
    if root.tag != ROOT:
        raise LogError(
            "not_mjlog", f"not a Tenhou mjlog: the document is <{root.tag}>, not <{ROOT}>"
        )
    go: dict[str, str] | None = None
    hands: list[HandLog] = []
    current: tuple[dict[str, str], list[Event]] | None = None
    names: tuple[str, ...] = ()
    elements = list(root)
    for at, element in enumerate(elements):
        tag, attrs = element.tag, dict(element.attrib)
        if tag == "GO":
            go = attrs
        elif tag == "UN" and "n0" in attrs and not names:
            names = tuple(unquote(attrs.get(f"n{i}", ""))[:MAX_NAME] for i in range(PLAYERS))
        elif tag == "INIT":
            if current is not None:
                raise _unfinished(len(hands))
            if hands and "owari" in hands[-1].events[-1].attrs:
                raise LogError("bad_log", f"hand {len(hands) + 1} is dealt after the game's end")
            current = (attrs, [])
        elif current is not None:
            current[1].append(_event(tag, attrs))
            if tag in HAND_ENDS and not _another_winner(elements, at):
                hands.append(HandLog(len(hands), current[0], tuple(current[1])))
                current = None
        elif tag in PLAY_TAGS or PLAY_TAG.match(tag):
            raise LogError("bad_log", f"<{tag}> outside a hand (after hand {len(hands)})")
    if current is not None:
        raise _unfinished(len(hands))
    if go is None:
        raise LogError("not_mjlog", "no <GO> element: the log does not say its lobby's rules")
    if not hands:
        raise LogError("not_mjlog", "no hand in the log (no <INIT> element)")
    return GameLog(go, tuple(hands), names, _fingerprint(hands))


def _fingerprint(hands: list[HandLog]) -> str:
    play = hashlib.sha256()
    for hand in hands:
        play.update(repr(sorted(hand.init.items())).encode())
        for event in hand.events:
            play.update(
                repr((event.tag, event.seat, event.tile, sorted(event.attrs.items()))).encode()
            )
    return play.hexdigest()


def _text(data: bytes) -> bytes:
    if len(data) > MAX_LOG_BYTES:
        raise LogError(
            "too_large", f"the file has {len(data):,} bytes; a log has at most {MAX_LOG_BYTES:,}"
        )
    if not data.startswith(GZIP_MAGIC):
        return data
    inflate = zlib.decompressobj(GZIP_WBITS)
    try:
        text = inflate.decompress(data, MAX_LOG_BYTES + 1)
    except zlib.error as problem:
        raise LogError("damaged", f"a damaged gzip file ({problem})") from None
    if len(text) > MAX_LOG_BYTES or inflate.unconsumed_tail:
        raise LogError("too_large", f"the log unpacks to more than {MAX_LOG_BYTES:,} bytes")
    if not inflate.eof:
        raise LogError("damaged", "the gzip file is cut short")
    return text


def _parse(text: bytes):
    if not text.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        raise LogError("not_mjlog", "not XML, so not a Tenhou mjlog (another client's format?)")
    try:
        return fromstring(text, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as problem:
        raise LogError(
            "forbidden_xml",
            "the XML declares a DTD, an entity or an external reference "
            f"({type(problem).__name__}); a game log has none, so it is not read",
        ) from None
    except ParseError as problem:
        line, column = problem.position
        raise LogError(
            "damaged",
            f"damaged or cut-short XML at line {line}, column {column + 1} ({_reason(problem)})",
        ) from None


def _reason(problem: ParseError) -> str:
    return str(problem).split(":")[0]


def _another_winner(elements, at: int) -> bool:
    """Whether the AGARI after ``elements[at]`` is another winner of the same discard."""
    if elements[at].tag != "AGARI" or "owari" in elements[at].attrib:
        return False
    return at + 1 < len(elements) and elements[at + 1].tag == "AGARI"


def _event(tag: str, attrs: dict[str, str]) -> Event:
    play = PLAY_TAG.match(tag)
    if play is None:
        return Event(tag, attrs)
    letter, number = play.groups()
    tile = int(number)
    if tile not in TILE_IDS:
        raise LogError("bad_log", f"<{tag}>: tile id {tile} is not 0-135")
    seats = DRAW_TAGS if letter in DRAW_TAGS else DISCARD_TAGS
    kind = "draw" if letter in DRAW_TAGS else "discard"
    return Event(kind, attrs, seat=seats.index(letter), tile=tile)


def _unfinished(done: int) -> LogError:
    return LogError(
        "damaged",
        f"hand {done + 1} has no end (no AGARI or RYUUKYOKU before the next deal or the end)",
    )


def numbers(
    attrs: dict[str, str], name: str, where: str, count: int | None = None, least: int = 0
) -> list[int]:
    """A comma-separated attribute as whole numbers (``count`` of them, or ``least``)."""
    text = attrs.get(name)
    if text is None:
        raise LogError("bad_log", f"{where}: no {name!r} attribute")
    try:
        values = [int(v) for v in text.split(",")] if text else []
        if any(abs(v) > MAX_NUMBER for v in values):
            raise ValueError
    except ValueError:
        raise LogError(
            "bad_log", f"{where}: {name}={text!r} is not a list of whole numbers"
        ) from None
    if count is not None and len(values) != count:
        raise LogError("bad_log", f"{where}: {name} has {len(values)} numbers, not {count}")
    if len(values) < least:
        raise LogError("bad_log", f"{where}: {name} has {len(values)} numbers, fewer than {least}")
    return values


def tile_ids(attrs: dict[str, str], name: str, where: str, count: int | None = None) -> list[int]:
    """Tile ids (0-135) of a comma-separated attribute."""
    ids = numbers(attrs, name, where, count)
    if any(i not in TILE_IDS for i in ids):
        raise LogError("bad_log", f"{where}: {name} holds a tile id outside 0-135")
    return ids


def decimals(attrs: dict[str, str], name: str, where: str, least: int) -> list[str]:
    """A comma-separated attribute of numbers kept as written (``owari``'s results: ``-10.7``)."""
    values = attrs.get(name, "").split(",")
    if len(values) < least or not all(DECIMAL.fullmatch(v) for v in values):
        raise LogError(
            "bad_log", f"{where}: {name}={attrs.get(name)!r} is not {least} numbers or more"
        )
    return values


def seat_of(attrs: dict[str, str], name: str, where: str) -> int:
    (value,) = numbers(attrs, name, where, 1)
    if not 0 <= value < PLAYERS:
        raise LogError("bad_log", f"{where}: {name}={value} is not a seat 0-3")
    return value
