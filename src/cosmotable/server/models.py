"""Pydantic models of every request and response: the API's documentation (OpenAPI at /docs)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
)
from pydantic_core import PydanticCustomError

BotLevel = Literal["random", "heuristic", "easy", "normal", "hard", "learned"]
# `learned`: MLEM only (bots/learned.py); GameInfo.bots lists what each game offers
BOT_LEVELS: tuple[str, ...] = ("random", "heuristic", "easy", "normal", "hard", "learned")
Status = Literal["open", "running", "finished"]
#: the longest turn timer a table may have (7 days: turn-based play, docs/server-api.md)
LONGEST_TIMER = 7 * 24 * 3600


def _control(code: int) -> bool:
    """C0 controls, DEL and the C1 controls (U+0080-U+009F: U+0085 is a line break to some
    terminals, U+009B starts an escape sequence to others)."""
    return code < 0x20 or 0x7F <= code <= 0x9F


def _surrogate(code: int) -> bool:
    """A UTF-16 surrogate on its own (JSON's "\\ud800" escapes make one): not a character, and
    no database or page can store or show it (UTF-8 cannot encode it)."""
    return 0xD800 <= code <= 0xDFFF


def printable(text: str) -> str:
    """Refuse control characters and lone surrogates in text the server stores: PostgreSQL refuses a
    NUL byte in a text column, neither database can encode a lone surrogate (the request would fail
    deep in the database instead of being answered), and a seat's name with a line break or an
    escape would break the pages and terminals that show it."""
    if text.isascii():
        bad = next((c for c in text if _control(ord(c))), None)
    else:
        bad = next((c for c in text if _control(ord(c)) or _surrogate(ord(c))), None)
    if bad is not None:
        if _surrogate(ord(bad)):
            raise ValueError(f"a lone surrogate {bad!r} is not a character; send UTF-8 text")
        raise ValueError(f"control characters such as {bad!r} are not allowed here")
    return text


#: Text a request gives and the server keeps (seat names, client action ids).
PlainText = Annotated[str, AfterValidator(printable)]


class Strict(BaseModel):
    """Requests refuse unknown fields, so a typo is reported instead of silently ignored, and take
    each value as its own JSON type only: `true` is no seat number and `"60"` no timer (strict)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorBody(BaseModel):
    error: str = Field(examples=["not_found"])
    message: str = Field(examples=["no table 'x1'; list tables with GET /api/tables"])


class GameInfo(BaseModel):
    id: str = Field(examples=["mlem"])
    name: str = Field(examples=["MLEM: Space Agency"])
    min_players: int
    max_players: int
    variants: dict[str, str]
    options: dict[str, str]
    bots: list[str] = Field(default_factory=lambda: list(BOT_LEVELS))
    web: str | None = Field(
        None,
        examples=["/web/games/mlem/"],
        description="the URL of the game's browser module folder (index.js, i18n/); "
        "null: the web client shows the game on its generic page",
    )


class RulesText(BaseModel):
    game: str
    lang: str = Field(default="en", description="the language of `text`")
    text: str
    reconstructed: list[dict[str, str]]


def _registered_games(schema: dict[str, Any]) -> None:
    """The schema of a game id lists the games registered when the API's schema is made, so that a
    client (or a generated test) knows the valid ids; any other id is refused with the list."""
    from cosmotable import games

    schema["enum"] = games.ids()


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    bot: BotLevel | None = Field(None, description="the bot's level when kind is 'bot' (default heuristic)")
    name: PlainText | None = Field(None, max_length=40)


class CreateTable(Strict):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "game": "mlem",
                    "variants": ["ufo"],
                    "options": {},
                    "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "hard"}],
                    "timer_seconds": 60,
                    "timeout_bot": "heuristic",
                    "timeouts_to_bot": 3,
                    "undo": True,
                    "coach": False,
                }
            ]
        },
    )

    game: str = Field(examples=["mlem"], max_length=32, json_schema_extra=_registered_games)
    variants: list[str] = Field(default_factory=list, max_length=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    timer_seconds: int | None = Field(
        None,
        ge=1,
        le=LONGEST_TIMER,
        description="seconds per decision; null = no timer. Realtime tables take seconds or minutes; "
        "turn-based ones hours or days (at most 7 days: 604800); the deadline is stored, so it "
        "holds across server restarts and upgrades",
    )
    timeout_bot: BotLevel = "heuristic"
    timeouts_to_bot: int = Field(
        3,
        ge=1,
        le=20,
        description="time-outs in a row after which the timeout bot plays the seat until its player "
        "takes it back (POST /takeback); before that, a time-out lets the bot make only that turn's "
        "decisions and the seat stays its player's",
    )
    undo: bool = True
    coach: bool = False
    rated: bool | None = Field(
        None,
        description="the result changes the players' ratings (accounts and bot levels; at least two "
        "must play for it to count); default: rated unless undo or the coach is on",
    )

    account_seat: int | None = Field(
        None,
        ge=0,
        le=7,
        description="signed in (session cookie): the human seat bound to your account (default: the "
        "first human seat); without a session it is ignored",
    )

    @field_validator("timer_seconds", mode="wrap")
    @classmethod
    def _timer_bound(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> int | None:
        # the bound said in days too: "less than or equal to 604800" leaves the client counting
        try:
            return handler(value)
        except ValidationError as exc:
            if any(error["type"] == "less_than_equal" for error in exc.errors()):
                raise PydanticCustomError(
                    "less_than_equal",
                    "at most {limit} seconds (7 days) a decision, the longest turn-based timer; "
                    "null for no timer",
                    {"limit": LONGEST_TIMER},
                ) from None
            raise


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None
    claimed: bool
    connected: bool
    bot_playing: bool = Field(
        description="the timeout bot plays this human seat until its player takes it back (after "
        "`timeouts_to_bot` time-outs in a row, or `leave`)"
    )
    bot_turn: bool = Field(
        False, description="the seat's time ran out: the timeout bot makes this turn's decisions for it"
    )
    timeouts: int = Field(
        0, description="the seat's time-outs in a row (its player's own decision resets it)"
    )
    account_deleted: bool = Field(
        False, description="the seat's player deleted their account: show the seat as a deleted player"
    )
    rematch: Literal["offered", "accepted", "declined"] | None = Field(
        None,
        description="a rematch's seat: offered to the old table's player (kept for them), accepted, or "
        "declined (open to anyone); null: not a rematch seat, or a bot's",
    )


class TableConfig(BaseModel):
    num_players: int
    variants: list[str]
    options: dict[str, Any]


class TableSummary(BaseModel):
    id: str
    game: str
    config: TableConfig
    status: Status
    seats: list[SeatInfo]
    step: int
    to_act: int | None = Field(description="the seat whose decision is due (null: none, e.g. finished)")
    timer_seconds: int | None
    timeouts_to_bot: int
    deadline: datetime | None
    undo: bool
    coach: bool
    created_at: datetime
    updated_at: datetime
    version: int = Field(
        description="grows with every committed change of the table (an undo too): of two summaries of "
        "one table, the one with the higher version is the newer, whatever the servers' clocks"
    )
    scores: list[int] | None = None
    winners: list[int] | None = None
    rematch: str | None = Field(
        None, description="a finished table: the id of its rematch, once a seat proposed one"
    )
    rematch_of: str | None = Field(None, description="a rematch: the id of the table it repeats")
    chat: bool = Field(True, description="the table's chat is open (the host may close it)")
    rated: bool = Field(
        False, description="the result changes the players' ratings (GET /api/ratings/{game})"
    )


class SeatLink(BaseModel):
    seat: int
    token: str
    url: str = Field(examples=["/#/table/tb3k2x9a?token=..."])


class RematchLink(BaseModel):
    """A seat's place at a rematch: its link there (only ever sent to that seat's own player)."""

    table_id: str = Field(description="the rematch's table id")
    seat: int = Field(description="your seat at the rematch (seats rotate: the next player goes first)")
    token: str
    url: str
    host_token: str | None = Field(
        None, description="the rematch's host token: only in the answer that created the rematch"
    )


class CreatedTable(BaseModel):
    table: TableSummary
    host_token: str
    seats: list[SeatLink]


class TablePage(BaseModel):
    items: list[TableSummary]
    page: int
    page_size: int
    total: int


class JoinRequest(Strict):
    seat: int | None = Field(None, ge=0, le=7)
    name: PlainText | None = Field(None, max_length=40)


class SeatChange(Strict):
    kind: Literal["bot"] = "bot"
    bot: BotLevel = "heuristic"


class LegalAction(BaseModel):
    text: str = Field(examples=["travel 2,A"])
    json_: dict[str, Any] = Field(alias="json", serialization_alias="json")

    model_config = ConfigDict(populate_by_name=True)


class EventOut(BaseModel):
    index: int = Field(description="position in this seat's own event log")
    kind: str
    text: str
    seat: int | None
    data: dict[str, Any]


class SeatState(BaseModel):
    table: TableSummary
    seat: int | None
    step: int
    view: dict[str, Any]
    events: list[EventOut]
    legal_actions: list[LegalAction]
    can_undo: bool


class ActionRequest(Strict):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"action": "board helper", "client_action_id": "a1b2c3"}]},
    )

    action: str | dict[str, Any] = Field(description="the action's text form or its JSON form")
    client_action_id: PlainText = Field(
        min_length=1, max_length=128, description="chosen by the client; a repeated id is applied once"
    )


