"""New primary keys for restored rows, taken from the database's own counter.

An import cannot keep the file's ids (the target may already use them) and
cannot let the database number rows as it inserts them, for two reasons:
history records of *deleted* objects need ids too, ids that no later row
may ever get (or a new seat would inherit a dead seat's audit); and the
restored rows should keep the order of the originals, since some pages and
tiebreak listings order by id. So the import first reserves one id per
object (alive or deleted) from the table's sequence, in ascending order,
then inserts with those ids.

PostgreSQL: ``nextval`` on the identity column's sequence (concurrent
inserts simply take other numbers). SQLite: Django's tables use
AUTOINCREMENT, whose counter is the ``sqlite_sequence`` row; the import's
transaction holds SQLite's single write lock while it moves it.
"""

from __future__ import annotations

from django.db import connection, models

from tournament.backup.schema import BackupError


def reserve_ids(model: type[models.Model], count: int) -> list[int]:
    """``count`` fresh primary keys of ``model``'s table, ascending, never handed out again."""
    if count <= 0:
        return []
    table = model._meta.db_table
    column = model._meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [connection.ops.quote_name(table), column, count],
            )
            return sorted(row[0] for row in cursor.fetchall())
        if connection.vendor == "sqlite":
            return _reserve_sqlite(cursor, table, column, count)
    raise BackupError(f"restoring a backup into {connection.vendor} is not supported")


def _reserve_sqlite(cursor, table: str, column: str, count: int) -> list[int]:
    quoted = connection.ops.quote_name
    # Claim the write lock first, so nobody else moves the counter between read and write.
    cursor.execute("UPDATE sqlite_sequence SET seq = seq WHERE name = %s", [table])
    cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
    row = cursor.fetchone()
    cursor.execute(f"SELECT MAX({quoted(column)}) FROM {quoted(table)}")
    highest = max(row[0] if row else 0, cursor.fetchone()[0] or 0)
    last = highest + count
    if row:
        cursor.execute("UPDATE sqlite_sequence SET seq = %s WHERE name = %s", [last, table])
    else:
        cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, last])
    return list(range(highest + 1, last + 1))
