"""The Sequence of Play (2.2-2.3.8): cards, eligibility, the forked options, Limited
Command and Pass, and what interrupts them (2.4-2.6)."""

from __future__ import annotations

from .actions import Action, Choose, Draw, interned_choose
from .cards import deck_for
from .chance import DRAW_NODE, ChanceNode, can_draw, cards_left, take_card
from .command_base import (
    any_limited_command,
    commands_open,
    limited_commands,
    mark_idle,
    start_command,
)
from .decrees import BUILD_RULE, decree_possible, idle_decree, start_decree
from .engine import TypedHandler, finish, handler, push
from .forces import add_resources, log, resources_cut
from .frames import ChooseCommandFrame, CommandDecreeFrame, PlainFrame
from .model import FACTION_NAMES, PLAYERS, STRUCTURE_OF, Faction, GameState
from .mongols import first_timurid
from .registry import BUILD, COMMANDS, COMPEL, DECREES, REBEL, TITLE
from .succession import LORDS, RISE, ZENITH, start_succession
from .words import count_of

CMD_DECREE = "command_decree"  # forked option 1: a Command plus a Decree (2.3.3)
EVENT_OR_COMMAND = "event_or_command"  # forked option 2: the Event, or a Command alone
PASS_INCOME = {Faction.D: 3, Faction.B: 1, Faction.V: 1}  # 2.3.6

# Sequence of Play options as typed in the notation
OPT_EVENT = "event"
OPT_COMMAND = "command"
OPT_CMD_DECREE = "command+decree"
OPT_LIMITED = "limited"
OPT_PASS = "pass"


@handler
class Game(TypedHandler[PlainFrame]):
    """The root frame: reveal the next card and start what it asks for (2.2, 2.3)."""

    kind = "game"

    def chance(self, st: GameState, fr: PlainFrame) -> ChanceNode | None:
        return DRAW_NODE if can_draw(st) else None

    def is_auto(self, st: GameState, fr: PlainFrame) -> bool:
        return True

    def run(self, st: GameState, fr: PlainFrame) -> None:
        # No card left: cannot happen with a deck built as 2.1 says (the second Timurid
        # card ends it).
        from .mongols import end_game

        end_game(st)

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        assert isinstance(action, Draw)
        if st.current_card is not None:
            st.discards = [*st.discards, st.current_card]  # shared with the state before
        number = action.card
        take_card(st, number)
        st.current_card = number
        card = deck_for(st.options).cards[number]
        log(st, f"Card {number}: {card.title} ({cards_left(st)} left in the deck).")
        if card.kind == "event":
            card_state = st.own_card()
            card_state.acted = []
            card_state.forks = {}
            card_state.stay_eligible = []
            card_state.limited_or_pass = []
            push(st, "card", None)
        elif card.kind == "mongol_invasion":
            assert card.faction is not None
            push(st, "mongol_invasion", card.faction, left=2)
        elif card.kind == "succession":
            which = {0: ZENITH, 1: RISE, 2: LORDS}[deck_for(st.options).succession.index(number)]
            start_succession(st, which)
        else:  # Timurid Empire (2.6)
            st.timurid_drawn += 1
            if st.timurid_drawn == 1:
                first_timurid(st)
            else:
                log(st, "Timur Invades Delhi (2.6).")
                push(st, "timur", None, step=0)


def next_in_order(st: GameState) -> Faction | None:
    assert st.current_card is not None
    card = deck_for(st.options).cards[st.current_card]
    for f in card.order:
        if st.eligible[f] and f not in st.card.acted:
            return f
    return None


@handler
class CardFrame(TypedHandler[PlainFrame]):
    """One Event card: each Eligible faction in the card's order (2.3.2), then 2.3.7."""

    kind = "card"

    def is_auto(self, st: GameState, fr: PlainFrame) -> bool:
        return True

    def run(self, st: GameState, fr: PlainFrame) -> None:
        f = next_in_order(st)
        if f is not None:
            st.own_card().acted.append(f)
            push(st, "turn", f)
            return
        if not st.card.acted:  # (a trial read only "no Faction acted" and wondered why)
            log(st, "No Faction is Eligible: the card passes unplayed (2.3.1).")
        adjust_eligibility(st)
        finish(st, fr)


def adjust_eligibility(st: GameState) -> None:
    """2.3.7: forked options go Ineligible unless a Stay Eligible event was taken; all
    others become Eligible. An event may have set where a faction starts (`eligibility`)."""
    eligible = st.own_eligible()
    for f in PLAYERS:
        took_fork = f in st.card.forks.values()
        eligible[f] = not took_fork or f in st.card.stay_eligible
    for f, value in st.next_eligibility.items():
        eligible[f] = value
    st.next_eligibility = {}
    shown = ", ".join(f"{f} {'Eligible' if st.eligible[f] else 'Ineligible'}" for f in PLAYERS)
    log(st, f"Eligibility adjusted: {shown}.")


