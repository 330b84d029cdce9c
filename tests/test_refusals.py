"""Every refusal names the rule and the limit: situations found in random
games, then the step a player might type there. Each random game is played once per test
process and shared by the tests that search it. Every count over the limit is checked in one
game; CHAUPAL_WHOLE_GAMES=N checks N more."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator

import pytest

from bot.product import variable
from rules import vijayanagara
from rules.vijayanagara.actions import Done, Go, Move, Place, Screen, Select, Support
from rules.vijayanagara.closing import why_ended
from rules.vijayanagara.command_base import start_command
from rules.vijayanagara.engine import top
from rules.vijayanagara.frames import (
    BattleFrame,
    CampaignFrame,
    CommandFrame,
    CompelSpaceFrame,
    GovernSpaceFrame,
    MongolInvasionFrame,
)
from rules.vijayanagara.model import Faction, Piece
from rules.vijayanagara.registry import TITLE

Find = Callable[[vijayanagara.GameState], bool]
Step = tuple[vijayanagara.GameState, list[vijayanagara.Action], vijayanagara.Action]
WHOLE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")


@functools.cache
def random_game(seed: int) -> tuple[Step, ...]:
    """A game of random legal steps (chosen by `seed`): each state before its end, with its
    legal steps and the one taken. Played once per process; its states are never changed
    (a step makes a new state)."""
    r = random.Random(seed)
    state = vijayanagara.new_game(seed)
    steps: list[Step] = []
    while not state.game_over:
        legal = vijayanagara.legal_actions(state)
        a = r.choice(legal)
        steps.append((state, legal, a))
        state = vijayanagara.apply(state, a)
    return tuple(steps)


def states_after(seed: int) -> Iterator[tuple[Step, vijayanagara.GameState]]:
    """Each step of `random_game(seed)` with the state it leads to (the last: the end)."""
    game = random_game(seed)
    for k, step in enumerate(game):
        after = game[k + 1][0] if k + 1 < len(game) else vijayanagara.apply(step[0], step[2])
        yield step, after


def find(pred: Find, seeds: range = range(60)) -> vijayanagara.GameState:
    for seed in seeds:
        for state, _, _ in random_game(seed):
            if pred(state):
                return state
    pytest.skip("no such situation in the sampled games")


def refusal(state: vijayanagara.GameState, action: vijayanagara.Action) -> str:
    with pytest.raises(vijayanagara.IllegalAction) as e:
        vijayanagara.apply(state, action)
    return str(e.value)


def _battle(state: vijayanagara.GameState, phase: str) -> bool:
    fr = top(state)
    return fr is not None and fr.kind == f"battle:{phase}"


def _dice(state: vijayanagara.GameState) -> list[int | None]:
    """The defender's dice of the battle in progress."""
    battle = next(fr for fr in reversed(state.frames) if isinstance(fr, BattleFrame))
    return battle.def_dice


def test_a_screen_on_a_die_showing_1_says_so() -> None:
    def pred(s: vijayanagara.GameState) -> bool:
        if not _battle(s, "att_cav"):
            return False
        fr = top(s)
        assert fr is not None and fr.faction is not None
        return s.cavalry.get(fr.faction, 0) > 0 and 1 in _dice(s)

    state = find(pred)
    fr = top(state)
    assert fr is not None
    die = _dice(state).index(1) + 1
    assert "shows 1, and a Screen cannot remove a 1 (1.10)" in refusal(state, Screen(die=die))


def test_support_over_the_limit_names_the_limit() -> None:
    state = find(lambda s: _battle(s, "support"))
    fr = top(state)
    assert fr is not None
    legal = [a for a in vijayanagara.legal_actions(state) if isinstance(a, Support)]
    origin = legal[0].space if legal else "delhi"
    text = refusal(
        state, Support(piece=legal[0].piece if legal else Piece.TROOP, count=5, space=origin)
    )
    # the limit of the attacker's own Attack: Delhi's (3.2.4), Bahmani's (3.3.4) or V's (3.4.4)
    assert "at most" in text and any(f"(3.{k}.4)" in text for k in (2, 3, 4))


def test_a_second_qasbah_is_refused_with_1_4_4() -> None:
    def pred(s: vijayanagara.GameState) -> bool:
        fr = top(s)
        return (
            isinstance(fr, GovernSpaceFrame) and s.spaces[fr.space].pieces.get(Piece.QASBAH, 0) > 0
        )

    state = find(pred)
    fr = top(state)
    assert isinstance(fr, GovernSpaceFrame)
    text = refusal(state, Place(piece=Piece.QASBAH, count=1, space=fr.space))
    assert "at most one Qasbah (1.4.4)" in text
    assert "place a Qasbah" not in vijayanagara.prompt(state).text  # not offered either


