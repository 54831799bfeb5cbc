"""The sum test of issue #18: for every ruleset, every shown part adds up to the shown score.

For each ruleset the system registers (``scoring.families.ruleset_names``,
not a hand-written list), a real event is started, a round seated and its
two tables' sheets entered through the judges' services (rulings, then
final scores, submitted and confirmed by another person) and published, as
at a venue. Table 1 has a tie in final points, a chombo (the family's own
consequence, or a typed chombo penalty where the family fixes none), a
penalty shared to the others (paid and received), a penalty off the overall
score, and riichi sticks left on the table where the family has them;
table 2 a false win (the family's consequence), a tie for last and more
sticks.

The public round results page is then read like a person would: for each
table and seat, Σ ``data-value`` of the parts == ``data-total``, and
``data-total`` == the stored session score. The printed round results
(``round_results_pdf``) must show each player's name and total.
"""

from __future__ import annotations

import io
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.families import family_for, ruleset_names
from tests.tournament.results.conftest import make_table  # noqa: F401  (a fixture)
from tournament.events.rules import rules_of
from tournament.printing.results_doc import round_results_pdf
from tournament.results.sheet import services
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.results.sheet.rulings import consequences, default_scope
from tournament.results.templatetags.results_tags import signed
from tournament.seating.models import Round
from tournament.standings.services import publish_results

SEATS = ("E", "S", "W", "N")
STICK = 1000  # rules/riichi.md §2: one riichi stick; the balance is Σ final + sticks = 4 × start
# Final points around the start, E, S, W, N: table 1 ties 1st and 2nd, table 2 3rd and 4th.
# The last seat gives up the sticks left on the table. Not whole thousands: Tenhou rounds.
DELTAS = {1: (6800, 6800, -4400, -9200), 2: (11800, -1400, -5200, -5200)}
STICKS = {1: 2, 2: 1}
SHARED = -3000  # shared by the three others (table_score: riichi requires it shared)
OVERALL = -3000
CHOMBO = -300  # typed only where the family fixes no chombo of its own


class PartsPage(HTMLParser):
    """{(table number, seat): {"parts": [(code, Fraction)], "total": Fraction}} from the page."""

    def __init__(self):
        super().__init__()
        self.table = self.seat = None
        self.found: dict[tuple[int, str], dict] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and (a.get("id") or "").startswith("table-"):
            self.table = int(a["id"].removeprefix("table-"))
        elif tag == "tr" and "parts-row" in (a.get("class") or ""):
            self.seat = a["data-seat"]
            self.found[(self.table, self.seat)] = {"parts": [], "total": None}
        elif "data-part" in a:
            part = (a["data-part"], Fraction(a["data-value"]))
            self.found[(self.table, self.seat)]["parts"].append(part)
        elif "data-total" in a:
            self.found[(self.table, self.seat)]["total"] = Fraction(a["data-total"])


def rule(table, director, kind, player, penalties=(), consequence=False):
    """A judge's ruling as the ruling form records it (the family's consequence, if asked)."""
    event = table.round.event
    follows = consequences(event, kind, player) if consequence else {"hand_entry": None}
    given = [*(follows.get("penalties") or []), *penalties]
    head = services.head_of(table)
    return services.record_ruling(
        table,
        by=director,
        base_version=head.version if head else 0,
        kind=kind,
        player=player,
        decision=f"{kind} ruled",
        penalties=given,
        hand_entry=follows["hand_entry"],
    )


def chombo(table, judge):
    """The family's own chombo where it has one, else a typed chombo penalty after placement."""
    follows = consequences(table.round.event, "chombo", "W")
    if follows["hand_entry"] or follows["penalties"]:
        return rule(table, judge, "chombo", "W", consequence=True)
    typed = {"player": "W", "points": CHOMBO, "scope": "session_after_uma"}
    return rule(table, judge, "chombo", "W", [{**typed, "distribution": "none"}])


