"""Players enter their own table's hands, a second player accepts each one, and a judge confirms the sheet.

An event option for events with few judges: one phone per table, opened from
the table's QR code and the table PIN printed on the sheet.
"""
