"""What an observer scrolling the channel reads of a Successors turn: a game report in the
game's words, not a trace of steps. Purchases at a place in one line, a force's march in one
line with its path and why it stopped, sides and verbs in agreement, every player turn headed
alike, numbers with their meaning; and a person who types one step at a time still sees what
that step did. Played through the service from a seeded setup (a few orders, no whole game),
or from a position built for the rule."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from fakes import FakeRenderer, Seeds
from successors_helpers import BLUE, GREEN, RED, SEATS, at, deal, fleets, moving, put, started
from table_helpers import on_turn, run

from bot.table.service import GameService
from bot.terminal.local import amain
from rules.capabilities import narration_of
from rules.successors import GAME, State
from rules.successors.engine import frame
from rules.successors.state import Action

# Seed 1 deals Blue, Red, Green as the order of choosing homes, then Green, Red, Blue as
# game turn 1's order, and Green an event that gives it 2 levies at home.
SEED = 1
PEOPLE = {"blue": 1, "red": 2, "green": 3}
HOMES = {"blue": "Egypt", "red": "Macedonia", "green": "Babylonia"}


async def seated(path: Path) -> tuple[GameService, str]:
    """A game of three people dealt by SEED, started: the start message's text."""
    svc = await GameService.open(str(path), FakeRenderer(), seed_source=Seeds(SEED))
    assert (await svc.lobby.create("sc", 1, kind="successors", seat="blue")).ok
    for seat in ("red", "green"):
        assert (await svc.lobby.join("sc", PEOPLE[seat], seat, kind="successors")).ok
    start = await svc.lobby.start("sc", 1, kind="successors")
    assert start.ok, start.text
    return svc, start.text


async def typed(svc: GameService, *orders: str) -> str:
    """Orders typed by whoever is on turn, one after another: the channel's text after the
    last (the turn message as it now reads, after the one it closed)."""
    text = ""
    for order in orders:
        found = await on_turn(svc, "sc")
        assert found is not None
        reply = await svc.moves.play("sc", found[1], order, kind="successors")
        assert reply.ok, reply.text
        text = reply.public_text
    return text


async def set_up(svc: GameService) -> str:
    """Each seat chooses its home and spends its 5 Talents there in one order."""
    text = ""
    for _ in HOMES:
        found = await on_turn(svc, "sc")
        assert found is not None
        home = HOMES[found[0]]
        text = await typed(svc, f"home {home}", f"buy 3 levy 1 inf at {home}")
    return text


def steps(text: str) -> list[str]:
    return [line.removeprefix("• ") for line in text.split("\n") if line.startswith("• ")]


async def test_a_seats_purchases_at_one_place_read_as_one_line_even_typed_one_by_one(
    migrated_sqlite_path: Path,
) -> None:
    """Finding: "Red buys 1 levy for 1 at Media (treasury 4)" four times in a row."""
    svc, _ = await seated(migrated_sqlite_path)
    try:
        await typed(svc, "home Egypt")
        one = await typed(svc, "buy 1 levy at Egypt")
        assert "Blue buys 1 levy for 1 Talent at Egypt (treasury 4)" in steps(one)
        told = steps(await typed(svc, "buy 1 inf at Egypt", "buy 1 levy at Egypt"))
        assert "Blue buys 2 levies and 1 infantry for 4 Talents at Egypt (treasury 1)" in told
        assert not [line for line in told if "buys 1 levy" in line], told
    finally:
        await svc.close()


async def test_an_undo_says_which_step_it_took_back_where_the_purchases_read_as_one_line(
    migrated_sqlite_path: Path,
) -> None:
    """A group play-test: after merged purchases, "Red takes back the last step" three times
    told nobody which steps went. Each undo names the step it takes back."""
    svc, _ = await seated(migrated_sqlite_path)
    try:
        await typed(svc, "home Egypt", "buy 1 levy at Egypt", "buy 1 inf at Egypt")
        told = steps(await typed(svc, "undo"))
        assert told[-2:] == [
            "Blue buys 1 levy and 1 infantry for 3 Talents at Egypt (treasury 2)",
            "Blue takes back its last step: Blue buys 1 infantry for 2 Talents at Egypt "
            "(treasury back to 4)",
        ], told
    finally:
        await svc.close()


