"""The AI levels only ever take legal steps, in every kind of decision, on or off
their turn, and never see what the table does not (the deck's order, the dealer, the dice)."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path
from typing import Any

import pytest
from invariants import check
from test_render_layering import ROOT, imported_modules

from ai.budget import Budget
from ai.vijayanagara import LEVELS, Level, decide, hard, hint, level_of
from ai.vijayanagara.easy import ranked
from ai.vijayanagara.evaluate import EASY, evaluate
from bot.product import variable
from rules import vijayanagara

FAST = Budget(iterations=4)
ONE_FUTURE = Budget(iterations=1)
# The fewest sampled futures at which a step may overrule easy's (fewer: easy's step, always).
SEARCHED = Budget(iterations=hard.MIN_ROUNDS)
WHOLE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")
EASYS_GAME = ["--games", "1", "--seed", "30"]  # an arena game of `easy` that Bahmani wins


def positions(seeds: range, per_kind: int = 2) -> dict[str, list[vijayanagara.GameState]]:
    """Decisions of every frame kind met in random games, dealt from outside the state (as
    the bot deals: the state holds no future)."""
    found: dict[str, list[vijayanagara.GameState]] = {}
    for seed in seeds:
        r = random.Random(seed)
        dealer = vijayanagara.seeded_dealer(seed)
        state = vijayanagara.new_game(None)
        while not state.game_over:
            node = vijayanagara.chance(state)
            if node is not None:
                state = vijayanagara.apply(state, dealer.outcome(state, node))
                continue
            kind = vijayanagara.prompt(state).kind
            if len(found.setdefault(kind, [])) < per_kind:
                found[kind].append(state)
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    return found


@pytest.fixture(scope="module")
def decisions() -> dict[str, list[vijayanagara.GameState]]:
    # games 0-5: each sample must hold a decision where several steps beat easy's (the
    # searches' tests need one); since a Charge towards an unscreenable 1 is useful (1.10),
    # games 2-7 hold none
    return positions(range(0, 6))


@pytest.mark.parametrize("level", [level for level in LEVELS if level != "hard"])
def test_every_level_takes_a_legal_step_in_every_kind_of_decision(
    level: Level, decisions: dict[str, list[vijayanagara.GameState]]
) -> None:
    """`hard`: test_hard_takes_a_legal_step_in_every_kind_of_decision."""
    assert {"turn", "battle", "cmd:march", "mongol_invasion", "event"} <= set(decisions)
    for kind, states in decisions.items():
        for i, state in enumerate(states):
            before = state.model_dump_json()
            action = decide(state, level, random.Random(i), ONE_FUTURE)
            assert action in vijayanagara.legal_actions(state), (kind, action)
            assert state.model_dump_json() == before, "deciding changed the game"


def test_hard_takes_a_legal_step_in_every_kind_of_decision(
    decisions: dict[str, list[vijayanagara.GameState]],
    searches: list[Searched],
) -> None:
    """In the first decision of each kind: where there is a choice, hard's whole search (the
    `searches` several tests read, each checked there to leave the game as it was; the steps
    it plays when it overrules easy's: test_hard_overrules_easys_step_only_...); where there
    is none, `decide` at hard's level."""
    searched = {id(state): found.action for state, found, _ in searches}
    for kind, states in decisions.items():
        state = states[0]
        before = state.model_dump_json()
        action = searched.get(id(state))
        if action is None:
            action = decide(state, "hard", random.Random(0), ONE_FUTURE)
        assert action in vijayanagara.legal_actions(state), (kind, action)
        assert state.model_dump_json() == before, "deciding changed the game"


def play_with_ais(
    seed: int, levels: dict[vijayanagara.Faction, Level], budget: Budget = FAST
) -> vijayanagara.GameState:
    """A whole game with an AI in every seat, dealt from outside, invariants after each step."""
    dealer = vijayanagara.seeded_dealer(seed)
    gens = {f: random.Random(seed * 10 + i) for i, f in enumerate(vijayanagara.PLAYERS)}

    def dealt(state: vijayanagara.GameState) -> vijayanagara.GameState:
        node = vijayanagara.chance(state)
        while node is not None:
            state = vijayanagara.apply(state, dealer.outcome(state, node))
            node = vijayanagara.chance(state)
        check(state)
        return state

    state = dealt(vijayanagara.new_game(None))
    for _ in range(20_000):
        if state.game_over:
            return state
        seat = vijayanagara.prompt(state).faction
        assert seat is not None
        action = decide(state, levels[seat], gens[seat], budget)
        assert action in vijayanagara.legal_actions(state)
        state = dealt(vijayanagara.apply(state, action))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [5, *range(100, 100 + WHOLE_GAMES)])
