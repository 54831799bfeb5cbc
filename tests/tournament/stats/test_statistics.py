"""The statistics match a plain count of the hands fed in (issue #20).

Two events are played through the judges' services (hands added, rulings
recorded, sheets submitted and confirmed by another judge, rounds published),
from tables described below with what each hand must count as: its winners,
their value in the family's headline unit, the engine's patterns, a self-draw
or not, who dealt in. The expected statistics are counted from these
descriptions by a plain loop (not by the module under test), and compared
field by field for every player and for the event.

EMA riichi (several rons all win): hands by tiles with known yaku, by value,
a ron, self-draws, a double ron, draws, a chombo, a typed penalty, a voided
ruling, one final-scores table, a correction left unconfirmed after
publishing and a round never published (neither may count). MCR by tiles:
the seed's hands with known fans, a draw, a false win.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from scoring.families import family_for
from tests.scoring.seeds.test_seed_000_mcr_session import EAST_PUNG  # the MCR seed's hand
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.events.models import Registration
from tournament.events.rules import rules_of
from tournament.events.services import start_event
from tournament.results.models import HandRecord
from tournament.results.sheet import services
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.results.sheet.rulings import consequences, default_scope
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import standings
from tournament.stats.events import event_statistics
from tournament.stats.names import pattern_name
from tournament.stats.players import all_player_statistics, player_statistics

SEATS = ("E", "S", "W", "N")
PINFU_TANYAO = {"concealed": "234567m456p2388s", "win_tile": "4s"}
RIICHI_HAND = {**PINFU_TANYAO, "flags": ["riichi"]}


def win(seat, value, patterns=(), self_draw=False):
    return {"seat": seat, "value": value, "patterns": set(patterns), "self_draw": self_draw}


def hand(entry, wins=(), discarder=None):
    """A hand to enter and what it must count as."""
    return {"entry": entry, "wins": list(wins), "discarder": discarder}


def ron(winner, discarder, **value):
    return {"outcome": "ron", "level": "value", "winner": winner, "discarder": discarder, **value}


def tsumo(winner, **value):
    return {"outcome": "tsumo", "level": "value", "winner": winner, **value}


DRAW = {"outcome": "draw", "level": "value", "riichi": [], "tenpai": []}
PTY = ("riichi", "pinfu", "tanyao")
TPT = ("menzen_tsumo", "pinfu", "tanyao")

# Each table: round, number, the player (index) in E, S, W, N, its hands (or final
# deltas), rulings (kind, seat, typed penalty points or None for the family's
# consequence, voided?), the ledger it must hold (seat, points), published or not.
EMA_TABLES = [
    {
        "round": 1,
        "table": 1,
        "players": (0, 1, 2, 3),
        "hands": [
            hand(
                {"outcome": "ron", "level": "tiles", "winner": "S", "discarder": "E",
                 "riichi": ["S"], "hand": RIICHI_HAND},
                [win("S", 3, PTY)], "E",
            ),
            hand(ron("S", "W", han=2, fu=30), [win("S", 2)], "W"),
            hand({**DRAW, "tenpai": ["E"]}),
            hand(
                {"outcome": "ron", "discarder": "W", "wins": [
                    {"level": "value", "winner": "S", "han": 2, "fu": 30},
                    {"level": "tiles", "winner": "N", "hand": PINFU_TANYAO}]},
                [win("S", 2), win("N", 2, ("pinfu", "tanyao"))], "W",
            ),
            hand({"outcome": "tsumo", "level": "tiles", "winner": "E", "hand": PINFU_TANYAO},
                 [win("E", 3, TPT, True)]),
            hand(tsumo("N", han=3, fu=30), [win("N", 3, (), True)]),
        ],
        "rulings": [("chombo", "W", None, False), ("conduct", "E", -3000, False),
                    ("conduct", "N", -3000, True)],
        "ledger": [("W", -20000), ("E", -3000)],
    },
    {
        "round": 1,
        "table": 2,
        "players": (4, 5, 6, 7),
        "final": (12000, -2000, -4000, -6000),
        "rulings": [("conduct", "S", -3000, False)],
        "ledger": [("S", -3000)],
    },
    {
        "round": 2,
        "table": 1,
        "players": (0, 4, 1, 5),
        "hands": [
            hand(tsumo("S", han=4, fu=30), [win("S", 4, (), True)]),
            hand({"outcome": "ron", "level": "tiles", "winner": "W", "discarder": "S",
                  "hand": PINFU_TANYAO}, [win("W", 2, ("pinfu", "tanyao"))], "S"),
            hand(DRAW),
        ],
    },
    {
        "round": 2,
        "table": 2,
        "players": (2, 6, 3, 7),
        "hands": [
            hand(ron("N", "E", han=5), [win("N", 5)], "E"),
            hand({"outcome": "tsumo", "level": "tiles", "winner": "W", "hand": PINFU_TANYAO},
                 [win("W", 3, TPT, True)]),
        ],
        # Corrected after publishing, the correction not confirmed: it must not count.
        "correction": ron("E", "S", han=8),
    },
    {
        "round": 3,  # never published
        "table": 1,
        "players": (0, 1, 2, 3),
        "hands": [hand(ron("E", "S", han=6), [win("E", 6)], "S")],
        "unpublished": True,
    },
]  # fmt: skip

MCR_WIN = {"outcome": "discard", "level": "tiles", "winner": "E", "discarder": "S"}
MCR_TABLES = [
    {
        "round": 1,
        "table": 1,
        "players": (0, 1, 2, 3),
        "hands": [
            hand(
                {**MCR_WIN, "hand": EAST_PUNG},
                [win("E", 13, ("mixed_straight", "prevalent_wind", "seat_wind",
                               "pung_of_terminals_or_honors"))], "S",
            ),
            hand(
                {**MCR_WIN, "hand": EAST_PUNG},
                [win("E", 11, ("mixed_straight", "prevalent_wind",
                               "pung_of_terminals_or_honors"))], "S",
            ),
            hand({"outcome": "draw", "level": "value"}),
            hand({"outcome": "self_draw", "level": "tiles", "winner": "E", "hand": EAST_PUNG},
                 [win("E", 12, ("mixed_straight", "prevalent_wind",
                                "pung_of_terminals_or_honors", "self_drawn"), True)]),
        ],
        "rulings": [("false_win", "W", None, False)],
        "ledger": [("W", -30)],
    },
]  # fmt: skip


# --- playing the tables through the services -----------------------------------------


def build(make_event, make_player, staff, ruleset, tables, players):  # noqa: F811
    event = make_event(ruleset=ruleset, slug=f"stats-{ruleset}", entry_level="tiles")
    start_event(event)
    users = staff(event)
    regs = [
        Registration.objects.create(event=event, player=make_player(), name=f"P{i}")
        for i in range(players)
    ]
    rounds = {}
    for spec in tables:
        round_ = rounds.get(spec["round"])
        if round_ is None:
            round_ = Round.objects.create(
                event=event, number=spec["round"], status=Round.Status.SEATED
            )
            rounds[spec["round"]] = round_
        table = Table.objects.create(round=round_, number=spec["table"])
        for wind, index in zip(SEATS, spec["players"], strict=True):
            Seat.objects.create(round=round_, table=table, wind=wind, registration=regs[index])
        play(table, spec, users)
    for number, round_ in rounds.items():
        if not any(s.get("unpublished") for s in tables if s["round"] == number):
            Round.objects.filter(pk=round_.pk).update(status=Round.Status.PUBLISHED)
            services_publish(round_, users)
    for spec in tables:
        if spec.get("correction"):
            table = Table.objects.get(round__event=event, round__number=spec["round"],
                                      number=spec["table"])  # fmt: skip
            head = services.head_of(table)
            services.add_hand(table, spec["correction"], by=users["director"],
                              base_version=head.version, reason="late entry")  # fmt: skip
    event.refresh_from_db()
    return event, regs


def services_publish(round_, users):
    from tournament.standings.services import publish_results

    publish_results(round_, by=users["director"])


def play(table, spec, users) -> None:
    judge, other = users["judge"], users["judge2"]
    version = 0
    for item in spec.get("hands", ()):
        version = services.add_hand(table, item["entry"], by=judge, base_version=version).version
    event = table.round.event
    for kind, seat, points, voided in spec.get("rulings", ()):
        if points is None:
            follows = consequences(event, kind, seat)
            given, row = follows["penalties"], follows["hand_entry"]
        else:
            typed = {"player": seat, "points": points, "scope": default_scope(event)}
            given, row = [{**typed, "distribution": "none"}], None
        sheet = services.record_ruling(
            table, by=judge, base_version=version, kind=kind, player=seat,
            decision=f"{kind} ruled", penalties=given, hand_entry=row,
        )  # fmt: skip
        version = sheet.version
        if voided:
            key = sheet.rulings.order_by("-pk").first().key
            version = services.void_ruling(
                table, key, by=judge, base_version=version, reason="mistaken"
            ).version
    if "final" in spec:
        start = start_points(event)
        scores = {s: start + d for s, d in zip(SEATS, spec["final"], strict=True)}
        version = services.save_final_scores(table, scores, by=judge, base_version=version).version
    submit_sheet(table, by=judge, version=version)
    confirm_sheet(table, by=other, version=version)


def start_points(event) -> int:
    family = family_for(event.ruleset)
    empty = family.replay(rules_of(event), [], [], final_scores=None, leftover_sticks=0, lang="en")
    return empty.start


# --- the independent count -----------------------------------------------------------


def stored(event, spec):
    """The confirmed sheet's stored rows (deltas, labels) and session placements."""
    sheet = (
        Table.objects.get(round__event=event, round__number=spec["round"], number=spec["table"])
        .sheets.filter(status="confirmed")
        .get()
    )
    records = {h.number: h for h in HandRecord.objects.filter(sheet=sheet)}
    return records, sheet.result["session"]