async def test_a_forces_march_reads_as_one_line_with_its_path_and_why_it_stopped(
    migrated_sqlite_path: Path,
) -> None:
    """Finding: "Green: take 1 inf at Macedonia", "Green: take leader", one "marches" line
    per area. Typed step by step, each step still shows what it did."""
    svc, _ = await seated(migrated_sqlite_path)
    try:
        await set_up(svc)
        took = steps(await typed(svc, "take 5 levy at Babylonia", "take leader at Babylonia"))
        assert took[-1] == "Green readies a force at Babylonia: its leader with 5 levies"
        first = steps(await typed(svc, "march to Arabia"))
        assert first[-1] == "Green marches its leader with 5 levies from Babylonia to Arabia"
        assert not [line for line in first if "readies" in line or ": take" in line], first
        told = steps(await typed(svc, "march to Egypt"))
        assert told[-1] == (
            "Green marches its leader with 5 levies from Babylonia through Arabia to Egypt, "
            "where it meets unfriendly units and stops (l.27)"
        )
        assert sum("marches" in line for line in told) == 1, told
    finally:
        await svc.close()


async def test_every_player_turn_opens_with_the_same_line_and_the_game_with_its_rolls(
    migrated_sqlite_path: Path,
) -> None:
    """Finding: the first player's turn had "Game turn 1 of 12. Order: ..." and no Events
    line, the next ones "Game turn 1: Blue's player turn; Events (l.4)". The start message
    tells the rolls that order the choice of homes, which no step tells."""
    svc, start = await seated(migrated_sqlite_path)
    try:
        assert "Rolls for the choice of homes: Blue 5, Red 4, Green 1" in start
        assert "Homes are chosen in this order: Blue, Red, Green" in start
        first = steps(await set_up(svc))
        opening = first.index("Game turn 1 of 12 begins; order: Green, Red, Blue")
        assert first[opening + 1] == "Game turn 1 of 12: Green's player turn; Events (l.4)"
        told = await typed(svc, "end movement")
        assert "Green does not move (l.25-32)" in steps(told)
        assert "Game turn 1 of 12: Red's player turn; Events (l.4)" in steps(told)
        assert "**Game turn" not in told and "Order:" not in told
    finally:
        await svc.close()


async def test_the_revenue_phase_reads_as_one_line_with_its_talents(
    migrated_sqlite_path: Path,
) -> None:
    """Finding: "Green's Revenue (l.5)", "collects 5 Talents", "pays 4 for its units'
    upkeep": three lines, one number without its Talents. The log tells it as the channel."""
    svc, _ = await seated(migrated_sqlite_path)
    try:
        told = steps(await set_up(svc))
        said = (
            "Green's revenue (l.5): 6 Talents from its provinces, 6 Talents of upkeep (treasury 0)"
        )
        assert said in told, told
        log = await run(svc, "sc", 1, "log", "successors", lines=30)
        assert said in log.text.split("\n")
    finally:
        await svc.close()


def news(s: State, *dealt: int) -> list[str]:
    return list(deal(s, *dealt).news)


def test_the_rebels_roll_and_lose_with_verbs_that_agree_and_lines_begin_with_a_capital() -> None:
    """Finding: "the rebels rolls 6"; "• the rebels lose" at a line's start."""
    s = put(at(started(3), 0, 1, frame("event_roll", 0)), "thr", RED, levy=1)
    said = news(s, 5, 1, 2)  # ODD 12: Thrace revolts, 1 white cavalry and 1 white levy
    s = deal(s, 5, 1, 2)
    said += news(s, 6)  # the white cavalry's pre-battle roll hits
    assert "Thrace, pre-battle: the rebels roll 6: 1 hit" in " ".join(said), said
    assert "The rebels win the battle in Thrace" in said
    assert not [line for line in said if line[:1].islower() or "rebels rolls" in line], said


def test_an_event_a_seat_cannot_pay_says_what_it_owed_and_what_it_had() -> None:
    """Finding: "Blue pays 0 for the event (treasury 0)", then "cannot pay in full"."""
    s = put(at(started(3, money=0), 0, 1, frame("event_roll", 0)), "egy", 0, levy=1)
    said = news(s, 4, 2, 4)  # EVEN 24: every player pays 1
    assert (
        "Blue owes 1 Talent for the event and has nothing to pay (treasury 0): it must lose a "
        "unit (l.11)" in said
    ), said
    assert not [line for line in said if "pays 0" in line], said