def test_whole_games_with_easy_and_random_seats_keep_the_invariants(seed: int) -> None:
    """One game always; CHAUPAL_WHOLE_GAMES=N plays N more."""
    levels: dict[vijayanagara.Faction, Level] = {
        vijayanagara.Faction.D: "easy",
        vijayanagara.Faction.B: "random",
        vijayanagara.Faction.V: "easy",
    }
    state = play_with_ais(seed, levels)
    assert state.game_over and vijayanagara.ranking(state)[0] in vijayanagara.PLAYERS


@pytest.mark.slow
@pytest.mark.skipif(WHOLE_GAMES == 0, reason="set CHAUPAL_WHOLE_GAMES=N to play whole games")
@pytest.mark.parametrize("seed", range(max(WHOLE_GAMES, 1)))
def test_whole_games_with_hard_in_every_seat(seed: int) -> None:
    levels: dict[vijayanagara.Faction, Level] = {f: "hard" for f in vijayanagara.PLAYERS}
    assert play_with_ais(seed, levels, Budget(iterations=3)).game_over


def a_seeded_midgame(seed: int, steps: int) -> vijayanagara.GameState:
    r = random.Random(seed)
    state = vijayanagara.new_game(seed)  # a state with a seeded dealer inside: rng and order
    for _ in range(steps):
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert state.rng is not None and state.order
    return state


def reshuffled(state: vijayanagara.GameState, salt: int) -> vijayanagara.GameState:
    """The same table with another future: the remaining deck shuffled, another generator,
    and the undo snapshot (which holds the dealer too) re-dealt."""
    other = state.clone()
    order = list(other.order)
    random.Random(salt).shuffle(order)
    other.order = order
    other.rng = random.Random(salt).getrandbits(64)
    return other


@pytest.mark.parametrize("level", ["easy", "hard"])
@pytest.mark.parametrize("steps", [30, 90])
def test_decisions_do_not_depend_on_the_hidden_deck_order_or_the_generator(
    level: Level, steps: int
) -> None:
    state = a_seeded_midgame(7, steps)
    futures = [state, reshuffled(state, 1), reshuffled(state, 2)]
    futures.append(futures[0].clone())
    futures[-1].rng, futures[-1].order = None, []  # the bot's state: no dealer at all
    # hard: its whole search (the step `decide` plays, and every sampled future's value,
    # which a peek would change even where the step stays) at the fewest futures whose values
    # can decide the step, so one generator is enough; easy's step alone, under three
    for k in range(1 if level == "hard" else 3):
        chosen: set[object]
        if level == "hard":
            chosen = {hard.search(s, random.Random(k), SEARCHED) for s in futures}
        else:
            chosen = {decide(s, level, random.Random(k), SEARCHED) for s in futures}
        assert len(chosen) == 1, f"seed {k}: the decision depends on hidden state: {chosen}"


def easys_step(state: vijayanagara.GameState, r: random.Random) -> vijayanagara.Action:
    """The step `easy` would take with the judgement hard gives the seat deciding now."""
    seat = vijayanagara.prompt(state).faction
    assert seat is not None
    return ranked(state, r, judgement=hard.ranking_judgement(seat))[0][1]


# a decision, hard's search in it, and the step easy takes there by the judgement hard ranks by
Searched = tuple[vijayanagara.GameState, hard.Result, vijayanagara.Action]


@pytest.fixture(scope="module")
def searches(decisions: dict[str, list[vijayanagara.GameState]]) -> list[Searched]:
    """hard's search in the first decision of each kind that has a choice, at the fewest
    futures that may overrule easy's step, and easy's step there from the same generator
    (several tests read them); none changes the game."""
    found = []
    for states in decisions.values():
        if len(vijayanagara.legal_actions(states[0])) > 1:
            before = states[0].model_dump_json()
            result = hard.search(states[0], random.Random(5), SEARCHED)
            found.append((states[0], result, easys_step(states[0], random.Random(5))))
            assert states[0].model_dump_json() == before, "searching changed the game"
    return found