def test_the_govern_prompt_stops_offering_a_governor_once_units_were_removed() -> None:
    def pred(s: vijayanagara.GameState) -> bool:
        fr = top(s)
        return isinstance(fr, GovernSpaceFrame) and fr.removed > 0

    state = find(pred)
    fr = top(state)
    assert isinstance(fr, GovernSpaceFrame)
    assert "place a Governor" not in vijayanagara.prompt(state).text
    text = refusal(state, Place(piece=Piece.GOVERNOR, count=1, space=fr.space))
    assert "either places a Governor, OR removes" in text and "(3.2.3)" in text


def test_a_fourth_campaign_step_is_refused_with_the_limit() -> None:
    def pred(s: vijayanagara.GameState) -> bool:
        fr = top(s)
        return isinstance(fr, CampaignFrame) and fr.steps == 3

    state = find(pred, range(200))
    fr = top(state)
    assert isinstance(fr, CampaignFrame) and fr.at is not None
    nxt = sorted(vijayanagara.board().adjacency[fr.at])[0]
    assert "at most three spaces (4.2.2)" in refusal(state, Go(space=nxt))


def test_compel_over_two_rajas_names_the_limit() -> None:
    def pred(s: vijayanagara.GameState) -> bool:
        fr = top(s)
        return isinstance(fr, CompelSpaceFrame)

    state = find(pred, range(200))
    fr = top(state)
    assert isinstance(fr, CompelSpaceFrame)
    text = refusal(state, Place(piece=Piece.RAJA, count=3, space=fr.space))
    assert "at most two Rajas" in text and "(4.4.3)" in text


def test_build_without_a_structure_available_is_neither_offered_nor_refused_silently() -> None:
    state = vijayanagara.new_game(7)
    st = state.clone()
    st.available[Faction.B][Piece.FORT] = 0
    vijayanagara.engine.push(st, "command_decree", Faction.B, command=False, decree=False)
    assert "build" not in vijayanagara.prompt(st).text
    text = refusal(st, vijayanagara.Choose(option="build"))
    assert "Build needs a Fort Available, and none is (4.3.2)" in text


def test_a_free_attack_from_an_event_aimed_at_another_space_names_the_event_limit() -> None:
    st = vijayanagara.new_game(7).clone()
    start_command(st, Faction.D, "attack", free=True, allowed=["punjab"])
    text = refusal(st, Select(space="malwa"))
    assert "the Event lets this Command select only Punjab (2.3.4)" in text


def test_the_mongol_prompt_offers_the_possible_commands_and_says_what_the_others_need() -> None:
    """A trial offered `amass` alone looked for the others: the prompt, not only `options`,
    says what each Command not offered needs (3.5)."""

    def pred(s: vijayanagara.GameState) -> bool:
        fr = top(s)
        return isinstance(fr, MongolInvasionFrame) and fr.left > 0

    state = find(pred)
    text = vijayanagara.prompt(state).text
    offered, _, missing = text.partition("; not offered now: ")
    legal = {vijayanagara.describe(state, a) for a in vijayanagara.legal_actions(state)}
    for name in ("amass", "advance", "plunder"):
        assert (name in offered) == (name in legal), text
        assert (f"{name} needs " in missing) == (name not in legal), text


def test_placing_more_than_is_available_names_how_many_are() -> None:
    state = vijayanagara.new_game(7)  # Delhi decides first
    for step in ("limited", "conscript"):
        state = vijayanagara.apply(state, vijayanagara.parse(state, step)[0])
    state = state.clone()
    state.available[Faction.D][Piece.TROOP] = 4
    text = refusal(state, vijayanagara.parse(state, "place 5 troops in delhi")[0])
    assert text == "at most 4 now: only 4 Troops Available (1.4.3)"


def test_every_count_over_the_limit_names_the_limit() -> None:
    """In random games, every step with a count (place, move, remove, take, drop, support...)
    one over the most allowed is refused with that most: `at most N now`. One game of about
    a thousand such steps; CHAUPAL_WHOLE_GAMES=N plays N more."""
    checked = 0
    for seed in range(1 + WHOLE_GAMES):
        for state, legal, _ in random_game(seed):
            most: dict[str, vijayanagara.Action] = {}
            for a in legal if vijayanagara.chance(state) is None else []:
                count = getattr(a, "count", None)
                key = a.model_dump_json(exclude={"count"})
                if isinstance(count, int) and count > getattr(most.get(key), "count", 0):
                    most[key] = a
            for a in most.values():
                n = a.count
                over = a.model_copy(update={"count": n + 1})
                assert f"at most {n} now" in refusal(state, over), vijayanagara.describe(
                    state, over
                )
                checked += 1
    assert checked > 500


