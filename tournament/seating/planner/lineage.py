"""Who took whose seat: history read with newcomers in the places of players gone.

Vocabulary. A *departed* player sat in some rounds played and is not among
the players now; a *newcomer* (a late arrival, a substitute) is among the
players now but missed some rounds played. A newcomer *continues* a departed
player when they never sat in the same round.

Why: a design goes on only when every round played seats the whole field
(continuation.py). After a drop and a substitute the field is whole again,
but the rounds played name the player who left where the substitute will
sit. Reading the newcomer in the departed player's place makes the history
a design prefix again, so the design continues; the newcomer then takes the
departed player's point, which never meets anyone the departed player met,
and the newcomer, who met nobody, meets nobody twice. Who met whom (and who
sat which wind) is still counted from the real history; only the design
continuation and the block of winds read this version.
"""

from __future__ import annotations

from collections.abc import Sequence


def continued_history(history, players: Sequence[int]):
    """``history`` with each departed player replaced by the newcomer continuing them.

    Departed players are matched latest-leaver first, each to a present player
    absent from every round the departed player sat and not already standing in
    for someone in those rounds; among those, the one who missed the fewest
    rounds (the closest fit), then the first listed. Anyone left unmatched is
    kept as they were (the design continuation then fails and the search
    takes over).
    """
    present = set(players)
    sat: dict[int, set[int]] = {}
    for r, tables in enumerate(history):
        for table in tables:
            for player in table:
                sat.setdefault(player, set()).add(r)
    departed = [p for p in sat if p not in present]
    if not departed:
        return history
    missed = {p: set(range(len(history))) - sat.get(p, set()) for p in players}
    successor: dict[int, int] = {}
    for gone in sorted(departed, key=lambda p: (-max(sat[p]), p)):
        fits = [p for p in players if sat[gone] <= missed[p]]
        if fits:
            heir = min(fits, key=lambda p: len(missed[p]))
            successor[gone] = heir
            missed[heir] -= sat[gone]
    return [[tuple(successor.get(p, p) for p in table) for table in tables] for tables in history]


def carried_over(previous, history, players: Sequence[int]):
    """The rounds planned before (``previous``), with newcomers in the seats of players gone.

    A re-plan after a drop and a substitute can keep the plan it had: the
    substitute takes the seats the player who left had in the rounds to come,
    meets nobody twice there (the point is the departed player's, as above)
    and, coming in at the start of a block or in the seats of one who had
    balanced winds, sits balanced winds too. None when that does not seat
    exactly ``players`` in every round (two left and one came, say).
    """
    continued = continued_history([*history, *previous], players)
    rounds = continued[len(history) :]
    wanted = sorted(players)
    if any(sorted(p for table in tables for p in table) != wanted for tables in rounds):
        return None
    return rounds