def play(table, users, sticks: int, start: int) -> None:
    judge, director = users["judge"], users["judge2"]
    event = table.round.event
    if table.number == 1:
        chombo(table, judge)
        shared = {"player": "N", "points": SHARED, "scope": "table_score"}
        rule(table, judge, "conduct", "N", [{**shared, "distribution": "equal_to_others"}])
        overall = {"player": "E", "points": OVERALL, "scope": "overall_score"}
        rule(table, judge, "timing", "E", [{**overall, "distribution": "none"}])
    else:
        rule(table, judge, "false_win", "S", consequence=True)
        typed = {"player": "E", "points": SHARED, "scope": default_scope(event)}
        rule(table, judge, "conduct", "E", [{**typed, "distribution": "none"}])
    deltas = list(DELTAS[table.number])
    deltas[-1] -= sticks * STICK
    scores = {seat: start + d for seat, d in zip(SEATS, deltas, strict=True)}
    sheet = services.save_final_scores(
        table,
        scores,
        by=judge,
        base_version=services.head_of(table).version,
        leftover_sticks=sticks,
    )
    submit_sheet(table, by=judge, version=sheet.version)
    confirm_sheet(table, by=director, version=sheet.version)


def start_points(event) -> int:
    """The family's start points, read from an empty sheet's replay (0 for point totals)."""
    family = family_for(event.ruleset)
    empty = family.replay(rules_of(event), [], [], final_scores=None, leftover_sticks=0, lang="en")
    return empty.start


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_part_shown_adds_up_to_the_score_shown(
    ruleset,
    make_table,  # noqa: F811
    staff,
    client,
):
    tables = make_table(ruleset, tables=2, slug=f"sum-{ruleset}", entry_level="final")
    round_ = tables[0].round
    event = round_.event
    users = staff(event)
    features = family_for(ruleset).entry(rules_of(event)).features
    start = start_points(event)
    for table in tables:
        sticks = STICKS[table.number] if "final_sticks" in features else 0
        play(table, users, sticks, start)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PUBLISHED)
    publish_results(round_, by=users["director"])

    response = client.get(reverse("public:round_results", args=[event.slug, 1]))
    assert response.status_code == 200
    page = PartsPage()
    page.feed(response.content.decode())
    stored = _stored(tables)
    assert set(page.found) == set(stored)
    for key, shown in page.found.items():
        parts = shown["parts"]
        assert sum(v for _, v in parts) == shown["total"], (key, parts)
        assert shown["total"] == Fraction(stored[key]["score"]), key
        assert {code for code, _ in parts} >= expected_codes(stored[key], key[1]), (key, parts)
    ledger = [e for t in tables for e in sheet_of(t).result["penalties"]]
    assert {e["category"] for e in ledger} >= {"chombo", "conduct"}
    assert any(e["distribution"] == "equal_to_others" for e in ledger)
    assert 'data-apart="overall_penalty"' in response.content.decode()

    pdf = round_results_pdf(round_, language="en")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    text = " ".join(text.split())
    for (number, seat), score in stored.items():
        assert f"= {signed(score['score'])}" in text, (number, seat, score["score"])
    for table in tables:
        for seat in table.seats.select_related("registration__player"):
            assert seat.registration.name in text


def sheet_of(table):
    return table.sheets.get(status="confirmed")


def _stored(tables) -> dict[tuple[int, str], dict]:
    """Each seat's session as the confirmed sheet stores it, with the table's ledger."""
    out = {}
    for table in tables:
        result = sheet_of(table).result
        for seat in SEATS:
            out[(table.number, seat)] = {**result["session"][seat], "ledger": result["penalties"]}
    return out


def expected_codes(session: dict, seat: str) -> set[str]:
    """The parts this seat must show, read from what the sheet stored (not from the parts)."""
    codes = {"points"} | {c for c in ("uma", "oka", "sticks") if session.get(c) not in (None, "0")}
    for entry in session["ledger"]:
        if entry["scope"] == "overall_score" or not entry["effect"][seat]:
            continue
        if entry["player"] != seat:
            codes.add("penalties_received")
        else:
            codes.add("chombo" if entry["category"] == "chombo" else "penalties_paid")
    return codes


def test_a_part_an_old_sheet_lacks_is_shown_unknown_not_guessed(make_table, staff, client):  # noqa: F811
    tables = make_table("mcr", tables=1, slug="old-sheet", entry_level="final")
    tables = tables if isinstance(tables, list) else [tables]
    round_ = tables[0].round
    users = staff(round_.event)
    play(tables[0], users, 0, 0)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PUBLISHED)
    publish_results(round_, by=users["director"])
    sheet = sheet_of(tables[0])
    old = {k: v for k, v in sheet.result.items() if k != "final_points"}  # as if never stored
    type(sheet).objects.filter(pk=sheet.pk).update(result=old)

    html = client.get(reverse("public:round_results", args=["old-sheet", 1])).content.decode()
    assert html.count('data-part="points" data-value=""') == 4
    assert "<abbr" in html and 'data-total="' in html
