"""Online tables (issue #36): a game's log, read, matched to the table's players and filed.

``reading`` turns an upload into a preview (nothing saved); ``saving`` files
it as the table's hand-by-hand sheet, submitted for a second person to
confirm, or takes it off again; ``views`` are the table's log page.
"""
