"""The round's sheet list carries a QR code per table, to the table's judge page."""

import re

import segno


def test_each_table_has_a_qr_code_of_its_judge_page(client, make_table, staff):
    tables = make_table("jpml-b", tables=2, slug="qr-cup")
    client.force_login(staff(tables[0].round.event)["judge"])
    html = client.get("/j/qr-cup/1/").content.decode()
    titles = re.findall(r"<svg[^>]*>\s*<title>([^<]+)</title>", html)
    assert titles == ["http://testserver/j/qr-cup/1/1/", "http://testserver/j/qr-cup/1/2/"]
    # The drawing is the QR code of that address (segno draws the same symbol again).
    expected = segno.make("http://testserver/j/qr-cup/1/2/", error="m").svg_inline(
        scale=3, title="http://testserver/j/qr-cup/1/2/"
    )
    assert expected in html