def _commands_ended(
    seeds: range,
) -> list[tuple[CommandFrame, vijayanagara.GameState, vijayanagara.Action]]:
    """Each step of random games after which a Command frame is gone that was on the stack
    (not by `done`, nor past a die roll or a card): the frame as it stood before the step,
    the state, the step."""
    found = []
    for seed in seeds:
        for (state, _, a), after in states_after(seed):
            # (a step that rolls or draws ends the order there: nothing follows it)
            if not isinstance(a, Done) and after.reveals == state.reveals:
                gone = [
                    fr
                    for fr in state.frames
                    if isinstance(fr, CommandFrame)
                    and not any(
                        isinstance(f, CommandFrame) and f.id == fr.id and f.kind == fr.kind
                        for f in after.frames
                    )
                ]
                found += [(fr, state, a) for fr in gone]
    return found


def test_a_step_that_ends_a_limited_command_names_2_3_5() -> None:
    ended = [(s, a) for fr, s, a in _commands_ended(range(6)) if fr.limited]
    assert len(ended) >= 5
    for s, a in ended:
        why = why_ended(s, a)
        assert why is not None and why[1] == "a Limited Command acts in one space (2.3.5)", (
            vijayanagara.describe(s, a),
            why,
        )
        fr = next(f for f in reversed(s.frames) if isinstance(f, CommandFrame))
        assert why[0].endswith(f"Limited {TITLE[fr.command]}"), why


def test_a_command_that_ends_with_no_resource_left_names_3_1_3() -> None:
    seen = 0
    for fr, s, a in _commands_ended(range(12)):
        assert fr.faction is not None
        after = vijayanagara.apply(s, a)
        spent = not fr.free and after.resources[fr.faction] == 0 and s.resources[fr.faction] > 0
        if fr.limited or fr.max is not None or not spent:
            continue
        why = why_ended(s, a)
        assert why is not None and why[1].endswith("and none is left (3.1.3)"), why
        seen += 1
    if not seen:
        pytest.skip("no Command spent its last Resource in the sampled games")


def test_a_step_that_leaves_the_frame_something_to_do_ended_nothing() -> None:
    state = vijayanagara.new_game(7)
    assert all(why_ended(state, a) is None for a in vijayanagara.legal_actions(state))


def _rebel_move(state: vijayanagara.GameState) -> vijayanagara.Action | None:
    """A legal move of Rebelling Rajas from a space holding no obedient ones."""
    if vijayanagara.chance(state) is not None:
        return None
    for a in vijayanagara.legal_actions(state):
        rebels = isinstance(a, Move) and a.piece == Piece.REBEL_RAJA
        if rebels and not state.spaces[a.origin].pieces.get(Piece.RAJA, 0):
            return a
    return None


def test_rajas_named_where_only_rebelling_rajas_stand_are_told_their_name() -> None:
    """A trial's `move 2 raja from andhra to karnataka` read "no Rajas in Andhra" with 4
    Rebelling Rajas standing there: orders name them `rebel-raja`."""
    state = find(lambda s: _rebel_move(s) is not None)
    a = _rebel_move(state)
    assert isinstance(a, Move)
    text = refusal(state, a.model_copy(update={"piece": Piece.RAJA}))
    assert "no Rajas in" in text and "Rebelling Raja" in text and "`rebel-raja`" in text, text


def test_rajas_named_where_only_rebelling_rajas_may_go_are_read_as_them() -> None:
    """A trial typed `move 3 raja from karnataka to maharashtra` for the 5 Rebelling Rajas
    there and learnt `rebel-raja` from the refusal: where only the Rebelling form is allowed,
    the order is read as it (the refusal stays for a step read as typed)."""
    state = find(lambda s: _rebel_move(s) is not None)
    a = _rebel_move(state)
    assert isinstance(a, Move) and a.piece == Piece.REBEL_RAJA
    typed = vijayanagara.describe(state, a).replace("rebel-raja", "raja")
    assert vijayanagara.parse(state, typed) == [a]
    assert vijayanagara.parse(state, vijayanagara.describe(state, a)) == [a]


def test_every_command_a_step_ends_by_itself_says_why() -> None:
    """A trial's `rally; place 3 raja in karnataka; place 1 raja in andhra; place 1 raja in
    tamilakam` was cut at step 4 "as step 3 ended Vijayanagara Empire's decision", no why
    given: its last Raja Available was placed. Every Command a step ends names its reason."""
    ended = _commands_ended(range(6))
    assert len(ended) >= 10
    for _, s, a in ended:
        why = why_ended(s, a)
        assert why is not None, vijayanagara.describe(s, a)