def test_with_too_few_sampled_futures_to_be_sure_hard_plays_easys_step(
    searches: list[Searched],
) -> None:
    """hard departs from easy's choice only on evidence from several paired futures: where
    MIN_ROUNDS futures overrule easy's step, the first of those same futures (the same
    generator deals them) leave it easy's."""
    overruled = [(s, easy) for s, found, easy in searches if found.action != easy]
    assert overruled, "no sampled decision where the search overrules easy's step"
    fewer = Budget(iterations=hard.MIN_ROUNDS - 1)
    for state, easy in overruled:
        assert decide(state, "hard", random.Random(5), fewer) == easy


def test_bahmanis_search_ranks_its_steps_weighing_resources_more_than_easy() -> None:
    """Only the root's ranking of Bahmani's own steps; `easy` itself is unchanged."""
    state = vijayanagara.new_game(3)
    bahmani = hard.ranking_judgement(vijayanagara.Faction.B)
    assert bahmani.resource > EASY.resource
    assert hard.ranking_judgement(vijayanagara.Faction.V) == EASY
    more = evaluate(state, vijayanagara.Faction.B, bahmani) - evaluate(
        state, vijayanagara.Faction.B
    )
    resources = state.resources[vijayanagara.Faction.B]
    assert resources > 0
    assert more == pytest.approx((bahmani.resource - EASY.resource) * resources)


def test_hard_overrules_easys_step_only_with_the_best_gain_past_the_floor(
    searches: list[Searched],
) -> None:
    """A step must beat easy's by OVERRIDE on average and by CONFIDENCE standard errors in
    the same futures; of several such, the one with the largest mean gain is played."""
    several = 0
    for state, found, easy in searches:
        assert easy not in {g.action for g in found.gains}
        past = [g for g in found.gains if g.overrules(hard.OVERRIDE)]
        best = max(past, key=lambda g: g.mean).action if past else easy
        assert found.action == best
        assert found.action in vijayanagara.legal_actions(state)
        several += len(past) > 1
    assert several, "no sampled decision where several steps beat easy's"


# hard's searches in the sample (`searches`), hashed (sha256 of each search's steps compared and
# figures, first 16 hex digits): what makes the AI quicker never changes them; a change of its
# judgement does, and the new figure is taken once the change is measured (bench/arena.py);
# so does a new sample (`decisions`), or a step of its games now taken unasked (forced).
SEARCHES = "c83e42533b41d7b8"


def test_what_makes_the_search_quicker_leaves_its_every_figure_as_it_was(
    searches: list[Searched],
) -> None:
    def figures(found: hard.Result) -> list[object]:
        gains = [(vijayanagara.action_to_json(g.action), g.mean, g.error) for g in found.gains]
        step = vijayanagara.action_to_json(found.action)
        return [step, found.visits, found.iterations, found.win_chance, found.margin, gains]

    text = repr([figures(found) for _, found, _ in searches])
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == SEARCHES


def test_a_gain_overrules_only_past_both_the_floor_and_its_noise() -> None:
    step = vijayanagara.legal_actions(vijayanagara.new_game(1))[0]
    assert hard.Gain(step, mean=0.6, error=0.1).overrules(0.5)
    assert not hard.Gain(step, mean=0.4, error=0.1).overrules(0.5)
    assert not hard.Gain(step, mean=0.6, error=0.5).overrules(0.5)  # 1.5 errors is 0.75


def test_a_hint_names_a_legal_step_a_win_chance_and_a_reason() -> None:
    state = a_seeded_midgame(3, 40)
    h = hint(state, random.Random(0), SEARCHED)  # the fewest futures that may overrule easy
    assert h.action in vijayanagara.legal_actions(state)
    assert h.text == vijayanagara.describe(state, h.action)
    assert 0.0 <= h.win_chance <= 1.0
    assert "sampled futures" in h.reason and "\n" not in h.reason


