"""The lobby: create, join, leave, start and abort a game; the server's permissions."""

from __future__ import annotations

from collections.abc import Sequence

from db import (
    Announcement,
    DeckFile,
    GameRecord,
    LogLines,
    ServerSettings,
    Snapshot,
)
from db.models import MAX_ID
from rules import vijayanagara
from rules.errors import excerpt
from rules.vijayanagara.cards import with_deck

from .ai_turns import ai_header
from .ai_users import AI_USERS, ai_name, is_ai, seat_level
from .reply import Reply
from .service_base import (
    FACTIONS,
    MAX_DECK_BYTES,
    SEED_DEALS,
    ServiceBase,
    ServiceError,
    answers,
    check_range,
    faction_of,
    upload_text,
)

ORGANISERS = ("anyone", "role", "managers")


class Lobby(ServiceBase):
    @answers(exists="This channel already has a game. Finish or `/vj abort` it, or open a thread.")
    async def create(
        self,
        channel: str,
        user: int,
        *,
        timurs_shadow: bool = False,
        seed: int | None = None,
        deck: bytes | str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
        ai: str | None = None,
        seat: str | None = None,
    ) -> Reply:
        """Open a game; `deck` is another deck file (YAML, events-format.md), as uploaded.
        `guild`, `roles` and `is_manager` describe the caller for the server's permissions.
        With `ai` (a level) the creator sits as `seat` (D when left out) and AIs of that
        level in the other seats, stored with the game in its one transaction.

        Its dice and cards are dealt from a fresh random secret (committed at the start,
        revealed at the end), or from the service's `seed_source` (tests: a fixed secret).
        A game created with an explicit `seed` (tests, benches, the terminal's `--seed`) is
        `vijayanagara.new_game(seed)` itself, dealt by the seed: repeatable, not fair play."""
        async with self._lock(channel):
            await self._may_organise(guild, roles, is_manager, "create")
            seats, seated = self._creator_and_ais(user, ai, seat)
            await self._note_server(channel, guild)
            if seed is not None:
                check_range("The seed", seed, 0, MAX_ID)
                secret = b""
            else:
                secret = self._new_secret()
            options = vijayanagara.GameOptions(timurs_shadow=timurs_shadow)
            deck_file: DeckFile | None = None
            if deck is not None:
                text = upload_text(deck, "deck file", MAX_DECK_BYTES)
                try:
                    options = await self.off_loop(with_deck, options, text)
                except vijayanagara.DataError as exc:
                    raise ServiceError(f"That deck file cannot be used: {exc}") from exc
                assert options.deck_hash is not None
                deck_file = DeckFile(hash=options.deck_hash, text=text)
            variant = " with Timur's Shadow" if timurs_shadow else ""
            if deck is not None:
                variant += " with your own deck file"

            def announcement(game: GameRecord) -> Announcement:
                head = f"New game of Vijayanagara{variant} (game {game.id})."
                if seated is not None:
                    return Announcement(text=f"{head}\n{seated}")
                return Announcement(
                    text=f"{head} Take a seat with `/vj join faction:D|B|V` (one person may "
                    "hold several), then `/vj start`."
                )

            stored_options = options.model_dump(mode="json", exclude_none=True)
            if seed is not None:  # so it is never taken for a game from before secrets
                stored_options[SEED_DEALS] = True
            game = await self.store.create_game(
                channel,
                seed or 0,  # a secret deals the game, unless a seed was given
                stored_options,
                user,
                deck=deck_file,
                secret=secret.hex(),
                seats=seats,
                announcement=announcement,  # stored with the game: a crash leaves neither
            )
            return self._announced(game, announcement(game).text)

    def _creator_and_ais(
        self, user: int, level: str | None, seat: str | None
    ) -> tuple[dict[str, int], str | None]:
        """A new game's seats when AIs fill it (`level`): the creator's `seat` (D when left
        out), AIs in the others; and the line that says so. No seats without `level`."""
        if level is None:
            return {}, None
        try:
            lvl = seat_level(level)
        except ValueError as e:
            raise ServiceError(f"{e}.") from e
        f = faction_of(seat or "D")
        seats = {x.value: user if x == f else AI_USERS[lvl] for x in FACTIONS}
        ais = " and ".join(vijayanagara.FACTION_NAMES[x] for x in FACTIONS if x != f)
        return seats, (
            f"{self.mention(user)} sits as {vijayanagara.FACTION_NAMES[f]}; {ai_name(lvl)} plays "
            f"{ais}. `/vj start` begins the game; anyone may still take an AI's seat with "
            "`/vj join`."
        )

    @answers(stale="The game changed meanwhile; try `/vj join` again.")
    async def join(self, channel: str, user: int, faction: str | None = None) -> Reply:
        async with self._lock(channel):
            game = await self._open_game(channel)
            free = [f for f in FACTIONS if f.value not in game.seats]
            if faction is None:
                if not free:
                    raise ServiceError("All three seats are taken.")
                f = free[0]
            else:
                f = faction_of(faction)
                holder = game.seats.get(f.value)
                name = vijayanagara.FACTION_NAMES[f]
                free_txt = "Free seats: " + (", ".join(x.value for x in free) or "none") + "."
                if holder == user:
                    raise ServiceError(f"You already sit as {name}.")
                if holder is not None and not is_ai(holder):
                    raise ServiceError(
                        f"{name} is taken by {self.mention(holder)}. Only they can let it go "
                        "(`/vj leave`, or `/vj ai` for an AI), or a member with Manage Server "
                        f"can give it to someone else (`/vj club seat`). {free_txt}"
                    )
                held_for = (await self.store.seat_holds(game.id)).get(f.value)
                if holder is not None and held_for is not None and held_for != user:
                    ai = self.mention(holder)
                    raise ServiceError(
                        f"{ai[:1].upper()}{ai[1:]} holds {name} for "
                        f"{self.mention(held_for)}, who alone takes it back with `/vj join` "
                        "(or lets it go with `/vj leave`); a member with Manage Server can "
                        f"give it to someone else (`/vj club seat`). {free_txt}"
                    )
            seats = {**game.seats, f.value: user}
            left = [x.value for x in FACTIONS if x.value not in seats]
            tail = (
                f" Free seats: {', '.join(left)}."
                if left
                else (" All seats are taken: `/vj start`." if game.status == "lobby" else "")
            )
            text = f"{self.mention(user)} sits as {vijayanagara.FACTION_NAMES[f]}.{tail}"
            game = await self._store_seats(game, seats, text)
            return self._announced(game, text)

    @answers(stale="The game changed meanwhile; try `/vj leave` again.")
    async def leave(self, channel: str, user: int, faction: str | None = None) -> Reply:
        async with self._lock(channel):
            game = await self._open_game(channel)
            mine = self._user_factions(game, user)
            # the seats an AI holds for them: leaving lets anyone take those
            held = [
                f
                for f, uid in (await self.store.seat_holds(game.id)).items()
                if uid == user and is_ai(game.seats.get(f))
            ]
            if faction is not None:
                f = faction_of(faction)
                if f not in mine and f.value not in held:
                    raise ServiceError(f"You do not sit as {vijayanagara.FACTION_NAMES[f]}.")
                mine = [f] if f in mine else []
                held = [f.value] if f.value in held else []
            if not mine and not held:
                raise ServiceError("You have no seat in this game.")
            for f_value in held:
                await self.store.put_seat_hold(game.id, f_value, None)
            released = ", ".join(vijayanagara.FACTION_NAMES[vijayanagara.Faction(x)] for x in held)
            released_text = (
                f" The AI keeps playing {released}; anyone may take it with `/vj join`."
                if held
                else ""
            )
            if not mine:  # no seat changes hands: nothing to store but the holds
                return Reply(
                    text=f"{self.mention(user)} lets go of the seat the AI holds for them."
                    + released_text,
                    version=game.version,
                )
            seats = {k: v for k, v in game.seats.items() if k not in {f.value for f in mine}}
            names = ", ".join(vijayanagara.FACTION_NAMES[f] for f in mine)
            extra = (
                " Anyone may take the free seat with `/vj join`." if game.status == "active" else ""
            )
            text = f"{self.mention(user)} leaves {names}.{extra}{released_text}"
            game = await self._store_seats(game, seats, text)
            return self._announced(game, text)

    @answers(stale="The game changed meanwhile; try `/vj start` again.")
    async def start(self, channel: str, user: int) -> Reply:
        async with self._lock(channel):
            game = await self._open_game(channel)
            if game.status == "active":
                raise ServiceError("The game has already started.")
            if user != game.creator and not self._user_factions(game, user):
                raise ServiceError(
                    "Only a seated player or the game's creator may start it. "
                    "Take a seat with `/vj join`."
                )
            missing = [f for f in FACTIONS if f.value not in game.seats]
            if missing:
                raise ServiceError(
                    "A game starts only with all three factions seated. Free: "
                    + ", ".join(f"{f.value} ({vijayanagara.FACTION_NAMES[f]})" for f in missing)
                    + ". Join with `/vj join faction:`."
                )
            if await self._pre_secret(game):  # stored before per-game secrets: it takes one
                game = await self.store.adopt_secret(
                    game.id, game.version, secret=self._new_secret().hex(), log=[]
                )
                self._forget_dealing(game.id)
            state = await self._fresh_state(game)
            lines = vijayanagara.LogTail.of(state)
            state, dealt = await self._deal(game, state, 1, lines)
            seats = ", ".join(self._who(game, f) for f in FACTIONS)
            body = (
                f"The game begins: {seats}.\n"
                + await self._commitment_text(game)
                + vijayanagara.card_header(state)
            )
            waiting = self._waiting_for(game, state)
            mentions: list[int] = []
            if is_ai(waiting):  # an AI's decision asks nobody: its turn opens here
                body += "\n" + ai_header(state, waiting)
                text = body
            else:
                nxt, mentions = self.prompt_text(game, state)
                text = f"{body}\n{nxt}"
            game = await self.store.append_actions(
                game.id,
                game.version,
                dealt,
                snapshot=Snapshot(seq=len(dealt), state=state.model_dump_json()),
                log=LogLines(start=lines.start, lines=lines.lines),
                status="active",
                announcement=Announcement(text=text, mentions=mentions, board=True, body=body),
                reminder=await self.reminders.plan(game, self._waiting_for(game, state)),
            )
            self._remember(game, state, len(dealt))
        return self._announced(
            game,
            text,
            mentions=mentions,
            image=await self._render(state, None, game),
            buttons=self.buttons_for(game, state),
        )

    @answers()
    async def abort(
        self,
        channel: str,
        user: int,
        *,
        is_manager: bool = False,
        guild: str | None = None,
        roles: Sequence[int] = (),
    ) -> Reply:
        async with self._lock(channel):
            game = await self._open_game(channel)
            if user != game.creator:
                await self._may_organise(guild, roles, is_manager, "abort", anyone=False)
            text = f"Game {game.id} ended by {self.mention(user)} without a result."
            secret = await self.secret_of(game)
            if secret is not None:  # no future left to guard: dice and cards may be checked
                text += "\n" + self._reveal_text(game, secret)
            game = await self.store.update_game(
                game.id, game.version, status="aborted", announcement=Announcement(text=text)
            )
            self._cache.pop(game.id, None)
        return self._announced(game, text)

    @answers()
    async def configure(
        self,
        guild: str | None,
        user: int,
        *,
        is_manager: bool,
        organisers: str | None = None,
        role_id: int | None = None,
    ) -> Reply:
        """Show or set who may create, import and abort games on this server."""
        if guild is None:
            return Reply.error("Permissions are set per server; there is no server here.")
        if organisers is None:
            s = await self.store.server_settings(guild)
            return Reply(text=self._settings_text(s), ephemeral=True)
        if not is_manager:
            return Reply.error("Only a member with Manage Server may change these settings.")
        if organisers not in ORGANISERS:
            raise ServiceError(
                f"Unknown setting {excerpt(organisers)}: use one of {', '.join(ORGANISERS)}."
            )
        if organisers == "role":
            if role_id is None:
                raise ServiceError("Name the role that may create, import and abort games.")
            check_range("The role id", role_id, 0, MAX_ID)
        s = ServerSettings.model_validate(
            {
                "guild_id": guild,
                "organisers": organisers,
                "role_id": role_id if organisers == "role" else None,
            }
        )
        await self.store.put_server_settings(s)
        return Reply(text="Saved. " + self._settings_text(s))

    @staticmethod
    def _settings_text(s: ServerSettings) -> str:
        who = {
            "anyone": "anyone",
            "role": f"members with the <@&{s.role_id}> role",
            "managers": "nobody but server managers",
        }[s.organisers]
        return (
            f"On this server {who} may create and import games; a game's creator, "
            + ("" if s.organisers == "anyone" else f"{who}, ")
            + "and members with Manage Server may abort it."
        )
