"""The admin shows rounds, tables, seats and staff roles, with their history."""

import pytest

from tournament.seating.models import Round, Seat, Table


@pytest.mark.parametrize(
    "url",
    [
        "/admin/seating/round/",
        "/admin/seating/round/{round}/change/",
        "/admin/seating/round/{round}/history/",
        "/admin/seating/table/",
        "/admin/seating/table/{table}/change/",
        "/admin/seating/seat/",
        "/admin/seating/seat/{seat}/history/",
        "/admin/events/staffrole/",
        "/admin/events/staffrole/add/",
        "/admin/events/event/{event}/change/",
    ],
)
def test_admin_pages_open(admin_client, demo_event, url):
    round_ = Round.objects.filter(event=demo_event).first()
    ids = {
        "round": round_.pk,
        "table": Table.objects.filter(round=round_).first().pk,
        "seat": Seat.objects.filter(round=round_).first().pk,
        "event": demo_event.pk,
    }
    assert admin_client.get(url.format(**ids)).status_code == 200
