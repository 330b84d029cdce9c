"""Succession cards (2.5.1-2.5.3), each step in order, each faction deciding its own step."""

from __future__ import annotations

from .actions import DONE, Action, Choose, Done, Gain, Shift, interned, interned_choose
from .board import board
from .command_base import limited_commands, start_command
from .decrees import start_decree
from .engine import DoneWhenOnlyDone, TypedHandler, finish, handler, push
from .flow import change_influence, gain_cavalry
from .forces import add_resources, controlled, log, resources_cut, structures_on_map
from .frames import GainChoiceFrame, LordsFrame, PlainFrame, SuccessionFrame
from .model import FACTION_NAMES, MAX_INFLUENCE, Faction, GameState, Piece
from .registry import CAMPAIGN, TITLE
from .words import count_of

ZENITH, RISE, LORDS = "zenith", "rise", "lords"


def start_succession(st: GameState, which: str) -> None:
    push(st, "succession", None, which=which, step=0)


@handler
class Succession(TypedHandler[SuccessionFrame]):
    kind = "succession"

    def is_auto(self, st: GameState, fr: SuccessionFrame) -> bool:
        return True

    def run(self, st: GameState, fr: SuccessionFrame) -> None:
        which, step = fr.which, fr.step
        fr.step = step + 1
        if which == ZENITH:
            self._zenith(st, fr, step)
        elif which == RISE:
            self._rise(st, fr, step)
        else:
            self._lords(st, fr, step)

    def _zenith(self, st: GameState, fr: SuccessionFrame, step: int) -> None:
        if step == 0:
            st.dynasty = "tughlaq"
            log(
                st,
                "1. Power struggle in Delhi: the Tughlaq Dynasty rules; Rebel is now allowed (2.5.1).",
            )
        elif step == 1:
            log(
                st,
                "2. The Sultanate reimposes its dominance: Delhi may Campaign (Delhi and Provinces only).",
            )
            start_decree(st, Faction.D, CAMPAIGN, provinces_only=True)
        elif step == 2:
            n = st.influence[Faction.B] + structures_on_map(st, Piece.FORT)
            # the count's reason; the gain is told by gain_cavalry (a trial read it twice)
            log(
                st,
                "3. Military labor market thrives: Bahmani's Influence and Forts bring it "
                f"{count_of(n, 'Cavalry token') if n else 'no Cavalry'}.",
            )
            gain_cavalry(st, Faction.B, n)
        elif step == 3:
            n = st.influence[Faction.V] + structures_on_map(st, Piece.TEMPLE)
            got = add_resources(st, Faction.V, n)
            cut = resources_cut(n, got)
            log(
                st,
                f"4. Temple towns emerge anew: Vijayanagara gains {count_of(got, 'Resource')}"
                f"{f' ({cut})' if cut else ''}.",
            )
        else:
            finish(st, fr)

    def _rise(self, st: GameState, fr: SuccessionFrame, step: int) -> None:
        if step == 0:
            log(
                st,
                "1. Delhi monitors its interests: Delhi may Campaign (Delhi and Provinces only).",
            )
            start_decree(st, Faction.D, CAMPAIGN, provinces_only=True)
        elif step in (1, 3):
            f = Faction.B if step == 1 else Faction.V
            log(
                st,
                f"{2 if f == Faction.B else 3}. {FACTION_NAMES[f]} may execute a free Limited Command.",
            )
            push(st, "free_limited", f)
        elif step in (2, 4):
            f = Faction.B if step == 2 else Faction.V
            total = min(3, sum(board().prosperity(s) for s in controlled(st, f)))
            if total:
                push(st, "gain_choice", f, total=total)
        else:
            finish(st, fr)

    def _lords(self, st: GameState, fr: SuccessionFrame, step: int) -> None:
        if step < 3:
            f = (Faction.D, Faction.B, Faction.V)[step]
            push(st, "lords", f, times=0)
        else:
            finish(st, fr)


