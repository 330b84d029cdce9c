"""Orders that forgive, from the player's side through the service: a redundant
trailing `done`, refusals that show the real position, one trade syntax, prompts that name
who decides, Commands that would do nothing, and bounded input."""

from __future__ import annotations

import os
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord.front_end import DISCORD
from bot.table.service import GameService
from bot.terminal.local import text_command
from rules import vijayanagara
from rules.capabilities import reference_of
from rules.vijayanagara.game import GAME

CH = "orders"
# random texts parsed in the suite; `CHAUPAL_EXAMPLES=300 .venv/bin/python -m pytest
# tests/test_service_orders.py -k parse` tries more
EXAMPLES = int(os.environ.get("CHAUPAL_EXAMPLES") or "60")
D, B, V = (
    SEATS[vijayanagara.Faction.D],
    SEATS[vijayanagara.Faction.B],
    SEATS[vijayanagara.Faction.V],
)


@pytest.fixture
async def svc(migrated_sqlite_path: Path) -> AsyncIterator[GameService]:
    """The service on a SQLite file only: what these tests check is the orders' reading and
    their replies, and the database calls an order makes (stored, or refused and rolled back,
    the state loaded again) are those test_service checks on both backends, a whole game of
    orders included (test_full_game_through_orders)."""
    # orders typed one after another, as in the terminal: no double-submit guard (a player who
    # holds several seats sends the same step twice on purpose; test_discord_commands covers it)
    s = await GameService.open(
        str(migrated_sqlite_path), FakeRenderer(), guard_repeats=False, front=DISCORD
    )
    yield s
    await s.close()


