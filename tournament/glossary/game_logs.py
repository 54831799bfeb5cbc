"""Words for an online game's log: why a file is refused, and how a game does not fit.

Keyed by the codes of ``scoring/logs`` (``LogError.code``, ``fit.mismatches``
and the ``what`` of a difference), so the page says them in the reader's
language; the log's own English details are never shown in their place.
"""

from django.utils.translation import gettext_lazy as _

from tournament.glossary.values import UNITS

LOG_REFUSALS = {
    "three_player": _(
        "This is a three-player game. Only four-player riichi games can be filed on a table."
    ),
    "damaged": _(
        "The file is damaged or cut short: download the log again from Tenhou and attach it whole."
    ),
    "not_mjlog": _("This is not a Tenhou game log (mjlog). Logs of other clients cannot be read."),
    "forbidden_xml": _(
        "The file declares a DTD, an entity or an external reference, which no game log has: "
        "it was not read."
    ),
    "bad_log": _(
        "The log contradicts itself (a tile played that was not held, or a figure that cannot be "
        "read): it was not filed."
    ),
    "too_large": _("The file is larger than a game log can be (at most %(limit)s bytes)."),
    "unreadable": _("The file could not be read."),
    "not_on_a_sheet": _(
        "The game has a hand a sheet cannot hold (nagashi mangan by two players): enter the "
        "final scores instead."
    ),
    "empty": _("Choose the log's file, or paste its XML."),
    "table_not_full": _(
        "This table has %(seated)s players seated: a four-player game cannot be filed on it. "
        "Seat the table first."
    ),
    "already_used": _(
        "This game is already filed on %(table)s, round %(round)s (%(event)s). Take it off "
        "there first if it belongs here."
    ),
    "rules_differ": _(
        "The game was played under other rules than this event's (see Rules): it cannot be "
        "its sheet. Enter the final scores instead."
    ),
    "ruling_rows": _(
        "The sheet holds a ruling's hand row (a chombo). Cancel that ruling on the table's page, "
        "file the log, then record the ruling again."
    ),
    "no_log_id": _(
        "Give the game's log id (the replay's address on Tenhou holds it: …?log=…); it names "
        "the game in the sheet's history."
    ),
    "players_do_not_fit": _(
        "The log's players do not fit this table: choose, for each name in the log, a different "
        "player of the table."
    ),
}

# fit.mismatches: the lobby's rule against the event's (%(log)s, %(event)s are words).
MISMATCHES = {
    "red_fives": _("Red fives: the game had %(log)s, this event plays %(event)s."),
    "open_tanyao": _("Open tanyao: the game had %(log)s, this event plays %(event)s."),
    "east_south": _("Length: the game was %(log)s, this event plays %(event)s."),
    "start": _("Starting points: the game began at %(log)s, this event at %(event)s."),
}
# The two sides of each mismatch, in words.
MISMATCH_VALUES = {
    ("red_fives", True): _("red fives"),
    ("red_fives", False): _("no red fives"),
    ("open_tanyao", True): _("open tanyao"),
    ("open_tanyao", False): _("no open tanyao"),
    ("east_south", True): _("east-south (hanchan)"),
    ("east_south", False): _("east only (tonpuusen)"),
}

# compare.differ's "what": where our engine and the log disagree.
DIFFERENCES = {
    "delta": _("payment"),
    "points": UNITS["points"],
    "han": UNITS["han"],
    "fu": UNITS["fu"],
    "limit": _("limit"),
    "yaku": _("yaku"),
    "valid": _("a valid win"),
    "points_before": _("points before the hand"),
    "tenpai": _("ready (tenpai)"),
    "nagashi": _("nagashi mangan"),
    "abortive_draw": _("abortive draw"),
    "final_points": _("final points"),
    "session_score": _("game result"),
}
