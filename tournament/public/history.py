"""What the public may see of played sessions: a player's history, a round's results.

Only rounds whose results the director has published
(``Round.results_published_at``) and their confirmed sheet versions count;
every function here filters on both, so a page cannot show more by mistake.
A sheet's ``result`` is the replay's JSON (``SheetResult.to_dict``): players
are named by starting seat, numbers are exact strings ("153/10").

Each seat's line carries its session score taken apart (:func:`parts_reader`:
the event's family reads the stored result, ``Family.score_parts``), so a
reader can add the parts up to the score shown (issue #18).

Each function runs a fixed number of queries, whatever the number of
sessions or tables.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from scoring.core.seats import SEATS
from scoring.sheets.parts import outside_parts
from scoring.standings import SessionLine, rank_by
from tournament.events.rules import OptionError, family_of, precedence_of, rules_of
from tournament.glossary import category_name, part_name
from tournament.results.models import ScoreSheet
from tournament.results.page.display import WIND_CHARS
from tournament.results.page.sheet_messages import message_text
from tournament.seating.models import Round, Seat


def published_rounds(event):
    """The event's rounds whose results are public, by number."""
    return event.rounds.filter(results_published_at__isnull=False).order_by("number")


def _confirmed_results(table_ids) -> dict[int, dict]:
    sheets = ScoreSheet.objects.filter(
        table_id__in=table_ids,
        status=ScoreSheet.Status.CONFIRMED,
        table__round__results_published_at__isnull=False,
    ).values_list("table_id", "result")
    return {table_id: result or {} for table_id, result in sheets}


def _fraction(value) -> Fraction:
    return Fraction(str(value)) if value not in (None, "") else Fraction(0)


def _penalties(result: dict, seat: str) -> list[dict]:
    """The ledger entries against one seat, with the category's name and the reason.

    The reason is the judge's own words, or the engine's (a riichi chombo's)
    in the reader's language.
    """
    out = []
    for entry in result.get("penalties") or []:
        if entry.get("player") != seat:
            continue
        category = entry.get("category") or ""
        out.append(
            {
                **entry,
                "category_name": category_name(category),
                "reason": message_text(entry.get("reason")),
            }
        )
    return out


Parts = Callable[[dict], dict]


def parts_reader(event) -> Parts:
    """``read(result)`` -> each seat's score parts, asking the event's family once.

    Why one reader per page: the family and its frozen rules are looked up
    once, whatever the number of tables. An event whose rules cannot be read
    (a hand-edited database) shows no parts rather than failing the page.
    """
    family = family_of(event)
    try:
        rules = rules_of(event)
    except OptionError:
        return lambda result: {}

    def read(result: dict) -> dict:
        inside = family.score_parts(rules, result) if result else {}
        outside = outside_parts(result)
        return {
            seat: {"inside": _shown(inside.get(seat)), "outside": _shown(outside.get(seat))}
            for seat in SEATS
        }

    return read


def _shown(parts) -> list[dict] | None:
    """``(code, amount)`` pairs as the templates read them: name, amount, exact text."""
    if parts is None:
        return None
    return [
        {
            "code": code,
            "name": part_name(code),
            "value": amount,
            "exact": "" if amount is None else str(amount),
        }
        for code, amount in parts
    ]


def _seat_line(seat: Seat, result: dict, parts: dict | None = None) -> dict:
    """One seat's session as the round results and the player page show it."""
    session = (result.get("session") or {}).get(seat.wind) or {}
    mine = (parts or {}).get(seat.wind) or {}
    return {
        "seat": seat,
        "wind": seat.wind,
        "wind_char": WIND_CHARS[seat.wind],
        "registration": seat.registration_id,
        "final": (result.get("final_points") or {}).get(seat.wind),
        "placement": session.get("placement"),
        "score": session.get("score"),
        "uma": session.get("uma"),
        "oka": session.get("oka"),
        "rank_points": session.get("rank_points"),
        "penalty": session.get("penalty"),
        "overall_penalty": session.get("overall_penalty"),
        "penalties": _penalties(result, seat.wind),
        "parts": mine.get("inside"),
        "points_from": _points_from(result, seat.wind, mine.get("inside")),
        "apart": mine.get("outside") or [],
        "score_exact": "" if session.get("score") is None else str(_fraction(session["score"])),
    }


def _points_from(result: dict, wind: str, parts: list[dict] | None):
    """The final points, where the ``points`` part is not them (riichi: 31,800 -> +1.8)."""
    final = (result.get("final_points") or {}).get(wind)
    points = next((p for p in parts or () if p["code"] == "points"), None)
    if final is None or points is None or points["value"] == _fraction(final):
        return None
    return final


def round_results(round_: Round) -> list[dict]:
    """Each table of a published round: its seats E, S, W, N with their session results."""
    seats = list(
        Seat.objects.filter(round=round_, round__results_published_at__isnull=False)
        # The event comes with the seats (its rules give the parts): no query of its own.
        .select_related("table", "registration__player", "round__event")
        .order_by("table__number", "table_id")
    )
    results = _confirmed_results({s.table_id for s in seats})
    read = parts_reader(seats[0].round.event) if results else None
    parts = {table_id: read(result) for table_id, result in results.items()}
    tables: dict[int, dict] = {}
    for seat in seats:
        result = results.get(seat.table_id)
        if result is None:
            continue
        entry = tables.setdefault(seat.table_id, {"table": seat.table, "seats": []})
        entry["seats"].append(_seat_line(seat, result, parts[seat.table_id]))
    for entry in tables.values():
        entry["seats"].sort(key=lambda line: SEATS.index(line["wind"]))
    return list(tables.values())


def player_sessions(event, registration) -> list[dict]:
    """Every published session of one player, in round order, with the running total.

    The running total is the ruleset's first standings metric over the
    sessions so far (``scoring.standings.rank_players`` on this player
    alone), so the last one is the points of the standings table.
    """
    seats = list(
        Seat.objects.filter(
            registration=registration,
            round__event=event,
            round__results_published_at__isnull=False,
        )
        .select_related("table", "round")
        .order_by("round__number")
    )
    results = _confirmed_results([s.table_id for s in seats])
    opponents: dict[int, list[Seat]] = {}
    for other in (
        Seat.objects.filter(table_id__in=list(results))
        .exclude(registration=registration)
        .select_related("registration__player")
    ):
        opponents.setdefault(other.table_id, []).append(other)
    sessions, lines = [], []
    order = precedence_of(event)
    read = parts_reader(event)
    for seat in seats:
        result = results.get(seat.table_id)
        if result is None:
            continue
        line = _seat_line(seat, result, read(result))
        lines.append(_standings_line(registration.pk, seat, line, result))
        line["round"] = seat.round.number
        line["table"] = seat.table
        line["opponents"] = sorted(
            opponents.get(seat.table_id, []), key=lambda s: SEATS.index(s.wind)
        )
        line["total"] = rank_by(order, [registration.pk], lines)[0].points
        sessions.append(line)
    return sessions


def _standings_line(player, seat: Seat, line: dict, result: dict) -> SessionLine:
    rank_points = line["rank_points"]
    return SessionLine(
        player=player,
        round=seat.round.number,
        table=seat.table.number,
        seat=seat.wind,
        placement=int(line["placement"]),
        score=_fraction(line["score"]),
        rank_points=None if rank_points in (None, "") else _fraction(rank_points),
        raw=(result.get("final_points") or {}).get(seat.wind),
        overall_penalty=_fraction(line["overall_penalty"]),
    )