async def seated(svc: GameService, seed: int, channel: str = CH) -> None:
    assert (await svc.lobby.create(channel, D, seed=seed, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(channel, uid, f.value)).ok
    assert (await svc.lobby.start(channel, D)).ok


async def state_now(svc: GameService, channel: str = CH) -> vijayanagara.GameState:
    game = await svc.store.open_game(channel) or await svc.store.latest_game(channel)
    assert game is not None
    return await svc.loader.state_of(game)


def seat_of(state: vijayanagara.GameState) -> int:
    f = vijayanagara.decider(state)
    assert f is not None
    return SEATS[f]


def _stack(state: vijayanagara.GameState) -> list[tuple[str, vijayanagara.Faction | None]]:
    # A battle's phase is a frame of its own, but a phase ending is not the battle ending.
    return [(fr.kind, fr.faction) for fr in state.frames if not fr.kind.startswith("battle:")]


def frame_closed(before: vijayanagara.GameState, after: vijayanagara.GameState) -> bool:
    """The frame the step was taken in is gone (judged from the stacks, independently of
    the service's own bookkeeping)."""
    old, new = _stack(before), _stack(after)
    i = len(old) - 1
    if after.game_over or len(new) <= i:
        return True
    return new[i] != old[i]


# -- 1. a trailing `done` that only closes what already closed ---------------------------


def closes_its_own_frame(
    shadow: vijayanagara.GameState,
    legal: list[vijayanagara.Action],
    a: vijayanagara.Action,
    after: vijayanagara.GameState,
) -> bool:
    """`a` ends a frame finished with `done` (a Command, or one that offered `done`): a Rally
    using the last Amirs, a Cavalry phase with no token left, a Limited Command after its
    space."""
    finished_with_done = vijayanagara.Done() in legal or shadow.frames[-1].kind.startswith("cmd:")
    return (
        finished_with_done and not isinstance(a, vijayanagara.Done) and frame_closed(shadow, after)
    )


def leaves_no_done_to_take(
    shadow: vijayanagara.GameState, a: vijayanagara.Action, after: vijayanagara.GameState
) -> bool:
    """`a` leaves no `done` for whoever played it: a Screen before the casualties, a step
    that hands the decision to another faction."""
    return (
        not isinstance(a, (vijayanagara.Done, vijayanagara.Undo))
        and not after.game_over
        and after.reveals == shadow.reveals  # a reveal ends the order there
        and (
            vijayanagara.decider(after) != vijayanagara.decider(shadow)
            or vijayanagara.Done() not in vijayanagara.legal_actions(after)
        )
    )


@pytest.mark.parametrize("seed", [3, 7])
async def test_whole_games_typing_a_redundant_done_after_each_closing_step_or_where_none_is_taken(
    svc: GameService, seed: int
) -> None:
    """Each decision that ends its own frame (`closes_its_own_frame`) is typed with `; done`
    after it: never refused, never changes the game, and taken quietly (a trial read "was not
    needed" after nearly every purchase: a last `done` closes what its order meant to).
    An order may always end with `done`: after a step that leaves no `done` to take for
    whoever played it (`leaves_no_done_to_take`), `step; done` plays the step, notes the
    `done` and applies it to nobody else's decision. And a new card always brings a board,
    even when the same faction decides on it. One game a seed checks them all: the random
    steps are the same whatever is typed after them."""
    await seated(svc, seed)
    r = random.Random(seed)
    shadow = await state_now(svc)
    redundant = ended = same_faction_new_card = 0
    for _ in range(3000):
        if shadow.game_over:
            break
        legal = vijayanagara.legal_actions(shadow)
        a = r.choice(legal)
        after = vijayanagara.apply(shadow, a)
        order = vijayanagara.describe(shadow, a)
        if vijayanagara.idle_note(shadow, a):
            order += "; confirm"
        closing = closes_its_own_frame(shadow, legal, a, after)
        no_done = leaves_no_done_to_take(shadow, a, after)
        redundant += closing
        ended += no_done
        if closing or no_done:
            order += "; done"
        reply = await svc.moves.play(CH, seat_of(shadow), order)
        assert reply.ok, f"{order!r}: {reply.text}"
        if closing or no_done:
            assert "was not needed:" not in reply.text, reply.text
        if after.current_card != shadow.current_card:
            assert reply.image is not None, order
            same_faction_new_card += vijayanagara.decider(after) == vijayanagara.decider(shadow)
        shadow = after
        now = await state_now(svc)
        assert now == shadow, (now.model_dump(), shadow.model_dump())  # field by field
    assert shadow.game_over and redundant > 10 and ended > 10
    assert same_faction_new_card > 0


async def test_a_limited_command_ends_after_its_space_so_done_is_accepted(
    svc: GameService,
) -> None:
    await seated(svc, 7)  # Delhi decides first on seed 7
    reply = await svc.moves.play(CH, D, "limited; conscript; place 5 troop in delhi; done")
    assert reply.ok, reply.text
    assert "was not needed" not in reply.text, reply.text  # a last `done`: taken quietly
    assert vijayanagara.decider(await state_now(svc)) == vijayanagara.Faction.B


async def test_two_dones_close_two_frames_only_when_both_ended(svc: GameService) -> None:
    """A `done` beyond what ended by itself is still a real step (here: refused, since the
    next faction decides), so nothing is silently swallowed."""
    await seated(svc, 7)
    reply = await svc.moves.play(
        CH, D, "limited; conscript; place 5 troop in delhi; done; done; done"
    )
    assert not reply.ok
    assert "Step 5 (`done`) was refused, so nothing was played" in reply.text
    assert "a Limited Command acts in one space (2.3.5)" in reply.text


LIMITED_ENDED = (
    "step 3 (`place 1 troop in delhi`) ended Delhi Sultanate's Limited Conscript: a Limited "
    "Command acts in one space (2.3.5)"
)


@pytest.mark.parametrize(
    "fourth", ["place 1 troop in delhi", "place 1 troop in sindh", "select delhi", "pass"]
)
async def test_a_step_after_a_limited_command_ended_names_2_3_5_and_who_decides(
    svc: GameService, fourth: str
) -> None:
    """Whatever the next step of the order, it was refused because the Limited Command had
    its one space: the refusal says so, with the rule, and who decides now."""
    await seated(svc, 7)  # Delhi decides first on seed 7
    before = (await state_now(svc)).model_dump()
    reply = await svc.moves.play(CH, D, f"limited; conscript; place 1 troop in delhi; {fourth}")
    assert not reply.ok
    assert f"Step 4 (`{fourth}`) was refused, so nothing was played" in reply.text, reply.text
    assert LIMITED_ENDED in reply.text and "turn" not in reply.text.split("decides now")[0]
    assert "Bahmani Kingdom (<@202>) decides now: Bahmani Kingdom on card" in reply.text
    assert (await state_now(svc)).model_dump() == before


async def test_a_player_of_every_seat_is_told_the_limited_command_ended_not_whose_turn(
    svc: GameService,
) -> None:
    """One person holds all three seats: as Delhi (`as_faction`) the fourth step is refused
    for the rule that ended Delhi's Command; without it, the step is Bahmani's, refused by
    Bahmani's own decision, and the refusal still says what ended Delhi's."""
    assert (await svc.lobby.create(CH, D, seed=7, kind="vijayanagara")).ok
    for f in "DBV":
        assert (await svc.lobby.join(CH, D, f)).ok
    assert (await svc.lobby.start(CH, D)).ok
    order = "limited; conscript; place 1 troop in delhi; place 1 troop in delhi"
    forced = await svc.moves.play(CH, D, order, as_faction="D")
    assert not forced.ok and LIMITED_ENDED in forced.text, forced.text
    assert "not Delhi Sultanate's turn" not in forced.text
    as_next = await svc.moves.play(CH, D, order)
    assert not as_next.ok, as_next.text
    assert "Step 4 (`place 1 troop in delhi`) was refused" in as_next.text
    assert f"({LIMITED_ENDED}.)" in as_next.text


async def test_a_trade_after_a_hand_off_keeps_its_own_refusal(svc: GameService) -> None:
    """Only a decision's step is refused for the hand-off; a trade's refusal is the trade's."""
    await seated(svc, 7)
    reply = await svc.moves.play(
        CH, D, "limited; conscript; place 1 troop in delhi; give 1 resources from B to D"
    )
    assert not reply.ok and "you do not sit as B" in reply.text, reply.text


async def test_a_refusal_lists_what_is_allowed_in_the_real_position(svc: GameService) -> None:
    await seated(svc, 7)
    before = (await state_now(svc)).model_dump()
    reply = await svc.moves.play(CH, D, "command; march; move 40 troop from delhi to malwa")
    assert not reply.ok
    assert "At that step the choices" in reply.text  # (those like it, or all)
    # the real position is the card's first decision, not the hypothetical March
    assert reply.text.split("Allowed now: ")[1].startswith("`command+decree`")
    assert (await state_now(svc)).model_dump() == before


async def test_an_unreadable_step_after_one_out_of_place_names_that_one_too(
    svc: GameService,
) -> None:
    """A trial's step 5 could not be read and it was told the steps allowed now, not that
    its step 3 (a placement before the Province was selected) was already out of place."""
    await seated(svc, 7)
    before = (await state_now(svc)).model_dump()
    order = "command; march; select delhi; move 40 troop from delhi to malwa; attack it all"
    reply = await svc.moves.play(CH, D, order)
    assert not reply.ok
    assert "Step 5 (`attack it all`) is not an order I can read" in reply.text, reply.text
    assert "Before it, step 3 (`select delhi`) was refused: " in reply.text, reply.text
    assert (await state_now(svc)).model_dump() == before


# -- 2. every prompt names the faction that decides ---------------------------------------


def test_every_prompt_names_the_deciding_faction() -> None:
    for seed in (1, 5):
        state = vijayanagara.new_game(seed)
        r = random.Random(seed)
        while not state.game_over:
            p = vijayanagara.prompt(state)
            assert p.faction is not None
            assert vijayanagara.FACTION_NAMES[p.faction] in p.text, p.text
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))


