"""What every Command shares (3.1): space selection, costs, limits and free Commands."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from .actions import DONE, Action, Choose, Done, Select
from .board import board
from .decrees import idle_decree
from .engine import HANDLERS, TypedHandler, finish, push_frame, top
from .forces import log
from .frames import ChooseCommandFrame, CommandFrame
from .model import FACTION_NAMES, Faction, GameState
from .notation import describe
from .registry import COMMANDS, DECREES, REBEL, TITLE
from .words import a, count_of

_LISTING = threading.Lock()  # see CommandHandler._settled


def commands_open(st: GameState, faction: Faction) -> list[str]:
    """The faction's Commands, without Rebel during the Khalji Dynasty (2.7.1)."""
    return [c for c in COMMANDS[faction] if c != REBEL or st.dynasty == "tughlaq"]


def shadow(st: GameState) -> bool:
    """Timur's Shadow variant: one space per Command after the first Timurid card."""
    return st.options.timurs_shadow and st.timurid_drawn >= 1


def start_command(
    st: GameState,
    faction: Faction,
    name: str,
    *,
    limited: bool = False,
    free: bool = False,
    max_spaces: int | None = None,
    allowed: list[str] | None = None,
    ignore_dynasty: bool = False,
    must_select: bool = False,
) -> CommandFrame:
    if limited or shadow(st):
        max_spaces = 1 if max_spaces is None else min(max_spaces, 1)
    what = ("free " if free else "") + ("Limited " if limited else "") + TITLE[name]
    log(st, f"{faction} begins {a(what)} Command.")
    fr = CommandFrame(
        f"cmd:{name}",
        faction,
        limited=limited,
        free=free,
        max=max_spaces,
        allowed=allowed,
        ignore_dynasty=ignore_dynasty,
        must_select=must_select or limited,
    )
    push_frame(st, fr)
    return fr