@handler
class Turn(TypedHandler[PlainFrame]):
    """2.3.3: a forked option not yet taken, a Limited Command, or Pass."""

    kind = "turn"

    def _options(self, st: GameState, fr: PlainFrame) -> list[str]:
        assert fr.faction is not None
        out = []
        if CMD_DECREE not in st.card.forks:
            out.append(OPT_CMD_DECREE)
        if EVENT_OR_COMMAND not in st.card.forks:
            out.append(OPT_EVENT)
            out.append(OPT_COMMAND)
        if any_limited_command(st, fr.faction):
            out.append(OPT_LIMITED)
        out.append(OPT_PASS)
        return out

    def actions(self, st: GameState, fr: PlainFrame) -> list[Action]:
        return [interned_choose(o) for o in self._options(st, fr)]

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        assert isinstance(action, Choose) and fr.faction is not None
        f = fr.faction
        finish(st, fr)
        opt = action.option
        if opt == OPT_PASS:
            got = add_resources(st, f, PASS_INCOME[f])
            st.own_card().limited_or_pass.append(f)
            cut = resources_cut(PASS_INCOME[f], got)
            log(
                st,
                f"{FACTION_NAMES[f]} Passes (+{count_of(got, 'Resource')}{f': {cut}' if cut else ''}).",
            )
        elif opt == OPT_LIMITED:
            st.own_card().limited_or_pass.append(f)
            push(st, "choose_command", f, mode="limited")
        elif opt == OPT_COMMAND:
            st.own_card().forks[EVENT_OR_COMMAND] = f
            push(st, "choose_command", f, mode="alone")
        elif opt == OPT_CMD_DECREE:
            st.own_card().forks[CMD_DECREE] = f
            push(st, "command_decree", f, command=False, decree=False)
        elif opt == OPT_EVENT:
            st.own_card().forks[EVENT_OR_COMMAND] = f
            from .events import start_event

            start_event(st, f)

    def prompt(self, st: GameState, fr: PlainFrame) -> str:
        assert fr.faction is not None and st.current_card is not None
        card = deck_for(st.options).cards[st.current_card]
        names = {
            OPT_CMD_DECREE: "command+decree",
            OPT_EVENT: "event",
            OPT_COMMAND: "command (alone)",
            OPT_LIMITED: "limited",
            OPT_PASS: f"pass (+{PASS_INCOME[fr.faction]})",
        }
        options = self._options(st, fr)
        opts = ", ".join(names[o] for o in options)
        gone = (
            ""
            if OPT_LIMITED in options or st.resources[fr.faction]
            else " (no limited: no Resources)"
        )
        return (
            f"{FACTION_NAMES[fr.faction]} on card {card.number} {card.title}: choose {opts}{gone}."
        )

    def why(self, st: GameState, fr: PlainFrame, action: Action) -> str | None:
        if isinstance(action, Choose):
            if action.option in (OPT_EVENT, OPT_COMMAND) and EVENT_OR_COMMAND in st.card.forks:
                return (
                    f"the Event-or-Command option was already taken by {st.card.forks[EVENT_OR_COMMAND]} "
                    "on this card (2.3.3)"
                )
            if action.option == OPT_CMD_DECREE and CMD_DECREE in st.card.forks:
                return (
                    f"the Command-and-Decree option was already taken by {st.card.forks[CMD_DECREE]} "
                    "on this card (2.3.3)"
                )
            if action.option == OPT_LIMITED:
                assert fr.faction is not None
                return f"{_no_limited(st, fr.faction)}, so no Limited Command (2.3.5)"
        return None


def _no_limited(st: GameState, faction: Faction) -> str:
    """Why no Limited Command is open: the Resources a space costs, said when there are none
    (a trial saw `limited` gone at 0 Resources unexplained)."""
    if st.resources[faction]:
        return "no Command can select a space now"
    return (
        f"no Command can select a space now, and {FACTION_NAMES[faction]} has no Resources to "
        "pay for one"
    )