def told_as_the_channel(lines: list[str]) -> list[str]:
    return narration_of(GAME).merge_lines(["• " + line for line in lines])


def test_one_sides_losses_in_a_place_read_as_one_line_with_their_count() -> None:
    from successors_helpers import order
    from test_successors_rules import contest

    s = order(contest({"inf": 2}, {"levy": 3}), "fight red at Arabia")
    said = news(s, 5, 6, 1, 1, 1)
    told = told_as_the_channel(said)
    assert "• Red loses 2 levies in Arabia" in told, told


def random_game_lines(seed: int) -> list[str]:
    """The lines of one random game of 3 (its steps aside too), as the channel is told them
    step by step, unmerged."""
    pick, dealer = random.Random(seed), random.Random(10_000 + seed)
    s = GAME.new_game(GAME.info.options(), SEATS[:3])
    out: list[str] = []
    while GAME.result(s) is None:
        seat = None
        a: Action
        if GAME.chance(s) is not None:
            a = GAME.deal(s, dealer.randrange)
        else:
            seat = GAME.to_move(s)
            a = pick.choice(GAME.legal_actions(s))
        after = GAME.apply(s, a)
        view = GAME.view
        out += narration_of(GAME).narrate(view(s, None), a, view(after, None), seat)
        s = after
    return out


def test_forces_that_went_the_same_way_read_as_one_line_once_each_move_is_over() -> None:
    """Finding: "Green marches 1 cavalry from Media through Persia to Susiana" five times in a
    row (greedy sends single units). Joined only once the later force's move is over: one
    that marches on goes on alone."""
    five = "Green marches 1 cavalry from Media through Persia to Susiana"
    after = "Green marches 1 levy from Susiana to Persia"
    assert told_as_the_channel([five] * 5 + [after]) == [
        "• Green marches 5 cavalry from Media through Persia to Susiana",
        "• " + after,
    ]
    two = "Green marches 1 levy from Media to Persia"
    assert told_as_the_channel([two, two, "Green marches on from Persia to Carmania"]) == [
        "• " + two,
        "• Green marches 1 levy from Media through Persia to Carmania",
    ]
    led = "Green marches its leader with 1 levy from Media to Persia"
    assert told_as_the_channel([led, two, after]) == ["• " + led, "• " + two, "• " + after]


async def test_at_the_terminal_a_force_told_with_the_one_before_it_is_not_printed_twice(
    tmp_path: Path,
) -> None:
    """Blue marches a levy to Thrace, then another typed step by step: the second's line is
    printed as it marches; once it halts the channel tells the two as one line, and the
    terminal prints only the halt."""
    out = io.StringIO()
    orders = ["home Macedonia", "buy 3 levy 1 inf at Macedonia", "lose 1 inf at Macedonia"]
    orders += ["move 1 levy Macedonia Thrace", "take 1 levy at Macedonia", "march to Thrace"]
    args = ["--game", "successors", "--play", "blue", "--seed", "1"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]

    async def no_wait(seconds: float) -> None:
        return None

    await amain(args, iter([*orders, "halt", "quit"]), out, FakeRenderer(), sleep=no_wait)
    text = out.getvalue()
    marches = re.findall(r"^• Blue marches .*$", text, re.M)
    assert marches == ["• Blue marches 1 levy from Macedonia to Thrace"] * 2, text[-2000:]
    assert text.count("• Blue's force halts in Thrace") == 2
    assert "• Blue's force halts in Thrace, 1 MP unused" in text  # (a trial read: MP spent)


