"""The log a player reads (`log`) tells the game's lines as the announcements told them, for
every game the registry knows, people alone and with AIs (whose decisions ask nobody, so a
message goes on through them): random games through the service, the channel rebuilt from
the replies as Discord shows it, and the log read every few steps in a long window and in a
short one, as a player reads it (tests/told_channel.py). The AI seats play at random (a
table whose games offer only that level: what an AI decides is not what the log is checked
for; bench/log_as_announced.py seats the table's own levels). Each line the log shows is a line a
message said, in the same order (a stage's opening line is said as the message's headline
instead), and no run of lines the announcements tell once ("D loses 3 Troops in Mountain
Passes.") is shown line by line. bench/log_as_announced.py plays many more games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fakes import seeds_of
from told_channel import (
    CH,
    UNBOUNDED,
    Channel,
    mismatch,
    on_turn,
    played_and_read,
    random_ais,
    read_log,
    service,
)

from ai.successors import policy as successors_policy
from bot.discord.front_end import DISCORD
from bot.table import log_reading, pipeline
from bot.table.front_end import FrontEnd
from bot.table.pipeline import typed_order
from bot.table.registry import game, games
from bot.terminal.terminal_io import after_shown
from rules.capabilities import turns_of

READ_EVERY = 25  # steps between two reads of the log
# the seed of each game, with people alone and with AIs in every seat but one (the bench plays
# many: `.venv/bin/python bench/log_as_announced.py --games 30`)
# (Vijayanagara's and Successors' seeds deal games among the shorter of their kind)
SEEDS = {
    "vijayanagara": (19, 20),
    "successors": (3, 4),
    "rajas": (1, 2),
    "taj_mahal": (1, 2),
    "goat_tiger": (1, 2),
}


def cases() -> list[tuple[str, int, int]]:
    out = []
    for g in games():
        first, end = SEEDS.get(g.info.id, (1, 2))  # a game added later: a seed of each
        for seed in range(first, end):
            out += [(g.info.id, seed, 0), (g.info.id, seed, g.info.min_players - 1)]
    return out


@pytest.mark.parametrize(("kind", "seed", "ais"), cases())
async def test_the_log_tells_each_line_as_the_announcements_did(
    tmp_path: Path, kind: str, seed: int, ais: int
) -> None:
    """People alone as Discord shows them (its messages' length bounded); with AIs, in
    messages of any length, each compared with the log's messages too."""
    svc = await service(tmp_path, UNBOUNDED if ais else DISCORD, random_ais())
    try:
        found = await played_and_read(svc, kind, seed, ais, READ_EVERY, (200, 20))
    finally:
        await svc.close()
    assert found is None, found


def test_lines_that_one_message_would_join_are_told_apart_where_a_message_ends() -> None:
    """A move that hands off closes its message: Blue's fleet lost at sea closed one (Green had
    called the battle), and Blue's `end movement` opened the next, where "ends its movement"
    is said (in one message Blue's moves would have told it). The log tells it as the channel
    did: the checker once merged the log's lines across the two messages and called it a
    run told line by line (Successors, people only, seed 28 of the bench). A run told line
    by line inside one message is still found."""
    channel = Channel([])
    lost = "Blue loses a fleet of its moving force in Aegean Sea"
    channel.messages = [f"• {lost}", "• Blue ends its movement\n• Blue's Combat (l.35-46)"]
    log = [lost, "Blue ends its movement", "Blue's Combat (l.35-46)"]
    assert mismatch("successors", log, channel) is None
    channel.messages = [f"• {lost}\n• Blue ends its movement"]
    assert mismatch("successors", log[:2], channel) == (
        "a run the announcements tell once, line by line: ['Blue ends its movement']"
    )


@pytest.mark.parametrize(
    ("front", "seed"), [(DISCORD, 3), (DISCORD, 11), (DISCORD, 35), (UNBOUNDED, 14)]
)
async def test_with_greedy_ais_the_channel_and_the_log_tell_a_successors_game_alike(
    tmp_path: Path, front: FrontEnd, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two greedy AIs (their turns long). In messages of Discord's length a march that
    filled the turn's message went on in a new one below its AI's header line, so its next
    area ("marches on") could not join it and its halt stayed (seed 3); two forces the log
    tells as one were told as two, one in each message; "ends its movement" was told after
    a march. A message filled while the second of two forces on one way was still marching:
    the first stayed in the full message, where nothing could join it (seed 11). A message
    too full to take the combat that followed closed with the halt of a leader's march, which
    the log, where the end of the movement followed it, does not tell (seed 35). In messages
    of any length, two forces that went the same way just before a person's turn ended were
    told apart, where a line after them would have joined them (seed 14).
    bench/log_as_announced.py, seeds 0 to 19: 12 and 3 of 20 differed, now 0 and 0. The AIs
    offer no alliance here (the games these seeds deal stay as they were found): an offer is
    a step aside, whose message the log tells by its lines alone."""
    monkeypatch.setattr(successors_policy, "FIRST_OFFER_TURN", 99)
    svc = await service(tmp_path, front)
    try:
        found = await played_and_read(svc, "successors", seed, 2, READ_EVERY, (200, 20))
    finally:
        await svc.close()
    assert found is None, found


@pytest.mark.parametrize(("ais", "asides", "seed"), [(0, 0.05, 1), (2, 0.15, 10), (0, 0.15, 23)])
async def test_with_offers_and_gifts_out_of_turn_the_log_tells_a_successors_game_as_the_channel(
    tmp_path: Path, ais: int, asides: float, seed: int
) -> None:
    """People step aside at random (offers, answers, gifts) in messages of Discord's length.
    A step for a person opens a new message that pings them: it closed the message before
    with its last line as it stood, where the log, with a line after it, told the end of a
    purchase no more (seed 1); its ping stood between the lines told after it, which the log
    joins ("ends its movement" after a march). An AI seat's answer at once tells its why
    under it, between its lines and the next: the log tells them apart too (seed 10). A
    message of a march and its halt alone, closed to ping the one an offer after it is for,
    kept the halt, which the log, with a line after it, tells no more (seed 23).
    bench/log_as_announced.py --asides 0.15, seeds 10 to 29, in Discord's messages: 16 and
    13 of 20 differed, now 0 and 0 (people alone, and with two AI seats)."""
    svc = await service(tmp_path, DISCORD)
    try:
        found = await played_and_read(svc, "successors", seed, ais, READ_EVERY, (200, 20), asides)
    finally:
        await svc.close()
    assert found is None, found


async def test_a_message_longer_than_the_steps_replayed_leaves_the_lines_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log replays from a stored state some steps before the lines asked for and leaves
    out its first message (it may have begun earlier); an AI's turn, told in one message, can
    be longer than those steps: the replay then goes further back, and the log still holds
    the lines asked for, as the channel told them, never "nothing has been played"."""
    monkeypatch.setattr(log_reading, "STEPS_BEYOND", 0)  # a message longer than the replay:
    monkeypatch.setattr(pipeline, "SNAPSHOT_STEPS", 1)  # it starts from the step before
    svc = await service(tmp_path, UNBOUNDED, random_ais())
    try:
        found = await played_and_read(svc, "taj_mahal", 1, 2, READ_EVERY, (1, 30))
        assert found is None, found
        assert len(await read_log(svc, "taj_mahal", 30)) == 30
    finally:
        await svc.close()


async def test_the_log_read_again_goes_on_from_its_last_replay_as_a_new_replay_would_tell_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log read again replays only the steps since it was last read (a long one, then a
    short one, with undos among the steps, an AI seat taken and left): each time it shows the
    lines a replay from a stored state shows, and it replays from one only where its seats
    changed or its kept replay holds too few lines."""
    monkeypatch.setattr(pipeline, "SNAPSHOT_STEPS", 7)
    monkeypatch.setattr(log_reading, "KEPT_STEPS", 20)  # a kept replay forgets its oldest steps
    svc = await service(tmp_path, UNBOUNDED, random_ais())
    seeds_of(svc).next = 5  # the same deal every run: the counts below are of its steps
    fresh_replays = 0
    state_at_most = svc.loader.state_at_most

    async def counted(record: object, seq: int) -> tuple[object, int]:
        nonlocal fresh_replays
        fresh_replays += 1
        return await state_at_most(record, seq)  # type: ignore[arg-type]

    monkeypatch.setattr(svc.loader, "state_at_most", counted)
    try:
        g = game("vijayanagara")
        seats = g.info.seats[:3]
        assert (await svc.lobby.create(CH, 1, kind=g.info.id, seat=seats[0])).ok
        for n, s in enumerate(seats[1:], start=2):
            assert (await svc.lobby.join(CH, n, s, kind=g.info.id)).ok
        assert (await svc.lobby.start(CH, 1, kind=g.info.id)).ok
        pick, reads, went_on, undos = random.Random(5), 0, 0, 0
        for step in range(1, 64):
            if step == 32:  # an AI takes a seat: the seats the replay was made for changed
                r = await svc.ai.seat(CH, 3, seats[2], "random", kind=g.info.id)
                assert r.ok, r.text
            record = await svc.store.open_game(CH)
            assert record is not None
            record, state, seat, reply = await on_turn(svc, g, record)
            if reply is None and step % 5 == 0 and turns_of(g).undo(state) is not None:
                reply = await svc.moves.undo(CH, record.seats[seat])
                undos += 1
            elif reply is None:
                order = typed_order(g, state, pick.choice(g.legal_actions(state)))
                reply = await svc.moves.play(
                    CH, record.seats[seat], order, expected_version=record.version
                )
            assert reply.ok, reply.text
            if step % 3 == 0:
                for lines in (30, 4):
                    record = await svc.store.open_game(CH)
                    assert record is not None
                    before = fresh_replays
                    again = await read_log(svc, g.info.id, lines)
                    went_on += fresh_replays == before
                    anew = await log_reading.told_log(svc.loader, record, lines)
                    assert again == anew, (step, lines)
                    reads += 1
        assert reads // 2 < went_on < reads and undos > 3, (went_on, reads, undos)
        # a kept replay whose last step is no longer stored as it took it (a log written
        # again) is left for a new replay
        record = await svc.store.open_game(CH)
        assert record is not None
        kept = svc.views.replays.take(record)
        assert kept is not None and kept.last is not None
        kept.last = kept.last.model_copy(update={"action": {"type": "written again"}})
        svc.views.replays.keep(record, kept)
        before = fresh_replays
        assert await read_log(svc, g.info.id, 4) == await log_reading.told_log(
            svc.loader, record, 4
        )
        assert fresh_replays == before + 2  # the log read, then the replay it is checked by
    finally:
        await svc.close()


def test_a_run_carried_into_the_next_message_prints_in_the_terminal_as_what_was_added() -> None:
    """A full turn's message is closed without the run the new message goes on with; the
    terminal, printed once, shows the new message's run as what it adds to what it showed."""
    shown = "• V Rally done.\n• D loses 2 Troops in Delhi.\n**Next:** D — remove 1 piece."
    closed = "• V Rally done."
    new = "• D loses 3 Troops in Delhi.\n• Plunder: Delhi Resources 4 -> 3."
    printed = after_shown(shown, f"{closed}\n{new}", game("vijayanagara"))
    assert printed == "• D loses 1 Troop in Delhi.\n• Plunder: Delhi Resources 4 -> 3."


def test_a_card_that_began_and_ended_in_one_move_is_told_before_the_next_cards_header() -> None:
    """A trial read the first Timurid card's Invaders under the next card's header: a move
    that passes through a stage is cut at the last stage it opens, so the lines of the
    stages it closed close the message."""
    from bot.table.textlog import opening_cut
    from rules.vijayanagara.game import GAME

    lines = [
        "• V Rally done (Karnataka).",
        "• Card 49: Timurid Empire (2 left in the deck).",
        "• Timurid Empire: 2 Mongol Invaders enter the Mountain Passes (2.6).",
        "• Card 20: Madurai Sultanate (1 left in the deck).",
    ]
    assert opening_cut(GAME, lines) == 3
    assert opening_cut(GAME, lines[:1]) == 1  # no new stage: all of it closes the message
