"""Orders: a player's text of several steps, read at once and ended where the game says."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

from ..game import Game, Seat, Step, Unread
from .notation import notation_of
from .turns import turns_of

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
T = TypeVar("T")


class Orders(Generic[S, A, V]):
    """The plain order: what the notation reads, step by step, ended at a reveal."""

    def __init__(self, game: Game[S, A, V, Any]) -> None:
        self.game = game

    def read_order(self, view: V, text: str, seat: Seat) -> list[Step[A | Unread]]:
        """An order: one step or more, read against what `seat` may do now (`parse`), each
        with the text it was written as (a game may leave the steps past a reveal Unread)."""
        notation = notation_of(self.game)
        return [Step(notation.describe(view, a), a) for a in notation.parse(view, text, seat)]

    def revealed(self, before: S, after: S) -> bool:
        """Whether the step from `before` to `after` revealed dice or a card (a reveal
        commits: an order ends there): here, whether a chance step is now pending."""
        return self.game.chance(after) is not None

    def why_ended(self, before: S, after: S, action: A) -> str | None:
        """What the step from `before` to `after` ended by itself, and the rule that ended
        it ("Delhi Sultanate's Limited Conscript: a Limited Command acts in one space
        (2.3.5)"): a later step of the same order that is refused is told so; None when it
        ended nothing, or the game cannot say."""
        return None

    def finishing(self, action: A) -> bool:
        """Whether `action` is the step that finishes what a seat is doing ("done"), which
        an order may always end with."""
        return False

    def finished_by(self, before: S, after: S, action: A) -> tuple[str, ...]:
        """What `action` ended by itself that a finishing step closes (a Command that ran
        out of pieces), each named as `closes` names the finishing step that closes it: as
        many finishing steps of those names later in the same order are taken as read, not
        refused; one of another name closes what is live and is played."""
        return ()

    def taken_unasked(self, after: S) -> tuple[tuple[A, str], ...]:
        """The steps the game took by itself in the step (or the deal) that made `after`:
        decisions the rules force, left to nobody, each with the line saying so and its rule
        ("B Limited Rebel selects Andhra unasked: ... (2.3.5)"). The same step typed next
        is taken as read, not refused or played a second time (`EndedByItself`); none here:
        the game asks every decision."""
        return ()

    def closes(self, action: A) -> str:
        """What a finishing step closes, named as `finished_by` names what ended by itself
        (one name for all of them unless a game tells its kinds apart)."""
        return "done"


def orders_of(game: Game[S, A, V, Any]) -> Orders[S, A, V]:
    """The game's own orders (its `orders` attribute), else the plain ones."""
    own = getattr(game, "orders", None)
    return own if isinstance(own, Orders) else Orders(game)


class EndedByItself:
    """One order's record of what its steps ended by themselves (`Orders.finished_by`): a
    finishing step typed later that closes one of them is skipped with a note, not played;
    one that closes another kind of thing is played (a trial's `end movement` after
    purchases that ran out of Talents was taken for their `done`, and its movement went
    on). One a longer typed step implies (the halt that ends `move 1 levy Arabia Syria`)
    closes what that step began, and is played too.

    Likewise what the game took unasked after the last step, its deals, or (for the first
    step) the position the order starts from (`Orders.taken_unasked`): the same step typed
    next was typed for the decision the game took (`limited; rebel; select andhra`, Andhra
    the only Province) and is skipped with the game's line (`taken_already`) when it is no
    longer legal, or when it is legal again as the next decision but the order's later steps
    play further without it (`amass; plunder` typed after Mongol Command 1 was taken as
    Amass: played, Amass would be Command 2 and the Plunder lost). Otherwise it is a choice,
    and is played."""

    def __init__(self, game: Game[Any, Any, Any, Any], start: Any = None) -> None:
        self.game = game
        self.orders: Orders[Any, Any, Any] = orders_of(game)
        self.undoes = turns_of(game).undoes
        self.ended: list[str] = []
        # taken by the game after the last step, or in making `start`
        self.unasked: list[tuple[Any, str]] = (
            [] if start is None else list(self.orders.taken_unasked(start))
        )

    def skips(self, step: Step[Any]) -> bool:
        """Whether `step` closes what ended by itself; if so, that is spent."""
        if step.typed or not self.orders.finishing(step.action):
            return False
        kind = self.orders.closes(step.action)
        if kind not in self.ended:
            return False
        self.ended.remove(kind)
        return True

    def record(self, before: Any, after: Any, action: Any) -> None:
        """What the step from `before` to `after` ended by itself (an undo: nothing has)."""
        if self.undoes(action):
            self.ended, self.unasked = [], []
        else:
            self.ended += self.orders.finished_by(before, after, action)
            self.unasked = list(self.orders.taken_unasked(after))

    def dealt(self, after: Any) -> None:
        """A chance step dealt after the last step made `after`: what it took unasked too."""
        self.unasked += self.orders.taken_unasked(after)

    def taken_already(self, step: Step[Any], state: Any, later: Sequence[Any] = ()) -> str | None:
        """The game's line when it took `step` unasked after the last step and `step` is not
        legal in `state`, or is but the `later` steps of the order play further without it
        (then that is spent); None: `step` is to be played."""
        for i, (action, said) in enumerate(self.unasked):
            if action != step.action:
                continue
            after = _after(self.game, state, action)
            if after is None or self._further_without(state, after, later):
                del self.unasked[i]
                return said
            return None
        return None

    def _further_without(self, state: Any, after: Any, later: Sequence[Any]) -> bool:
        played = self._reach(state, after, later)
        return played < len(later) and self._reach(state, state, later) > played

    def _reach(self, before: Any, state: Any, later: Sequence[Any]) -> int:
        """How many of the `later` steps play from `state` (reached from `before`), up to a
        refusal or a reveal (which would end the order)."""
        for n, action in enumerate(later):
            if isinstance(action, Unread) or self.orders.revealed(before, state):
                return n
            nxt = _after(self.game, state, action)
            if nxt is None:
                return n
            state = nxt
        return len(later)


AHEAD = 16  # the stored steps a replay reads on at a step it may have taken unasked


class StoredSteps(Generic[S, A]):
    """A game's stored steps replayed with today's rules, one by one (`take`). A game stored
    before the rules took a decision unasked (`Orders.taken_unasked`: a lone Mongol Command,
    a Limited Command's only Province) holds that decision as a stored step of its own, right
    after the step that now takes it. Replayed, that step is skipped, as the game took it
    already, when it is no longer legal; or when it is legal again as another decision (the
    next Mongol Command) and the stored steps after it replay further without it, as every
    step after it is then one decision late. No game is lost to the change. Any other step
    that is not legal raises as before; a legal one is played (a log stored since replays
    whole with it, and no further without it)."""

    def __init__(self, game: Game[S, A, Any, Any]) -> None:
        self.game = game
        self.orders: Orders[S, A, Any] = orders_of(game)
        self.unasked: list[A] = []  # taken unasked by the last step played, not yet skipped

    def take(self, state: S, action: A, later: Sequence[A] = ()) -> S | None:
        """The state after `action` from `state` (`later`: the stored steps after it, up to
        AHEAD of them); None when `action` is skipped."""
        try:
            after = self.game.apply(state, action)
        except ValueError:
            if action not in self.unasked:
                raise
            self.unasked.remove(action)
            return None
        unasked = [a for a, _ in self.orders.taken_unasked(after)]
        if action in self.unasked:
            rest = list(self.unasked)
            rest.remove(action)
            played = self._reach(after, unasked, later)
            if played < len(later) and self._reach(state, rest, later) > played:
                self.unasked = rest
                return None
        self.unasked = unasked
        return after

    def replayed(self, state: S, action: A, later: Sequence[A] = ()) -> S:
        """`take`'s state, or `state` itself when the step is skipped."""
        after = self.take(state, action, later)
        return state if after is None else after

    def _reach(self, state: S, unasked: list[A], later: Sequence[A]) -> int:
        """How many of the `later` steps replay from `state` (`unasked`: taken unasked)."""
        steps = StoredSteps(self.game)
        steps.unasked = list(unasked)
        for n, action in enumerate(later):
            try:
                state = steps.replayed(state, action)
            except (ValueError, LookupError):  # a lookup: a card the game lacks (an import)
                return n
        return len(later)


def _after(game: Game[Any, Any, Any, Any], state: Any, action: Any) -> Any:
    """The position after `action`, or None when it is not legal."""
    try:
        return game.apply(state, action)
    except ValueError:
        return None


def with_later(items: Sequence[T]) -> Iterator[tuple[T, Sequence[T]]]:
    """Each stored step with those after it, up to AHEAD of them (`StoredSteps.take`)."""
    for i, item in enumerate(items):
        yield item, items[i + 1 : i + 1 + AHEAD]