def test_the_card_text_of_a_mongol_invasion_names_who_runs_the_mongols() -> None:
    text = reference_of(GAME).lookup(vijayanagara.GameOptions(), "37")
    assert "Bahmani Kingdom runs the Mongol Invaders" in text


async def test_the_next_line_names_the_faction_and_its_player(svc: GameService) -> None:
    await seated(svc, 7)
    status = await svc.views.status(CH)
    assert f"**Next:** Delhi Sultanate <@{D}> on card " in status.text
    nxt = status.text.split("**Next:**", 1)[1]
    assert nxt.count("Delhi Sultanate") == 1  # named once, not "D decides — D on card ..."


async def test_a_mongol_decision_names_the_mongols_and_who_decides_for_them(
    svc: GameService,
) -> None:
    await seated(svc, 7)
    game = await svc.store.open_game(CH)
    assert game is not None
    state = await svc.loader.state_of(game)
    r = random.Random(1)
    while not vijayanagara.prompt(state).for_mongols:  # play on to a Mongol Invasion
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
        dealt, _ = await svc.pipeline.deal(game, state, 10_000 + state.actions_taken)
        assert isinstance(dealt, vijayanagara.GameState)
        state = dealt
    p = vijayanagara.prompt(state)
    assert p.faction is not None
    line, mentions = svc.texts.prompt_text(game, state)
    assert line.startswith(f"**Next:** Mongols (decided by {p.faction.value}) <@")
    assert mentions == [SEATS[p.faction]]


