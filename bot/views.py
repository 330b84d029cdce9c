"""Reading a game: status, board, log, options, cards and help."""

from __future__ import annotations

from rules import vijayanagara
from rules.errors import excerpt
from rules.vijayanagara import reference
from rules.vijayanagara.cards import Deck, deck_for, find_cards
from rules.vijayanagara.registry import summary

from .effects import offered_effects
from .reply import Reply
from .service_base import (
    FACTIONS,
    MAX_LOG_LINES,
    ServiceBase,
    answers,
    check_range,
    log_end,
)

MAX_QUERY_CHARS = 100  # a card number or title looked up

COMMANDS: dict[str, str] = {
    "create": "open a new game in this channel (options: timurs_shadow; ai: easy|hard fills "
    "the other seats with AIs, seat: yours)",
    "join": "take a seat: D (Delhi Sultanate), B (Bahmani Kingdom) or V (Vijayanagara Empire)",
    "leave": "give up your seat(s) (a free seat can be taken by anyone with join)",
    "start": "start the game once all three factions are seated",
    "ai": "an AI plays a seat (faction, level easy|hard, pace: seconds a step); a person's seat "
    "at their request, by Manage Server, or once the game stalled on them; join takes it back",
    "hint": "the hard AI's suggestion for your whole turn beside the runner-up and Pass, with "
    "a button that plays it (only you)",
    "play": "send an order in the notation, steps separated by ';' (docs/notation.md)",
    "undo": "take back your last step (until a die roll, card reveal or hand-off)",
    "give": "give Resources and/or Cavalry to another faction (1.5.2), at any time",
    "status": "who sits where, Resources, Cavalry, score, whose decision it is (only you see it; "
    "public: posts it)",
    "board": "the board picture (only you see it; public: posts it)",
    "log": "the last lines of the game log",
    "options": "every step allowed now, the whole list (only you see it)",
    "card": "look up an event card by number or title",
    "rules": "the rules at the table: how each faction wins, every Command and Decree, battles, "
    "the end (topic:; only you see it)",
    "export": "the whole game as a JSON file (its secret only once the game is over)",
    "import": "load an exported game here; you keep your seats from it and may claim others",
    "abort": "end the game without a result (its creator or a server manager)",
    "club pace": "hours the game waits before reminding whoever is on turn (default 24), "
    "then a notice to the channel, then one stall notice; deadline: pass makes the seat pass; "
    "stricter in a running game once every seated player agrees, or by Manage Server",
    "club me": "your time zone, quiet hours (no reminders then) and direct messages for your turns",
    "club rematch": "a new game with the same people after one is over (seating: rotate, same, "
    "choose)",
    "club seat": "give a seat to a substitute (Manage Server only)",
    "club history": "the finished games of this channel, or of a player on this server",
    "club stats": "wins per faction, and a player's wins and rating (Elo) per faction",
    "club replay": "the board at any step of a finished game of this channel",
    "club verify": "check that every die and card followed from the secret committed at the start",
    "club config": "who may create, import and abort games on this server (Manage Server only)",
    "help": "this list",
}