def expected(event, regs, tables, unit):
    """Every player's numbers and the event's, from the table descriptions."""
    ids = [r.pk for r in regs]
    mine = {pk: Counter() for pk in ids}
    biggest = {pk: [] for pk in ids}
    values = {pk: [] for pk in ids}
    patterns = {pk: Counter() for pk in ids}
    event_wins, event_patterns, event_values, event_big = 0, Counter(), Counter(), []
    event_hands = event_self = 0
    for spec in tables:
        if spec.get("unpublished"):
            continue
        records, session = stored(event, spec)
        who = dict(zip(SEATS, (ids[i] for i in spec["players"]), strict=True))
        for seat, pk in who.items():
            mine[pk]["sessions"] += 1
            mine[pk][f"place{session[seat]['placement']}"] += 1
        for seat, points in spec.get("ledger", ()):
            mine[who[seat]]["penalties"] += 1
            mine[who[seat]]["penalty_points"] += points
        for number, item in enumerate(spec.get("hands", ()), start=1):
            event_hands += 1
            record = records[number]
            for pk in who.values():
                mine[pk]["hands"] += 1
            if item["discarder"]:
                mine[who[item["discarder"]]]["deal_ins"] += 1
            for w in item["wins"]:
                pk = who[w["seat"]]
                where = (pk, spec["round"], spec["table"], number, record.label)
                gain = record.deltas[w["seat"]]
                big = (*where, w["value"], unit, gain, w["self_draw"], frozenset(w["patterns"]))
                mine[pk]["won"] += 1
                mine[pk]["self"] += w["self_draw"]
                values[pk].append(w["value"])
                biggest[pk].append(big)
                patterns[pk].update(w["patterns"])
                event_wins += 1
                event_self += w["self_draw"]
                event_patterns.update(w["patterns"])
                event_values[w["value"]] += 1
                event_big.append(big)
    return mine, values, biggest, patterns, (
        event_hands, event_wins, event_patterns, event_values, event_big, event_self
    )  # fmt: skip


