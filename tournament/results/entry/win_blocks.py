"""Several winners on one discard: the hand form's second and third winner blocks.

A discard may be claimed by more than one player. Whether they all win is
the event's rule (rules/riichi.md §4 "Several rons": ``head_bump`` one
winner, ``double_ron`` two, ``all_win`` every claimant; rules/hkos.md §1:
one winner unless the event plays ``multiple_winners``), which
:func:`winners_per_discard` reads the way the replay does. The hand form
(``entry_forms``) holds winner 1 under the plain field names and winner
*k* (2, 3) under ``w<k>_<name>``; a block is *on* when the page posted its
hidden ``w<k>_on`` (a block that is hidden is a disabled fieldset, so it
posts nothing). Winners share the discard: the discarder, the winning tile,
the dora indicators and the riichi declarers are entered once.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.seats import SEATS
from scoring.families.protocol import DECLARED_FLAG, EntryData
from tournament.results.choices import MELD_ROWS, entry_of

MAX_BLOCKS = 3  # a discard has three other players
MELD_NAMES = tuple(n for i in range(1, MELD_ROWS + 1) for n in (f"meld{i}_type", f"meld{i}_tiles"))
TITLES = {2: _("Second winner"), 3: _("Third winner")}
IN_LABELS = {2: _("second winner"), 3: _("third winner")}


def name(k: int, base: str) -> str:
    """The form field of winner ``k``'s ``base`` input: ``han`` for winner 1, ``w2_han`` …"""
    return base if k == 1 else f"w{k}_{base}"


def on_key(k: int) -> str:
    return f"w{k}_on"


def winners_per_discard(event) -> int:
    """How many players may win on one discard under the event's rules (1, 2 or 3)."""
    return entry_of(event).max_winners


def per_winner(entry: EntryData) -> tuple[str, ...]:
    """The inputs each winner enters for themself; everything else on the form is the hand's."""
    values = tuple(f.code for f in entry.value_fields)
    liable = ("liable",) if "liable" in entry.features else ()
    flowers = ("flower_tiles",) if "flower_tiles" in entry.features else ()
    return ("winner", *values, *liable, "concealed", *MELD_NAMES, "flags", *flowers)


def nearest(discarder: str, seats) -> str | None:
    """Of ``seats``, the one first after ``discarder`` in turn order (who wins a head bump)."""
    if discarder not in SEATS:
        return None
    order = [SEATS[(SEATS.index(discarder) + i) % 4] for i in range(1, 4)]
    found = [s for s in order if s in seats]
    return found[0] if found else None


@dataclass
class WinBlock:
    """Winner ``number``'s inputs as the template shows them."""

    form: object
    number: int
    on: bool

    @property
    def title(self):
        return TITLES[self.number]

    @property
    def id(self) -> str:
        return f"win-{self.number}"

    @property
    def on_name(self) -> str:
        return on_key(self.number)

    def __getitem__(self, base: str):
        return self.form[name(self.number, base)]

    def has(self, base: str) -> bool:
        return name(self.number, base) in self.form.fields

    @property
    def meld_rows(self):
        return [(self[f"meld{i}_type"], self[f"meld{i}_tiles"]) for i in range(1, MELD_ROWS + 1)]

    @property
    def value_inputs(self):
        return self.form.value_inputs_of(self.number)

    @property
    def liable_set(self) -> bool:
        return self.has("liable") and bool(self["liable"].value())