def test_lines_a_later_line_may_still_change_are_the_last_and_a_march_it_may_join() -> None:
    """What a reader following step by step is shown only once it stands: the last line,
    a march before its halt (a leader's too: a full message once kept the halt of a leader's
    march that the log, where the movement's end followed it, does not tell), and a
    leaderless march (stopped by the enemy or not) before a force forming where it began or
    marching on its way, and a purchase before the end of the same seat's purchases (no news
    once a line follows: a message closed to ping a player kept it, the log did not); no
    other."""
    unsettled = narration_of(GAME).unsettled
    bought = "• Blue buys 1 cavalry for 3 Talents at Media (treasury 1)"
    assert unsettled([bought, "• Blue is done buying (treasury 1)"]) == 2
    assert unsettled([bought, "• Red is done buying (treasury 4)"]) == 1
    went = "• Green marches 1 cavalry from Media through Persia to Susiana"
    for last in (
        "• Green readies a force at Media: 1 cavalry",
        "• Green marches 1 cavalry from Media to Persia",
        "• Green's force halts in Susiana",
    ):
        assert unsettled([went, last]) == 2, last
    for last in (
        "• Green readies a force at Persia: 1 cavalry",
        "• Green marches 1 cavalry from Media to Babylonia",
        "• Green takes control of Susiana (l.10)",
        "• Green marches its leader with 1 cavalry from Media to Persia",
    ):
        assert unsettled([went, last]) == 1, last
    stopped = went + ", where it meets unfriendly units and stops (l.27)"
    assert unsettled([stopped, "• Green readies a force at Media: 1 levy"]) == 2
    assert unsettled([stopped, "• Green marches 1 levy from Media to Persia"]) == 2
    formed = "• Green readies a force at Media: 1 cavalry"
    assert unsettled([formed, "• Green's force halts in Media"]) == 2  # it never set out
    assert unsettled([formed, "• Green's force halts in Persia"]) == 1
    led = "• Green marches its leader with 1 cavalry from Media through Persia to Susiana"
    assert unsettled([led, "• Green readies a force at Media: 1 cavalry"]) == 1
    assert unsettled([led, "• Green's force halts in Susiana"]) == 2
    assert unsettled([went]) == 1 and unsettled([]) == 0


async def test_at_the_terminal_an_ais_forces_that_went_the_same_way_print_as_one_line(
    tmp_path: Path,
) -> None:
    """Green sends two levies one by one from Media into Persia, where unfriendly units stop
    each (seed 4): the terminal prints the one line the channel's message tells, not two
    (each was printed once the next force formed)."""
    out = io.StringIO()
    orders = ["home Egypt", "buy 1 levy 2 inf at Egypt"]
    orders += ["move 2 inf leader Egypt Coele-Syria Phoenicia", "end movement"]
    orders += ["buy 3 inf at Egypt", "done", "offer green", "give 1 to red", "end movement"]
    args = ["--game", "successors", "--play", "blue", "--seed", "4"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]

    async def no_wait(seconds: float) -> None:
        return None

    await amain(args, iter([*orders, "quit"]), out, FakeRenderer(), sleep=no_wait)
    stopped = "where it meets unfriendly units and stops (l.27)"
    marches = re.findall(
        rf"^• Green marches .* from Media to Persia, {re.escape(stopped)}$", out.getvalue(), re.M
    )
    assert marches == [f"• Green marches 2 levies from Media to Persia, {stopped}"], marches


def test_a_message_told_again_with_more_lines_says_what_it_would_say_told_at_once() -> None:
    """A turn message is told anew as each step adds lines (the lines it showed, merged, and
    the new ones): it must read as all its lines told at once, so no march of one force
    joins another's and no run is told twice (a random game's lines, cut at random)."""
    merge = narration_of(GAME).merge_lines
    lines = ["• " + line for line in random_game_lines(4)]
    for i, k, j in cuts(len(lines), 4):
        assert merge(merge(lines[i:k]) + lines[k:j]) == merge(lines[i:j]), (i, k, j)


def cuts(n: int, seed: int, count: int = 300) -> list[tuple[int, int, int]]:
    """Random spans of a message's `n` lines, each cut once: (start, cut, end)."""
    pick = random.Random(seed)
    out = []
    for _ in range(count):
        i = pick.randrange(n)
        j = min(n, i + pick.randrange(1, 80))
        out.append((i, pick.randrange(i, j + 1), j))
    return out


def test_the_lines_a_message_shows_as_settled_read_alike_once_more_lines_come() -> None:
    """Finding: a force readied and halted where it stood was told as settled above its
    halt, then left the message (a force that never set out is no news) once a line
    followed. A random game's lines cut at random: those before the last `unsettled` read
    the same in the message told whole."""
    narration = narration_of(GAME)
    lines = ["• " + line for line in random_game_lines(5)]
    for i, k, j in cuts(len(lines), 5):
        shown = narration.merge_lines(lines[i:k])
        settled = shown[: len(shown) - narration.unsettled(shown)]
        assert narration.merge_lines(lines[i:j])[: len(settled)] == settled, (i, k, j)


