"""The same game saved on two tables at once, on two real database connections (#36).

Each save locks only its own table, so two tables' saves of one game do not
wait for each other until the second reaches the game's row: PostgreSQL's
unique index then holds it until the first commits, and it is refused,
naming the table the game went to, with nothing of it kept. PostgreSQL only
(the stack tier); SQLite serialises every write anyway.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from tests.tournament.results.online.conftest import log_bytes, players_by_name
from tests.tournament.results.online.test_game_log_page import EXAMPLE_ID, PLAYED_AS
from tournament.results.models import GameLogUse, OnlineName, ScoreSheet
from tournament.results.online import saving
from tournament.results.online.reading import LogRefused
from tournament.seating.models import Table

pytestmark = [pytest.mark.postgres_only, pytest.mark.django_db(transaction=True)]
EXAMPLE = log_bytes("example.xml")


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (make test-pg)")


def _answers(table, suffix=""):
    ids = players_by_name(table)
    return {i: ids[f"{name}{suffix}"] for i, name in enumerate(PLAYED_AS)}


def _save(table_pk, user, outcomes, started):
    from django.db import connection as own_connection

    try:
        table = Table.objects.get(pk=table_pk)
        started.set()
        sheet = saving.save_log(
            table,
            EXAMPLE,
            file_name="example.xml",
            log_id=EXAMPLE_ID,
            answers=_answers(table, " 2"),
            by=user,
            base_version=0,
        )
        outcomes["second"] = ("saved", sheet.version, time.monotonic())
    except LogRefused as refused:
        outcomes["second"] = (refused.code, refused.params, time.monotonic())
    except BaseException as error:  # reported in the test's thread
        outcomes["second"] = ("error", repr(error), time.monotonic())
    finally:
        own_connection.close()


def test_the_same_game_on_two_tables_at_once_is_filed_once(make_table, staff):
    first, second = make_table("tenhou", tables=2, slug="online-pg", entry_level="tiles")
    users = staff(first.round.event)
    outcomes: dict = {}
    started = threading.Event()
    with transaction.atomic():
        saving.save_log(
            first,
            EXAMPLE,
            file_name="example.xml",
            log_id=EXAMPLE_ID,
            answers=_answers(first),
            by=users["judge"],
            base_version=0,
        )
        other = threading.Thread(target=_save, args=(second.pk, users["judge2"], outcomes, started))
        other.start()
        started.wait(5)
        time.sleep(1.0)
        assert "second" not in outcomes  # waiting on the game's row, not refused yet
        committed_at = time.monotonic()
    other.join(30)
    assert not other.is_alive()
    code, params, finished_at = outcomes["second"]
    assert code == "already_used", outcomes["second"]
    assert params["table"] == str(first) and params["round"] == 1
    assert finished_at >= committed_at
    assert GameLogUse.objects.get().table == first
    assert not ScoreSheet.objects.filter(table=second).exists()
    names = {m.registration_id for m in OnlineName.objects.all()}
    assert names == set(_answers(first).values())  # the second table's names were not kept