@handler
class FreeLimited(TypedHandler[PlainFrame]):
    """2.5.2: a free Limited Command, or skip."""

    kind = "free_limited"

    def _options(self, st: GameState, fr: PlainFrame) -> list[str]:
        assert fr.faction is not None
        return limited_commands(st, fr.faction, free=True)

    def actions(self, st: GameState, fr: PlainFrame) -> list[Action]:
        return [*(interned_choose(o) for o in self._options(st, fr)), interned_choose("skip")]

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        assert isinstance(action, Choose) and fr.faction is not None
        finish(st, fr)
        if action.option == "skip":
            log(st, f"{fr.faction} skips its free Limited Command.")
            return
        start_command(st, fr.faction, action.option, limited=True, free=True)

    def prompt(self, st: GameState, fr: PlainFrame) -> str:
        names = ", ".join(TITLE[o] for o in self._options(st, fr)) or "none possible"
        return (
            f"Rise of the Rebel Sultans: choose a free Limited Command ({names}) or skip (2.5.2)."
        )


@handler
class GainChoice(TypedHandler[GainChoiceFrame]):
    """2.5.2: any combination of Resources and Cavalry equal to the Prosperity (max 3)."""

    kind = "gain_choice"

    def actions(self, st: GameState, fr: GainChoiceFrame) -> list[Action]:
        total = fr.total
        return [interned(Gain, resources=total - c, cavalry=c) for c in range(total + 1)]

    def act(self, st: GameState, fr: GainChoiceFrame, action: Action) -> None:
        assert isinstance(action, Gain) and fr.faction is not None
        finish(st, fr)
        got = add_resources(st, fr.faction, action.resources)
        cut = resources_cut(action.resources, got)
        log(
            st,
            f"{fr.faction} gains {count_of(got, 'Resource')}{f' ({cut})' if cut else ''} and "
            f"{action.cavalry} Cavalry (2.5.2).",
        )
        gain_cavalry(st, fr.faction, action.cavalry, told=True)

    def prompt(self, st: GameState, fr: GainChoiceFrame) -> str:
        return f"Gain {fr.total} in any combination of Resources and Cavalry (2.5.2)."


@handler
class Lords(DoneWhenOnlyDone[LordsFrame]):
    """2.5.3: spend 3 Resources to shift either Deccan Influence by one, up to three times."""

    kind = "lords"

    def actions(self, st: GameState, fr: LordsFrame) -> list[Action]:
        assert fr.faction is not None
        out: list[Action] = []
        if fr.times < 3 and st.resources[fr.faction] >= 3:
            for f in (Faction.B, Faction.V):
                if st.influence[f] < MAX_INFLUENCE:
                    out.append(interned(Shift, faction=f, delta=1))
                if st.influence[f] > 0:
                    out.append(interned(Shift, faction=f, delta=-1))
        return [*out, DONE]

    def run(self, st: GameState, fr: LordsFrame) -> None:
        """Nothing to choose: said why, unless its three shifts are bought (a trial saw a
        Faction's turn of Lords of the Deccan skipped unsaid)."""
        assert fr.faction is not None
        if fr.times < 3:
            have = count_of(st.resources[fr.faction], "Resource")
            log(
                st,
                f"{fr.faction} has {have}, fewer than the 3 a shift costs: "
                f"{'no more' if fr.times else 'no'} Influence shifted (2.5.3).",
            )
        finish(st, fr)

    def act(self, st: GameState, fr: LordsFrame, action: Action) -> None:
        assert fr.faction is not None
        if isinstance(action, Done):
            finish(st, fr)
            return
        assert isinstance(action, Shift)
        st.own_resources()[fr.faction] -= 3
        fr.times += 1
        log(
            st,
            f"{fr.faction} spends 3 Resources to shift {action.faction} Influence {action.delta:+d} (2.5.3).",
        )
        change_influence(st, action.faction, action.delta)

    def prompt(self, st: GameState, fr: LordsFrame) -> str:
        return (
            f"Lords of the Deccan: spend 3 Resources to shift Bahmani or Vijayanagara Influence "
            f"by one ({3 - fr.times} left), or done (2.5.3)."
        )