class MoreWinners:
    """The hand form's part for winners 2 and 3 (mixed into ``HandForm``).

    Needs ``entry_data`` (the family's :class:`EntryData`), ``most_winners``,
    ``seat_names`` and ``rules_name`` set by the form, and the first winner's
    fields, which it copies.
    """

    def _add_winner_fields(self, k: int) -> None:
        """Winner ``k``'s copy of each input a winner enters for themself."""
        for base in per_winner(self.entry_data):
            field = copy.deepcopy(self.fields[base])
            if base == "winner":
                field.label = TITLES[k]
            else:
                field.label = _label_in_block(field.label, k)
            self.fields[name(k, base)] = field

    def _block_on(self, k: int) -> bool:
        source = self.data if self.is_bound else self.initial
        return k <= MAX_BLOCKS and bool(source.get(on_key(k)))

    @property
    def win_blocks(self) -> list[WinBlock]:
        """Winners 2 … the most the rules allow, shown or not."""
        return [WinBlock(self, k, self._block_on(k)) for k in range(2, self.most_winners + 1)]

    @property
    def can_add_winner(self) -> bool:
        return any(not b.on for b in self.win_blocks)

    def claim_blocks(self, data) -> list[int]:
        """The winners this hand has: 1, and on a discard every block that is on."""
        if data.get("outcome") not in self.entry_data.from_discard:
            return [1]
        return [1] + [k for k in range(2, self.most_winners + 1) if self._block_on(k)]

    def _check_winners(self, data, blocks) -> None:
        too_many = [
            k
            for k in range(self.most_winners + 1, MAX_BLOCKS + 1)
            if self.is_bound and self.data.get(on_key(k))
        ]
        if data.get("outcome") in self.entry_data.from_discard and too_many:
            self.add_error(None, self._too_many_message(data, too_many[0]))
        discarder = data.get("discarder")
        seen = [data.get("winner")]
        for k in blocks[1:]:
            field = name(k, "winner")
            winner = data.get(field)
            who = {"name": self.seat_names.get(winner, winner)}
            if not winner:
                self.add_error(field, _("Choose who also won on this discard, or remove them."))
            elif winner == discarder:
                self.add_error(
                    field, _("%(name)s discarded the tile and cannot also win on it.") % who
                )
            elif winner in seen:
                self.add_error(field, _("%(name)s is already a winner of this discard.") % who)
            seen.append(winner)

    def _too_many_message(self, data, k: int) -> str:
        where = {"winner": TITLES[k], "rules": self.rules_name}
        if self.most_winners > 1:
            # rules/riichi.md §4, tenhou: three rons on one discard make an abortive draw.
            return (
                gettext(
                    "%(winner)s: under %(rules)s three rons on one discard end the hand as an "
                    "abortive draw. Record an abortive draw instead."
                )
                % where
            )
        claimants = [data.get("winner"), self.data.get(name(k, "winner"))]
        first = nearest(data.get("discarder"), [c for c in claimants if c])
        if first is None:
            return (
                gettext(
                    "%(winner)s: under %(rules)s only one player wins on a discard, the claimant "
                    "nearest the discarder in turn order (head bump). Enter that win alone."
                )
                % where
            )
        return gettext(
            "%(winner)s: under %(rules)s only one player wins on a discard, the claimant "
            "nearest the discarder in turn order (head bump): here %(name)s. Enter that win "
            "alone."
        ) % {**where, "name": self.seat_names.get(first, first)}


def claim_initial(claim: dict, entry: EntryData, k: int) -> dict:
    """Winner ``k``'s inputs from their part of a stored entry."""
    initial = {name(k, f): claim[f] for f in ("winner", "liable") if f in claim}
    for field in entry.value_fields:
        if claim.get(field.code) is not None:
            initial[name(k, field.code)] = claim[field.code]
    hand = claim.get("hand") or {}
    if hand.get("concealed"):
        initial[name(k, "concealed")] = hand["concealed"]
    initial[name(k, "flags")] = [f for f in hand.get("flags") or [] if f != DECLARED_FLAG]
    for i, meld in enumerate(hand.get("melds") or [], start=1):
        if i > MELD_ROWS:
            break
        kind = meld.get("type", "")
        if kind == "kan" and meld.get("concealed"):
            kind = "kan_concealed"
        elif kind == "kan" and meld.get("added"):
            kind = "kan_added"
        initial[name(k, f"meld{i}_type")] = kind
        initial[name(k, f"meld{i}_tiles")] = meld.get("tiles", "")
    flowers = hand.get("flowers")
    if isinstance(flowers, list):
        initial[name(k, "flower_tiles")] = [str(n) for n in flowers]
    elif flowers and "flower_count" in entry.features:
        initial["flowers"] = flowers
    return initial


def _label_in_block(label, k: int) -> str:
    """ "Han" -> "Han (second winner)": the error summary says whose input it is."""
    return _("%(field)s (%(winner)s)") % {"field": label, "winner": IN_LABELS[k]}