async def test_every_next_line_names_the_deciding_faction_once(svc: GameService) -> None:
    """A trial read "Next: Vijayanagara Empire — Vijayanagara Empire, Event The Raichur
    Doab (unshaded): ..." in an Event's choice: the faction is named once, whatever follows
    its name in the prompt."""
    await seated(svc, 3)
    game = await svc.store.open_game(CH)
    assert game is not None
    state = await svc.loader.state_of(game)
    # (seed 3's random steps reach no Event's choice in 400 since a lone Plunder space is
    # taken unasked, 3.5.3)
    r = random.Random(4)
    events = 0
    while not state.game_over and state.actions_taken < 400:
        p = vijayanagara.prompt(state)
        if p.faction is not None and not p.for_mongols:
            line, _ = svc.texts.prompt_text(game, state)
            name = vijayanagara.FACTION_NAMES[p.faction]
            head = f"**Next:** {name} <@{SEATS[p.faction]}>"
            assert line.startswith(head) and not line[len(head) :].startswith(f" — {name}"), line
            events += line.startswith(f"{head}, Event ")
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
        dealt, _ = await svc.pipeline.deal(game, state, 10_000 + state.actions_taken)
        assert isinstance(dealt, vijayanagara.GameState)
        state = dealt
    assert events, "no Event's choice was reached"


async def test_a_listing_gives_the_key_of_the_entries_it_shows_not_of_all(
    svc: GameService,
) -> None:
    """A trial's refused `place 2 raja in andhra` listed `place 1 raja in andhra|tamilakam`
    with a key for a `1-3` it did not show: the key reads the entries shown."""
    from rules.capabilities import menus_of

    await seated(svc, 3)
    game = await svc.store.open_game(CH)
    assert game is not None
    state = await svc.loader.state_of(game)
    r, checked = random.Random(3), 0
    while not state.game_over and state.actions_taken < 400:
        entries, _ = menus_of(GAME).grouped_choices(state, vijayanagara.legal_actions(state))
        ranged = [e for e in entries if re.search(r"\d-\d", e)]
        plain = [e for e in entries if "|" in e and not re.search(r"\d-\d", e)]
        if ranged and plain:
            typed = plain[0].strip("`").split("|")[0]
            shown, like = svc.texts.listing(game, state, typed=typed)
            listed = shown.split(" (`")[0]  # the entries, before their key
            assert like and ("stands for any number" in shown) == bool(
                re.search(r"\d-\d", listed)
            ), shown
            checked += 1
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
        dealt, _ = await svc.pipeline.deal(game, state, 10_000 + state.actions_taken)
        assert isinstance(dealt, vijayanagara.GameState)
        state = dealt
    assert checked, "no listing of a choice beside a range was reached"


# -- 3. one trade syntax, its natural variants accepted --------------------------------------


