"""A readable order the rules forbid is refused by the rule (the rules text's heading) with what
is allowed now, never as an order that cannot be read (Playing the game; Withdraw; Finishing
a withdrawal; The special cards)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import on_turn, run
from taj_helpers import arrange, order, settle, started, with_hands

from bot.table.service import GameService
from rules.capabilities import notation_of
from rules.errors import IllegalAction
from rules.taj_mahal import GAME, SEATS, State, TajOptions
from rules.taj_mahal.state import NO, Place, Play, Take

HEADINGS = ("(Playing the game)", "(Withdraw)", "(Finishing a withdrawal)", "(The special cards)")


def refusal(s: State, text: str) -> str:
    seat = GAME.to_move(s)
    assert seat is not None
    with pytest.raises(IllegalAction) as e:
        notation_of(GAME).parse(GAME.view(s, seat), text, seat)
    return e.value.reason


def bound_to_red() -> State:
    s = with_hands(
        started(3),
        ["red vizier", "red general", "green general", "white elephant"],
        ["yellow monk"],
        ["violet monk"],
    )
    return order(order(order(s, "play red vizier"), "play yellow monk"), "play violet monk")


def test_a_colour_other_than_the_one_the_visit_was_opened_with_names_the_binding() -> None:
    reason = refusal(bound_to_red(), "play green general")
    assert reason.startswith("you are bound to red this visit (you opened it with red)")
    assert "free colour change card (Playing the game)" in reason


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("play white elephant", "a white card is played only with a coloured card"),
        # a card not held is told so first (a trial was told only "never alone")
        ("play white monk", "you hold no white monk: your white cards are"),
        ("play red general with special points", "lies beside the board: it is won with two"),
        ("play red general with white elephant with white elephant", "at most two cards a turn"),
        ("play red general with red vizier", "only one coloured card is played a turn"),
        ("play red monk", "you hold no red monk: your red cards are red general"),
        ("play red general with white monk", "you hold no white monk: your white cards are"),
        ("palace agra", "only after you withdraw"),
        ("take red monk", "only after you withdraw"),
    ],
)
def test_each_forbidden_play_names_its_rule(text: str, said: str) -> None:
    reason = refusal(bound_to_red(), text)
    assert said in reason


def test_a_special_card_of_another_player_or_played_already_says_so() -> None:
    s = arrange(bound_to_red(), special_holder=(NO, NO, 1, NO))
    assert "is Orange's" in refusal(s, "play red general with special points")


def test_in_a_withdrawal_the_other_steps_say_where_the_player_stands() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["violet monk"])
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play violet monk")
    s = order(s, "withdraw")
    assert "place a palace for the Vizier now (Withdraw)" in refusal(s, "play red general")
    assert "place a palace for the Vizier now (Withdraw)" in refusal(s, "withdraw")
    assert "first place your palaces" in refusal(s, "take red monk")
    other = next(c for c in GAME.view(s, None).state.board.city_ids if c == "agra")
    assert "palaces go only on cities of the current province (Withdraw)" in refusal(
        s, f"palace {other}"
    )


def test_a_crown_typed_for_a_characters_palace_is_refused_not_placed_as_that_palace() -> None:
    """A trial who had won only the Vizier typed `crown peshawar` and was told "palace
    peshawar for the Vizier": the crown palace and a character's follow other rules."""
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["violet monk"])
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play violet monk")
    s = order(s, "withdraw")
    city = GAME.view(s, None).state.board.city_ids[GAME.legal_actions(s)[0].city]  # type: ignore[union-attr]
    said = refusal(s, f"crown {city}")
    assert said == "the crown is not yours to place: this is a palace for the Vizier (Withdraw)"


def test_a_palace_refused_lists_only_the_cities_still_open() -> None:
    """A trial's `palace lahore` in Kabul was listed "kabul, jalalabad, ghazni, peshawar",
    two of them taken: the list is of the cities the palace may still go to."""
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["violet princess"])
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play violet princess")
    s = order(s, "withdraw")
    s = GAME.apply(s, GAME.legal_actions(s)[0])  # Blue's palace for the Vizier
    while GAME.to_move(s) != "orange":  # its take from the supply (a card dealt first)
        s = settle(s) if GAME.chance(s) else GAME.apply(s, GAME.legal_actions(s)[0])
    s = order(s, "withdraw")  # Orange's Monk: a city of the province is Blue's now
    board = s.board
    open_ = {board.city_word(a.city) for a in GAME.legal_actions(s)}  # type: ignore[union-attr]
    assert len(open_) < len(board.cities_of[s.province])
    said = refusal(s, "palace agra")
    assert set(said.split("(Withdraw): ")[1].split(", ")) == open_, said


def test_two_plays_in_one_order_are_refused_by_the_one_play_a_turn_rule() -> None:
    """A trial's `play yellow princess; play yellow elephant` was told "'play' is not a
    colour"."""
    s = with_hands(
        started(3), ["yellow princess", "yellow elephant"], ["red monk"], ["violet monk"]
    )
    said = refusal(s, "play yellow princess; play yellow elephant")
    assert "one play a turn" in said and "(Playing the game)" in said, said


def test_every_readable_step_that_is_not_allowed_names_a_rule_or_the_missing_card() -> None:
    """Over random positions, every play, placement and take written out: allowed, or refused
    by a rule's heading (or for a card the seat does not hold)."""
    rng = random.Random(5)
    s = GAME.new_game(TajOptions(), SEATS[:4])
    refused = 0
    while GAME.result(s) is None and refused < 400:
        seat = GAME.to_move(s)
        if seat is not None:
            view = GAME.view(s, seat)
            legal = GAME.legal_actions(s)
            kinds = range(len(s.cards.kinds))
            tried = [Play(k, e) for k in kinds for e in (None, *kinds) if rng.random() < 0.01]
            tried += [Place(c) for c in range(len(s.board.city_ids)) if rng.random() < 0.1]
            tried += [Take((a, b)) for a in kinds for b in kinds if a <= b and rng.random() < 0.003]
            for a in tried:
                text = notation_of(GAME).describe(view, a)
                if a in legal:
                    continue
                try:
                    notation_of(GAME).parse(view, text, seat)
                except IllegalAction as e:
                    refused += 1
                    assert (
                        any(h in e.reason for h in HEADINGS)
                        or "you hold no" in e.reason
                        or ("the supply holds no" in e.reason)
                    ), (text, e.reason)
                else:
                    raise AssertionError(f"{text!r} was read, though not allowed")
        a = GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
    assert refused > 100


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(str(tmp_path / "ref.sqlite3"), FakeRenderer(), clock=lambda: 1.0)
    yield s
    await s.close()


async def test_through_the_service_a_forbidden_colour_is_refused_by_the_rule(
    service: GameService,
) -> None:
    users = (41, 42, 43)
    await run(service, "720", users[0], "create", "taj_mahal")
    for user, seat in zip(users, SEATS, strict=False):
        assert (await run(service, "720", user, "join", "taj_mahal", seat=seat)).ok
    await run(service, "720", users[0], "start", "taj_mahal")
    turn = await on_turn(service, "720")
    assert turn is not None
    r = await run(service, "720", turn[1], "play", "taj_mahal", order="play white elephant")
    assert not r.ok and "not an order I can read" not in r.text
    # the rule, or, where this deal gave the seat no white elephant, that first (a trial)
    said = r.text.split("`play white elephant` was refused: ", 1)[1]
    assert said.startswith(("a white card is played only with", "you hold no white")), said
