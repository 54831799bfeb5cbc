"""The interface every ruleset family offers, and the plain data it answers with.

Why: the Django side, the generic sheet and standings machinery and the
printouts must never branch on a family's name. They ask the family object
instead: what options exist and whether an event's values are good (one
validator), the complete resolved rules (frozen when an event starts), how a
sheet replays, how standings rank, what a ruling does, what the judge's form
offers and what the printed sheet shows. Adding a family is one package that
implements :class:`Family` and one line in :mod:`scoring.families.installed`.

Everything a family answers with is plain data: codes and parameters, never
text in one language. The Django side translates codes when it shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from scoring.core.seats import SEATS


class OptionError(ValueError):
    """An event option the family refuses: which one, why (a code), and the allowed values.

    ``code`` is ``unknown_option`` (a name no reader of the family knows) or
    ``bad_value`` (a known option with a value the rules cannot use);
    ``message`` is the English sentence for logs and the command line, and
    names the option. ``params`` carry ``option`` and, where the values are a
    fixed list, ``choices``, for a translated message.
    """

    def __init__(self, option: str, code: str, message: str, params: Mapping[str, Any] = ()):
        super().__init__(message)
        self.option = option
        self.code = code
        self.message = message
        self.params = {"option": option, **dict(params)}


@dataclass(frozen=True)
class ValueField:
    """One number a judge enters for a hand at value level (han, fu, fan, faan, points)."""

    code: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[int, ...] = ()  # a fixed list (fu), else a free number in range
    required: bool = True


@dataclass(frozen=True)
class HandInputs:
    """What a tiles-level hand may name beyond its tiles and flags, under one event's rules.

    Why: a preset without ura dora must not ask for ura indicators, and one
    with a single dora indicator must not take four and count one. The form
    shows an input only where its count is above 0 (or ``red_fives`` is
    true), and a hand that sends one anyway is refused, naming the input and
    the rules (:mod:`scoring.sheets.inputs`): never accepted and ignored.

    ``dora_indicators``: how many a hand names, 0 (no dora), 1 (no kan dora)
    or more (kan dora, one more per kong); ``ura_indicators`` likewise for
    ura dora, which count only with one of ``ura_needs`` among the winner's
    flags (riichi: a riichi declaration); ``red_fives``: 0m/0p/0s are tiles.
    """

    dora_indicators: int = 0
    ura_indicators: int = 0
    ura_needs: frozenset[str] = frozenset()
    red_fives: bool = False

    @property
    def features(self) -> frozenset[str]:
        """The parts of the form these inputs switch on (:data:`FEATURES`)."""
        shown = {"dora"} if self.dora_indicators else set()
        if self.red_fives:
            shown.add("red_fives")
        return frozenset(shown)


@dataclass(frozen=True)
class EntryData:
    """What the judge's hand form offers under one event's rules.

    ``outcomes`` are the replay's outcome codes offered on the form; ``wins``
    those that have a winner and ``from_discard`` those where someone pays
    for a discard; ``flags`` the hand flags offered with tiles; ``features``
    name the optional parts of the form (see :data:`FEATURES`); ``inputs`` what a
    tiles-level hand may name besides (:class:`HandInputs`), whose features
    (``dora``, ``red_fives``) are added to ``features`` from it, never declared twice.
    """

    outcomes: tuple[str, ...]
    wins: frozenset[str]
    from_discard: frozenset[str]
    flags: tuple[str, ...]
    value_fields: tuple[ValueField, ...]
    total_field: str  # the value field the sheet totals and checks against a minimum
    max_winners: int = 1
    features: frozenset[str] = frozenset()
    # Outcomes that end the hand at the wall's end: tenpai is asked (riichi_sticks).
    draws: frozenset[str] = frozenset({"draw"})
    # Wins whose value the rules fix (riichi's nagashi mangan): a winner, no value or tiles.
    fixed_value: frozenset[str] = frozenset()
    inputs: HandInputs = HandInputs()

    def __post_init__(self) -> None:
        object.__setattr__(self, "features", frozenset(self.features) | self.inputs.features)


# With the "riichi_sticks" feature (hand-format.md): the sheet entry's keys for who
# declared and who was ready at a draw, and the flag a declarer's win carries. They
# are hand-format words, named once here so the form never spells them itself.
DECLARERS_KEY = "riichi"
READY_KEY = "tenpai"
DECLARED_FLAG = "riichi"

# Optional parts of the form and the page a family may switch on.
FEATURES = frozenset(
    {
        "riichi_sticks",  # riichi declarations, the pool of sticks, tenpai at a draw
        "liable",  # pao: a liable player for a yakuman
        "red_fives",  # 0m/0p/0s on the tile picker (from HandInputs.red_fives)
        "flower_count",  # a number of flowers with a value-level hand
        "flower_tiles",  # which bonus tiles the winner holds
        "seat_rotation",  # players change seats each round (the sheet shows seats by round)
        "dora",  # dora indicators with a tiles-level hand (from HandInputs.dora_indicators)
        "penalty_tiles",  # a ruling names penalty tiles that later hands must respect
        "final_sticks",  # final-scores entry also asks for sticks left on the table
        "han_fu",  # a value is han with fu (needed below 5 han), or a yakuman count instead
        "head_bump",  # of claimants of one discard the nearest wins (unless the rules let more)
    }
)


@dataclass(frozen=True)
class StandingsFormat:
    """How a family's standings values read outside the ranking itself.

    ``decimals``: places when a value is not whole (riichi result points are
    in thousands, so one place; table points in thirds or twelfths, three).
    ``ema_metric`` and ``ema_scale``: the EMA results file's score column is
    that metric times the scale. ``table_points``: the standings carry table
    points of their own (MCR), printed as a column of their own.
    """

    decimals: int = 3
    ema_metric: str = "points_total"
    ema_scale: int = 1
    table_points: bool = False


@dataclass(frozen=True)
class Column:
    """One column of the printed hand grid: a code the Django side names, its width in mm.

    ``numeric`` columns are aligned right; ``small`` ones are narrow boxes for
    a mark or initials.
    """

    code: str
    width: float
    numeric: bool = False
    small: bool = False


@dataclass(frozen=True)
class PrintLayout:
    """The printed scoresheet of one family, as codes and millimetres (sessions.md §3).

    The hand grid has ``lead`` columns about the hand, the ``per_player``
    columns printed once under each player (E, S, W, N) and ``tail`` columns
    after them; ``rows`` hand rows ``row_mm`` high (the Django side fits them
    to the page), then one line per ``footer`` code under the players. The
    ``notes`` are printed under the grid. ``prominent_referee``: the referee's
    box is drawn bold, to be signed before the table is cleared.
    """

    lead: tuple[Column, ...]
    per_player: tuple[Column, ...]
    tail: tuple[Column, ...] = ()
    footer: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    rows: int = 16
    row_mm: float = 8
    prominent_referee: bool = False

    @property
    def columns(self) -> tuple[Column, ...]:
        """Every column left to right: lead, each player's (E, S, W, N), tail."""
        return (*self.lead, *(self.per_player * len(SEATS)), *self.tail)


