"""The table tells what happened, in the rules' words: each withdrawal's forces won (or why
none), its palaces and bonus tiles, its points by source (Influence points 1-3), a card drawn
from the deck as a count to all and by name to its drawer alone, the trades at a visit's end
(Ending a visit; The special cards) and the hands' points at the game's end (Game end)."""

from __future__ import annotations

import random
import re

from taj_helpers import BOARD, CARDS, arrange, city, started, with_hands

from rules.capabilities import narration_of, notation_of
from rules.taj_mahal import GAME, SEATS, State, TajOptions
from rules.taj_mahal.components import MONK
from rules.taj_mahal.scoring import hand_points
from rules.taj_mahal.state import Action, Draw, Withdraw
from rules.words import count_of

BLUE = 0
POINTS = re.compile(r"^(\w+) scores (?:no points|(\d+) points?) for this withdrawal")


def step(s: State, a: Action) -> tuple[State, list[str]]:
    """`a` applied, with the lines the table is told (from the public views)."""
    seat = GAME.to_move(s)
    after = GAME.apply(s, a)
    return after, narration_of(GAME).narrate(GAME.view(s, None), a, GAME.view(after, None), seat)


def said(s: State, text: str, seed: int = 0) -> tuple[State, list[str]]:
    """The seat to move writes `text`; then every chance step is dealt; all the lines told."""
    seat = GAME.to_move(s)
    assert seat is not None
    (a,) = notation_of(GAME).parse(GAME.view(s, seat), text, seat)
    s, lines = step(s, a)
    rng = random.Random(seed)
    while GAME.chance(s) is not None:
        s, more = step(s, GAME.deal(s, rng.randrange))
        lines += more
    return s, lines


def played_out(s: State, *orders: str) -> tuple[State, list[str]]:
    out: list[str] = []
    for text in orders:
        s, lines = said(s, text)
        out += lines
    return s, out


def tile_on(s: State, name: str, kind: str, commodity: str | None = None) -> State:
    """`s` with a bonus tile of that kind on the city `name`."""
    tile = next(
        i
        for i, t in enumerate(BOARD.bonus_tiles)
        if t.kind == kind and (commodity is None or t.commodity == commodity)
    )
    bonus = list(s.bonus_on)
    bonus[city(name)] = tile
    return arrange(s, bonus_on=tuple(bonus))


def test_a_withdrawal_tells_its_forces_palaces_bonus_tile_and_points_by_source() -> None:
    s = with_hands(started(3), ["yellow vizier+elephant"], ["yellow monk"], ["green monk"])
    province = s.province_order[0]
    fortress = next(c for c in BOARD.cities_of[province] if BOARD.fortress[c])
    s = tile_on(s, BOARD.city_ids[fortress], "points")
    s, _ = played_out(s, "play yellow vizier+elephant", "play yellow monk", "play green monk")
    s, lines = said(s, "withdraw")
    assert lines == [
        f"Blue: withdraw: wins the Vizier and province tile 1 ({BOARD.province_tiles[0][0]})"
    ]
    value = BOARD.tile(s.bonus_on[fortress]).value
    s, lines = said(s, f"palace {BOARD.city_ids[fortress]}")
    assert f"takes the bonus tile, +{value} points" in lines[0]
    title = BOARD.province_titles[province]
    assert lines[1] == (
        f"Blue scores {value + 2} points for this withdrawal: bonus tiles +{value}; "
        f"province tile 1 +1 ({BOARD.province_tiles[0][0]}: 1); palaces +1 ({title}) "
        f"(total {value + 2})."
    )
    assert s.scores[BLUE] == value + 2


def test_a_withdrawal_that_wins_nothing_says_which_rivals_had_as_many_or_more() -> None:
    """Every rival at the top is named (a trial read one, and held as many itself)."""
    s = with_hands(started(3), ["red monk"], ["yellow monk+vizier"], ["green monk"])
    s, _ = played_out(s, "play red monk", "play yellow monk+vizier", "play green monk")
    s, lines = said(s, "withdraw")
    assert lines[0] == (
        "Blue: withdraw: wins nothing, Blue having no majority to win (Monk: tied with Orange "
        "and Brown at 1)"
    )
    assert lines[1] == "Blue scores no points for this withdrawal (total 0)."