async def test_at_the_terminal_a_step_typed_alone_is_told_what_it_did_once(
    tmp_path: Path,
) -> None:
    """The terminal prints the channel once: typed one by one, each purchase shows its own
    line (not "2 levies" after "1 levy"), and each line once."""
    out = io.StringIO()
    orders = ["home Macedonia"] + [f"buy 1 {p} at Macedonia" for p in ("levy", "inf", "levy")]
    args = ["--game", "successors", "--play", "blue", "--seed", str(SEED)]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter([*orders, "quit"]), out, FakeRenderer())
    text = out.getvalue()
    bought = re.findall(r"^• Blue buys .*$", text, re.M)
    assert bought == [
        "• Blue buys 1 levy for 1 Talent at Macedonia (treasury 4)",
        "• Blue buys 1 infantry for 2 Talents at Macedonia (treasury 2)",
        "• Blue buys 1 levy for 1 Talent at Macedonia (treasury 1)",
    ], text[-2000:]


async def test_at_the_terminal_an_ais_turn_reads_as_the_channels_report_unless_followed_step_by_step(
    tmp_path: Path,
) -> None:
    """An AI's turn is printed as the channel's message reads it: its purchases at a place in
    one line, no line for each levy; with --ai-pause (to follow the AI step by step) each
    step is printed as it comes."""

    async def setup_by_ais(*pause: str) -> list[str]:
        out = io.StringIO()
        args = ["--game", "successors", "--play", "green", "--seed", "5", *pause]
        args += ["--db", str(tmp_path / f"s{len(pause)}.sqlite3"), "--boards", str(tmp_path)]

        async def no_wait(seconds: float) -> None:
            return None

        await amain(args, iter(["quit"]), out, FakeRenderer(), sleep=no_wait)
        return re.findall(r"^• Red buys .*$", out.getvalue(), re.M)

    assert await setup_by_ais() == ["• Red buys 4 levies for 4 Talents at Media (treasury 1)"]
    followed = await setup_by_ais("--ai-pause", "1")
    assert followed[0] == "• Red buys 1 levy for 1 Talent at Media (treasury 4)"
    assert len(followed) == 4


def test_rowers_unpaid_says_what_a_seat_could_not_pay_for_not_zero_talents() -> None:
    """Finding: "Green pays 0 Talents for 0 fleets in port and loses 3 fleets"."""
    from successors_helpers import fleets

    s = fleets(at(started(3, money=0), 0, 1, frame("event_roll", 0)), "egy", 0, 2)
    said = news(s, 1, 2, 6)  # ODD 26: every player pays 1 for each of his fleets in port
    assert "Blue cannot pay for its 2 fleets in port and loses them" in said, said
    assert not [line for line in said if "pays 0" in line or "0 fleets" in line], said


def test_a_sides_retreats_to_one_place_read_as_one_line_its_leader_with_them() -> None:
    """Finding: "Red retreats 1 levy from Babylonia to Mesopotamia" twice in a row, then
    "Red's leader goes with them"."""
    told = told_as_the_channel(
        [
            "Red retreats 1 levy from Babylonia to Mesopotamia",
            "Red retreats 2 infantry from Babylonia to Mesopotamia",
            "Red's leader goes with them",
            "Red retreats 1 levy from Babylonia to Arabia",
        ]
    )
    assert told == [
        "• Red retreats its leader with 1 levy and 2 infantry from Babylonia to Mesopotamia",
        "• Red retreats 1 levy from Babylonia to Arabia",
    ]


def test_done_goes_with_the_seats_next_step_and_stays_before_anything_else() -> None:
    """`done` is shown to whoever typed it and goes once the seat's next step is told; what
    is not that seat's step (an AI's why, which the log has not; the next seat's line, which
    the log may tell in the next message) leaves it, so the channel and the log agree."""
    merge = narration_of(GAME).merge_lines
    bought = ["• Green buys 2 infantry for 4 Talents at Egypt (treasury 1)"]
    done = "• Green is done buying (treasury 1)"
    why = "_Why: the random AI picks any allowed step._"
    assert merge([*bought, done, why]) == [*bought, done, why]
    assert merge([*bought, done, "• Blue chooses Babylonia as its home"])[1] == done
    assert merge([*bought, done, "• Green does not move (l.25-32)"]) == [
        *bought,
        "• Green does not move (l.25-32)",
    ]