class SocketAction(ActionRequest):
    """An action sent over the websocket: the POST body with its message type."""

    type: Literal["action"]


class ActionResult(BaseModel):
    applied: bool
    step: int
    table: TableSummary


class UndoResult(BaseModel):
    step: int
    table: TableSummary


class ReplayStep(BaseModel):
    step: int
    total_steps: int
    action: str | None
    action_json: dict[str, Any] | None = Field(
        default=None, description="the action's JSON form (the client words it in its own language)"
    )
    view: dict[str, Any]
    events: list[EventOut]


class CoachMove(BaseModel):
    text: str
    json_: dict[str, Any] = Field(alias="json", serialization_alias="json")
    win_chance: float | None = Field(
        description="this seat's estimated chance to win after the move (null: the coach left the move out)"
    )
    lead: float | None = Field(
        default=None,
        description="the expected lead of this seat's team over the best other team after the move, in "
        "the game's units (points; Planet: coins); null for a move the coach left out",
    )
    lead_noise: float | None = Field(
        default=None, description="the standard error of `lead` over the samples (null: fewer than 2)"
    )
    gap_noise: float | None = Field(
        default=None,
        description="the standard error of the gap between the best move's lead and this move's, sample by "
        "sample (the moves share their samples, so a gap is known better than either lead)",
    )
    visits: int = Field(description="samples the coach judged the move on (0: a quick estimate only)")
    policy: float | None = Field(
        default=None,
        description="the learned bot's probability of playing this move (its policy network, from this "
        "seat's observation only); null in a game the learned bot has no weights for (MLEM has them)",
    )

    model_config = ConfigDict(populate_by_name=True)


