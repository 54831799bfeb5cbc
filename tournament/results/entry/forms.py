"""The hand entry form: what a judge taps in, turned into one entry of the sheet.

One form serves every ruleset family; the fields it holds are what the
family's entry data (:class:`scoring.families.protocol.EntryData`) offers
under the event's rules: its outcomes and flags, its value fields (riichi:
han, fu, yakuman; MCR: fan and flowers; Zung Jung: points; HKOS: faan;
``value_inputs``), and the optional parts its features switch on (riichi
declarers and tenpai, a liable player, dora indicators, flower tiles). The
entry *level* is ``value`` (the hand's value only) or ``tiles`` (the tiles
themselves, in mpsz notation, which the rules engine scores). The entry it
builds is the JSON the replay reads (``scoring.sheets``); fields that do
not belong to the chosen outcome are left out rather than refused, because
the page hides them.

The form checks only what it can say better than the engine (a win needs a
winner; each tile input reads its own mpsz text, ``tile_inputs``); everything
else is the replay's, whose errors come back naming a field that
:meth:`HandForm.add_sheet_error` puts next to the right input.

Where the event lets several players win on one discard, the form also holds
a second and third winner (``win_blocks``); with more than one winner the
entry lists them under ``wins``, each with their own value or tiles.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.core.seats import SEATS
from scoring.families.protocol import DECLARED_FLAG, DECLARERS_KEY, READY_KEY, EntryData
from tournament.glossary import unit_word
from tournament.glossary.tiles import FLOWER_TILES, MELD_TYPES
from tournament.results.choices import MELD_ROWS, flag_choices, outcome_choices
from tournament.results.entry import tile_inputs
from tournament.results.entry import value_inputs as values
from tournament.results.entry.field_errors import SheetErrorsOnFields, squash
from tournament.results.entry.win_blocks import MAX_BLOCKS, MoreWinners, claim_initial, name, on_key

# The judge's confirmation that a discard win used none of the winner's penalty tiles.
NO_PENALTY_TILE = "no_penalty_tile"
# The hand's indicator inputs, shown where the rules count them (``HandInputs``).
INDICATOR_FIELDS = ("dora_indicators", "ura_indicators")


def tiles_field(label, help_text="", kind: str = tile_inputs.MANY):
    """A tile input (``tile_inputs.TilesField``); the tile picker fills one tile or adds more."""
    return tile_inputs.TilesField(
        kind=kind,
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "class": "mono",
                "data-tiles": "one" if kind == tile_inputs.ONE else "many",
            }
        ),
    )


class HandForm(SheetErrorsOnFields, MoreWinners, forms.Form):
    """One hand, at value or tiles level, for the event's ruleset family."""

    # The engine's mpsz constants, for the tile picker's script (data-tile-rules).
    tile_rules = tile_inputs.SCRIPT_RULES
    base_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    level = forms.ChoiceField(
        label=_("Entry"), choices=[("value", _("Value")), ("tiles", _("Tiles"))]
    )
    outcome = forms.ChoiceField(label=_("Result"))
    winner = forms.ChoiceField(label=_("Winner"), required=False)
    discarder = forms.ChoiceField(label=_("Discarder"), required=False)
    concealed = tiles_field(
        _("Hand (concealed tiles)"),
        _("Without the winning tile, e.g. 123m456p789s1z"),
        kind=tile_inputs.CONCEALED,
    )
    win_tile = tiles_field(_("Winning tile"), kind=tile_inputs.ONE)
    flags = forms.MultipleChoiceField(label=_("Situation"), required=False)
    reason = forms.CharField(label=_("Reason for the correction"), required=False, max_length=200)

    def __init__(
        self,
        *args,
        entry: EntryData,
        seats: dict,
        rules_name: str = "",
        penalty_holders: dict | None = None,
        **kwargs,
    ):
        """``entry``: what the family's form offers under the event's rules (``entry_of``);
        ``penalty_holders``: seat -> the penalty tiles they hold in this hand (the replay's)."""
        super().__init__(*args, **kwargs)
        self.penalty_holders = dict(penalty_holders or {})
        self.entry_data = entry
        self.features = entry.features
        self.seat_names = {s: seats.get(s) or s for s in SEATS}
        self.rules_name = rules_name
        self.most_winners = min(entry.max_winners, MAX_BLOCKS)
        seat_choices = [(s, seats.get(s) or s) for s in SEATS]
        self.fields["outcome"].choices = outcome_choices(entry)
        self.fields["winner"].choices = seat_choices
        self.fields["discarder"].choices = seat_choices
        # The family's flags; a winner's "riichi" flag is not one: it follows the declarers.
        self.fields["flags"].choices = flag_choices(entry)
        for i in range(1, MELD_ROWS + 1):
            self.fields[f"meld{i}_type"] = forms.ChoiceField(
                label=_("Meld %(n)s") % {"n": i}, choices=MELD_TYPES, required=False
            )
            self.fields[f"meld{i}_tiles"] = tiles_field(
                _("Meld %(n)s tiles") % {"n": i}, kind=tile_inputs.MELD
            )
            self.fields[f"meld{i}_tiles"].widget.attrs["placeholder"] = "123s / 555z / 1111m"
        for field in entry.value_fields:
            self.fields[field.code] = values.form_field(field)
        self._add_feature_fields(seat_choices)
        for k in range(2, self.most_winners + 1):
            self._add_winner_fields(k)

    @property
    def meld_rows(self):
        return [(self[f"meld{i}_type"], self[f"meld{i}_tiles"]) for i in range(1, MELD_ROWS + 1)]

    @property
    def outcome_kinds(self) -> dict[str, str]:
        """Each outcome's kind words (win, discard, draw), for the page to show what applies."""
        kinds = {}
        for value, _label in self.fields["outcome"].choices:
            words = ["win"] if value in self.entry_data.wins else ["nowin"]
            if value in self.entry_data.from_discard:
                words.append("discard")
            if value in self.entry_data.draws:
                words.append("draw")
            if value in self.entry_data.fixed_value:
                words.append("fixed")
            kinds[value] = " ".join(words)
        return kinds

    @staticmethod
    def default_outcome(entry: EntryData) -> str:
        return entry.outcomes[0]

    # --- what the family's value fields and features add ---------------------------

    @property
    def value_inputs(self) -> list[values.ValueInput]:
        """The first winner's value inputs, for the value level."""
        return self.value_inputs_of(1)

    def value_inputs_of(self, k: int) -> list[values.ValueInput]:
        return values.value_inputs(self, self.entry_data, k)

    @property
    def inputs(self):
        """What a tiles-level hand names besides its tiles (``HandInputs``), for the page."""
        return self.entry_data.inputs

    @property
    def red_fives(self) -> bool:
        """Whether the tile picker offers red fives (0m/0p/0s): only where the rules have them."""
        return self.entry_data.inputs.red_fives

    @property
    def flower_count(self):
        """The number of flowers, shown with the tiles too (``flower_count``), or None."""
        if "flower_count" not in self.features:
            return None
        return self[values.FLOWER_COUNT]

    @property
    def total_unit(self):
        """What the family's totals count ("fan", "points"), for the breakdown's total line."""
        return unit_word(self.entry_data.total_field)

    def _add_feature_fields(self, seat_choices):
        if "riichi_sticks" in self.features:
            self.fields["riichi"] = forms.MultipleChoiceField(
                label=_("Riichi declared"), choices=seat_choices, required=False
            )
            self.fields["tenpai"] = forms.MultipleChoiceField(
                label=_("Tenpai"), choices=seat_choices, required=False
            )
        if "liable" in self.features:
            self.fields["liable"] = forms.ChoiceField(
                label=_("Liable player (pao)"), choices=[("", "—")] + seat_choices, required=False
            )
        # Only the indicators the rules count (EntryData.inputs): JPML-A asks for one dora
        # indicator and no ura; a hand that names more is refused (scoring.sheets.inputs).
        inputs = self.entry_data.inputs
        for field, label, most in (
            ("dora_indicators", _("Dora indicators"), inputs.dora_indicators),
            ("ura_indicators", _("Ura-dora indicators"), inputs.ura_indicators),
        ):
            if most:
                self.fields[field] = tiles_field(label, kind=tile_inputs.INDICATORS)
                if most == 1:
                    self.fields[field].help_text = _("One indicator: these rules have no kan dora.")
        if "flower_tiles" in self.features:
            self.fields["flower_tiles"] = forms.MultipleChoiceField(
                label=_("Flowers and seasons"), choices=FLOWER_TILES, required=False
            )
        if "penalty_tiles" in self.features and self.penalty_holders:
            held = "; ".join(
                f"{self.seat_names[s]}: {tiles}" if tiles else self.seat_names[s]
                for s, tiles in sorted(
                    self.penalty_holders.items(), key=lambda i: SEATS.index(i[0])
                )
            )
            self.fields[NO_PENALTY_TILE] = forms.BooleanField(
                label=_("No penalty tile is in the group the discard completed"),
                help_text=_("Penalty tiles in this hand: %(held)s") % {"held": held},
                required=False,
            )

    # --- checks ---------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        outcome = data.get("outcome")
        wins = outcome in self.entry_data.wins
        if wins and not data.get("winner"):
            self.add_error("winner", _("Choose the winner."))
        if outcome in self.entry_data.from_discard and not data.get("discarder"):
            self.add_error("discarder", _("Choose who discarded the winning tile."))
        blocks = self.claim_blocks(data) if wins else [1]
        if wins and data.get("level") == "value" and outcome not in self.entry_data.fixed_value:
            for k in blocks:
                values.check_value(self, self.entry_data, data, k)
        if "riichi_sticks" in self.features and data.get("level") == "tiles":
            self._check_double_riichi(data, blocks)
        if wins:
            self._check_winners(data, blocks)
        return data

    def _check_double_riichi(self, data, blocks) -> None:
        for k in blocks:
            flags = data.get(name(k, "flags")) or []
            if "double_riichi" in flags and data.get(name(k, "winner")) not in (
                data.get("riichi") or []
            ):
                self.add_error("riichi", _("Double riichi: mark the winner as a riichi declarer."))

    # --- form <-> entry ---------------------------------------------------------------

    def entry(self) -> dict:
        """The cleaned form as the replay's entry JSON."""
        data = self.cleaned_data
        outcome, level = data["outcome"], data["level"]
        entry: dict = {"outcome": outcome, "level": level}
        if "riichi_sticks" in self.features:
            if data.get("riichi"):
                entry["riichi"] = _in_seat_order(data["riichi"])
            if outcome in self.entry_data.draws:
                entry["tenpai"] = _in_seat_order(data.get("tenpai") or [])
        if outcome not in self.entry_data.wins:
            return entry
        if outcome in self.entry_data.fixed_value:  # the rules fix the value: only who
            del entry["level"]
            entry["winner"] = data["winner"]
            return entry
        blocks = self.claim_blocks(data)
        if len(blocks) > 1:
            # Several winners: each their own value or tiles, the level with each (the
            # replay reads no row level beside ``wins``).
            del entry["level"]
            entry["discarder"] = data["discarder"]
            entry["wins"] = [{"level": level, **self._claim(data, k, level)} for k in blocks]
            return entry
        entry["winner"] = data["winner"]
        if outcome in self.entry_data.from_discard:
            entry["discarder"] = data["discarder"]
        claim = self._claim(data, 1, level)
        del claim["winner"]
        entry.update(claim)
        if level == "value" and data.get(NO_PENALTY_TILE) and "discarder" in entry:
            entry[NO_PENALTY_TILE] = True
        return entry

    def _claim(self, data, k: int, level: str) -> dict:
        """Winner ``k``'s part of the entry: who, the value or the tiles, who is liable."""
        claim: dict = {"winner": data[name(k, "winner")]}
        if level == "value":
            claim.update(values.value_entry(self.entry_data, data, k))
        else:
            claim["hand"] = self._hand_entry(data, k)
            if self.flower_count is not None and data.get(name(k, values.FLOWER_COUNT)):
                claim["hand"]["flowers"] = data[name(k, values.FLOWER_COUNT)]
        if "liable" in self.features and data.get(name(k, "liable")):
            claim["liable"] = data[name(k, "liable")]
        return claim

    def _hand_entry(self, data, k: int = 1) -> dict:
        """Winner ``k``'s tiles; the winning tile and the indicators are the hand's (shared)."""
        hand = {"concealed": squash(data.get(name(k, "concealed"))), "melds": []}
        if data.get("win_tile"):
            hand["win_tile"] = squash(data["win_tile"])
        for i in range(1, MELD_ROWS + 1):
            kind = data.get(name(k, f"meld{i}_type"))
            tiles = squash(data.get(name(k, f"meld{i}_tiles")))
            if not kind and not tiles:
                continue
            meld = {"type": (kind or "").split("_")[0] or "pon", "tiles": tiles, "concealed": False}
            if kind == "kan_concealed":
                meld["concealed"] = True
            if kind == "kan_added":
                meld["added"] = True
            hand["melds"].append(meld)
        flags = list(data.get(name(k, "flags")) or [])
        if "riichi_sticks" in self.features:
            winner = data[name(k, "winner")]
            if winner in (data.get(DECLARERS_KEY) or []) and "double_riichi" not in flags:
                flags = [DECLARED_FLAG, *flags]
        for field in INDICATOR_FIELDS:
            if field in self.fields and data.get(field):
                hand[field] = squash(data[field])
        if flags:
            hand["flags"] = flags
        if "flower_tiles" in self.features and data.get(name(k, "flower_tiles")):
            hand["flowers"] = sorted(int(n) for n in data[name(k, "flower_tiles")])
        return hand

    @classmethod
    def initial_from(cls, entry: dict, offered: EntryData) -> dict:
        """The form's initial data for an entry already on the sheet (to correct it).

        ``offered`` is what the family's form offers (``entry_of(event)``).
        """
        initial = {k: entry[k] for k in ("outcome", "discarder", NO_PENALTY_TILE) if k in entry}
        for field in (DECLARERS_KEY, READY_KEY):
            if entry.get(field):
                initial[field] = list(entry[field])
        wins = entry.get("wins") if isinstance(entry.get("wins"), list) else []
        claims = [c for c in wins if isinstance(c, dict)][:MAX_BLOCKS] or [entry]
        initial["level"] = entry.get("level") or claims[0].get("level") or "value"
        for k, claim in enumerate(claims, start=1):
            if k > 1:
                initial[on_key(k)] = True
            initial.update(claim_initial(claim, offered, k))
        hand = claims[0].get("hand") or {}
        for field in ("win_tile", *INDICATOR_FIELDS):
            if hand.get(field):
                initial[field] = hand[field]
        return initial


def _in_seat_order(seats) -> list[str]:
    return [s for s in SEATS if s in seats]
