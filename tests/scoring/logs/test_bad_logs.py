"""Files the replay refuses, each with a code and a sentence: nothing is half-read.

Damaged or cut-short XML, another format, XML with a DTD or entities (read
with defusedxml: no entity is ever expanded, no external file ever opened),
three-player games, a play that contradicts itself, a file too large.
"""

from __future__ import annotations

import gzip
import random
import re

import pytest

from scoring.logs.replay import replay_file
from scoring.logs.tenhou import MAX_LOG_BYTES
from tests.scoring.conftest import CORPUS_DIR
from tests.scoring.logs.builder import Hand, game

EXAMPLE = (CORPUS_DIR / "logs" / "example.xml").read_bytes()


def _error(data: bytes) -> dict:
    out = replay_file(data, "bad.mjlog")
    assert list(out) == ["file", "error"], out
    assert out["error"]["message"]
    return out["error"]


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9, 0.999])
def test_a_cut_short_log_is_refused(fraction):
    text = EXAMPLE.decode("utf-8")
    cut = text[: int(len(text) * fraction)].encode("utf-8")
    assert _error(cut)["code"] == "damaged"


def test_a_log_cut_at_a_tag_is_refused():
    text = EXAMPLE.decode("utf-8")
    cut = text[: text.rindex("<AGARI")]  # every element whole, the last hand without its end
    assert _error(cut.encode())["code"] == "damaged"
    closed = cut + "</mjloggm>"  # closed by hand: well-formed, but the last hand never ends
    error = _error(closed.encode())
    assert error["code"] == "damaged" and "no end" in error["message"]


def test_garbage_inside_the_xml_is_refused():
    broken = EXAMPLE.replace(b"<INIT ", b"<INIT <", 1)
    assert _error(broken)["code"] == "damaged"


@pytest.mark.parametrize(
    "data",
    [
        b'<?xml version="1.0"?><html><body><p>Tenhou</p></body></html>',
        b'<mjlog><GO type="169"/></mjlog>',
    ],
)
def test_another_xml_document_is_refused(data):
    assert _error(data)["code"] == "not_mjlog"


@pytest.mark.parametrize(
    "data",
    [b'{"title": ["", ""], "name": ["a", "b", "c", "d"], "log": []}', b"", b"\x00\x01\x02"],
)
def test_another_format_is_refused(data):
    assert _error(data)["code"] == "not_mjlog"


