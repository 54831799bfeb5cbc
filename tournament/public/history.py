"""What the public may see of played sessions: a player's history, a round's results.

Only rounds whose results the director has published
(``Round.results_published_at``) and their confirmed sheet versions count;
every function here filters on both, so a page cannot show more by mistake.
A sheet's ``result`` is the replay's JSON (``SheetResult.to_dict``): players
are named by starting seat, numbers are exact strings ("153/10").

Each function runs a fixed number of queries, whatever the number of
sessions or tables.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.standings import SessionLine, rank_by
from tournament.events.rules import precedence_of
from tournament.results.display import CATEGORY_NAMES, WIND_CHARS
from tournament.results.models import ScoreSheet
from tournament.results.sheet_messages import message_text
from tournament.seating.models import WIND_ORDER, Round, Seat

SEATS = tuple(str(w) for w in WIND_ORDER)


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
                "category_name": CATEGORY_NAMES.get(category, category),
                "reason": message_text(entry.get("reason")),
            }
        )
    return out


def _seat_line(seat: Seat, result: dict) -> dict:
    """One seat's session as the round results and the player page show it."""
    session = (result.get("session") or {}).get(seat.wind) or {}
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
    }


def round_results(round_: Round) -> list[dict]:
    """Each table of a published round: its seats E, S, W, N with their session results."""
    seats = list(
        Seat.objects.filter(round=round_, round__results_published_at__isnull=False)
        .select_related("table", "registration__player")
        .order_by("table__number", "table_id")
    )
    results = _confirmed_results({s.table_id for s in seats})
    tables: dict[int, dict] = {}
    for seat in seats:
        result = results.get(seat.table_id)
        if result is None:
            continue
        entry = tables.setdefault(seat.table_id, {"table": seat.table, "seats": []})
        entry["seats"].append(_seat_line(seat, result))
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
    for seat in seats:
        result = results.get(seat.table_id)
        if result is None:
            continue
        line = _seat_line(seat, result)
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