class CoachAdvice(BaseModel):
    moves: list[CoachMove]
    odds: dict[str, Any] | None


# ---------------------------------------------------------------------- accounts (docs/server-api.md)
def _trimmed(text: str) -> str:
    if text != text.strip():
        raise ValueError("a name has no spaces at its start or end")
    return text


AccountName = Annotated[str, AfterValidator(printable), AfterValidator(_trimmed)]


class Credentials(Strict):
    """Sign-up and sign-in."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"name": "Ada", "password": "correct horse 1"}]},
    )

    name: AccountName = Field(min_length=1, max_length=40)
    password: PlainText = Field(min_length=8, max_length=256)


class PasswordChange(Strict):
    password: PlainText = Field(min_length=1, max_length=256, description="the present password")
    new_password: PlainText = Field(min_length=8, max_length=256)


class AccountDeletion(Strict):
    password: PlainText = Field(min_length=1, max_length=256, description="the present password")


class AccountInfo(BaseModel):
    name: str
    created_at: datetime


class SessionInfo(BaseModel):
    account: AccountInfo | None = Field(description="the signed-in account; null: a guest")


class MySeat(BaseModel):
    table: TableSummary
    seat: int
    url: str = Field(description="the seat's link (it holds the seat's token)")


class MyGames(BaseModel):
    your_turn: list[MySeat] = Field(description="running games where your seat is to act")
    waiting: list[MySeat] = Field(description="open tables and running games where another seat acts")
    finished: list[MySeat] = Field(description="finished games (the newest 50)")


class HeldSeat(Strict):
    table_id: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    token: str = Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_=-]+$")


class SeatLookup(Strict):
    seats: list[HeldSeat] = Field(max_length=50, description="the seat links this browser keeps")


class LeaderboardEntry(BaseModel):
    place: int = Field(description="1 for the highest rating")
    name: str | None = Field(description="the account's name (None for a bot level)")
    bot: str | None = Field(None, description="a bot level rated as a player (None for an account)")
    rating: float = Field(description="the ordinal, mu - 3 sigma: what the board is ordered by")
    mu: float
    sigma: float
    games: int = Field(description="rated games played (a bot level: 0 until it plays on this server)")


class Leaderboard(BaseModel):
    game: str
    entries: list[LeaderboardEntry] = Field(description="the highest ratings first (at most 100 players)")


class RatingPoint(BaseModel):
    table_id: str
    at: datetime
    rating: float = Field(description="the ordinal after this game")
    mu: float
    sigma: float
    change: float = Field(description="how much the ordinal moved with this game")
    place: int = Field(description="the player's place at that table (1: first)")


class GameRating(BaseModel):
    game: str
    rating: float = Field(description="the ordinal, mu - 3 sigma")
    mu: float
    sigma: float
    games: int
    bot_level: str | None = Field(description="the bot level whose rating (mu) is nearest the player's")
    history: list[RatingPoint] = Field(description="the rating after each rated game, oldest first")


class PlayerProfile(BaseModel):
    """What anyone may read of a player: public data only (no seat link, no setting, no running game)."""

    name: str
    created_at: datetime
    ratings: list[GameRating]
    finished: list[TableSummary] = Field(description="the player's finished games, newest first (50)")