def ratio(a, b):
    return Fraction(a, b) if b else None


def order(big):
    return (-big[5], -big[7], big[1], big[2], big[3], big[0])


def as_tuple(big):
    if big is None:
        return None
    return (big.registration_id, big.round_number, big.table_number, big.hand_number, big.label,
            big.value, big.unit, big.gain, big.self_draw, frozenset(big.patterns))  # fmt: skip


def top_patterns(counter: Counter):
    return [(code, n) for code, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))]


def check_players(event, regs, tables, unit, published_rounds):
    mine, values, biggest, patterns, _event = expected(event, regs, tables, unit)
    got = all_player_statistics(event)
    assert set(got) == {r.pk for r in regs}
    ranks = independent_ranks(event, regs, tables, published_rounds)
    for reg in regs:
        c, s = mine[reg.pk], got[reg.pk]
        assert s == player_statistics(reg), reg
        assert (s.registration_id, s.sessions, s.hands_played) == (
            reg.pk,
            c["sessions"],
            c["hands"],
        )
        assert (s.hands_won, s.deal_ins, s.self_draws) == (c["won"], c["deal_ins"], c["self"])
        assert s.win_rate == ratio(c["won"], c["hands"])
        assert s.deal_in_rate == ratio(c["deal_ins"], c["hands"])
        assert s.self_draw_share == ratio(c["self"], c["won"])
        assert s.average_win == ratio(sum(values[reg.pk]), len(values[reg.pk]))
        assert s.unit == unit
        best = min(biggest[reg.pk], key=order) if biggest[reg.pk] else None
        assert as_tuple(s.biggest_win) == best, reg
        assert [(p.code, p.count) for p in s.patterns] == top_patterns(patterns[reg.pk])
        assert (s.penalties, s.penalty_points) == (c["penalties"], c["penalty_points"]), reg
        assert s.placements == tuple(c[f"place{i}"] for i in range(1, 5))
        assert s.ranks == ranks[reg.pk], reg
        assert s.players == len(regs)
    return got