class Views(ServiceBase):
    @answers()
    async def status(self, channel: str, *, public: bool = False) -> Reply:
        """Seats, Resources, score, the card and whose decision it is: to the asker alone
        (with the buttons), or `public` for the channel (without: only the newest message of
        a game has buttons)."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel. Start one with `/vj create`.")
        seats = "\n".join(f"• {f.value}: {self._who(game, f)}" for f in FACTIONS)
        head = f"Game {game.id} — {game.status}, version {game.version}"
        if game.status == "lobby":
            return Reply(text=f"{head}.\n{seats}", version=game.version, ephemeral=not public)
        state = await self.state_of(game)
        played = state.actions_taken  # undone steps are not counted
        head += f", {played} step{'' if played == 1 else 's'} played."
        score = vijayanagara.score(state)
        facts = "\n".join(
            f"• {vijayanagara.FACTION_NAMES[f]}: {state.resources[f]} Resources, {state.cavalry[f]} "
            f"Cavalry, {score[f]} VP"
            + (f", Influence {state.influence[f]}" if f in state.influence else "")
            for f in FACTIONS
        )
        card = ""
        if state.current_card is not None:
            c = deck_for(state.options).cards.get(state.current_card)
            card = (
                f"\nCard {state.current_card}"
                + (f": {c.title}" if c else "")
                + f"; {vijayanagara.deck_facts(state)}; dynasty {state.dynasty}."
            )
        if state.game_over:
            nxt = self._final_text(state)
        else:
            nxt, _ = self.prompt_text(game, state)
            undo = vijayanagara.can_undo(state)
            if undo is not None:
                nxt += f"\n{vijayanagara.FACTION_NAMES[undo]} may undo its last step."
        return Reply(
            text=f"{head}\n{seats}\n{facts}{card}\n{nxt}",
            buttons=[] if game.status != "active" or public else self.buttons_for(game, state),
            version=game.version,
            ephemeral=not public,
        )

    @answers()
    async def board(self, channel: str, *, public: bool = False) -> Reply:
        """The board picture and whose decision it is: to the asker alone, or `public`."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None or game.status == "lobby":
            return Reply.error("There is no board yet: create and start a game first.")
        state = await self.state_of(game)
        nxt = self._final_text(state) if state.game_over else self.prompt_text(game, state)[0]
        image = await self._render(state, state.turn_touched, game)
        if image is None:
            nxt += "\n(The board picture could not be drawn; the error is logged.)"
        return Reply(text=nxt, image=image, version=game.version, ephemeral=not public)

    @answers()
    async def log_lines(self, channel: str, lines: int = 20) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None or game.status == "lobby":
            return Reply.error("There is no game log yet.")
        n = check_range("The number of log lines", lines, 1, MAX_LOG_LINES)
        state = await self.state_of(game)  # (moves the log of a game stored before out)
        end = log_end(state)
        shown = await self.store.log_lines(game.id, max(0, end - n), end)
        body = "\n".join(shown)
        return Reply(text=f"The last {len(shown)} lines of the log:\n{body}", ephemeral=True)

    @answers()
    async def options(self, channel: str) -> Reply:
        """Every legal next step, uncut (the lists in messages are cut)."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return Reply.error("There is no game in progress, so no decision is pending.")
        state = await self.state_of(game)
        opts = self._options(state, None)
        head = self.prompt_text(game, state)[0].split("\n")[0]  # the effects are listed below
        effects = "".join(f"\n{line}" for line in offered_effects(state))
        return Reply(text=f"{head}\nAll allowed steps: {opts or 'none'}.{effects}", ephemeral=True)

    def rules_topic(self, topic: str | None) -> Reply:
        """`/vj rules topic:`: a few lines on one topic, citing the rule sections; without a
        topic, the list of topics."""
        if topic is None or not topic.strip():
            return Reply(
                text="**Rules topics** (`/vj rules topic:`): " + ", ".join(reference.topics()),
                ephemeral=True,
            )
        try:
            return Reply(text=reference.reference(topic), ephemeral=True)
        except ValueError as e:
            return Reply.error(f"{e}.")

    @answers()
    async def card_in(self, channel: str, query: str) -> Reply:
        deck = await self.channel_deck(channel)
        return self.card(query, deck)

    def card(self, query: str, deck: Deck | None = None) -> Reply:
        q = query.strip()
        if len(q) > MAX_QUERY_CHARS:
            return Reply.error(
                f"That is too long for a card number or title (at most {MAX_QUERY_CHARS} characters)."
            )
        found = find_cards(q, deck)
        if not found:
            numbers = (deck or vijayanagara.standard_deck()).cards
            return Reply.error(
                f"No card matches {excerpt(q)}. Try a number ({min(numbers)}-"
                f"{max(numbers)}) or the start of a title."
            )
        c = found[0]
        lines = [f"**{c.number}. {c.title}** ({c.kind.replace('_', ' ')})"]
        if c.order:
            lines.append(
                "Order: "
                + " ".join(f.value for f in c.order)
                + (" — Stay Eligible" if c.stay_eligible else "")
            )
        if c.kind == "mongol_invasion" and c.faction is not None:
            lines.append(
                f"{vijayanagara.FACTION_NAMES[c.faction]} runs the Mongol Invaders: it chooses their two "
                "Mongol Commands and may accept Compromising Gifts (2.4)."
            )
        if c.flavor:
            lines.append(f"_{c.flavor}_")
        if c.unshaded:
            lines.append(f"Unshaded: {c.unshaded}")
        if c.shaded:
            lines.append(f"Shaded: {c.shaded}")
        return Reply(text="\n".join(lines))

    def help(self) -> Reply:
        lines = ["**Vijayanagara** — play-by-chat for three. Commands (`/vj ...`):"]
        lines += [f"• `{name}` — {what}" for name, what in COMMANDS.items()]
        lines.append(
            "Shortcuts: `pass`, `event side:`, `command name:`, `decree name:`, `done`. "
            "Orders are in docs/notation.md, e.g. `/vj play order: command; march; "
            "move 2 troop from delhi to malwa; done`."
        )
        lines.append(f"Commands (3.0) — {summary('command')}.")
        lines.append(f"Decrees (4.0) — {summary('decree')}.")
        lines.append(
            "In a battle, after the dice: Cavalry `charge N` lowers your die N by one (never "
            "below 1); `screen N` removes the opponent's die N unless it shows 1 (1.10); "
            "`done` when finished."
        )
        lines.append(
            "The channel: one message per faction turn, edited as the turn goes on; a new "
            "message pings whoever decides next (if that is someone else); each card opens "
            "with its header and the board, and a one-line recap of the card before. "
            "`status` and `board` answer only you unless `public:` is set."
        )
        return Reply(text="\n".join(lines), ephemeral=True)