class CommandHandler(TypedHandler[CommandFrame]):
    """A Command frame: select spaces (3.1.1) one at a time, then Done."""

    name = ""
    ends_with_done = True  # even a Limited Command, which ends by itself (notation.md)

    # -- selection rules shared by all Commands -----------------------------------------
    def can_select_more(self, st: GameState, fr: CommandFrame) -> bool:
        if fr.max is not None and len(fr.selected) >= fr.max:
            return False
        assert fr.faction is not None
        return fr.free or st.resources[fr.faction] >= 1

    def open_spaces(self, fr: CommandFrame) -> Sequence[str]:
        """The spaces this Command may still select by the rules every Command shares, in the
        map's order: not yet selected (3.1.1), inside an Event's allowed spaces (2.3.4), and
        Provinces only for the Deccan factions (3.1.1)."""
        b = board()
        base = b.space_ids if fr.faction == Faction.D else b.provinces
        selected, allowed = fr.selected, fr.allowed
        if allowed is not None:
            return [s for s in base if s in allowed and s not in selected]
        if selected:
            return [s for s in base if s not in selected]
        return base

    def destinations(self, st: GameState, fr: CommandFrame, base: Sequence[str]) -> Sequence[str]:
        """For a Command that moves Units in (March, Migrate): the spaces already selected
        and those still open (`open_spaces`), in the map's order; `base` holds them all."""
        selected, allowed = fr.selected, fr.allowed
        if not self.can_select_more(st, fr):
            return [d for d in base if d in selected]
        if allowed is None:
            return base
        return [d for d in base if d in allowed or d in selected]

    def pay(self, st: GameState, fr: CommandFrame, space: str) -> None:
        assert fr.faction is not None
        fr.selected.append(space)
        if not fr.free:
            st.own_resources()[fr.faction] -= 1

    def candidates(self, st: GameState, fr: CommandFrame) -> Iterator[str]:
        """Spaces that could be selected now, lazily (existence checks stop at the first)."""
        return iter(())

    # -- the frame ----------------------------------------------------------------------
    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        """The Command's steps other than `done`, lazily: existence checks stop at the first."""
        raise NotImplementedError

    # The choices `is_auto` began for a frame the machine settled on, with that state and
    # frame: the first one, and the rest not generated yet. `actions` is often asked next of
    # the very same ones (states are never changed once made): the rest is generated then,
    # once (under a lock: a generator is used up by one thread). A state nobody asks for its
    # list (an AI's look-ahead) costs only its first choice.
    _settled: tuple[GameState, CommandFrame, Action, Iterator[Action]] | None = None
    _listed: tuple[GameState, CommandFrame, list[Action]] | None = None

    def command_actions(self, st: GameState, fr: CommandFrame) -> list[Action]:
        listed = self._listed
        if listed is not None and listed[0] is st and listed[1] is fr:
            return list(listed[2])
        memo = self._settled
        if memo is not None and memo[0] is st and memo[1] is fr:
            with _LISTING:
                if self._settled is memo:  # not taken by another thread meanwhile
                    self._settled = None
                    acts = [memo[2], *memo[3]]
                    self._listed = (st, fr, acts)
                    return list(acts)
        return list(self.command_choices(st, fr))

    def has_choice(self, st: GameState, fr: CommandFrame) -> bool:
        return next(self.command_choices(st, fr), None) is not None

    def has_candidate(self, st: GameState, fr: CommandFrame) -> bool:
        """`has_choice` for a Command whose every candidate space gives at least one choice."""
        return next(self.candidates(st, fr), None) is not None

    def can_begin(self, st: GameState, fr: CommandFrame) -> bool:
        """Whether a fresh frame of this Command has anything to do (2.3.5)."""
        return self.has_choice(st, fr)

    def actions(self, st: GameState, fr: CommandFrame) -> list[Action]:
        acts = self.command_actions(st, fr)
        if not fr.must_select or fr.selected or not acts:
            acts.append(DONE)
        return acts

    def is_legal(self, st: GameState, fr: CommandFrame, action: Action) -> bool:
        if isinstance(action, Done):
            return not fr.must_select or bool(fr.selected) or self.only_done(st, fr)
        return any(a == action for a in self.command_choices(st, fr))

    def only_done(self, st: GameState, fr: CommandFrame) -> bool:
        return not self.has_choice(st, fr)

    def is_auto(self, st: GameState, fr: CommandFrame) -> bool:
        choices = self.command_choices(st, fr)
        first = next(choices, None)
        if first is None:
            return True
        self._settled = (st, fr, first, choices)
        return False

    def run(self, st: GameState, fr: CommandFrame) -> None:
        self.end(st, fr)

    def forced(self, st: GameState, fr: CommandFrame) -> Action | None:
        # only a Command that may not end unselected can be forced (the list costs a search)
        return super().forced(st, fr) if fr.must_select and not fr.selected else None

    def forced_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        assert fr.faction is not None
        what = f"{fr.faction} {'Limited ' if fr.limited else ''}{TITLE[self.name]}"
        step = (
            f"selects {board().name(action.space)}"
            if isinstance(action, Select)
            else f"takes `{describe(st, action)}`"
        )
        return f"{what} {step} unasked: the only step it can take, and it must act (2.3.5)."

    def end(self, st: GameState, fr: CommandFrame) -> None:
        sel = fr.selected
        names = ", ".join(board().name(s) for s in sel) if sel else "no spaces"
        log(st, f"{fr.faction} {TITLE[self.name]} done ({names}).")
        finish(st, fr)

    def act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        if isinstance(action, Done):
            self.end(st, fr)
            return
        self.command_act(st, fr, action)

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        raise NotImplementedError

    def why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        """The selection rules every Command shares (3.1), then the Command's own."""
        d = fr
        assert fr.faction is not None
        space = action.space if isinstance(action, Select) else None
        if space is not None and space in board().spaces:
            if space in d.selected:
                return f"{board().name(space)} is already selected for this Command (3.1.1)"
            if d.max is not None and len(d.selected) >= d.max:
                rule = " (2.3.5)" if d.limited else ""
                return f"this Command selects at most {count_of(d.max, 'space')}{rule}"
            if not d.free and st.resources[fr.faction] < 1:
                return "each space costs 1 Resource and none is left (3.1.3)"
            if d.allowed is not None and space not in d.allowed:
                names = ", ".join(board().name(s) for s in d.allowed)
                return f"the Event lets this Command select only {names} (2.3.4)"
        return self.command_why(st, fr, action)

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        return None

    def ended_why(self, st: GameState, fr: CommandFrame) -> tuple[str, str] | None:
        """A Command that ends by itself because it may select no further space (3.1.1)."""
        assert fr.faction is not None
        what = f"{FACTION_NAMES[fr.faction]}'s {'Limited ' if fr.limited else ''}{TITLE[self.name]}"
        if fr.max is not None and len(fr.selected) >= fr.max:
            if fr.limited:
                return what, "a Limited Command acts in one space (2.3.5)"
            rule = " (Timur's Shadow)" if shadow(st) and fr.max == 1 else ""
            return what, f"it selects at most {count_of(fr.max, 'space')}{rule}"
        if not fr.free and st.resources[fr.faction] < 1:
            return what, "a further space costs 1 Resource, and none is left (3.1.3)"
        # (a trial's Rally ended with its last Raja placed, and was told no why)
        return what, "no further space qualifies for it now (3.1.1)"

    def prompt(self, st: GameState, fr: CommandFrame) -> str:
        assert fr.faction is not None
        d = fr
        cost = "free" if d.free else f"1 Resource per space, {st.resources[fr.faction]} left"
        limit = f", at most {count_of(d.max, 'space')}" if d.max is not None else ""
        return f"{FACTION_NAMES[fr.faction]} {TITLE[self.name]}: {self.hint()} ({cost}{limit}), or done."

    def hint(self) -> str:
        return "select a space"


