"""Vijayanagara's reference at the table (its rules, its event cards, its help), its deck file
and its games dealt by a seed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..capabilities import (
    ComponentFiles,
    Reference,
    Seeding,
    StoredSteps,
    with_later,
)
from ..game import (
    Seat,
)
from ..text import quoted
from . import (
    Action,
    GameOptions,
    GameState,
    apply,
    chance,
    new_game,
    seeded_dealer,
    table,
)
from . import reference as topics
from .cards import standard_deck_text, with_deck


class VijayanagaraReference(Reference[GameOptions]):
    def rules_topics(self) -> Sequence[str]:
        return topics.topics()

    def rules_reference(self, topic: str) -> str:
        return topics.reference(topic)

    # --- at the table -------------------------------------------------------------------

    def lookup_names(self, options: GameOptions) -> Sequence[tuple[str, str]]:
        return table.card_names(options)

    def lookup(self, options: GameOptions, query: str) -> str:
        return table.card_text(options, query)

    def help_lines(self, named: Callable[[str], str]) -> list[str]:
        return table.help_lines(named)

    def options_text(self, options: GameOptions) -> str:
        text = " with Timur's Shadow" if options.timurs_shadow else ""
        return text + (" with your own deck file" if options.deck_hash else "")


class VijayanagaraFiles(ComponentFiles[GameOptions]):
    def file_names(self) -> Sequence[str]:
        return ("deck",)

    def with_files(self, options: GameOptions, files: Mapping[str, str]) -> GameOptions:
        unknown = sorted(set(files) - {"deck"})
        if unknown:
            raise ValueError(f"Vijayanagara takes a deck file only, not {quoted(unknown[0])}")
        return with_deck(options, files["deck"]) if "deck" in files else options

    def standard_text(self, name: str) -> str:
        if name != "deck":
            raise ValueError(f"Vijayanagara has a deck file only, not {quoted(name)}")
        return standard_deck_text()

    def file_keys(self, options: GameOptions) -> Mapping[str, str]:
        return {} if options.deck_hash is None else {"deck": options.deck_hash}


class VijayanagaraSeeding(Seeding[GameState, Action, GameOptions]):
    def new_seeded(self, options: GameOptions, seats: Sequence[Seat], seed: int) -> GameState:
        return new_game(seed, options)

    def outcomes_written_out(
        self, seed: int, options: GameOptions, log: Sequence[Action]
    ) -> list[Action]:
        """A game stored before chance entries (its seed dealt inside the state) replayed
        with the seed's dealer, each outcome written in after the step that called for it
        (as an imported format-1 export is read)."""
        dealer = seeded_dealer(seed, options)
        state = new_game(None, options)
        out: list[Action] = []

        def deal() -> None:
            nonlocal state
            while (node := chance(state)) is not None:
                outcome = dealer.outcome(state, node)
                state = apply(state, outcome)
                out.append(outcome)

        deal()
        steps = StoredSteps(self.game)  # one stored before the rules took it unasked: kept
        for action, later in with_later(log):
            state = steps.replayed(state, action, later)
            out.append(action)
            deal()
        return out
