"""Settlement against Tenhou's own score changes on every real hand of the corpus.

Each Tenhou AGARI carries ``sc``: every player's score and its change, which
includes honba and the riichi sticks the winner collects (the declarer's own
1,000 left their score when they declared, so it is not part of the change).
Scoring the hand with the engine and settling it with the ``tenhou`` rules
must reproduce those changes exactly. A double ron is two AGARI tags on one
discard: Tenhou pays honba and sticks only to the winner nearest the
discarder, so the pair is settled together.
"""

from __future__ import annotations

from collections import defaultdict

from scoring.engine import score
from scoring.families.riichi.draws import settle_multiple_ron
from scoring.families.riichi.settlement import (
    SETTLEMENT_PRESETS,
    RonClaim,
    settle_win,
)

SEATS = "ESWN"
TENHOU = SETTLEMENT_PRESETS["tenhou"]
SCORE_UNIT = 100  # Tenhou writes scores in hundreds


def _seat(case, player: int) -> str:
    """Seats relative to the hand's dealer (``oya``), who sits East."""
    return SEATS[(player - int(case["tenhou_init"]["oya"])) % 4]


def _tenhou_deltas(case) -> dict[str, int]:
    sc = [int(x) for x in case["tenhou_raw"]["sc"].split(",")]
    return {_seat(case, p): sc[2 * p + 1] * SCORE_UNIT for p in range(4)}


def _parties(case):
    raw = case["tenhou_raw"]
    winner, source = _seat(case, int(raw["who"])), _seat(case, int(raw["fromWho"]))
    liable = _seat(case, int(raw["paoWho"])) if "paoWho" in raw else None
    return winner, (None if winner == source else source), liable


def _table(case) -> tuple[int, int]:
    honba, sticks = (int(x) for x in case["tenhou_raw"]["ba"].split(","))
    return honba, sticks


def _hands(rows):
    """Tenhou cases grouped by the discard they won on (one group per double ron)."""
    groups = defaultdict(list)
    for case in rows:
        if case["ruleset"] != "tenhou":
            continue
        raw = case["tenhou_raw"]
        tsumo = raw["who"] == raw["fromWho"]
        key = (case["id"],) if tsumo else (case["source"], str(case["tenhou_init"]), raw["fromWho"])
        groups[key].append(case)
    return list(groups.values())


def _settle(group):
    first = group[0]
    honba, sticks = _table(first)
    winner, discarder, liable = _parties(first)
    if len(group) == 1:
        basic = score(first).basic
        return settle_win(
            winner=winner,
            dealer="E",
            basic=basic,
            tsumo=discarder is None,
            discarder=discarder,
            honba=honba,
            pool=sticks,
            rules=TENHOU,
            liable=liable,
        )
    claims = []
    for case in group:
        who, _, pao = _parties(case)
        claims.append(RonClaim(winner=who, basic=score(case).basic, liable=pao))
    return settle_multiple_ron(
        claims=claims, discarder=discarder, dealer="E", rules=TENHOU, honba=honba, pool=sticks
    )


def _summed(group) -> dict[str, int]:
    total = dict.fromkeys(SEATS, 0)
    for case in group:
        for seat, delta in _tenhou_deltas(case).items():
            total[seat] += delta
    return total


def test_every_tenhou_hand_settles_as_tenhou_paid(riichi_corpus):
    groups = _hands(riichi_corpus)
    assert sum(len(g) for g in groups) == 6155
    wrong = []
    for group in groups:
        got, want = _settle(group).deltas, _summed(group)
        if got != want:
            wrong.append((group[0]["id"], got, want))
    assert wrong == []


def test_the_corpus_has_double_rons_and_pao(riichi_corpus):
    """Guard against the test above passing only on the easy cases."""
    groups = _hands(riichi_corpus)
    assert sum(len(g) == 2 for g in groups) >= 10
    assert sum("paoWho" in c["tenhou_raw"] for g in groups for c in g) >= 1
