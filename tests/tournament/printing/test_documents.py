"""The printed documents read back from their PDFs (pypdf, pypdfium2, zxing-cpp).

Each sheet's page must name its four players in any script, carry a QR code
that decodes to its table's entry page, embed its fonts, and stay one page
per table. The pages are also saved as PNG files (100 dpi) in
test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import io
import re

import pypdfium2
import pytest
import zxingcpp
from django.conf import settings
from django.urls import reverse
from pypdf import PdfReader

from tests.tournament.printing.conftest import page_texts, save_pages
from tournament.printing import documents, lists
from tournament.results.templatetags.results_tags import points, signed
from tournament.seating.models import Round, Seat, Table

RULESETS = ["mcr", "wrc", "zung-jung", "hkos"]
A4 = (595.28, 841.89)  # points


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


def names_by_table(round_) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    seats = Seat.objects.filter(round=round_).select_related("table", "registration__player")
    for seat in seats:
        out.setdefault(seat.table.number, []).append(seat.registration.name)
    return out


def squeeze(text: str) -> str:
    """Text without white space: a PDF may space CJK names differently."""
    return re.sub(r"\s+", "", text)


# --- Blank scoresheets ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_blank_scoresheets_one_page_per_table_naming_its_players(seated_round, ruleset):
    round_ = seated_round(ruleset, tables=4)
    pdf = documents.blank_scoresheets(round_)
    save_pages(pdf, f"blank-{ruleset}", pages=1)

    texts = page_texts(pdf)
    assert len(texts) == 4
    tables = names_by_table(round_)
    for number, names in tables.items():
        page = squeeze(texts[number - 1])
        assert squeeze(f"Round 1 · Table {number}") in page  # the running head
        for name in names:
            assert squeeze(name) in page, (number, name)
        others = [n for t, ns in tables.items() if t != number for n in ns]
        assert not any(squeeze(n) in page for n in others if not n[-1].isdigit())
        assert f"page{number}/4" in page


def test_cjk_and_latin_names_survive(seated_round):
    round_ = seated_round("wrc", tables=4)
    text = squeeze(" ".join(page_texts(documents.blank_scoresheets(round_))))
    for name in ["山田 太郎", "王小明", "陳美玲", "김민준", "Łukasz Żółć", "Zoë Müller"]:
        assert squeeze(name) in text


@pytest.mark.parametrize("ruleset", ["mcr", "wrc"])
def test_each_qr_code_decodes_to_its_tables_entry_page(seated_round, ruleset):
    round_ = seated_round(ruleset, tables=3)
    pdf = documents.blank_scoresheets(round_)
    document = pypdfium2.PdfDocument(pdf)
    for index, table in enumerate(round_.tables.order_by("number")):
        image = document[index].render(scale=200 / 72).to_pil()
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        path = reverse("results:table", args=[round_.event.slug, 1, table.number])
        assert [code.text for code in found] == [settings.SITE_URL + path]


def fonts_of(pdf: bytes) -> list[tuple[str, object]]:
    """Every font a page (or a form it draws) uses: (name, font dictionary)."""
    fonts = []

    def visit(resources, seen):
        if resources is None or id(resources) in seen:
            return
        seen.add(id(resources))
        for name, font in (resources.get("/Font") or {}).items():
            fonts.append((name, font.get_object()))
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            visit(xobject.get("/Resources"), seen)

    for page in PdfReader(io.BytesIO(pdf)).pages:
        visit(page.get("/Resources"), set())
    return fonts


def assert_fonts_embedded(pdf: bytes) -> None:
    fonts = fonts_of(pdf)
    assert fonts
    for name, font in fonts:
        if font.get("/Subtype") == "/Type3":
            continue  # drawn with PDF operators, nothing to embed
        descendants = font.get("/DescendantFonts")
        described = descendants[0].get_object() if descendants else font
        descriptor = described["/FontDescriptor"].get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), name


def test_fonts_are_embedded(seated_round):
    round_ = seated_round("mcr", tables=2)
    assert_fonts_embedded(documents.blank_scoresheets(round_, language="ja"))
    assert_fonts_embedded(documents.seating_list(round_))


def test_pages_are_a4_portrait(seated_round):
    round_ = seated_round("wrc", tables=2)
    for page in PdfReader(io.BytesIO(documents.round_pack(round_))).pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(A4, abs=0.5)


# --- Filled sheets -------------------------------------------------------------------------

PURE_STRAIGHT_HAND = {
    # Pure Straight 16 + Fully Concealed 4 + All Chows 2 + Single Wait 1, + 1 flower.
    "outcome": "self_draw",
    "level": "tiles",
    "winner": "N",
    "hand": {"concealed": "123456789m234p5s", "melds": [], "win_tile": "5s", "flowers": 1},
}


def test_filled_sheets_print_the_confirmed_version(seated_round, play_round):
    round_ = seated_round("mcr", tables=2)
    hands = [v("discard", winner="E", discarder="S", fan=8), v("draw"), PURE_STRAIGHT_HAND]
    play_round(round_, hands, tables=[1])
    pdf = documents.filled_sheets(round_, language="ja")
    save_pages(pdf, "filled-mcr-ja", pages=2)

    texts = page_texts(pdf)
    assert len(texts) == 2
    first, second = texts
    assert "+32" in first and "\u221216" in first  # E wins 8 fan off S: +32 / −16 (mcr.md §5)
    assert "+96" in first  # N's self-drawn 24 (23 + 1 flower): 3 × (24 + 8)
    assert "清龍" in first  # the engine's item name, in the reader's language
    assert "未確認" in second  # table 2: its blank sheet, marked "not confirmed" (in Japanese)
    for name in names_by_table(round_)[2]:
        assert squeeze(name) in squeeze(second)


def test_filled_riichi_sheet_shows_sticks_and_session_scores(seated_round, play_round):
    round_ = seated_round("jpml-b", tables=1)
    hands = [
        # E1-0: E riichi, S ron off W 2 han 30 fu: S +3,000 (2,000 + the stick), W −2,000.
        v("ron", winner="S", discarder="W", han=2, fu=30, riichi=["E"]),
        v("draw", tenpai=["S", "N"], riichi=["N"]),  # N's stick stays on the table
    ]
    play_round(round_, hands)
    text = page_texts(documents.filled_sheets(round_))[0]
    assert "+3,000" in text and "\u22122,000" in text
    assert "●" in text  # the riichi marks
    assert "stick(s) left" in text


@pytest.mark.parametrize(
    ("ruleset", "hands", "expected"),
    [
        # 70 on a discard by S: E +210, S −160, W and N −25 (zung-jung.md §7).
        ("zung-jung", [v("discard", winner="E", discarder="S", points=70)], ["+210", "\u2212160"]),
        # 3 faan = 32 on a discard: E +32, S −32 (hkos.md §4).
        ("hkos", [v("discard", winner="E", discarder="S", faan=3)], ["+32", "\u221232"]),
    ],
)
def test_filled_point_total_sheets(seated_round, play_round, ruleset, hands, expected):
    round_ = seated_round(ruleset, tables=1)
    play_round(round_, hands)
    pdf = documents.filled_sheets(round_)
    save_pages(pdf, f"filled-{ruleset}", pages=1)
    text = page_texts(pdf)[0]
    assert all(value in text for value in expected)


def test_filled_sheet_of_final_scores_only(seated_round, play_round):
    round_ = seated_round("wrc", tables=1)
    play_round(round_)  # final scores, no hand rows
    text = page_texts(documents.filled_sheets(round_))[0]
    assert "Final scores only" in text
    final = round_.tables.get().sheets.get().result["final_points"]
    assert all(points(final[seat]) in text for seat in "ESWN")


# --- Lists ---------------------------------------------------------------------------------


def test_seating_list_one_line_per_player_sorted_by_name(seated_round):
    round_ = seated_round("wrc", tables=4)
    text = page_texts(documents.seating_list(round_))[0]
    names = [seat.registration.name for seat in round_.seats.select_related(
        "registration__player")]  # fmt: skip
    positions = [squeeze(text).index(squeeze(name)) for name in names]
    assert len(set(positions)) == 16
    in_print = [name for _pos, name in sorted(zip(positions, names, strict=True))]
    assert in_print[:2] == ["Åsa Öberg", "François Lefèvre"]  # accents sort with their letter
    assert in_print.index("Olivia Brown") < in_print.index("Zoë Müller")


def test_round_pack_is_the_seating_list_then_a_sheet_per_table(seated_round):
    round_ = seated_round("mcr", tables=3)
    pdf = documents.round_pack(round_)
    save_pages(pdf, "round-pack-mcr", pages=2)
    texts = page_texts(pdf)
    assert len(texts) == 1 + 3
    assert "seating" in texts[0]
    for number in (1, 2, 3):
        assert squeeze(f"Table {number}") in squeeze(texts[number])
        assert f"page {number + 1} / 4" in texts[number]


def test_standings_run_over_pages_with_their_header_on_each(db):
    from tournament.public.bench_data import build_event

    event = build_event(players=160, rounds=2, seed=3, ruleset="mcr", slug="print-standings")
    pdf = documents.standings_pdf(event)
    save_pages(pdf, "standings-mcr", pages=1)
    reader = PdfReader(io.BytesIO(pdf))
    texts = page_texts(pdf)
    assert len(texts) >= 3
    for n, text in enumerate(texts, start=1):
        assert "Rank" in text and "Table points" in text  # the header repeats
        assert "Standings after round 2" in text
        assert f"page {n} / {len(texts)}" in text
    everything = " ".join(texts)
    assert all(f"Player {i:04d}" in everything for i in range(1, 161))
    # Six ranking columns for MCR: landscape pages.
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)


def test_score_cards_show_every_published_session(seated_round, play_round):
    round_ = seated_round("wrc", tables=2)
    play_round(round_, publish=True)
    later = Round.objects.create(event=round_.event, number=2, status=Round.Status.PUBLISHED)
    table = Table.objects.create(round=later, number=1)
    for seat in round_.seats.filter(table__number=2):
        Seat.objects.create(
            round=later, table=table, wind=seat.wind, registration=seat.registration
        )
    play_round(later)  # confirmed, but its results are not published

    pdf = documents.score_cards(round_.event)
    save_pages(pdf, "score-cards", pages=1)
    text = " ".join(page_texts(pdf))
    assert text.count("Opponents") == 8  # one card per active player
    for name in [n for names in names_by_table(round_).values() for n in names]:
        assert squeeze(name) in squeeze(text)
    east = round_.tables.get(number=1).sheets.get().result
    assert points(east["final_points"]["E"]) in text
    assert signed(east["session"]["E"]["score"]) in text
    cards = lists.score_card_context(round_.event)["cards"]
    assert {s["round"] for card in cards for s in card["sessions"]} == {1}


# --- Progress and fetching -----------------------------------------------------------------


def test_progress_counts_tables_then_pages_up_to_the_total(seated_round):
    round_ = seated_round("hkos", tables=3)
    calls = []
    documents.blank_scoresheets(round_, progress=lambda done, total: calls.append((done, total)))
    totals = {total for _done, total in calls}
    assert len(totals) == 1
    total = totals.pop()
    dones = [done for done, _total in calls]
    assert dones == sorted(dones)
    assert dones[-1] == total and dones.count(total) == 1
    assert {1, 2, 3} <= set(dones)  # one step per table prepared


def test_static_files_are_read_from_disk_and_nothing_else_is_fetched():
    from tournament.printing.render import BASE_URL, StaticFetcher

    fetcher = StaticFetcher()
    css = fetcher(f"{BASE_URL}static/css/print.css")
    assert b"@page" in css.read()
    assert fetcher("data:text/css;base64,cCB7fQ==").read() == b"p {}"
    for url in (
        "https://fonts.example.com/noto.css",
        "http://127.0.0.1:8000/static/css/print.css",
        f"{BASE_URL}static/../../etc/passwd",
        "file:///etc/passwd",
    ):
        with pytest.raises(ValueError):
            fetcher(url)
    assert len(fetcher.refused) == 4
