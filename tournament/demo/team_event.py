"""The demo team event for ``load_demo`` (issue #21): teams, a cut to 16 and a cut to 4.

64 players in 16 teams of four (``fixtures/demo-teams.csv``), MCR, final
scores only; both kinds of team standings (every member counts, the main
one, and the best three of each round); a qualifying stage of six rounds,
a semifinal of the top 16 over two rounds with half the points carried,
and a final of the top 4 over two rounds, half carried again. Every round
is seated, published, entered by one demo judge, confirmed by another and
published by the demo director: the same services as the pages, so the
demo shows what the code does.

Why the scores are searched for: the demo must show the hard case at each
cut, the last player in and the first player out on equal table points,
told apart by the next tiebreak (the session-score total). Scores are drawn
from a seeded generator, per round and attempt (so every run makes the same
ones); for the round that closes a stage, attempts are tried in order and
the first whose standings put such a pair across the line is kept. Each
attempt is judged by the real arithmetic, in memory: the family's sheet
replay (``scoring.sheets.replay_rules``) turns the scores into session
lines and ``standings.stage_rows.stage_rows`` ranks them with the lines already
published, so nothing is saved until the attempt is chosen.
"""

from __future__ import annotations

import datetime
import random

from django.conf import settings

from scoring.sheets import replay_rules
from scoring.standings import session_lines as sheet_lines
from tournament.demo.results import demo_staff, register_demo_players
from tournament.events.editing import description_of, edit_event
from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.events.rules import precedence_of, rules_of
from tournament.events.services import create_event, start_event
from tournament.results.sheet import services as results
from tournament.rounds.services import publish_round, seat_round
from tournament.seating.models import Round
from tournament.stages.services import define_stages, make_cut
from tournament.standings.services import Scope, publish_results, session_lines
from tournament.standings.stage_rows import stage_rows, stages_of

TEAMS_CSV = settings.BASE_DIR / "fixtures" / "demo-teams.csv"
DEMO_TEAMS = {
    "slug": "demo-teams",
    "name": "Demo Team Championship 2026",
    "ruleset": "mcr",
    "start_date": datetime.date(2026, 9, 12),
    "end_date": datetime.date(2026, 9, 13),
    "is_public": True,
    "entry_level": "final",
}
TEAM_BEST_N = 3
STAGES = [
    {"kind": "qualifying", "rounds": 6, "method": "balanced"},
    {"kind": "semifinal", "rounds": 2, "size": 16, "carry": "half", "method": "rank",
     "pattern": "snake"},
    {"kind": "final", "rounds": 2, "size": 4, "carry": "half", "method": "rank",
     "pattern": "block"},
]  # fmt: skip
ATTEMPTS = 500  # the first few attempts usually do (the first, today); this bounds a bad day


def load_team_demo(users: dict, time_budget: float) -> tuple[Event, int, int]:
    """The team event, completed where anything is missing.

    Returns (event, players added, rounds seated now). The cut to a stage is
    made once the stage before is published, taking the top N by the
    event's ranking (the demo's scores leave no tie the ranking cannot break).
    """
    event = Event.objects.filter(slug=DEMO_TEAMS["slug"]).first()
    if event is None:
        event = create_event(**DEMO_TEAMS)
    demo_staff(event)
    added = _register(event)
    if not event.team_sum_all or event.team_best_n != TEAM_BEST_N:
        event = _team_rankings(event, users["demo-director"])
    if not stages_of(event):
        define_stages(event, [dict(spec) for spec in STAGES], by=users["demo-director"])
    event = Event.objects.get(pk=event.pk)
    if event.status == Event.Status.DRAFT:
        event = start_event(event)
    seated = 0
    for stage in stages_of(event):
        if stage.number > 1 and stage.cut_at is None:
            make_cut(stage, by=users["demo-director"], words="demo")
        for number in stage.round_numbers:
            seated += _play_round(event, number, users, time_budget)
    return event, added, seated


def _register(event: Event) -> int:
    return register_demo_players(event, TEAMS_CSV)


def _team_rankings(event: Event, by) -> Event:
    """Both team rankings, through the event settings' own service."""
    return edit_event(
        event, **description_of(event), team_sum_all=True, team_best_n=TEAM_BEST_N, by=by
    )


def _play_round(event: Event, number: int, users: dict, time_budget: float) -> int:
    """Seat, publish, enter, confirm and publish results of round ``number``; 1 if seated now."""
    round_ = event.rounds.filter(number=number).first()
    seated = 0
    if round_ is None or round_.status == Round.Status.DRAFT:
        round_ = seat_round(event, number, seed=number, time_budget=time_budget)
        seated = 1
    if round_.status == Round.Status.SEATED:
        round_ = publish_round(round_)
    tables = list(round_.tables.order_by("number").prefetch_related("seats"))
    if all(results.head_of(t) is None for t in tables):
        judge, other = users["demo-judge"], users["demo-judge2"]
        for table, scores in zip(tables, round_scores(event, round_, tables), strict=True):
            sheet = results.save_final_scores(table, scores, by=judge, base_version=0)
            results.submit_sheet(table, by=judge, version=sheet.version)
            results.confirm_sheet(table, by=other, version=sheet.version)
    confirmed = round_.tables.filter(sheets__status="confirmed").distinct().count()
    if round_.results_published_at is None and confirmed == len(tables):
        publish_results(round_, by=users["demo-director"])
    return seated


def table_scores(rng: random.Random) -> dict[str, int]:
    """One table's MCR session scores: whole numbers summing to 0, all different."""
    while True:
        three = [rng.randrange(-60, 110) for _ in range(3)]
        scores = [*three, -sum(three)]
        if len(set(scores)) == 4 and abs(scores[3]) <= 150:
            return dict(zip("ESWN", scores, strict=True))


def _attempt(event: Event, number: int, tables: list, attempt: int) -> list[dict[str, int]]:
    rng = random.Random(f"{event.slug}/{number}/{attempt}")
    return [table_scores(rng) for _ in tables]


def round_scores(event: Event, round_: Round, tables: list) -> list[dict[str, int]]:
    """The scores of each table of the round; at a stage's last round before a cut,
    the first attempt that puts a tie on points across the line (module docstring)."""
    stages = stages_of(event)
    # The stage this round closes, when a cut follows it.
    closing = next((s for s in stages[:-1] if s.last_round == round_.number), None)
    if closing is None:
        return _attempt(event, round_.number, tables, 0)
    size = stages[closing.number].size
    before = [line for line in session_lines(event, Scope.PUBLIC) if line.round != round_.number]
    rules, order = rules_of(event), precedence_of(event)
    for attempt in range(ATTEMPTS):
        scores = _attempt(event, round_.number, tables, attempt)
        lines = list(before)
        for table, final_scores in zip(tables, scores, strict=True):
            sheet = replay_rules(rules, [], final_scores=final_scores)
            players = {seat.wind: seat.registration_id for seat in table.seats.all()}
            lines += sheet_lines(sheet, round=round_.number, table=table.number, players=players)
        rows = stage_rows(closing, Scope.PUBLIC, lines)
        if tie_at_line(rows, size, order):
            return scores
    raise EventError(f"no demo scores put a tie at the cut after round {round_.number}")


def tie_at_line(rows: list[dict], size: int, order) -> bool:
    """The last in and the first out share the first metric and differ on the second."""
    if len(rows) <= size:
        return False
    last_in, first_out = rows[size - 1], rows[size]
    return (
        last_in["metrics"][order[0]] == first_out["metrics"][order[0]]
        and last_in["metrics"][order[1]] != first_out["metrics"][order[1]]
    )