@dataclass(frozen=True)
class Cell:
    """One printed cell as data; ``kind`` says how the Django side shows ``value``.

    ``text``: language-free text as it is (a row label, seats, pattern
    codes, a result letter, a mark); ``number``: a count as it is (hand
    number, honba, fan); ``points`` and ``signed``: an amount with thousands
    separated (``signed`` with its sign); ``wind``: a seat as its wind's
    character; ``word``: a code the Django side translates (``self``);
    ``outcome``: a hand's outcome code (``draw``, ``not_played``), written as its name;
    ``value``: a row's stored value (:mod:`scoring.sheets.values`), or
    ``legacy``: an old stored row's English value text, shown unchanged.
    """

    kind: str
    value: Any


@dataclass(frozen=True)
class PrintedRow:
    """A replayed row's printed cells: by column code, and per starting seat for players."""

    cells: Mapping[str, Cell]
    per_seat: Mapping[str, Mapping[str, Cell]] = field(default_factory=dict)


@dataclass(frozen=True)
class Consequence:
    """What a ruling does: a hand row to add (or None) and penalty ledger lines.

    ``fixed_points``: the rules fix the penalties' points (Zung Jung §6: a
    false win costs none), so a number a judge types is not theirs to choose;
    the judge's page records the rules' number and says so.
    """

    hand_entry: Mapping[str, Any] | None = None
    penalties: tuple[Mapping[str, Any], ...] = ()
    rule_reference: str = ""
    fixed_points: bool = False


@runtime_checkable
class Rules(Protocol):
    """A family's complete resolved rules for one event: frozen and JSON-safe."""

    ruleset: str

    def freeze(self) -> dict[str, Any]: ...