@pytest.mark.parametrize(
    ("user", "line"),
    [
        (D, "give B 2 resources"),
        (D, "give 2 resources from D to B"),
        (D, "as D: give B 2 resources"),
        (D, "give 2 resources to B"),
        (D, "give B 2 resources from D"),
        (D, "play give 2 resources from D to B"),
    ],
)
async def test_every_documented_trade_form_is_accepted(
    svc: GameService, user: int, line: str
) -> None:
    await seated(svc, 7)
    before = await state_now(svc)
    reply = await text_command(svc, CH, user, line)
    assert reply.ok, reply.text
    after = await state_now(svc)
    assert after.resources[vijayanagara.Faction.B] == before.resources[vijayanagara.Faction.B] + 2
    assert after.resources[vijayanagara.Faction.D] == before.resources[vijayanagara.Faction.D] - 2


async def test_a_trade_inside_an_order_and_the_giver_must_be_yours(svc: GameService) -> None:
    await seated(svc, 7)
    assert (await svc.moves.play(CH, B, "give V 1 resources")).ok  # B gives, off-turn (1.5.2)
    refused = await svc.moves.play(CH, B, "give 1 resources from D to V")
    assert not refused.ok and "you do not sit as D" in refused.text


# -- 5. a Command that would select no space ------------------------------------------------


async def test_a_command_on_no_space_is_marked_and_asks_for_confirmation(
    svc: GameService,
) -> None:
    await seated(svc, 7)  # no space qualifies for Delhi's Attack at set-up
    assert (await svc.moves.play(CH, D, "command")).ok
    state = await state_now(svc)
    assert "attack (no space qualifies, ends at once)" in vijayanagara.prompt(state).text
    asked = await svc.moves.play(CH, D, "attack")
    assert not asked.ok and "confirm" in asked.text and "Nothing was played" in asked.text
    assert (await state_now(svc)).model_dump() == state.model_dump()
    done = await svc.moves.play(CH, D, "attack; confirm")
    assert done.ok, done.text
    assert "Attack done (no spaces)" in done.public_text


async def test_a_decree_that_would_do_nothing_is_marked_and_asks_for_confirmation(
    svc: GameService,
) -> None:
    await seated(svc, 7)  # at set-up no Province qualifies for Demand Obedience (4.2.3)
    assert (await svc.moves.play(CH, D, "command+decree")).ok
    state = await state_now(svc)
    assert (
        "demand-obedience (no province qualifies, does nothing)" in vijayanagara.prompt(state).text
    )
    asked = await svc.moves.play(CH, D, "demand-obedience")
    assert not asked.ok and "; confirm" in asked.text and "Nothing was played" in asked.text
    assert "no province qualifies, does nothing" in asked.text and "(4.1)" in asked.text
    assert (await state_now(svc)).model_dump() == state.model_dump()
    done = await svc.moves.play(CH, D, "demand-obedience; confirm")
    assert done.ok, done.text
    assert "Decrees: Demand Obedience" in done.public_text


async def test_the_slash_shortcuts_take_the_confirmation_too(svc: GameService) -> None:
    """`/vj command name:attack; confirm`, `/vj decree name:demand-obedience; confirm`."""
    await seated(svc, 7)
    assert (await svc.moves.play(CH, D, "command+decree")).ok
    asked = await svc.moves.shortcut(CH, D, "decree", arg="demand-obedience")
    assert not asked.ok and "; confirm" in asked.text
    done = await svc.moves.shortcut(CH, D, "decree", arg="demand-obedience; confirm")
    assert done.ok, done.text
    done = await svc.moves.shortcut(CH, D, "command", arg="attack; confirm")
    assert done.ok, done.text
    assert "Attack done (no spaces)" in done.public_text


async def test_the_refusal_list_marks_a_command_that_would_do_nothing(svc: GameService) -> None:
    await seated(svc, 7)
    assert (await svc.moves.play(CH, D, "command")).ok
    reply = await svc.moves.play(CH, D, "frobnicate")
    assert "`attack` (no space qualifies, ends at once)" in reply.text


# -- 9. input size and numbers -----------------------------------------------------------------


async def test_a_huge_order_is_refused_without_being_echoed(svc: GameService) -> None:
    await seated(svc, 7)
    reply = await svc.moves.play(CH, D, "pass " * 40_000)
    assert not reply.ok and len(reply.text) < 300
    assert "at most 4000" in reply.text


