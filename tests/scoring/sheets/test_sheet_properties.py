"""Properties over random sheets: riichi sheets always balance; junk only ever gives SheetError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core.seats import SEATS
from scoring.sheets import SheetError, replay_sheet

seat = st.sampled_from(SEATS)
seat_set = st.lists(seat, unique=True, max_size=4)
# Value-level han/fu pairs every check accepts (rules/riichi.md §1; sessions.md §4).
VALUES = (
    [(h, f) for h in (1, 2, 3, 4) for f in (30, 40, 50, 60, 70, 80, 90, 100, 110)]
    + [(h, 25) for h in (3, 4)]
    + [(h, None) for h in range(5, 14)]
)


@st.composite
def win_row(draw):
    winner = draw(seat)
    han, fu = draw(st.sampled_from(VALUES))
    riichi = draw(seat_set)
    row = {"winner": winner, "han": han, "riichi": riichi}
    if fu is not None:
        row["fu"] = fu
    if draw(st.booleans()):
        return {**row, "outcome": "tsumo"}
    discarder = draw(st.sampled_from([s for s in SEATS if s != winner]))
    return {**row, "outcome": "ron", "discarder": discarder}


@st.composite
def draw_row(draw):
    tenpai = draw(seat_set)
    riichi = draw(st.lists(st.sampled_from(tenpai), unique=True)) if tenpai else []
    return {"outcome": "draw", "tenpai": tenpai, "riichi": riichi}


rows = st.lists(
    st.one_of(win_row(), draw_row(), st.builds(lambda p: {"outcome": "chombo", "player": p}, seat)),
    max_size=40,
)


def _replay_until_over(ruleset, entries):
    """The longest prefix the session takes (rows after its end are refused)."""
    try:
        return replay_sheet(ruleset, {}, entries)
    except SheetError as error:
        assert error.code == "session_over"
        end = int(error.field.removeprefix("hands[").rstrip("]"))
        return replay_sheet(ruleset, {}, entries[:end])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows)
def test_jpml_b_random_sheets_balance(entries):
    sheet = _replay_until_over("jpml-b", entries)
    assert sheet.balance["ok"]
    for row in sheet.rows:
        assert sum(row.totals.values()) + row.pool_after * 1_000 == 120_000
    chombos = sum(r.outcome == "chombo" for r in sheet.rows)
    # jpml-b: leftover sticks are lost and each chombo costs 20 after uma (riichi.md §3, §7).
    total = sum(sheet.session[s]["score"] for s in SEATS)
    assert total == -sheet.pool - 20 * chombos


@settings(max_examples=100, deadline=None)
@given(rows)
def test_ema_random_sheets_balance(entries):
    sheet = _replay_until_over("ema", entries)
    chombos = sum(r.outcome == "chombo" for r in sheet.rows)
    assert sheet.balance["ok"]
    assert sum(sheet.session[s]["score"] for s in SEATS) == -20 * chombos  # sticks to 1st


junk_value = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 400), st.text(max_size=3), seat, seat_set,
    st.sampled_from(["ron", "tsumo", "draw", "chombo", "abortive", "discard", "self_draw",
                     "robbing_kong", "false_win", "not_played", "tiles", "value"]),
)  # fmt: skip
junk_row = st.dictionaries(
    st.sampled_from(
        ["outcome", "level", "winner", "discarder", "han", "fu", "yakuman", "riichi", "tenpai",
         "player", "fan", "flowers", "points", "faan", "liable", "all_immune", "hand", "wins"]
    ),
    junk_value,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["jpml-a", "wrc", "tenhou", "mcr", "zung-jung", "hkos"]),
    st.lists(st.one_of(junk_row, junk_value), max_size=6),
)
def test_junk_only_ever_raises_sheet_error(ruleset, entries):
    try:
        sheet = replay_sheet(ruleset, {}, entries)
    except SheetError as error:
        assert error.code and error.field and error.message
    else:
        assert sheet.balance["ok"]