@runtime_checkable
class Family(Protocol):
    """One ruleset family (riichi, MCR, Zung Jung, HKOS …) behind one interface."""

    name: str  # the family's code, e.g. "riichi"
    rulesets: tuple[str, ...]  # the event rulesets it scores, e.g. ("jpml-a", "wrc")
    names_table: str  # the item-name table (scoring/data/<table>.tsv) of its yaku or fan
    # Its hand rulesets (scoring.families.rulesets.Ruleset: preset, resolver, hand scorer),
    # registered with the family; empty for a family that values no hand from its tiles.
    hand_rulesets: tuple[Any, ...]
    # Options that differ from a preset, as a director would write them: the create form's
    # help shows it (and the option names) for the ruleset chosen, so every family has one.
    option_example: Mapping[str, Any]

    def title(self, ruleset: str, lang: str = "en") -> str:
        """The ruleset's name for people, in ``lang`` (en, ja, zh)."""

    def edition_title(self, rules: Rules, lang: str = "en") -> str | None:
        """The edition the rules follow, where the family has editions (else None)."""

    def options(self, ruleset: str) -> frozenset[str]:
        """Every event option any part of the family reads."""

    def resolve(self, ruleset: str, overrides: Mapping[str, Any]) -> Rules:
        """The one validator: the complete rules, or :class:`OptionError` naming the option."""

    def thaw(self, frozen: Mapping[str, Any]) -> Rules:
        """Rules read back from :meth:`Rules.freeze`, whatever the presets in code say now."""

    def replay(
        self,
        rules: Rules,
        entries: Sequence[Mapping[str, Any]],
        penalties: Sequence[Mapping[str, Any]],
        *,
        final_scores: Mapping[str, int] | None,
        leftover_sticks: int,
        lang: str,
    ) -> Any:
        """The whole sheet worked out (:class:`scoring.sheets.common.SheetResult`)."""

    def precedence(self, rules: Rules) -> tuple[str, ...]:
        """The standings metrics, in order (:data:`scoring.standings.metrics.METRICS`)."""

    def entry(self, rules: Rules) -> EntryData:
        """What the judge's form offers."""

    def consequence(self, rules: Rules, kind: str, player: str) -> Consequence:
        """What a ruling of ``kind`` against ``player`` does under these rules."""

    def default_penalty_scope(self, rules: Rules) -> str:
        """Where a typed-in penalty goes unless the judge says otherwise (sessions.md §5)."""

    def standings_format(self, rules: Rules) -> StandingsFormat:
        """How standings values of the family read in files and on the command line."""

    def hands_option(self) -> str | None:
        """The option an event's "hands per session" sets, where the family counts hands."""

    def session_hands(self, rules: Rules) -> int | None:
        """The hands a session has, where the family counts hands (else None)."""

    def seats_by_round(self, rules: Rules, seat: str) -> Sequence[str] | None:
        """The seat a starting seat takes in each round, where players move (else None)."""

    def hand_winds(self, rules: Rules, index: int) -> Mapping[str, str] | None:
        """Each starting seat's wind in hand ``index`` (from 0), where the family moves them."""

    def layout(self, rules: Rules) -> PrintLayout:
        """The printed scoresheet: columns, rows, footer lines and notes, as codes."""

    def row_labels(self, rules: Rules, rows: int) -> Sequence[Mapping[str, Cell]]:
        """What each of the first ``rows`` blank rows shows before play, by column code."""

    def printed_row(
        self, rules: Rules, row: Mapping[str, Any], entry: Mapping[str, Any]
    ) -> PrintedRow:
        """A stored replayed row (``RowResult.to_dict()``) and its hand's entry, as cells."""

    def time_policy(self, rules: Rules) -> str | None:
        """What happens when a timed session's time is up: a code, or None if the rules are silent.

        Codes: ``finish_current`` (the hand in progress is finished and is
        the last), ``abandon_current`` (the hand in progress is void; hands
        not started are recorded as not played). None: the event's own
        setting decides (``Event.time_limit_policy``).
        """
        ...

    def refusals(self) -> Mapping[str, tuple[str, ...]]:
        """Every refusal the family makes, code -> the names of its params.

        The shared ones (:data:`scoring.core.refusals.CORE_REFUSALS`, the hand
        inputs' :data:`scoring.sheets.inputs.INPUT_REFUSALS`) and its own; a
        refusal may carry a ``rule`` reference besides. The Django side has
        the words for each, in every language.
        """
        ...

    def reads_game_logs(self) -> bool:
        """Whether whole games played online can be read from their client's log."""
        ...

    def read_game_log(self, rules: Rules, data: bytes) -> Any:
        """A logged game for a sheet (:class:`scoring.logs.game.LoggedGame`), or ``LogError``.

        Only asked of a family that :meth:`reads_game_logs`.
        """
        ...

    def score_parts(self, rules: Rules, result: Mapping[str, Any]) -> Mapping[str, Sequence[Any]]:
        """Each seat's session score split into the parts that add up to it.

        ``result`` is a stored sheet result (``SheetResult.to_dict()``); the
        answer maps each seat to ``(code, amount)`` pairs (amounts exact, in
        session units) whose sum is ``session[seat]["score"]``.
        """
        ...