async def test_a_long_bad_step_is_quoted_only_as_an_excerpt(svc: GameService) -> None:
    await seated(svc, 7)
    reply = await svc.moves.play(CH, D, "x" * 3000)
    assert not reply.ok and len(reply.text) < 1000


@pytest.mark.parametrize(
    "order",
    ["place 99999 troop in delhi", "charge " + "9" * 3000, "place ² troop in delhi", "option-٣"],
)
async def test_numbers_in_orders_are_bounded_and_refused_clearly(
    svc: GameService, order: str
) -> None:
    await seated(svc, 7)
    reply = await svc.moves.play(CH, D, order)
    assert not reply.ok and "not an order I can read" in reply.text


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(max_size=80))
def test_parse_raises_only_invalid_or_ambiguous_order(text: str) -> None:
    try:
        vijayanagara.parse(None, text)
    except (vijayanagara.InvalidOrder, vijayanagara.AmbiguousOrder) as e:
        assert str(e)


# -- 7. the board: the whole turn outlined; a new card's board is in section 1's games ------


async def test_the_last_turn_is_outlined_not_only_its_last_step(svc: GameService) -> None:
    await seated(svc, 7)
    for order in ("command; conscript; place 1 troop in sindh", "place 1 troop in gujarat"):
        assert (await svc.moves.play(CH, D, order)).ok
    reply = await svc.moves.play(CH, D, "done")
    assert reply.image is not None
    renderer = svc.renderer
    assert isinstance(renderer, FakeRenderer)
    highlight = renderer.calls[-1][1]
    assert highlight is not None and {"sindh", "gujarat"} <= set(highlight)
    board = await svc.views.board(CH)  # `board` outlines the same turn
    assert board.image is not None and renderer.calls[-1][1] == highlight


async def test_status_counts_the_steps_played_not_the_undone_ones(svc: GameService) -> None:
    await seated(svc, 7)
    assert (await svc.moves.play(CH, D, "command; march; move 2 troop from delhi to malwa")).ok
    assert (await svc.moves.undo(CH, D, steps=1)).ok
    status = await svc.views.status(CH)
    assert "2 steps played" in status.text  # command, march: the move was taken back


async def test_a_button_for_a_command_on_no_space_asks_with_a_confirm_button(
    svc: GameService,
) -> None:
    await seated(svc, 7)
    reply = await svc.moves.play(CH, D, "command")
    attack = next(b for b in reply.buttons if b.label.startswith("attack"))
    assert attack.label == "attack (no space qualifies, ends at once)"
    asked = await svc.press(CH, D, attack.custom_id)
    assert not asked.ok and "Press Confirm" in asked.text
    assert [b.label for b in asked.buttons] == ["Confirm: attack"]
    done = await svc.press(CH, D, asked.buttons[0].custom_id)
    assert done.ok and "Attack done (no spaces)" in done.public_text


@pytest.mark.parametrize("what", ["²:{v}:a0", "1:²:a0", "1:{v}:a²", "1:{v}:c" + "9" * 5000])
async def test_a_forged_button_id_is_refused_not_crashed(svc: GameService, what: str) -> None:
    await seated(svc, 7)
    game = await svc.store.open_game(CH)
    assert game is not None
    reply = await svc.press(CH, D, "vj:" + what.replace("{v}", str(game.version)))
    assert not reply.ok and "not one of mine" in reply.text


def test_leading_zeros_do_not_hide_a_huge_number() -> None:
    assert vijayanagara.parse(None, "place 0005 troop in delhi")[0] == vijayanagara.Place(
        piece=vijayanagara.Piece.TROOP, count=5, space="delhi"
    )
    with pytest.raises(vijayanagara.InvalidOrder, match="too large"):
        vijayanagara.parse(None, "place 00100 troop in delhi")


async def test_autocomplete_continues_after_a_redundant_done(svc: GameService) -> None:
    await seated(svc, 7)
    typed = "limited; conscript; place 5 troop in delhi; done; "
    choices = await svc.autocomplete.legal_orders(CH, B, typed)
    assert choices and all(name.startswith(typed) for name, _ in choices)
    assert typed + "pass" in [name for name, _ in choices]  # Bahmani's decision comes next
