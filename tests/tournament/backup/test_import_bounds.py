"""import_event refuses files it should not even read whole: too large, too deep, not a backup.

Each is refused with exit status 2 and a message naming the place (a line
and column, or the top-level key), never a traceback, and nothing is
written. The limits are ``tournament/backup/reading.py``'s: 256 MB unless
``--max-size`` says otherwise, 50 levels of nesting.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.tournament import commands
from tests.tournament.backup.snapshot import copy_of
from tournament.backup.reading import MAX_DEPTH, MAX_MEGABYTES, MEGABYTE
from tournament.backup.schema import FORMAT, SECTIONS, VERSION
from tournament.events.models import Event

TOP_LEVEL = ["users", "history", *(s.key for s in SECTIONS)]


def refused(path: Path, *options) -> str:
    before = Event.objects.count()
    with pytest.raises(CommandError) as info:
        call_command("import_event", str(path), *options, verbosity=0)
    assert info.value.returncode == 2
    assert Event.objects.count() == before
    return str(info.value)


@pytest.fixture
def backup(played_event, tmp_path) -> dict:
    return copy_of(played_event, tmp_path, "demo-copy")


def test_a_hundred_thousand_brackets_are_refused_without_a_traceback(db, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    message = refused(path)
    assert f"more than {MAX_DEPTH} levels deep (line 1, column {MAX_DEPTH + 1})" in message


def test_a_backup_nesting_too_deep_inside_a_row_is_refused(backup, tmp_path):
    nested = "deep"
    for _ in range(MAX_DEPTH):
        nested = [nested]
    backup["hands"][0]["entry"]["deep_notes"] = nested
    path = tmp_path / "nested.json"
    path.write_text(json.dumps(backup, indent=1), encoding="utf-8")
    message = refused(path)
    line = next(
        n for n, text in enumerate(path.read_text().splitlines(), 1) if '"deep_notes"' in text
    )
    # The file's object, "hands", its row and "entry" are 4 levels: the 47th list is the 51st.
    assert f"levels deep (line {line + MAX_DEPTH - 4}," in message


def test_a_file_above_the_limit_is_refused_before_it_is_read(db, tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(MAX_MEGABYTES * MEGABYTE + 1)  # sparse: no time, no disk
    assert f"larger than {MAX_MEGABYTES} MB, the limit of a backup" in refused(path)


def test_max_size_sets_another_limit(backup, tmp_path):
    path = tmp_path / "padded.json"
    backup["exported_at"] += " " * MEGABYTE  # still a string, now over 1 MB
    path.write_text(json.dumps(backup), encoding="utf-8")
    assert "larger than 1 MB" in refused(path, "--max-size", "1")
    assert "at least 1" in refused(path, "--max-size", "0")
    call_command("import_event", str(path), "--max-size", "2", verbosity=0)
    assert Event.objects.filter(slug="demo-copy").exists()


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('{"format": NaN}', "NaN is not a JSON number"),
        ('{"format": -Infinity}', "-Infinity is not a JSON number"),
        ('{"format": ' + "9" * 5000 + "}", "is not valid JSON"),
    ],
)
def test_json_only_python_reads_is_refused(db, tmp_path, content, said):
    path = tmp_path / "odd.json"
    path.write_text(content, encoding="utf-8")
    assert said in refused(path)


@pytest.mark.parametrize("key", TOP_LEVEL)
@pytest.mark.parametrize("value", [7, "x", None, True])
def test_a_top_level_field_of_the_wrong_type_is_refused(backup, tmp_path, key, value):
    backup[key] = value
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    message = refused(path)
    assert message.startswith("incomplete backup:") and f"{key!r} is not a JSON" in message


@pytest.mark.parametrize(("key", "value"), [("exported_at", 7), ("history", {"seats": {}})])
def test_a_header_or_history_of_the_wrong_type_is_refused(backup, tmp_path, key, value):
    backup[key] = value
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    assert "incomplete backup:" in refused(path)


def test_the_command_line_refuses_deep_nesting_on_stderr(tmp_path):
    """As a director runs it: exit status 2 and a message, no traceback (no database needed)."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    out = commands.manage("import_event", str(deep), env=commands.without_database(tmp_path))
    assert out.returncode == 2
    assert "levels deep" in out.stderr and "Traceback" not in out.stderr


def test_a_valid_header_alone_is_no_backup(db, tmp_path):
    path = tmp_path / "header.json"
    path.write_text(json.dumps({"format": FORMAT, "version": VERSION}), encoding="utf-8")
    message = refused(path)
    assert all(f"{key!r} is missing" in message for key in TOP_LEVEL)