def test_the_grand_mogul_and_the_elephant_not_won_name_what_they_would_win() -> None:
    """A trial read "Grand Mogul: tied with Orange at 1" beside a court that lists "the
    crown": the forces that win the crown and the province tile say so."""
    s = with_hands(
        started(3),
        ["red general+elephant", "white mogul"],
        ["yellow mogul", "white elephant"],
        ["green monk"],
    )
    s, _ = played_out(
        s,
        "play red general+elephant with white mogul",
        "play yellow mogul with white elephant",
        "play green monk",
    )
    s, lines = said(s, "withdraw")
    assert lines[0] == (
        "Blue: withdraw: wins the General (not won: Grand Mogul (the crown): tied with Orange "
        "at 1; Elephant (the province tile): tied with Orange at 1)"
    )


def test_a_force_whose_tile_left_the_court_earlier_is_named_as_won_earlier() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["green general"])
    s = arrange(s, court=(False, True, True, True))
    s, _ = played_out(s, "play red vizier", "play yellow monk", "play green general")
    s, lines = said(s, "withdraw")
    assert lines[0] == (
        "Blue: withdraw: wins nothing, Blue having no majority to win (Vizier: its tile was "
        "won earlier this visit)"
    )


def test_an_early_withdrawal_draws_a_card_told_to_all_as_a_count_and_by_name_to_its_drawer() -> (
    None
):
    s = started(3)
    deck = len(s.deck)
    seat = GAME.to_move(s)
    s, lines = step(s, Withdraw())
    assert lines == [
        "Blue: withdraw: before playing a card, so it wins nothing and draws a card from the "
        "deck (Finishing a withdrawal)"
    ]
    drawn = GAME.deal(s, random.Random(3).randrange)
    assert isinstance(drawn, Draw) and drawn.card is not None
    after, lines = step(s, drawn)
    assert lines == [
        f"Blue draws a card from the deck ({deck - 1} cards left in it)",
        "Blue scores no points for this withdrawal (total 0).",
    ]
    name = CARDS.kinds[drawn.card]
    mine = narration_of(GAME).told_to(GAME.view(after, seat), drawn)
    assert mine is not None and mine.startswith("You drew ") and name.colour in mine
    assert narration_of(GAME).told_to(GAME.view(after, SEATS[1]), drawn) is None
    assert narration_of(GAME).told_to(GAME.view(after, None), drawn) is None