@handler
class ChooseCommand(TypedHandler[ChooseCommandFrame]):
    """Which Command, for a Command alone or a Limited Command."""

    kind = "choose_command"

    def _names(self, st: GameState, fr: ChooseCommandFrame) -> list[str]:
        assert fr.faction is not None
        if fr.mode == "limited":
            return limited_commands(st, fr.faction)
        return commands_open(st, fr.faction)

    def actions(self, st: GameState, fr: ChooseCommandFrame) -> list[Action]:
        return [interned_choose(n) for n in self._names(st, fr)]

    def is_auto(self, st: GameState, fr: ChooseCommandFrame) -> bool:
        # A trade (1.5.2) may leave no Command able to select a space after Limited was chosen.
        assert fr.faction is not None
        if fr.mode == "limited":
            return not any_limited_command(st, fr.faction)
        return not commands_open(st, fr.faction)

    def run(self, st: GameState, fr: ChooseCommandFrame) -> None:
        log(st, f"{fr.faction} can no longer select a space: its Limited Command does nothing.")
        finish(st, fr)

    def forced_why(self, st: GameState, fr: ChooseCommandFrame, action: Action) -> str | None:
        assert isinstance(action, Choose)
        what, rule = ("Limited Command", "2.3.5") if fr.mode == "limited" else ("Command", "2.3.3")
        return (
            f"{fr.faction}'s {what} is {TITLE[action.option]}, unasked: the only one open ({rule})."
        )

    def act(self, st: GameState, fr: ChooseCommandFrame, action: Action) -> None:
        assert isinstance(action, Choose) and fr.faction is not None
        finish(st, fr)
        start_command(st, fr.faction, action.option, limited=fr.mode == "limited")

    def prompt(self, st: GameState, fr: ChooseCommandFrame) -> str:
        assert fr.faction is not None
        names = self._names(st, fr)
        if fr.mode == "limited":
            return f"Choose a Limited Command (one space): {', '.join(names)}."
        return f"Choose a Command: {', '.join(mark_idle(st, fr.faction, names))}."

    def why(self, st: GameState, fr: ChooseCommandFrame, action: Action) -> str | None:
        if isinstance(action, Choose) and action.option == REBEL:
            return (
                "Rebel is not available during the Khalji Dynasty (2.7.1)"
                if st.dynasty == "khalji"
                else None
            )
        return None


@handler
class CommandDecree(TypedHandler[CommandDecreeFrame]):
    """2.3.3 / 4.1: a Command and a Decree, the Decree before or after the Command."""

    kind = "command_decree"

    def actions(self, st: GameState, fr: CommandDecreeFrame) -> list[Action]:
        assert fr.faction is not None
        out: list[Action] = []
        if not fr.command:
            out += [interned_choose(n) for n in commands_open(st, fr.faction)]
        if not fr.decree:
            out += [
                interned_choose(n)
                for n in DECREES[fr.faction]
                if decree_possible(st, fr.faction, n)
            ]
        return out

    def is_auto(self, st: GameState, fr: CommandDecreeFrame) -> bool:
        return bool(fr.command and fr.decree)

    def run(self, st: GameState, fr: CommandDecreeFrame) -> None:
        finish(st, fr)

    def forced_why(self, st: GameState, fr: CommandDecreeFrame, action: Action) -> str | None:
        assert isinstance(action, Choose) and fr.faction is not None
        what = "Command" if action.option in COMMANDS[fr.faction] else "Decree"
        return f"{fr.faction}'s {what} is {TITLE[action.option]}, unasked: the only one left (4.1)."

    def act(self, st: GameState, fr: CommandDecreeFrame, action: Action) -> None:
        assert isinstance(action, Choose) and fr.faction is not None
        if action.option in COMMANDS[fr.faction]:
            fr.command = True
            start_command(st, fr.faction, action.option)
        else:
            fr.decree = True
            log(st, f"{fr.faction} Decrees: {TITLE[action.option]}.")
            start_decree(st, fr.faction, action.option)

    def prompt(self, st: GameState, fr: CommandDecreeFrame) -> str:
        assert fr.faction is not None
        parts = []
        if not fr.command:
            names = mark_idle(st, fr.faction, commands_open(st, fr.faction))
            parts.append("a Command (" + ", ".join(names) + ")")
        if not fr.decree:
            possible = [n for n in DECREES[fr.faction] if decree_possible(st, fr.faction, n)]
            if possible:  # only what can be done now; what would do nothing is marked
                names = [
                    f"{n} ({note})" if (note := idle_decree(st, fr.faction, n)) else n
                    for n in possible
                ]
                parts.append("a Decree (" + ", ".join(names) + ")")
        return "Command and Decree: choose " + " or ".join(parts) + " (4.1)."

    def why(self, st: GameState, fr: CommandDecreeFrame, action: Action) -> str | None:
        assert fr.faction is not None
        if not isinstance(action, Choose):
            return None
        if action.option == BUILD and action.option in DECREES[fr.faction]:
            structure = STRUCTURE_OF[fr.faction].value.title()
            rule = BUILD_RULE[fr.faction]
            if not st.available[fr.faction].get(STRUCTURE_OF[fr.faction]):
                return f"Build needs a {structure} Available, and none is ({rule})"
            return f"Build needs a Province with your Unit and no {structure} yet ({rule})"
        if action.option == COMPEL and action.option in DECREES[fr.faction]:
            return "Compel needs a Province with or adjacent to a Vijayanagara piece (4.4.3)"
        if fr.command and action.option in COMMANDS[fr.faction]:
            return "the Command of this Command and Decree was already chosen (4.1)"
        if fr.decree and action.option in DECREES[fr.faction]:
            return "the Decree of this Command and Decree was already chosen (4.1)"
        return None
