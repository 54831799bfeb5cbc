"""Players enter their table's hands, a second player accepts each one, a judge confirms.

An event option for events with few judges: one phone per table, opened from
the table's QR code and the table PIN printed on the sheet.
"""