def test_the_hint_names_where_its_futures_end_for_every_faction() -> None:
    """Points build over more than a card (5.2, 5.3), so every faction's playouts go on to the
    end of the third card from now (docs/ai_strength.md: the arena runs that showed it)."""
    horizons: dict[vijayanagara.Faction, str] = {}
    r = random.Random(5)  # a_seeded_midgame(5, steps) for every 7th step from the 20th, in one walk
    state = vijayanagara.new_game(5)
    for steps in range(200):
        seat = vijayanagara.prompt(state).faction
        if steps >= 20 and steps % 7 == 6 and seat is not None and seat not in horizons:
            reason = hint(state, random.Random(0), Budget(iterations=1)).reason
            assert reason.startswith("in 1 sampled future, its "), reason
            horizons[seat] = reason.split("played on to ")[1].split(",")[0]
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert horizons == dict.fromkeys(vijayanagara.PLAYERS, "the end of the third card from now")


def test_the_time_budget_runs_on_the_callers_clock() -> None:
    ticks = iter(range(1000))
    budget = Budget(iterations=1000, seconds=3, clock=lambda: float(next(ticks)))
    found = hint(a_seeded_midgame(3, 10), random.Random(0), budget)
    assert "in 3 sampled futures" in found.reason


def test_bad_levels_and_budgets_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="choose one of random, easy, hard"):
        level_of("grandmaster")
    assert level_of(" Hard ") == "hard"
    with pytest.raises(ValueError, match="iterations must be 1 to"):
        Budget(iterations=0)
    with pytest.raises(ValueError, match="needs positive seconds and a clock"):
        Budget(seconds=1.0)
    over = vijayanagara.new_game(1)
    over.game_over = True
    with pytest.raises(ValueError, match="no faction decides now"):
        decide(over, "easy", random.Random(0), FAST)


def test_ai_is_pure_it_reads_the_game_through_the_public_rules_package_only() -> None:
    banned = {"time", "discord", "PIL", "db", "bot", "render", "asyncio", "os"}
    for path in (ROOT / "ai").rglob("*.py"):
        mods = imported_modules(path)
        assert not {m.split(".")[0] for m in mods} & banned, f"{path.name}: {sorted(mods)}"
        # a game's players in ai/<game>/ read that game's public package, rules.<game>, and
        # its face on the protocol, rules.<game>.game (for the one search)
        rel = path.relative_to(ROOT / "ai").parts
        # ... and the registry and the one search (ai/search/) read the protocol for every
        # game; any of them may read a game's capabilities through rules.capabilities, and
        # count in words as every game's texts do (rules.words)
        allowed = (
            {f"rules.{rel[0]}", f"rules.{rel[0]}.game"}
            if len(rel) > 1 and rel[0] != "search"
            else {"rules.game"}
        )
        allowed |= {"rules.capabilities", "rules.words"}
        private = {m for m in mods if m.startswith("rules.")} - allowed
        assert not private, f"{path.name}: {sorted(mods)}"