def told_order(s: State, text: str) -> tuple[State, list[str]]:
    """A person's order played step by step: the state after, and the lines the channel is
    told for its steps, unmerged."""
    from rules.successors.notation import parse

    seat = GAME.to_move(s)
    assert seat is not None
    lines: list[str] = []
    for a in parse(GAME.view(s, seat), text, seat):
        after = GAME.apply(s, a)
        lines += narration_of(GAME).narrate(GAME.view(s, None), a, GAME.view(after, None), seat)
        s = after
    return s, lines


def test_a_voyage_reads_as_its_sail_order_with_its_first_landing() -> None:
    """Finding: an AI's voyage told in three lines ("embarks 1 levy at Greece", "sails 1
    fleet carrying 1 unit from Greece ...", "lands 1 levy in Cyprus"), the units aboard
    told only by their number. Now one line in the words of the `sail` order: the fleets,
    what they carry, their way, and the first landing (a sea invasion said, l.55)."""
    s = fleets(put(put(started(3), "egy", BLUE, inf=2, levy=1), "cyr", RED, inf=1), "egy", BLUE, 2)
    s, lines = told_order(
        moving(s), "sail 2 fleets with 1 levy 1 inf Egypt Egyptian Sea land at Cyrenaica"
    )
    s, more = told_order(s, "end movement")
    assert told_as_the_channel(lines + more)[:1] == [
        "• Blue sails 2 fleets with 1 levy and 1 infantry from Egypt to Egyptian Sea and lands "
        "1 levy and 1 infantry in Cyrenaica (a sea invasion)"
    ], lines + more


def test_a_voyage_tells_troops_embarking_off_its_way_and_each_later_landing_apart() -> None:
    """Troops that embark on a coast of the fleets' sea are told where (the voyage's line
    begins where the fleets were); a landing after the first, and the fleets sailing on
    after a landing, have lines of their own."""
    told = told_as_the_channel(
        [
            "Green readies a force at Aegean Sea: 2 fleets",
            "Green embarks 1 levy at Thrace",
            "Green embarks 1 levy at Thrace",
            "Green sails 2 fleets with 2 levies from Aegean Sea to Cyprian Sea",
            "Green lands 1 levy in Cyprus",
            "Green sails on from Cyprian Sea to Egyptian Sea",
            "Green lands 1 levy in Egypt",
            "Green's force halts in Egyptian Sea",
            "Green ends its movement",
        ]
    )
    assert told == [
        "• Green readies a force at Aegean Sea: 2 fleets",
        "• Green embarks 2 levies at Thrace",
        "• Green sails 2 fleets with 2 levies from Aegean Sea to Cyprian Sea and lands 1 levy "
        "in Cyprus",
        "• Green sails on from Cyprian Sea to Egyptian Sea",
        "• Green lands 1 levy in Egypt",
        "• Green's force halts in Egyptian Sea",
    ], told


def test_a_reader_who_saw_a_voyage_begin_is_told_what_each_later_step_added() -> None:
    """At the terminal, a line that grew is printed as what it added: the landing alone,
    the fleets going on alone; the voyage whole after its troops embarking."""
    added = narration_of(GAME).line_added
    went = "• Green sails 1 fleet with 1 levy from Greece to Aegean Sea"
    on = "• Green sails 1 fleet with 1 levy from Greece through Aegean Sea to Cyprian Sea"
    assert added(went, on) == "• Green sails on from Aegean Sea to Cyprian Sea"
    assert added(on, on + " and lands 1 levy in Cyprus") == "• Green lands 1 levy in Cyprus"
    assert added("• Green embarks 1 levy at Greece", went) == went
    assert added("• Green embarks 1 levy at Greece", "• Green embarks 2 levies at Greece") == (
        "• Green embarks 1 levy at Greece"
    )
    landed = went + " and lands 1 levy in Thrace (a sea invasion)"
    assert added(landed, landed.replace("1 levy in", "1 levy and 1 infantry in")) == (
        "• Green lands 1 infantry in Thrace (a sea invasion)"
    )


