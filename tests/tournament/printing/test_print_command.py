"""``manage.py print_scoresheets SLUG --round N --output F.pdf`` (COMMANDS.md).

Run as real processes, as a director's script would: exit 0 with the PDF
written; 1 for an event or round that is not there; 2 for bad arguments; a
message on stderr and no file on failure.
"""

from __future__ import annotations

import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.tournament import commands
from tests.tournament.printing.conftest import page_texts

NAMES = ["山田 太郎", "王小明", "Zoë Müller", "김민준", "佐藤 花子", "李娜", "Olivia Brown", "張偉"]
PLAYERS = "name,club,country,ema_id,status\n" + "".join(f"{n},Club,JP,,\n" for n in NAMES)


def manage(database_url, *args):
    return commands.manage(*args, env=commands.on_database(database_url), timeout=180)


@pytest.fixture(scope="module")
def seated_database(tmp_path_factory):
    """A migrated SQLite file with an MCR event of 8 players, round 1 seated."""
    folder = tmp_path_factory.mktemp("print-command")
    url = f"sqlite:///{folder / 'seated.sqlite3'}"
    players = folder / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    for args in (
        ["migrate", "--noinput"],
        ["create_event", "cup", "--name", "Cup 杯", "--ruleset", "mcr", "--players", players],
        ["seat_round", "cup", "--round", "1"],
    ):
        result = manage(url, *map(str, args))
        assert result.returncode == 0, result.stderr
    return folder / "seated.sqlite3"


@pytest.fixture
def database(seated_database, tmp_path):
    path = tmp_path / "db.sqlite3"
    shutil.copyfile(seated_database, path)
    return f"sqlite:///{path}"


def test_writes_one_page_per_table(database, tmp_path):
    output = tmp_path / "round-1.pdf"
    result = manage(database, "print_scoresheets", "cup", "--round", "1", "--output", str(output))
    assert result.returncode == 0, result.stderr
    assert "2 table(s)" in result.stdout
    texts = page_texts(output.read_bytes())
    assert len(texts) == 2
    everything = "".join(texts).replace(" ", "")
    assert all(name.replace(" ", "") in everything for name in NAMES)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["nope", "--round", "1"], 1, "There is no event 'nope'."),
        (["cup", "--round", "3"], 1, "cup has no round 3."),
        (["cup", "--round", "0"], 2, "--round must be 1 or more."),
        (["cup"], 2, "the following arguments are required: --round"),
        (["cup", "--round", "one"], 2, "invalid int value"),
        (["cup", "--round", "1", "--language", "xx"], 2, "Unknown language 'xx'."),
    ],
)
def test_refusals(database, tmp_path, args, code, message):
    output = tmp_path / "out.pdf"
    result = manage(database, "print_scoresheets", *args, "--output", str(output))
    assert result.returncode == code, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not output.exists()


def test_output_must_be_a_pdf_in_a_writable_folder(database, tmp_path):
    for output, message in (
        (tmp_path / "out.txt", "must end in .pdf"),
        (tmp_path / "missing" / "out.pdf", "is not a writable folder"),
    ):
        result = manage(database, "print_scoresheets", "cup", "--round", "1", "--output", output)
        assert result.returncode == 2, result.stderr
        assert message in result.stderr
        assert not output.exists()


def test_in_process_round_without_tables_and_filled_sheets(seated_round, tmp_path):
    round_ = seated_round("wrc", tables=2)
    output = tmp_path / "filled.pdf"
    call_command(
        "print_scoresheets", round_.event.slug, "--round", "1", "--output", str(output), "--filled"
    )
    texts = page_texts(output.read_bytes())
    assert len(texts) == 2 and all("NOT CONFIRMED" in text for text in texts)

    empty = round_.event.rounds.create(number=2)
    with pytest.raises(CommandError, match="has no tables yet") as refused:
        call_command("print_scoresheets", round_.event.slug, "--round", str(empty.number),
                     "--output", str(tmp_path / "empty.pdf"))  # fmt: skip
    assert refused.value.returncode == 1
    assert not (tmp_path / "empty.pdf").exists()