@lru_cache(maxsize=256)
def command_probe(
    name: str,
    faction: Faction,
    *,
    limited: bool = False,
    free: bool = False,
    max_spaces: int | None = None,
) -> CommandFrame:
    """A Command frame that is never pushed: asked whether it could select a space now (one
    shared frame per question: asking changes no frame)."""
    return CommandFrame(
        f"cmd:{name}", faction, limited=limited, free=free, max=max_spaces, must_select=limited
    )


@cache
def _limited_probes(
    faction: Faction, free: bool
) -> tuple[tuple[str, CommandHandler, CommandFrame], ...]:
    """Each of the faction's Commands with its handler and its Limited probe (built once:
    Turn asks on every step)."""
    out = []
    for name in COMMANDS[faction]:
        probe = command_probe(name, faction, limited=True, free=free, max_spaces=1)
        h = HANDLERS[probe.kind]
        assert isinstance(h, CommandHandler)
        out.append((name, h, probe))
    return tuple(out)


def limited_commands(st: GameState, faction: Faction, free: bool = False) -> list[str]:
    """Commands that could select at least one space now as a Limited Command (2.3.5)."""
    return [n for n, h, probe in _limited_probes(faction, free) if h.can_begin(st, probe)]


def any_limited_command(st: GameState, faction: Faction) -> bool:
    """Whether a Limited Command could select a space now (2.3.5), at the first hit."""
    return any(h.can_begin(st, probe) for _, h, probe in _limited_probes(faction, False))


def idle_commands(st: GameState, faction: Faction) -> list[str]:
    """Commands that could select no space now: still legal (2.3.3 "possibly zero"), but they
    end at once and spend the option all the same."""
    out = []
    for name in COMMANDS[faction]:
        probe = command_probe(name, faction, max_spaces=3 if shadow(st) else None)
        h = HANDLERS[probe.kind]
        assert isinstance(h, CommandHandler)
        if not h.can_begin(st, probe):
            out.append(name)
    return out


IDLE_NOTE = "no space qualifies, ends at once"


def mark_idle(st: GameState, faction: Faction, names: list[str]) -> list[str]:
    """The Command names for a prompt, the ones that would select nothing marked."""
    idle = set(idle_commands(st, faction))
    return [f"{n} ({IDLE_NOTE})" if n in idle else n for n in names]


def idle_note(st: GameState, action: Action) -> str | None:
    """Why choosing this Command or Decree now would do nothing, or None (it can do something,
    or it is not a choice of Command or Decree). The bot asks a person to confirm such a
    choice."""
    return idle_notes(st, (action,))[0]


def no_space_note(st: GameState, action: Action) -> str | None:
    """Why this `done` would end a Command that selected no space, or None. A person who
    types it means it; the menus say what it is, and the AI never takes it (`useful_actions`)."""
    fr = None if st.game_over else top(st)
    if isinstance(fr, CommandFrame) and isinstance(action, Done) and not fr.selected:
        return f"ends the {TITLE[fr.command]} with no space selected: it does nothing"
    return None


def idle_notes(st: GameState, actions: Sequence[Action]) -> list[str | None]:
    """`idle_note` of each step, the Commands that could select nothing found once."""
    fr = None if st.game_over else top(st)
    if fr is None or fr.kind not in ("choose_command", "command_decree"):
        return [None] * len(actions)
    if (isinstance(fr, ChooseCommandFrame) and fr.mode == "limited") or fr.faction is None:
        return [None] * len(
            actions
        )  # a Limited Command is only offered where it can select (2.3.5)
    faction, idle = fr.faction, None
    out: list[str | None] = []
    for action in actions:
        if not isinstance(action, Choose):
            out.append(None)
        elif action.option in DECREES[faction]:
            out.append(idle_decree(st, faction, action.option))
        else:
            idle = set(idle_commands(st, faction)) if idle is None else idle
            out.append(IDLE_NOTE if action.option in idle else None)
    return out