def test_the_areas_each_seat_takes_at_the_combat_phases_end_are_told_in_one_line() -> None:
    """A trial read "Blue takes control of Thrace", "Green takes control of Cilicia", "Blue
    takes control of Syria": each seat's areas are now told together, one line a seat."""
    from test_successors_rules import begun

    s = put(put(started(3), "thr", BLUE, levy=1), "cil", GREEN, levy=1)
    s = put(put(s, "syr", BLUE, levy=1), "ara", GREEN, levy=1)
    s = begun(at(s, BLUE, 5))
    lines = [x for x in narration_of(GAME).merge_lines(list(s.news)) if "takes control" in x]
    assert lines == [
        "Blue takes control of Thrace and Syria (l.10)",
        "Green takes control of Cilicia and Arabia (l.10)",
    ]


def test_rounds_where_no_side_hit_read_as_one_line_with_every_die() -> None:
    """A trial's battle stood to its end read as fourteen rounds of "0 hits" and "stands its
    ground": a round where no side hit is one line, and the rounds of such in a row (both
    sides standing to the end, not asked) one line, every die still told. (A side asked
    again between them stays told: the log and the channel, cut into messages, must read
    alike, and its AI's answer may head a message of its own.)"""
    lines = [
        "Red stands its ground in Egypt: no retreat (l.45)",
        "Egypt, round 2: Red rolls levy 2: 0 hits (levy hits on 6)",
        "Egypt, round 2: Blue rolls levy 3: 0 hits (levy hits on 6)",
        "Red stands its ground in Egypt to the battle's end: no retreat (l.45)",
        "Egypt, round 3: Red rolls levy 5: 0 hits (levy hits on 6)",
        "Egypt, round 3: Blue rolls levy 4: 0 hits (levy hits on 6)",
        "Egypt, round 4: Red rolls levy 3: 0 hits (levy hits on 6)",
        "Egypt, round 4: Blue rolls levy 1: 0 hits (levy hits on 6)",
        "Egypt, round 5: Red rolls levy 4: 0 hits (levy hits on 6)",
        "Egypt, round 5: Blue rolls levy 6: 1 hit (levy hits on 6)",
        "Red loses 1 levy in Egypt",
    ]
    assert told_as_the_channel(lines) == [
        "• Red stands its ground in Egypt: no retreat (l.45)",
        "• Egypt, round 2: no hits (Red rolls levy 2, Blue rolls levy 3; levy hits on 6)",
        "• Red stands its ground in Egypt to the battle's end: no retreat (l.45)",
        "• Egypt, rounds 3-4: no hits (3: Red rolls levy 5, Blue rolls levy 4; 4: Red rolls "
        "levy 3, Blue rolls levy 1; levy hits on 6)",
        "• Egypt, round 5: Red rolls levy 4: 0 hits (levy hits on 6)",
        "• Egypt, round 5: Blue rolls levy 6: 1 hit (levy hits on 6)",
        "• Red loses 1 levy in Egypt",
    ]
    plus = (  # a side's +1 note is its own: that round's lines stay apart (read whole)
        "Media, round 1: Red rolls levy 1+1: 0 hits (levy hits on 6; +1: the leader's on his "
        "best unit, set before the roll (l.39; Q19))"
    )
    rebels = "Media, round 1: the rebels roll levy 3: 0 hits (levy hits on 6)"
    assert told_as_the_channel([rebels, plus]) == ["• " + rebels, "• " + plus]
    mixed = [  # (a trial read "elephant hits on 5-6, levy on 6, levy hits on 6")
        "South India, round 1: the rebels roll elephant 2, levy 2: 0 hits (elephant hits on "
        "5-6, levy on 6)",
        "South India, round 1: Green rolls levy 1: 0 hits (levy hits on 6)",
    ]
    assert told_as_the_channel(mixed) == [
        "• South India, round 1: no hits (the rebels roll elephant 2, levy 2, Green rolls levy "
        "1; elephant hits on 5-6, levy on 6)"
    ]
    narration = narration_of(GAME)
    bulleted = ["• " + line for line in lines]
    for k in range(len(bulleted) + 1):  # what shows as settled stays, line by line
        shown = narration.merge_lines(bulleted[:k])
        settled = shown[: len(shown) - narration.unsettled(shown)]
        assert narration.merge_lines(bulleted)[: len(settled)] == settled, k
