"""Words for why a history record was written (``history_change_reason`` codes).

The services store a stable code with parameters (``event.created``,
``round.seated {"method":"balanced"}``; :mod:`tournament.events.change_reasons`),
and the admin's history pages show it in the reader's language; the codes
listed here are the only ones a service may store.
"""

from django.utils.translation import gettext_lazy as _

# Code -> its sentence; ``%(name)s`` are its parameters.
HISTORY_REASONS = {
    "event.created": _("event created"),
    "event.started": _("event started; ruleset frozen"),
    "staff.creator": _("the event's creator directs it"),
    "staff.role_set": _("role: %(role)s"),
    "player.registered": _("registered for an event"),
    "registration.added": _("player added"),
    "registration.substitute_added": _("substitute added"),
    "registration.imported": _("imported from a CSV file"),
    "registration.demo": _("demo player"),
    "registration.dropped": _("dropped"),
    "registration.status_set": _("status set to %(status)s"),
    "round.seated": _("seated (%(method)s)"),
    "round.published": _("seating published"),
    "round.results_published": _("results of round %(number)s published"),
    "seating.seated": _("seated"),
    "table.reseated": _("removed: the round was seated again"),
    "seat.swapped": _("seats swapped"),
    "seat.replaced": _("player replaced"),
    "sheet.saved": _("version %(version)s saved"),
    "sheet.submitted": _("version %(version)s submitted"),
    "sheet.confirmed": _("version %(version)s confirmed"),
    "sheet.superseded": _("superseded by version %(by)s"),
    "event.edited": _("event settings changed"),
    "event.finished": _("event finished; results locked"),
    "player.edited": _("player details corrected"),
    "registration.edited": _("seating group changed"),
    "staff.account_created": _("account created with the role %(role)s"),
    "staff.role_removed": _("role removed: %(role)s"),
    "round.unpublished": _("seating unpublished"),
    "round.results_unpublished": _("results of round %(number)s unpublished"),
    "round.finished": _("round finished"),
    "round.deleted": _("round %(number)s deleted"),
    "seating.planned": _("planned with every round to come (%(method)s)"),
    "seating.replanned": _("planned again with every round to come (%(method)s)"),
    "round.unplanned": _("removed: beyond the number of rounds planned"),
    "stage.defined": _("stages of the event set"),
    "stage.cut": _("cut made: entrants fixed"),
    "stage.entered": _("entered the stage (%(reason)s)"),
    "stage.cut_undone": _("cut undone"),
    "stage.left": _("removed from the stage: the cut was undone"),
    "registration.team_set": _("team set"),
    "round.next_round_time": _("next round's start time set"),
    "player.latin_names_pasted": _("Latin names pasted"),
    "seat.from_game_log": _("seated as in the online game's log %(log)s"),
    "game_log.filed": _("online game's log filed on the table"),
    "game_log.taken_off": _("online game's log taken off the table"),
    "online_name.matched": _("online name matched to the player"),
}

# A round's history (tournament.rounds.history): what each entry is about, as a short tag.
ROUND_HISTORY_KINDS = {
    "round": _("Round"),
    "seating": _("Seating"),
    "players": _("Players"),
    "clock": _("Clock"),
    "sheets": _("Scoresheets"),
    "rulings": _("Rulings"),
}

# The words of a round's history entries that no stored code gives; ``%(name)s`` are parameters.
ROUND_HISTORY = {
    "who.system": _("system"),
    "who.phone": _("player's phone"),
    "place": _("%(table)s, %(wind)s"),
    "round.changed": _("round changed (%(status)s)"),
    "table.changed": _("table changed"),
    "seat.changed": _("seat changed"),
    "sheet.correction": _("correction saved as version %(version)s"),
    "clock.minutes": _("%(minutes)s min"),
}
