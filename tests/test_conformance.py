"""What every registered game must do (rules.game's protocol), checked on random games.

A game joins the project by its registration (bot/table/games/<game>.py: its rules, its
pictures and its AI players) and its one entry in bot/table/registry.py; then it must pass this
file, as does the game kept under tests/ written on the core alone (counting_game.py). Each
game plays a few random games to the end (SEEDS: a bounded sample, two of each player count or
three of a long game, so that the file stays fast; `CHAUPAL_WHOLE_GAMES=N .venv/bin/python -m
pytest tests/test_conformance.py` plays N more of each game), every step
chosen uniformly from `legal_actions` and every chance step dealt from a seeded dealer, and
every state and step of them is checked:

- no dead end: someone decides, chance is pending, or the game is over with a result;
- JSON round trips of states and actions; the same actions give the same states;
- parse(describe(a)) == [a] for every step a player takes, read as that player;
- the public view and every seat's view hide what `hidden` says that seat may not see;
- undo never crosses a chance step;
- the board picture of the public view is drawn for a sample of the states of a game of each
  player count (`pictured`: its first and last state, states spread evenly between, and the
  first state of each kind: each seat deciding, chance pending); `python bench/board_render.py
  --game GAME --every 1` draws every state of whole random games of any registered game.

Each random game is played once per worker process (`playout` is cached) and read by every
check above.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from dataclasses import dataclass
from functools import cache

import pytest
from counting_game import ENTRY as COUNTING
from pydantic import BaseModel

from ai.budget import Budget
from bot.product import variable
from bot.table.games.entry import build_registry
from bot.table.registry import ENTRIES
from rules.capabilities import (
    deadlines_of,
    menus_of,
    narration_of,
    notation_of,
    reference_of,
    talk_of,
    turns_of,
)
from rules.game import Game, Seat

AnyGame = Game[object, object, object, BaseModel]
HOSTED = build_registry(*ENTRIES, COUNTING)  # every game, and one written on the core alone

MORE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")
DEFAULT_SEEDS = 6 + MORE_GAMES  # two games of each player count of a game of 2 to 4 or 3 to 5
# long games: a few meet every kind of step
SEEDS = {"vijayanagara": 3 + MORE_GAMES, "successors": 3 + MORE_GAMES}
MAX_STEPS = 20_000  # a game longer than this is a dead end (a loop)
PICTURES = 6  # states drawn of the first random game of each player count (`pictured`)
AI_STATES = 3  # decisions per game each AI level is asked (one from each third)
HINT_STATES = 12  # decisions per game a hint is asked (spread over it)
PNG = b"\x89PNG\r\n\x1a\n"

CASES = [
    (g.info.id, seed) for g in HOSTED.games() for seed in range(SEEDS.get(g.info.id, DEFAULT_SEEDS))
]


@dataclass(frozen=True)
class Playout:
    game: AnyGame
    seats: tuple[Seat, ...]
    states: list[object]  # states[i + 1] = apply(states[i], actions[i])
    texts: list[str]  # each state's JSON when it was made
    actions: list[object]
    chance: list[bool]  # whether actions[i] was dealt


def game_of(gid: str) -> AnyGame:
    return next(g for g in HOSTED.games() if g.info.id == gid)


def player_counts(g: AnyGame) -> int:
    return g.info.max_players - g.info.min_players + 1


def seats_of(g: AnyGame, seed: int) -> tuple[Seat, ...]:
    """Every player count the game takes, in turn over the seeds."""
    return g.info.seats_for(g.info.min_players + seed % player_counts(g))


@cache
def playout(gid: str, seed: int) -> Playout:
    g = game_of(gid)
    seats = seats_of(g, seed)
    pick, dealer = random.Random(seed), random.Random(10_000 + seed)
    st = g.new_game(g.info.options(), seats)
    states, texts, actions, dealt = [st], [g.state_to_json(st)], [], []
    while g.result(st) is None:
        assert len(actions) < MAX_STEPS, f"{gid} seed {seed}: no end after {MAX_STEPS} steps"
        if g.chance(st) is not None:
            assert g.to_move(st) is None, "nobody decides while chance is pending"
            assert g.legal_actions(st) == [], "no player's step while chance is pending"
            a = g.deal(st, dealer.randrange)
            dealt.append(True)
        else:
            seat = g.to_move(st)
            assert seat in seats, f"{seat!r} decides, not one of the game's seats {seats}"
            legal = g.legal_actions(st)
            assert legal, f"a dead end: {seat} decides with no legal step"
            a = pick.choice(legal)
            dealt.append(False)
        st = g.apply(st, a)
        states.append(st)
        texts.append(g.state_to_json(st))
        actions.append(a)
    assert g.to_move(st) is None and g.chance(st) is None and g.legal_actions(st) == []
    return Playout(g, seats, states, texts, actions, dealt)


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_random_games_end_with_a_ranking_of_the_seats(gid: str, seed: int) -> None:
    p = playout(gid, seed)
    result = p.game.result(p.states[-1])
    assert result is not None and result.text
    ranked = [s for place in result.places for s in place]
    assert sorted(ranked) == sorted(p.seats) and result.winners
    assert all(p.game.result(st) is None for st in p.states[:-1])


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_the_result_is_told_once_by_the_end_message_not_by_the_last_step_too(
    gid: str, seed: int
) -> None:
    """The table ends a game with one message of its result (`The game is over.` and the
    result's text); the last step's own lines do not tell that text a second time."""
    p = playout(gid, seed)
    g = p.game
    result = g.result(p.states[-1])
    assert result is not None
    before, after = g.view(p.states[-2], None), g.view(p.states[-1], None)
    seat = None if p.chance[-1] else turns_of(g).actor(p.states[-2], p.actions[-1])
    told = narration_of(g).narrate(before, p.actions[-1], after, seat)
    assert not any(result.text in line for line in told), told


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_states_and_actions_round_trip_through_json(gid: str, seed: int) -> None:
    p = playout(gid, seed)
    g = p.game
    for text in p.texts:  # each state's JSON (test_the_same_actions_give_the_same_states)
        assert g.state_to_json(g.state_from_json(text)) == text
    for a in p.actions:
        assert g.action_from_json(g.action_to_json(a)) == a


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_the_same_actions_give_the_same_states(gid: str, seed: int) -> None:
    """And apply leaves the state it was given as it was."""
    p = playout(gid, seed)
    g = p.game
    assert [g.state_to_json(s) for s in p.states] == p.texts
    st = g.new_game(g.info.options(), p.seats)
    assert g.state_to_json(st) == g.state_to_json(p.states[0])
    for a, after in zip(p.actions, p.texts[1:], strict=True):  # the texts are the states'
        st = g.apply(st, g.action_from_json(g.action_to_json(a)))
        assert g.state_to_json(st) == after


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_a_steps_text_reads_back_as_that_step(gid: str, seed: int) -> None:
    p = playout(gid, seed)
    g = p.game
    for st, a, dealt in zip(p.states, p.actions, p.chance, strict=False):
        if dealt:
            continue
        seat = g.to_move(st)
        assert seat is not None
        view = g.view(st, seat)
        text = notation_of(g).describe(view, a)
        assert notation_of(g).parse(view, text, seat) == [a], f"{text!r} does not read back"


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_nonsense_and_overlong_text_is_refused(gid: str, seed: int) -> None:
    p = playout(gid, seed)
    g = p.game
    st = next(s for s in p.states if g.to_move(s) is not None)
    seat = g.to_move(st)
    assert seat is not None
    before = g.state_to_json(st)
    for text in ("%% no such move %%", "x" * 100_000):
        with pytest.raises(ValueError):
            notation_of(g).parse(g.view(st, seat), text, seat)
    assert g.state_to_json(st) == before


def pointer(doc: object, path: str) -> tuple[bool, object]:
    """(found, value) of a JSON pointer (RFC 6901) in a document."""
    node = doc
    for raw in path.split("/")[1:]:
        key = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            return False, None
    return True, node


def leaks(
    g: AnyGame, st: object, seat: Seat | None, view: object, full: object = None
) -> list[str]:
    """The pointers of `hidden(st, seat)` that `view` shows with their values (`full`: the
    state's JSON read back, when the caller has it)."""
    hidden = g.hidden(st, seat)
    if not hidden:
        return []
    full = json.loads(g.state_to_json(st)) if full is None else full
    shown = json.loads(notation_of(g).view_to_json(view))
    out = []
    for path, value in hidden.items():
        assert pointer(full, path) == (True, value), f"{path} is not in the state"
        # at the same place, or at that place in a state the view wraps ({"state": ...})
        wrapped = (
            [v for v in shown.values() if isinstance(v, dict)] if isinstance(shown, dict) else []
        )
        if any(pointer(tree, path) == (True, value) for tree in (shown, *wrapped)):
            out.append(path)
    return out


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_views_hide_what_the_game_says_is_hidden(gid: str, seed: int) -> None:
    p = playout(gid, seed)
    g = p.game
    for st, text in zip(p.states, p.texts, strict=True):
        full = json.loads(text)  # the state's JSON, read once for every seat
        for seat in (None, *p.seats):
            assert leaks(g, st, seat, g.view(st, seat), full) == [], (
                f"{seat or 'the public'} sees it"
            )


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_a_step_from_a_view_leaves_the_state_it_was_seen_from_as_it_was(
    gid: str, seed: int
) -> None:
    """A view may share parts with its state, each side copying a part before it changes it.
    Reading the view, and where a view is a state, taking the seat's step again from it (as
    an AI or a hint steps from what it sees), never changes the state."""
    p = playout(gid, seed)
    g = p.game
    for i, (st, a, dealt) in enumerate(zip(p.states, p.actions, p.chance, strict=False)):
        seat = g.to_move(st)
        if dealt or seat is None:
            continue
        view = g.view(st, seat)
        for read in (notation_of(g).describe, menus_of(g).explain, menus_of(g).note):
            read(view, a)
        talk_of(g).prompt(view, seat)
        if isinstance(view, type(st)):
            g.apply(view, a)
        assert g.state_to_json(st) == p.texts[i], f"step {i} changed the state through its view"


def test_the_check_of_views_catches_a_view_that_shows_a_secret() -> None:
    """A Vijayanagara state with a seeded dealer holds the future; its view drops it."""
    from rules import vijayanagara
    from rules.vijayanagara.game import GAME

    st = vijayanagara.new_game(5)
    g: AnyGame = GAME  # type: ignore[assignment]
    assert leaks(g, st, None, st) == ["/rng", "/order"]
    assert leaks(g, st, "D", g.view(st, "D")) == []


@pytest.mark.parametrize(("gid", "seed"), CASES)
def test_undo_never_crosses_a_chance_step(gid: str, seed: int) -> None:
    p = playout(gid, seed)
    for st, a, dealt in zip(p.states, p.actions, p.chance, strict=False):
        if dealt:
            assert p.game.undo_barrier(st, a)


def pictured(p: Playout, count: int) -> list[object]:
    """A stratified sample of a game's states: `count` spread evenly from its first state to
    its last, and the first state of each kind not among them (each seat deciding, chance
    pending), in the game's order."""
    g = p.game
    last = len(p.states) - 1
    n = min(count, last + 1)
    chosen = {round(i * last / max(1, n - 1)) for i in range(n)}
    kinds: dict[object, int] = {}
    for i, st in enumerate(p.states):
        kinds.setdefault("chance" if g.chance(st) is not None else g.to_move(st), i)
    return [p.states[i] for i in sorted(chosen | set(kinds.values()))]


def test_the_pictured_states_are_spread_over_the_game_and_meet_every_kind() -> None:
    p = playout("taj_mahal", 0)
    g = p.game
    sample = pictured(p, 5)
    assert sample[0] is p.states[0] and sample[-1] is p.states[-1]
    assert p.states[len(p.states) // 2] in sample
    assert {g.to_move(st) for st in sample} >= {*p.seats, None}
    assert any(g.chance(st) is not None for st in sample)
    assert len(sample) <= 5 + len(p.seats) + 1
    assert pictured(p, 10_000) == p.states


@pytest.mark.parametrize(
    ("gid", "seed"),
    [c for c in CASES if HOSTED.hosts(c[0]) and c[1] < player_counts(game_of(c[0]))],
)
def test_a_board_picture_for_a_sample_of_the_states(gid: str, seed: int) -> None:
    """The states `pictured` picks of a game of each player count (a board costs several ms,
    and the games are long: every state of whole games is bench/board_render.py's, with
    --every 1)."""
    p = playout(gid, seed)
    draw = HOSTED.pictures(gid).board
    for st in pictured(p, PICTURES):
        assert draw(p.game.view(st, None), None).startswith(PNG)


@pytest.mark.parametrize("gid", [g.info.id for g in HOSTED.games()])
def test_every_seats_view_goes_to_an_ai_worker_whole(gid: str) -> None:
    """An AI decides in a worker process, its view sent pickled: each seat's view of a sample
    of a game's states comes back equal."""
    p = playout(gid, 0)
    g = p.game
    for st in pictured(p, PICTURES):
        for seat in (*p.seats, None):
            v = g.view(st, seat)
            assert pickle.loads(pickle.dumps(v)) == v, (gid, seat)


@pytest.mark.parametrize("gid", [g.info.id for g in HOSTED.games()])
def test_every_level_of_ai_plays_a_legal_step(gid: str) -> None:
    """A step of the seat's decision, or a step aside its own seat may take now: a decision
    from the middle of each third of a game, at the smallest budget (one iteration). The
    setup's decisions are each game's own AI tests' (every kind of decision at every level:
    a Successors home, whose search plays futures into the sixth turn, costs a second)."""
    p = playout(gid, 0)
    g = p.game
    deciding = [st for st in p.states if g.to_move(st) is not None]
    third = max(1, len(deciding) // AI_STATES)
    picks = deciding[third // 2 :: third][:AI_STATES]
    for level, player in HOSTED.players(gid).items():
        for st in picks:
            seat = g.to_move(st)
            assert seat is not None
            a = player(g.view(st, seat), seat, random.Random(1), Budget(iterations=1))
            if turns_of(g).out_of_turn(a):  # a step aside of its own seat (a trade, a chit)
                assert turns_of(g).actor(st, a) == seat, f"{level} chose {a!r} for another"
                g.apply(st, a)  # refused: a ValueError
                continue
            assert a in g.legal_actions(st), f"{level} chose {a!r}"


@pytest.mark.parametrize("gid", [g.info.id for g in HOSTED.games()])
def test_a_hint_is_an_order_its_seat_may_send_wherever_random_play_led(gid: str) -> None:
    """The hint at decisions spread over a random game (HINT_STATES of them, past its first
    tenth: the setup's are each game's own tests'), where people's steps lead where no AI
    would go (a Successors hint once failed with a fleet at sea): an order its seat may send
    as written, at the smallest budget."""
    p = playout(gid, 0)
    g = p.game
    deciding = [st for st in p.states if g.to_move(st) is not None]
    deciding = deciding[len(deciding) // 10 :]
    every = max(1, len(deciding) // HINT_STATES)
    hint = HOSTED.adviser(gid)
    for st in deciding[::every][:HINT_STATES]:
        seat = g.to_move(st)
        assert seat is not None
        view = g.view(st, seat)
        advice = hint(view, seat, random.Random(1), Budget(iterations=1))
        assert advice.summary and advice.order, advice
        assert notation_of(g).parse(view, advice.order, seat), advice.order


@pytest.mark.parametrize("gid", [g.info.id for g in HOSTED.games()])
def test_the_lobby_and_the_reference_have_what_they_need(gid: str) -> None:
    g = game_of(gid)
    info = g.info
    assert info.id == gid and info.title and HOSTED.command(gid).isidentifier()
    assert set(info.seat_titles) == set(info.seats)
    assert 1 <= info.min_players <= info.max_players <= len(info.seats)
    topics = reference_of(g).rules_topics()
    assert topics and all(reference_of(g).rules_reference(t).strip() for t in topics)
    with pytest.raises(ValueError):
        reference_of(g).rules_reference("no such topic")
    st = g.new_game(info.options(), seats_of(g, 0))
    for seat in seats_of(g, 0):
        assert talk_of(g).prompt(g.view(st, seat), seat).strip()


def test_the_check_of_views_catches_a_hand_in_a_wrapped_state() -> None:
    """Taj Mahal's view wraps a state: a view that kept another seat's hand is caught."""
    from rules.taj_mahal import GAME, View

    g: AnyGame = GAME  # type: ignore[assignment]
    st = g.new_game(g.info.options(), g.info.seats_for(3))
    r = random.Random(1)
    while g.chance(st) is not None:
        st = g.apply(st, g.deal(st, r.randrange))
    honest = g.view(st, g.info.seats[0])
    assert isinstance(honest, View)
    cheat = View(honest.seat, st, honest.hand_sizes, honest.deck_size)  # the whole state
    assert leaks(g, st, honest.seat, honest) == []
    assert leaks(g, st, honest.seat, cheat) != []


@pytest.mark.parametrize(("gid", "seed"), CASES[:: max(1, len(CASES) // 12)])
def test_a_headline_is_a_few_short_lines_or_nothing(gid: str, seed: int) -> None:
    """What opens a new stage in the channel is a few short lines (a recap of what ended,
    the new stage's header), read from public views and the public log."""
    p = playout(gid, seed)
    g = p.game
    views = [g.view(st, None) for st in p.states]
    log: list[str] = []
    for i, (before, after) in enumerate(itertools.pairwise(views)):
        seat = None if p.chance[i] else turns_of(g).actor(p.states[i], p.actions[i])
        log += narration_of(g).narrate(before, p.actions[i], after, seat)
        lines = narration_of(g).headline(before, after, log)
        assert isinstance(lines, list) and len(lines) <= 4
        assert all(isinstance(line, str) and line and len(line) <= 600 for line in lines)


@pytest.mark.parametrize(("gid", "seed"), CASES[:: max(1, len(CASES) // 12)])
def test_a_message_told_in_parts_reads_as_told_at_once_and_its_settled_lines_stay(
    gid: str, seed: int
) -> None:
    """A turn message is told anew as lines come (those it showed, merged, and the new): it
    reads as all its lines merged at once, and the lines it showed before its last
    `unsettled` ones read the same (a reader saw them as final). A random game's public
    lines, as a message's items, cut at random."""
    p = playout(gid, seed)
    g = p.game
    narration = narration_of(g)
    views = [g.view(st, None) for st in p.states]
    lines: list[str] = []
    for i, (before, after) in enumerate(itertools.pairwise(views)):
        seat = None if p.chance[i] else turns_of(g).actor(p.states[i], p.actions[i])
        lines += ["• " + line for line in narration.narrate(before, p.actions[i], after, seat)]
    pick = random.Random(seed)
    for _ in range(100):
        i = pick.randrange(len(lines))
        j = min(len(lines), i + pick.randrange(1, 80))
        k = pick.randrange(i, j + 1)
        shown, whole = narration.merge_lines(lines[i:k]), narration.merge_lines(lines[i:j])
        assert narration.merge_lines(shown + lines[k:j]) == whole, (i, k, j)
        settled = shown[: len(shown) - narration.unsettled(shown)]
        assert whole[: len(settled)] == settled, (i, k, j)


@pytest.mark.parametrize(("gid", "seed"), CASES[:: max(1, len(CASES) // 12)])
def test_board_moments_and_private_summaries_are_read_from_views(gid: str, seed: int) -> None:
    """The channel's board moments are yes or no; the public's private summary is empty, and
    a seat's is text (empty for a game that hides nothing)."""
    p = playout(gid, seed)
    g = p.game
    views = [g.view(st, None) for st in p.states]
    moments = [narration_of(g).board_moment(b, a) for b, a in itertools.pairwise(views)]
    assert all(isinstance(m, bool) for m in moments) and moments[-1]  # the end is one
    for st in p.states[:: max(1, len(p.states) // 20)]:
        assert talk_of(g).private_summary(g.view(st, None)) == ""
        assert talk_of(g).hand_line(g.view(st, None)) == ""
        for seat in p.seats:
            assert isinstance(talk_of(g).private_summary(g.view(st, seat)), str)
            line = talk_of(g).hand_line(g.view(st, seat))
            assert "\n" not in line and (line == "" or g.info.private)


@pytest.mark.parametrize("gid", [g.info.id for g in HOSTED.games()])
def test_a_deadline_passes_a_seat_only_in_a_game_that_says_it_can(gid: str) -> None:
    """`passes_at_deadline` (what `club pace` offers) agrees with `timeout_action`: a
    game that says so has a seat it can pass in its first game; any other never has one."""
    p = playout(gid, 0)
    g = p.game
    deciding = [st for st in p.states if g.to_move(st) is not None]
    passes = [(deadlines_of(g).timeout_action(st), st) for st in deciding]
    if deadlines_of(g).passes_at_deadline:
        assert any(a is not None and a in g.legal_actions(st) for a, st in passes)
    else:
        assert all(a is None for a, _ in passes)