def test_a_visit_end_tells_the_trades_what_left_the_game_and_who_starts_next() -> None:
    s = with_hands(started(3), ["red monk"], ["yellow general"], ["green general"])
    s = arrange(s, influence=((0, 0, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    s, _ = played_out(s, "play red monk", "play yellow general", "play green general")
    out: list[str] = []
    while s.visit == 0:
        seat = GAME.to_move(s)
        assert seat is not None
        s, lines = step(
            s, GAME.legal_actions(s)[-1] if s.phase == "turn" else GAME.legal_actions(s)[0]
        )
        out += lines
        while GAME.chance(s) is not None and s.visit == 0:
            s, more = step(s, GAME.deal(s, random.Random(1).randrange))
            out += more
    special = CARDS.kinds[CARDS.special_of[MONK]].title
    end = out.index(f"Visit 1 ({BOARD.province_titles[s.province_order[0]]}) ends.")
    ranked = sorted(range(3), key=lambda i: (-s.scores[i], i))
    said = [f"{s.seats[i].capitalize()} {count_of(s.scores[i], 'point')}" for i in ranked]
    assert out[end + 1] == f"Standings after visit 1: {said[0]}, {said[1]} and {said[2]}."
    assert (
        f"Blue trades two Monk tiles for the special card {special} (from beside the board)."
        in out[end:]
    )
    assert out[-1] == f"Orange starts visit 2 ({BOARD.province_titles[s.province_order[1]]})."


def test_two_tiles_traded_for_a_special_card_already_held_are_said_discarded() -> None:
    """A trial could not tell whether its two tiles went for nothing (they do: the note on
    trading, The special cards)."""
    from rules.taj_mahal.narration import trade_lines

    s = arrange(started(3), influence=((0, 0, 2, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    monk = CARDS.specials.index(CARDS.special_of[MONK])
    holder = list(s.special_holder)
    holder[monk] = 0
    s = arrange(s, special_holder=tuple(holder))
    special = CARDS.kinds[CARDS.special_of[MONK]].title
    assert trade_lines(s, CARDS) == [
        f"Blue trades two Monk tiles for the special card {special} (already its own: the two "
        "tiles are discarded, with no further effect)."
    ]


def withdrawals(players: int, seed: int) -> tuple[list[tuple[str, int, int]], State, list[str]]:
    """A random game: for each withdrawal, its seat, the points its line told and the points
    it scored (the score after its last scoring step less the score before it); the final
    state and every line told."""
    rng = random.Random(seed)
    s = GAME.new_game(TajOptions(), SEATS[:players])
    told: list[str] = []
    found: list[tuple[str, int, int]] = []
    start: dict[str, int] = {}
    while GAME.result(s) is None:
        a = GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
        if isinstance(a, Withdraw):
            start[s.seats[s.turn]] = s.scores[s.turn]
        s, lines = step(s, a)
        told += lines
        for line in lines:
            m = POINTS.match(line)
            if m:
                seat = m.group(1).lower()
                i = s.seats.index(seat)
                over = s.phase == "over"
                hand = hand_worth(s, i) if over else 0
                found.append((seat, int(m.group(2) or 0), s.scores[i] - hand - start.pop(seat)))
    assert not start, f"withdrawals with no points line: {start}"
    return found, s, told


def hand_worth(s: State, i: int) -> int:
    return hand_points(s.cards, s.hands[i], s.special_holder.count(i))


def test_every_withdrawal_of_whole_games_is_followed_by_its_points_as_scored() -> None:
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        found, s, told = withdrawals(players, seed)
        assert len(found) == 12 * players  # each seat withdraws once a visit
        assert all(said == scored for _, said, scored in found), found
        # the game's end: each seat before the hands, its hand by rule, the total
        end = told.index(
            "Game end: each hand scores 1 per special card, 1 per white card "
            "and 1 per card of its longest colour."
        )
        for i, line in enumerate(told[end + 1 : end + 1 + players]):
            m = re.match(
                r"(\w+): (\d+) before the hands \+ hand (\d+) \((.*)\) = (\d+) points?\.$", line
            )
            assert m, line
            assert m.group(1) == s.seats[i].capitalize()
            assert int(m.group(2)) + int(m.group(3)) == int(m.group(5)) == s.scores[i]
            assert int(m.group(3)) == hand_worth(s, i)


def test_a_special_card_played_says_what_it_does() -> None:
    """The special cards: +2 influence points at once; the free colour change frees the card
    played with it."""
    s = with_hands(started(3), ["red vizier", "green monk"], ["yellow monk"], ["violet monk"])
    points = CARDS.specials[[CARDS.kinds[k].effect for k in CARDS.specials].index("points")]
    change = CARDS.specials[[CARDS.kinds[k].effect for k in CARDS.specials].index("colour_change")]
    holder = [0 if k in (points, change) else -1 for k in CARDS.specials]
    s = arrange(s, special_holder=tuple(holder))
    s, lines = said(s, "play red vizier with special points")
    assert lines == [
        "Blue: play red vizier with special points (+2 points at once: The special cards)"
    ]
    assert s.scores[BLUE] == 2
    s, _ = played_out(s, "play yellow monk", "play violet monk")
    s, lines = said(s, "play green monk with special change")
    assert lines == [
        "Blue: play green monk with special change (the free colour change: this card need not "
        "match the visit's colour)"
    ]


def test_the_rules_at_the_table_say_what_a_trial_could_not_tell() -> None:
    """A trial lost two special cards it had traded for, saw palaces beside crown palaces on
    an "empty city", and could not tell that a card played with the free colour change does
    not fix the colour (The special cards; Majority with Grand Mogul)."""
    from rules.capabilities import reference_of

    told = reference_of(GAME).rules_reference
    assert "taken from the table or from whoever holds it" in told("visit end")
    assert "a crown palace alone there leaves room for one" in told("withdraw")
    assert "one played with the free colour change does not: the next does" in told("turn")
    assert "A hand has no limit." in told("supply")
    # a trial's palace, placed to cut a rival's roads, took the rival's crown beside it; and
    # two palaces in one province scored the province once
    assert "even one holding another player's palace" in told("withdraw")
    assert "once, however many palaces you have there" in told("points")