def independent_ranks(event, regs, tables, published_rounds):
    """Rank after each published round: the sum of stored session scores, best first.

    The last round's ranks must also be the public standings' own.
    """
    totals = {r.pk: Fraction(0) for r in regs}
    out = {r.pk: [] for r in regs}
    for number in published_rounds:
        for spec in tables:
            if spec["round"] != number:
                continue
            _records, session = stored(event, spec)
            for seat, index in zip(SEATS, spec["players"], strict=True):
                totals[regs[index].pk] += Fraction(session[seat]["score"])
        ordered = sorted(totals, key=lambda pk: -totals[pk])
        assert len(set(totals.values())) == len(totals), "the test expects no ties"
        for rank, pk in enumerate(ordered, start=1):
            out[pk].append((number, rank))
    final = {row["registration"]: row["rank"] for row in standings(event).rows}
    assert final == {pk: ranks[-1][1] for pk, ranks in out.items()}
    return {pk: tuple(r) for pk, r in out.items()}


def check_event(event, regs, tables, unit):
    *_players, (hands, wins, patterns, values, big, self_draws) = expected(
        event, regs, tables, unit
    )
    got = event_statistics(event)
    assert (got.hands, got.wins, got.unit) == (hands, wins, unit)
    assert got.distribution == tuple(sorted(values.items()))
    assert [(p.code, p.count) for p in got.patterns] == top_patterns(patterns)
    assert [as_tuple(b) for b in got.biggest] == sorted(big, key=order)[:10]
    assert got.self_draw_share == ratio(self_draws, wins)
    return got


@pytest.mark.django_db
def test_riichi_statistics_match_a_plain_count(make_event, make_player, staff):  # noqa: F811
    event, regs = build(make_event, make_player, staff, "ema", EMA_TABLES, 8)
    players = check_players(event, regs, EMA_TABLES, "han", [1, 2])
    stats = check_event(event, regs, EMA_TABLES, "han")
    # The sanity of the fixture itself: what the descriptions promise is there.
    assert stats.hands == 11 and stats.wins == 10
    assert players[regs[2].pk].penalties == 1  # the chombo
    assert players[regs[3].pk].penalties == 0  # the voided ruling
    assert players[regs[5].pk].hands_played == 3  # final scores: no hands
    assert all(len(p.ranks) == 2 for p in players.values())  # round 3 never published


@pytest.mark.django_db
def test_mcr_statistics_match_a_plain_count(make_event, make_player, staff):  # noqa: F811
    event, regs = build(make_event, make_player, staff, "mcr", MCR_TABLES, 4)
    players = check_players(event, regs, MCR_TABLES, "fan", [1])
    stats = check_event(event, regs, MCR_TABLES, "fan")
    assert stats.distribution == ((11, 1), (12, 1), (13, 1))
    assert stats.self_draw_share == Fraction(1, 3)
    assert players[regs[0].pk].biggest_win.value == 13
    assert pattern_name(event, "mixed_straight", "en") == "Mixed Straight"
    assert pattern_name(event, "mixed_straight", "ja") != "mixed_straight"
    assert pattern_name(event, "no_such_fan", "zh-hans") == "no_such_fan"


@pytest.mark.django_db
def test_an_event_without_results_has_empty_statistics(make_event, make_player):
    event = make_event(ruleset="ema", slug="empty")
    start_event(event)
    reg = Registration.objects.create(event=event, player=make_player())
    stats = player_statistics(reg)
    assert (stats.sessions, stats.hands_played, stats.win_rate, stats.ranks) == (0, 0, None, ())
    assert stats.biggest_win is None and stats.average_win is None
    assert event_statistics(event).self_draw_share is None


@pytest.mark.django_db
def test_a_big_event_takes_a_fixed_number_of_queries(django_assert_max_num_queries):
    from tournament.public.bench_data import build_event

    event = build_event(players=500, rounds=2)
    with django_assert_max_num_queries(8):
        stats = all_player_statistics(event)
    assert len(stats) >= 500
    with django_assert_max_num_queries(4):
        event_statistics(event)
    registration = event.registrations.order_by("pk").first()
    with django_assert_max_num_queries(8):
        assert player_statistics(registration) == stats[registration.pk]