def test_the_arena_prints_one_json_object_with_the_tested_seat_rotating(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from bench.arena import main

    main(["--ai", "random", "--vs", "random", "--games", "3", "--seed", "4", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["ai"] == "random" and out["vs"] == "random" and out["games"] == 3
    assert {f: s["games"] for f, s in out["seats"].items()} == {"D": 1, "B": 1, "V": 1}
    assert all(0 <= s["wins"] <= s["games"] for s in out["seats"].values())
    ms = out["decision_ms"]
    assert 0 <= ms["p50"] <= ms["p95"] <= ms["max"]


def test_the_arena_can_test_one_seat_with_the_whole_sample(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from bench.arena import main

    main(["--ai", "random", "--vs", "random", "--games", "2", "--seats", "b", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert {f: s["games"] for f, s in out["seats"].items()} == {"D": 0, "B": 2, "V": 0}
    for bad in ("X", "BB", ""):
        with pytest.raises(SystemExit):
            main(["--ai", "random", "--vs", "random", "--seats", bad])
    assert "--seats takes each of B, D, V at most once, got 'BB'" in capsys.readouterr().err


def test_an_arena_run_logs_each_game_so_a_cut_run_still_sums_up(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import json

    from bench.arena import main

    log = tmp_path / "run.jsonl"
    main(["--ai", "random", "--vs", "random", "--games", "3", "--seed", "9", "--log", str(log)])
    out, err = capsys.readouterr()
    whole = json.loads(out.splitlines()[0])
    assert err.count("random as ") == 3  # one progress line per finished game
    lines = log.read_text().splitlines()
    assert len(lines) == 3
    log.write_text("\n".join(lines[:2]) + "\n")  # the run was cut after two games
    main(["--summarize", str(log), str(log)])  # a game logged twice counts once
    cut = json.loads(capsys.readouterr().out)
    assert cut["games"] == 2
    assert sum(s["games"] for s in cut["seats"].values()) == 2
    assert cut["seats"]["V"] == {"games": 0, "wins": 0}
    assert whole["seats"]["D"] == cut["seats"]["D"]


@pytest.fixture(scope="module")
def easys_arena_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """One arena game of `easy` in every seat, Bahmani's tested (seed 30: Bahmani wins): its
    JSON object and its log, read by two tests (a whole game of `easy` costs seconds)."""
    import contextlib
    import io
    import json

    from bench.arena import main

    log = tmp_path_factory.mktemp("arena") / "easy.jsonl"
    out = io.StringIO()
    args = ["--ai", "easy", "--vs", "easy", "--seats", "B", "--json", "--log", str(log)]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main([*args, *EASYS_GAME])
    return json.loads(out.getvalue()), log


def test_arena_logs_of_other_runs_or_other_files_are_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    easys_arena_game: tuple[dict[str, Any], Path],
) -> None:
    from bench.arena import main

    a, junk = tmp_path / "a.jsonl", tmp_path / "junk.jsonl"
    b = easys_arena_game[1]  # easy against easy
    main(["--ai", "random", "--vs", "random", "--games", "1", "--log", str(a), "--json"])
    junk.write_text('{"ai": "random"}\n')
    capsys.readouterr()
    for logs, said in (
        ([a, b], "one pairing of levels and budget per summary"),
        ([junk], "junk.jsonl:1: not a game of an arena log"),
        ([tmp_path / "missing.jsonl"], "missing.jsonl"),
    ):
        with pytest.raises(SystemExit):
            main(["--summarize", *map(str, logs)])
        assert said in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--games", "1"])
    assert "--ai and --vs are required" in capsys.readouterr().err


def test_a_seats_judgement_is_weighed_on_the_very_games_easy_plays(
    capsys: pytest.CaptureFixture[str], easys_arena_game: tuple[dict[str, Any], Path]
) -> None:
    """bench/seat_judgement.py pairs each judgement with `easy`'s own games (the arena's):
    one whole game, which Bahmani wins, played by each; another judgement's games are
    counted against `easy`'s on the same seeds (cut short here: what is counted is the
    point, not who wins)."""
    import json

    from bench import seat_judgement

    easys = easys_arena_game[0]["seats"]["B"]["wins"]
    assert easys == 1
    seat_judgement.main(["--seat", "B", *EASYS_GAME, "--judgement", "{}"])
    out = json.loads(capsys.readouterr().out)
    assert out["easy"] == easys
    (same,) = out["judgements"]
    assert same == {
        "judgement": dataclasses.asdict(EASY),
        "wins": easys,
        "only_it": 0,
        "only_easy": 0,
    }
    other_weights = '{"resource": 0.4, "projected": true}'
    cut = ["--games", "2", "--seed", "7", "--steps", "6"]
    seat_judgement.main(["--seat", "B", *cut, "--judgement", "{}", "--judgement", other_weights])
    out = json.loads(capsys.readouterr().out)
    same, other = out["judgements"]
    assert same["wins"] == out["easy"] and same["only_it"] == same["only_easy"] == 0
    assert other["judgement"]["resource"] == 0.4 and other["judgement"]["projected"] is True
    assert other["wins"] - other["only_it"] + other["only_easy"] == out["easy"]


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ('{"resourc": 0.4}', "--judgement takes an object of cavalry, control"),
        ('{"resource": "lots"}', "resource: Input should be a valid number"),
        ('{"projected": 1}', "projected: Input should be a valid boolean"),
        ("[0.4]", "--judgement takes an object of"),
        ('{"resource": 0.4', "--judgement: not JSON"),
    ],
)
def test_a_bad_judgement_is_refused_before_any_game_is_played(
    given: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench import seat_judgement

    with pytest.raises(SystemExit):
        seat_judgement.main(["--judgement", given])
    assert said in capsys.readouterr().err