def test_an_mjlog_without_hands_is_refused():
    assert _error(b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>')["code"] == "not_mjlog"


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<mjloggm ver="2.3"><GO type="169" title="&lol4;"/></mjloggm>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE mjloggm [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<mjloggm ver="2.3"><UN n0="&secret;"/></mjloggm>"""
DTD_ONLY = (
    b'<?xml version="1.0"?><!DOCTYPE mjloggm SYSTEM "http://example.invalid/x.dtd"><mjloggm/>'
)


@pytest.mark.parametrize(
    "data", [BILLION_LAUGHS, EXTERNAL, DTD_ONLY], ids=["laughs", "external", "dtd"]
)
def test_entities_and_dtds_are_refused_unread(data):
    error = _error(data)
    assert error["code"] == "forbidden_xml"
    assert "lol" not in error["message"] and "root:" not in error["message"]


def test_a_gzip_log_is_read_like_the_plain_one():
    plain = replay_file(EXAMPLE, "example.xml")
    assert replay_file(gzip.compress(EXAMPLE), "example.xml") == plain
    assert plain["differs"] == []


def test_a_cut_short_gzip_log_is_refused():
    packed = gzip.compress(EXAMPLE)
    assert _error(packed[: len(packed) // 2])["code"] == "damaged"


def test_a_file_too_large_is_refused_before_it_is_read():
    assert _error(b" " * (MAX_LOG_BYTES + 1))["code"] == "too_large"
    bomb = gzip.compress(b"<mjloggm>" + b" " * (MAX_LOG_BYTES + 10) + b"</mjloggm>")
    assert len(bomb) < MAX_LOG_BYTES
    assert _error(bomb)["code"] == "too_large"


def _one_hand(deal3: str = "2m5m8m3p6p9p1s4s7s2s5z6z7z") -> Hand:
    deal = ["1z2m5m8m3p6p9p1s4s7s2s5z6z"] * 3 + [deal3]
    hand = Hand((0, 0, 0), 0, [250] * 4, deal, "9m")
    return hand.end('<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/>')


def test_a_three_player_lobby_is_refused():
    error = _error(game(_one_hand(), type=169 | 0x10))
    assert error["code"] == "three_player"


def test_a_seat_dealt_nothing_is_a_three_player_game():
    data = game(_one_hand()).replace(b'hai3="', b'hai3="" x="', 1)
    assert _error(data)["code"] == "three_player"


def test_a_play_that_contradicts_itself_is_refused():
    hand = _one_hand()
    data = game(hand).replace(b"<RYUUKYOKU", b"<D135/><RYUUKYOKU", 1)  # seat 0 holds no 135
    error = _error(data)
    assert error["code"] == "bad_log" and "hand 1" in error["message"]


def test_an_unknown_ruleset_is_a_caller_error():
    with pytest.raises(ValueError, match="not a riichi ruleset"):
        replay_file(EXAMPLE, "example.xml", ruleset="mcr")


def test_play_outside_a_hand_is_refused():
    text = EXAMPLE.decode("utf-8")
    at = text.index("<INIT ", text.index("<AGARI"))  # between the end of hand 1 and hand 2
    stray = text[:at] + "<D12/>" + text[at:]
    error = _error(stray.encode())
    assert error["code"] == "bad_log" and "outside a hand" in error["message"]


def test_a_hand_after_the_games_end_is_refused():
    text = EXAMPLE.decode("utf-8")
    first = text[text.index("<INIT ") : text.index("<INIT ", text.index("<INIT ") + 1)]
    again = text.replace("</mjloggm>", first + "</mjloggm>")
    assert "after the game's end" in _error(again.encode())["message"]


def test_a_discard_out_of_turn_is_refused():
    text = EXAMPLE.decode("utf-8")
    at = text.index("<D", text.index("<INIT "))
    end = text.index("/>", at) + 2
    # the dealer's first discard moved before the dealer's first draw
    draw_at = text.index("<T", text.index("<INIT "))
    moved = text[:draw_at] + text[at:end] + text[draw_at:at] + text[end:]
    assert "out of turn" in _error(moved.encode())["message"]


def _mutants(count: int, seed: int):
    """The corpus logs with a few numbers or elements changed at random (seeded)."""
    rng = random.Random(seed)
    files = sorted(p for p in (CORPUS_DIR / "logs").iterdir() if p.name != "README.md")
    for _ in range(count):
        text = rng.choice(files).read_text(encoding="utf-8")
        if rng.random() < 0.5:
            m = rng.choice(list(re.finditer(r"\d+", text)))
            text = (
                text[: m.start()]
                + str(rng.choice([0, 1, 3, 35, 135, 136, 70000]))
                + text[m.end() :]
            )
        else:
            tags = list(re.finditer(r"<[A-Z][^>]*/>", text))
            m, other = rng.choice(tags), rng.choice(tags)
            text = (
                text[: m.start()] + rng.choice(["", other.group(), m.group() * 2]) + text[m.end() :]
            )
        yield text.encode("utf-8")


def test_a_damaged_log_never_raises_and_is_refused_or_compared():
    for data in _mutants(150, seed=36):
        out = replay_file(data, "mutant.mjlog")
        assert list(out) in (
            ["file", "error"],
            ["file", "hands", "final_points", "session_scores", "differs"],
        )
        if "error" in out:
            assert out["error"]["code"] in {"bad_log", "damaged", "not_mjlog", "three_player"}
