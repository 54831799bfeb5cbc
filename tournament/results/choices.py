"""What the judge's hand form offers under an event's rules, with the names of its codes.

The family says what the form offers (:class:`scoring.families.protocol.EntryData`:
outcomes, flags, value fields, features); this module asks it for an event
and names the choices. Outcome keys, flag keys and value-field codes are the
replay's and the hand format's own (hand-format.md, ``scoring.sheets``);
their names are the glossary's (:mod:`tournament.glossary`), keyed by the
code whatever the family, and a code without one is shown as itself.
"""

from __future__ import annotations

from scoring.families import OptionError
from scoring.families.protocol import EntryData
from tournament.events.rules import family_of, rules_of
from tournament.glossary import flag_name, outcome_name

# Counts of a limit hand: their buttons read ×1, ×2 …, and none is "—".
MULTIPLES = frozenset({"yakuman"})

MELD_ROWS = 4


def outcome_choices(entry: EntryData) -> list[tuple[str, object]]:
    """The outcomes the form offers, in the family's order, with their names."""
    return [(code, outcome_name(code, entry.features)) for code in entry.outcomes]


def flag_choices(entry: EntryData) -> list[tuple[str, object]]:
    return [(code, flag_name(code)) for code in entry.flags]


def entry_of(event) -> EntryData:
    """What the judge's form offers under the event's rules (frozen once it has started).

    Live options the family refuses (only a hand-edited draft gets there) are
    the replay's to report, with their field: the form then offers what the
    ruleset's presets do.
    """
    family = family_of(event)
    try:
        rules = rules_of(event)
    except OptionError:
        rules = family.resolve(event.ruleset, {})
    return family.entry(rules)
