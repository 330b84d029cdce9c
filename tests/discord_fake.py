"""A fake Discord behind the real discord.py library: its HTTP API and its gateway, in memory.

The bot runs unchanged (the client `bot/discord/main.py` builds); only `aiohttp.ClientSession` is
replaced, so every request discord.py makes (REST, interaction callbacks, webhooks follow-ups,
CDN downloads, the gateway websocket) lands here. The fake records requests and messages and
enforces Discord's documented interaction rules:

- one initial response per interaction, within 3 s of its creation (the snowflake's time);
  later: 404 Unknown interaction (10062); twice: 400 already acknowledged (40060);
- follow-ups and edits through the interaction token for 15 minutes (then 401, 50027), and only
  after an initial response;
- the first follow-up after a deferred "thinking" response edits that message: it notifies
  nobody and keeps the deferral's visibility;
- a new, non-ephemeral message notifies the users it mentions when allowed_mentions permit;
  an edit notifies nobody;
- attaching files to a channel message needs Attach Files; sending needs Send Messages.

Faults can be injected per route: a status (403, 5xx) or a dropped connection; and Discord
can be out of reach (`unreachable`): its name does not resolve, or it refuses connections.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import re
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from aiohttp.client_reqrep import ConnectionKey
from discord.utils import time_snowflake
from multidict import CIMultiDict
from yarl import URL

API = "https://discord.com/api/v10"
CDN = "https://cdn.discordapp.com"
EPHEMERAL = 64
GUILD = 5_000_000_000_000_001
CHANNEL = 5_000_000_000_000_002
APP = 5_000_000_000_000_003
ROLE = 5_000_000_000_000_004  # a role of the guild's, e.g. the one that organises games
BOT_TOKEN = "fake-bot-token.abc.xyz"
HANG_SECONDS = 300.0  # a bot silent this long is hung, however loaded the machine (sent_until)
DEFAULT_APP_PERMISSIONS = discord.Permissions(
    send_messages=True,
    send_messages_in_threads=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    use_application_commands=True,
    view_channel=True,
    create_public_threads=True,
)


def _user_json(uid: int, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(uid),
        "username": f"user{uid}",
        "discriminator": "0",
        "global_name": f"User {uid}",
        "avatar": None,
        "bot": bot,
    }


@dataclass
class Message:
    id: int
    channel_id: int
    content: str
    files: list[str]
    components: list[dict[str, Any]]
    ephemeral: bool
    interaction_token: str | None  # made through an interaction (response or follow-up)
    deferred: bool = False  # a "thinking" placeholder not yet edited
    deleted: bool = False
    edits: int = 0
    allowed_users: list[int] | None = None

    def json(self, bot_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 0,
            "content": self.content,
            "author": _user_json(bot_id, bot=True),
            "attachments": [
                {
                    "id": str(self.id + i + 1),
                    "filename": f,
                    "size": 1,
                    "url": f"{CDN}/attachments/{self.id}/{f}",
                    "proxy_url": f"{CDN}/attachments/{self.id}/{f}",
                }
                for i, f in enumerate(self.files)
            ],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": EPHEMERAL if self.ephemeral else 0,
            "components": self.components,
            "application_id": str(APP),
        }

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])]


@dataclass
class Interaction:
    id: int
    token: str
    kind: int  # 2 command, 3 component, 4 autocomplete
    user: int
    channel_id: int
    created: dt.datetime
    response: int | None = None  # the callback type of the initial response
    original: int | None = None  # the message the response made or deferred on
    choices: list[dict[str, Any]] | None = None  # an autocomplete answer


@dataclass
class Request:
    method: str
    path: str
    body: dict[str, Any] | None
    files: list[str]
    status: int = 0


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int | None  # None: the connection drops
    times: int


class FakeResponse:
    def __init__(self, status: int, body: Any, reason: str = "") -> None:
        self.status = status
        self.reason = reason or {200: "OK", 204: "No Content"}.get(status, "Error")
        self._text = "" if body is None else json.dumps(body) if not isinstance(body, bytes) else ""
        self._bytes = body if isinstance(body, bytes) else self._text.encode()
        self.headers: CIMultiDict[str] = CIMultiDict()
        if not isinstance(body, bytes) and body is not None:
            self.headers["content-type"] = "application/json"

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def read(self) -> bytes:
        return self._bytes

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class _Call:
    """What `session.request(...)` returns: awaitable inside `async with`."""

    def __init__(self, coro: Any) -> None:
        self._coro = coro
        self._resp: FakeResponse | None = None

    async def __aenter__(self) -> FakeResponse:
        self._resp = await self._coro
        return self._resp

    async def __aexit__(self, *exc: object) -> None:
        return None


class FakeGateway:
    """The gateway websocket: HELLO, READY after IDENTIFY, heartbeat ACKs, dispatches."""

    def __init__(self, discord_: FakeDiscord) -> None:
        self.discord = discord_
        self.queue: asyncio.Queue[aiohttp.WSMessage] = asyncio.Queue()
        self.closed = False
        self.close_code: int | None = None
        self.seq = 0
        self.identified = asyncio.Event()
        self.shard: tuple[int, int] = (0, 1)  # (shard id, shard count) from IDENTIFY
        # Messages sent to the bot, and those it has read. discord.py reads the next one only
        # once it has parsed the last and dispatched its event, so when the counts meet,
        # every event sent has its handler running or done.
        self.sent = 0
        self.read = 0
        self._put({"op": 10, "d": {"heartbeat_interval": 41_250}})

    def _put(self, payload: dict[str, Any]) -> None:
        self._put_message(aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, json.dumps(payload), None))

    def _put_message(self, message: aiohttp.WSMessage) -> None:
        self.sent += 1
        self.queue.put_nowait(message)

    @property
    def all_read(self) -> bool:
        return self.closed or self.read >= self.sent

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        self._put({"op": 0, "t": event, "s": self.seq, "d": data})

    async def receive(self, timeout: float | None = None) -> aiohttp.WSMessage:
        message = await asyncio.wait_for(self.queue.get(), timeout=timeout)
        self.read += 1
        return message

    async def send_str(self, data: str, compress: int | None = None) -> None:
        msg = json.loads(data)
        if msg["op"] == 2:  # IDENTIFY
            if msg["d"]["token"] != self.discord.valid_token:
                self.close_code = 4004
                self._put_message(aiohttp.WSMessage(aiohttp.WSMsgType.CLOSE, 4004, None))
                return
            shard = msg["d"].get("shard")
            if shard is not None:
                self.shard = (int(shard[0]), int(shard[1]))
            self.dispatch(
                "READY",
                {
                    "shard": list(self.shard),
                    "v": 10,
                    "user": _user_json(self.discord.bot_id, bot=True),
                    "guilds": [],
                    "session_id": "fake-session",
                    "resume_gateway_url": "wss://gateway.fake",
                    "application": {"id": str(APP), "flags": 0},
                    "private_channels": [],
                    "relationships": [],
                },
            )
            self.identified.set()
        elif msg["op"] == 1:  # HEARTBEAT
            self._put({"op": 11})

    async def close(self, code: int = 1000, message: bytes = b"") -> bool:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self._put_message(aiohttp.WSMessage(aiohttp.WSMsgType.CLOSED, None, None))
        return True

    async def send_bytes(self, data: bytes) -> None:
        return None


class FakeSession:
    """Stands in for aiohttp.ClientSession inside discord.py."""

    def __init__(self, discord_: FakeDiscord) -> None:
        self.discord = discord_
        self.closed = False

    def request(self, method: str, url: str, **kw: Any) -> _Call:
        return _Call(self.discord.handle(method, url, kw))

    def get(self, url: str, **kw: Any) -> _Call:
        return _Call(self.discord.handle("GET", url, kw))

    async def ws_connect(self, url: str, **kw: Any) -> FakeGateway:
        if self.discord.unreachable is not None:
            self.discord.refused += 1
            raise _no_route(self.discord.unreachable, URL(url).host or "gateway.discord.gg")
        gateway = FakeGateway(self.discord)
        self.discord.gateways.append(gateway)
        return gateway

    async def close(self) -> None:
        self.closed = True


class FakeDiscord:
    def __init__(self) -> None:
        self.bot_id = 4_000_000_000_000_001
        self.valid_token = BOT_TOKEN
        self.requests: list[Request] = []
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.notified: list[tuple[int, int]] = []  # (user id, message id)
        self.faults: list[Fault] = []
        self.cdn: dict[str, tuple[bytes, float]] = {}
        self.channel_permissions: dict[int, discord.Permissions] = {}
        self.member_roles: dict[int, list[int]] = {}  # user id -> their roles in the guild
        # Every gateway connection made, one per shard (and a new one after a reconnect).
        self.gateways: list[FakeGateway] = []
        self.commands: list[dict[str, Any]] = []
        self._ids = itertools.count(1)
        self.dm_channels: dict[int, int] = {}  # user id -> their direct-message channel
        self.threads: dict[int, dict[str, Any]] = {}  # thread id -> its channel JSON
        self.pins: list[tuple[int, int]] = []  # (channel, message) pinned
        self.guild_announced = False
        # None, or how Discord is out of reach: "dns" (its name does not resolve) or "refused"
        # (connections are refused); `gateway_only`: its REST API still answers
        self.unreachable: str | None = None
        self.gateway_only = False
        self.refused = 0  # connections that did not get through
        self._heard: list[asyncio.Future[None]] = []  # who waits for the bot's next request

    # --- set-up ------------------------------------------------------------------------

    def session_factory(self, *args: Any, **kwargs: Any) -> FakeSession:
        return FakeSession(self)

    def new_id(self, when: dt.datetime | None = None) -> int:
        base = time_snowflake(when or discord.utils.utcnow())
        return base + next(self._ids)

    def advance(self, seconds: float) -> None:
        """Discord's clock moves `seconds` on: every interaction sent so far is that much older
        (its 3 s for an initial response and 15 minutes for follow-ups run out sooner). The
        bot's own clock does not move: use it once the bot no longer counts time."""
        for inter in self.interactions.values():
            inter.created -= dt.timedelta(seconds=seconds)

    def fail(self, method: str, path: str, status: int | None, times: int = 1) -> None:
        """The next `times` requests matching `method` and the path regex fail."""
        self.faults.append(Fault(method, re.compile(path), status, times))

    @property
    def serving(self) -> FakeGateway | None:
        """The open, identified connection serving GUILD's shard: Discord sends a server's
        events only to shard (server id >> 22) % shard count."""
        for gw in reversed(self.gateways):
            shard_id, count = gw.shard
            if not gw.closed and gw.identified.is_set() and (GUILD >> 22) % count == shard_id:
                return gw
        return None

    @property
    def gateway(self) -> FakeGateway | None:
        """The connection serving GUILD's shard, else the newest connection."""
        return self.serving or (self.gateways[-1] if self.gateways else None)

    # --- what the tests read -------------------------------------------------------------

    @property
    def visible(self) -> list[Message]:
        """The channel as everyone sees it: public, not deleted, not a pending placeholder."""
        return [
            m
            for m in self.messages.values()
            if not m.ephemeral and not m.deleted and not (m.deferred and not m.content)
        ]

    def private_to(self, user: int) -> list[Message]:
        tokens = {t for t, i in self.interactions.items() if i.user == user}
        return [
            m
            for m in self.messages.values()
            if m.ephemeral and not m.deleted and m.interaction_token in tokens
        ]

    def direct_to(self, user: int) -> list[Message]:
        """The direct messages the bot sent `user`."""
        dm = self.dm_channels.get(user)
        return [m for m in self.messages.values() if dm is not None and m.channel_id == dm]

    def pings(self, user: int) -> list[Message]:
        return [self.messages[mid] for uid, mid in self.notified if uid == user]

    def seen_by(self, interaction: Interaction) -> list[Message]:
        return [m for m in self.messages.values() if m.interaction_token == interaction.token]

    # --- interactions in -----------------------------------------------------------------

    def _member(self, user: int, permissions: discord.Permissions) -> dict[str, Any]:
        return {
            "user": _user_json(user),
            "roles": [str(r) for r in self.member_roles.get(user, [])],
            "permissions": str(permissions.value),
            "joined_at": "2025-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "pending": False,
        }

    def _base(
        self,
        kind: int,
        user: int,
        *,
        channel: int,
        age: float,
        guild: bool,
        manage_guild: bool,
        app_permissions: discord.Permissions | None,
    ) -> tuple[dict[str, Any], Interaction]:
        created = discord.utils.utcnow() - dt.timedelta(seconds=age)
        iid = self.new_id(created)
        token = f"itoken-{iid}-secretpart"
        perms = discord.Permissions(manage_guild=manage_guild, send_messages=True)
        app_perms = app_permissions or self.channel_permissions.get(
            channel, DEFAULT_APP_PERMISSIONS
        )
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP),
            "type": kind,
            "token": token,
            "version": 1,
            "channel_id": str(channel),
            "app_permissions": str(app_perms.value),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 26_214_400,
        }
        if guild:
            payload |= {
                "guild_id": str(GUILD),
                "guild_locale": "en-US",
                "channel": {
                    "id": str(channel),
                    "type": 0,
                    "guild_id": str(GUILD),
                    "name": "vijayanagara",
                    "position": 0,
                    "permission_overwrites": [],
                    "nsfw": False,
                    "parent_id": None,
                },
                "member": self._member(user, perms),
                "authorizing_integration_owners": {"0": str(GUILD)},
                "context": 0,
            }
        else:
            payload |= {
                "channel": {"id": str(channel), "type": 1, "recipients": [_user_json(user)]},
                "user": _user_json(user),
                "authorizing_integration_owners": {"1": str(user)},
                "context": 1,
            }
        rec = Interaction(iid, token, kind, user, channel, created)
        self.interactions[token] = rec
        return payload, rec

    def _send(self, payload: dict[str, Any]) -> None:
        assert self.gateways and self.gateways[-1].identified.is_set(), "not connected"
        if self.serving is not None:  # else another process runs the server's shard
            self.serving.dispatch("INTERACTION_CREATE", payload)

    def slash(
        self,
        user: int,
        command: str,
        *,
        channel: int = CHANNEL,
        age: float = 0.0,
        guild: bool = True,
        manage_guild: bool = False,
        app_permissions: discord.Permissions | None = None,
        attachments: dict[str, tuple[str, bytes, float]] | None = None,
        users: dict[str, int] | None = None,
        group: str = "vj",
        **options: str | int | bool,
    ) -> Interaction:
        """`/<group> <command> option:value ...` (`/vj` unless told); `attachments` maps an
        option name to (filename, data, seconds its download takes on Discord's clock)."""
        payload, rec = self._base(
            2,
            user,
            channel=channel,
            age=age,
            guild=guild,
            manage_guild=manage_guild,
            app_permissions=app_permissions,
        )
        opts: list[dict[str, Any]] = [
            {"name": k, "type": _option_type(v), "value": v} for k, v in options.items()
        ]
        resolved: dict[str, Any] = {}
        for name, uid in (users or {}).items():  # a user option: the user is resolved
            opts.append({"name": name, "type": 6, "value": str(uid)})
            resolved.setdefault("users", {})[str(uid)] = _user_json(uid)
        for name, (filename, data, delay) in (attachments or {}).items():
            aid = self.new_id()
            url = f"{CDN}/ephemeral-attachments/{aid}/{filename}"
            self.cdn[url] = (data, delay)
            opts.append({"name": name, "type": 11, "value": str(aid)})
            resolved.setdefault("attachments", {})[str(aid)] = {
                "id": str(aid),
                "filename": filename,
                "size": len(data),
                "url": url,
                "proxy_url": url,
            }
        root = group
        sub: dict[str, Any] = {"name": command, "type": 1, "options": opts}
        if " " in command:  # `club pace`: a subcommand inside a subcommand group
            group, name = command.split(" ", 1)
            sub = {"name": group, "type": 2, "options": [{**sub, "name": name}]}
        data_: dict[str, Any] = {"id": "1", "name": root, "type": 1, "options": [sub]}
        if resolved:
            data_["resolved"] = resolved
        payload["data"] = data_
        self._send(payload)
        return rec

    def autocomplete(
        self,
        user: int,
        command: str,
        focused: str,
        value: str,
        *,
        channel: int = CHANNEL,
        age: float = 0.0,
        group: str = "vj",
    ) -> Interaction:
        payload, rec = self._base(
            4,
            user,
            channel=channel,
            age=age,
            guild=True,
            manage_guild=False,
            app_permissions=None,
        )
        payload["data"] = {
            "id": "1",
            "name": group,
            "type": 1,
            "options": [
                {
                    "name": command,
                    "type": 1,
                    "options": [{"name": focused, "type": 3, "value": value, "focused": True}],
                }
            ],
        }
        self._send(payload)
        return rec

    def click(
        self, user: int, message: Message, custom_id: str, *, age: float = 0.0
    ) -> Interaction:
        """A press of a button of `message`."""
        return self._component(user, message, {"custom_id": custom_id, "component_type": 2}, age)

    def select(
        self, user: int, message: Message, custom_id: str, values: list[str], *, age: float = 0.0
    ) -> Interaction:
        """A pick from a select menu of `message`."""
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return self._component(user, message, data, age)

    def _component(
        self, user: int, message: Message, data: dict[str, Any], age: float
    ) -> Interaction:
        payload, rec = self._base(
            3,
            user,
            channel=message.channel_id,
            age=age,
            guild=True,
            manage_guild=False,
            app_permissions=None,
        )
        payload["data"] = data
        payload["message"] = message.json(self.bot_id)
        rec.original = message.id
        self._send(payload)
        return rec

    # --- HTTP ------------------------------------------------------------------------------

    async def handle(self, method: str, url: str, kw: dict[str, Any]) -> FakeResponse:
        try:
            return await self._answer(method, url, kw)
        finally:  # what waits for the bot's requests (`sent_until`) looks again
            for waiting in self._heard:
                if not waiting.done():
                    waiting.set_result(None)
            self._heard.clear()

    async def _answer(self, method: str, url: str, kw: dict[str, Any]) -> FakeResponse:
        path = url.removeprefix(API).split("?")[0]
        body, files = _body(kw)
        req = Request(method, path, body, files)
        self.requests.append(req)
        if self.unreachable is not None and not self.gateway_only:
            self.refused += 1
            raise _no_route(self.unreachable, "discord.com")
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and fault.pattern.search(path):
                fault.times -= 1
                if fault.status is None:
                    req.status = -1
                    raise aiohttp.ClientConnectionError("connection dropped (injected)")
                req.status = fault.status
                return FakeResponse(fault.status, {"message": "injected", "code": 0})
        resp = await self._route(method, url, path, body, files, kw)
        req.status = resp.status
        return resp

    async def _route(
        self,
        method: str,
        url: str,
        path: str,
        body: dict[str, Any] | None,
        files: list[str],
        kw: dict[str, Any],
    ) -> FakeResponse:
        if url.startswith(CDN):
            data, seconds = self.cdn.get(url, (b"", 0.0))
            self.advance(seconds)  # a slow download: the time passes, nobody waits for it
            return FakeResponse(200, data)
        headers = kw.get("headers") or {}
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(m.group(2), body or {}, files)
        if m := re.fullmatch(r"/webhooks/(\d+)/([^/]+)(/messages/(@original|\d+))?", path):
            return self._webhook(method, m.group(2), m.group(4), body or {}, files, url)
        if headers.get("Authorization") != f"Bot {self.valid_token}":
            return FakeResponse(401, {"message": "401: Unauthorized", "code": 0})
        if path == "/users/@me":
            return FakeResponse(200, _user_json(self.bot_id, bot=True))
        if path == "/users/@me/channels" and method == "POST":  # open a DM (for reminders)
            user = int((body or {})["recipient_id"])
            dm = self.dm_channels.setdefault(user, self.new_id())
            return FakeResponse(200, {"id": str(dm), "type": 1, "recipients": [_user_json(user)]})
        if m := re.fullmatch(r"/users/(\d+)", path):
            return FakeResponse(200, _user_json(int(m.group(1))))
        if path == "/oauth2/applications/@me":
            return FakeResponse(
                200,
                {
                    "id": str(APP),
                    "name": "vj",
                    "icon": None,
                    "description": "",
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "verify_key": "k",
                    "flags": 0,
                    "owner": _user_json(1),
                },
            )
        if path == "/gateway/bot":
            return FakeResponse(
                200,
                {
                    "url": "wss://gateway.fake",
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 1000,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                },
            )
        if re.fullmatch(rf"/applications/{APP}/commands", path) and method == "PUT":
            self.commands = list(body or [])  # type: ignore[arg-type]
            return FakeResponse(
                200,
                [
                    {**c, "id": str(i + 1), "application_id": str(APP), "version": "1"}
                    for i, c in enumerate(self.commands)
                ],
            )
        if (m := re.fullmatch(r"/channels/(\d+)/threads", path)) and method == "POST":
            return self._thread_create(int(m.group(1)), body or {})
        if m := re.fullmatch(r"/channels/(\d+)/(?:messages/)?pins/(\d+)", path):
            if method == "PUT":
                self.pins.append((int(m.group(1)), int(m.group(2))))
            return FakeResponse(204, None)
        if (m := re.fullmatch(r"/channels/(\d+)", path)) and method == "GET":
            channel = int(m.group(1))
            if channel in self.threads:
                return FakeResponse(200, self.threads[channel])
            if channel != CHANNEL:
                return FakeResponse(404, {"message": "Unknown Channel", "code": 10003})
            data = {"id": str(CHANNEL), "type": 0, "guild_id": str(GUILD), "name": "games"}
            return FakeResponse(200, {**data, "position": 0, "permission_overwrites": []})
        if (m := re.fullmatch(r"/channels/(\d+)", path)) and method == "PATCH":
            thread = self.threads.get(int(m.group(1)))
            if thread is None:
                return FakeResponse(404, {"message": "Unknown Channel", "code": 10003})
            if "archived" in (body or {}):
                thread["thread_metadata"]["archived"] = bool((body or {})["archived"])
            return FakeResponse(200, thread)
        if m := re.fullmatch(r"/channels/(\d+)/messages", path):
            return self._channel_post(int(m.group(1)), body or {}, files)
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            msg = self.messages.get(int(m.group(2)))
            if msg is None or msg.deleted:
                return _unknown_message()
            if method == "PATCH":
                self._edit(msg, body or {}, files)
            return FakeResponse(200, msg.json(self.bot_id))
        return FakeResponse(404, {"message": f"fake: no route {method} {path}", "code": 0})

    def _thread_create(self, parent: int, body: dict[str, Any]) -> FakeResponse:
        """A public thread without a starter message (`/vj create thread:True`)."""
        perms = self.channel_permissions.get(parent, DEFAULT_APP_PERMISSIONS)
        if not perms.create_public_threads:
            return FakeResponse(403, {"message": "Missing Permissions", "code": 50013})
        tid = self.new_id()
        self.threads[tid] = {
            "id": str(tid),
            "type": int(body.get("type", 11)),
            "guild_id": str(GUILD),
            "parent_id": str(parent),
            "owner_id": str(self.bot_id),
            "name": str(body.get("name", "")),
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(body.get("auto_archive_duration", 1440)),
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
            },
        }
        return FakeResponse(201, self.threads[tid])

    def archive(self, thread: int) -> None:
        """Discord archives an idle thread and tells the bot (THREAD_UPDATE)."""
        assert self.gateway is not None
        data = self.threads[thread]
        data["thread_metadata"]["archived"] = True
        if not self.guild_announced:
            self.gateway.dispatch("GUILD_CREATE", _guild_json())
            self.guild_announced = True
        self.gateway.dispatch("THREAD_UPDATE", dict(data))

    def _notify(self, msg: Message, body: dict[str, Any]) -> None:
        if msg.ephemeral:
            return
        allowed = body.get("allowed_mentions")
        for uid in dict.fromkeys(int(x) for x in re.findall(r"<@!?(\d+)>", msg.content)):
            if allowed is None or "users" in allowed.get("parse", []):
                ok = True
            else:
                ok = uid in {int(u) for u in allowed.get("users", [])}
            if ok:
                self.notified.append((uid, msg.id))

    def _create(
        self,
        channel: int,
        body: dict[str, Any],
        files: list[str],
        *,
        token: str | None,
        ephemeral: bool,
    ) -> Message:
        msg = Message(
            id=self.new_id(),
            channel_id=channel,
            content=body.get("content") or "",
            files=files,
            components=body.get("components") or [],
            ephemeral=ephemeral,
            interaction_token=token,
        )
        self.messages[msg.id] = msg
        self._notify(msg, body)
        return msg

    def _edit(self, msg: Message, body: dict[str, Any], files: list[str]) -> None:
        if "content" in body:
            msg.content = body["content"] or ""
        if "components" in body:
            msg.components = body["components"] or []
        if files or "attachments" in body:
            msg.files = files
        msg.deferred = False
        msg.edits += 1

    def _channel_post(self, channel: int, body: dict[str, Any], files: list[str]) -> FakeResponse:
        perms = self.channel_permissions.get(channel, DEFAULT_APP_PERMISSIONS)
        if not perms.send_messages or (files and not perms.attach_files):
            return FakeResponse(403, {"message": "Missing Permissions", "code": 50013})
        msg = self._create(channel, body, files, token=None, ephemeral=False)
        return FakeResponse(200, msg.json(self.bot_id))

    def _expired(self, inter: Interaction, seconds: float) -> bool:
        return (discord.utils.utcnow() - inter.created).total_seconds() > seconds

    def _callback(self, token: str, body: dict[str, Any], files: list[str]) -> FakeResponse:
        inter = self.interactions.get(token)
        if inter is None or self._expired(inter, 3.0):
            return FakeResponse(404, {"message": "Unknown interaction", "code": 10062})
        if inter.response is not None:
            return FakeResponse(
                400, {"message": "Interaction has already been acknowledged.", "code": 40060}
            )
        kind = int(body["type"])
        data = body.get("data") or {}
        if inter.kind == 4 and kind != 8:
            return FakeResponse(400, {"message": "autocomplete wants choices", "code": 50035})
        inter.response = kind
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        resource: dict[str, Any] | None = None
        if kind == 4:
            msg = self._create(inter.channel_id, data, files, token=token, ephemeral=ephemeral)
            inter.original = msg.id
            resource = {"type": 4, "message": msg.json(self.bot_id)}
        elif kind == 5:
            msg = self._create(inter.channel_id, {}, [], token=token, ephemeral=ephemeral)
            msg.deferred = True
            inter.original = msg.id
        elif kind == 7:
            assert inter.original is not None
            self._edit(self.messages[inter.original], data, files)
            resource = {"type": 7, "message": self.messages[inter.original].json(self.bot_id)}
        elif kind == 8:
            inter.choices = list(data.get("choices") or [])
        out: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.kind,
                "response_message_id": str(inter.original) if inter.original else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            }
        }
        if resource is not None:
            out["resource"] = resource
        return FakeResponse(200, out)

    def _webhook(
        self,
        method: str,
        token: str,
        which: str | None,
        body: dict[str, Any],
        files: list[str],
        url: str,
    ) -> FakeResponse:
        inter = self.interactions.get(token)
        if inter is None:
            return FakeResponse(404, {"message": "Unknown Webhook", "code": 10015})
        if self._expired(inter, 15 * 60):
            return FakeResponse(401, {"message": "Invalid Webhook Token", "code": 50027})
        if inter.response is None:
            return FakeResponse(404, {"message": "Unknown Webhook", "code": 10015})
        if which is None and method == "POST":
            original = self.messages.get(inter.original) if inter.original else None
            if original is not None and original.deferred and not original.deleted:
                # Discord applies the first follow-up after a deferral as an edit
                self._edit(original, body, files)
                return FakeResponse(200, original.json(self.bot_id))
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
            msg = self._create(inter.channel_id, body, files, token=token, ephemeral=ephemeral)
            return FakeResponse(200, msg.json(self.bot_id))
        mid = inter.original if which == "@original" else int(which or 0)
        msg = self.messages.get(mid or 0)
        if msg is None or msg.deleted:
            return _unknown_message()
        if method == "PATCH":
            self._edit(msg, body, files)
        elif method == "DELETE":
            msg.deleted = True
            return FakeResponse(204, None)
        return FakeResponse(200, msg.json(self.bot_id))

    # --- waiting -------------------------------------------------------------------------

    async def until(self, cond: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until `cond` holds, looking again at once, then after 1, 2, 4 and 8 ms, then
        every 10 ms: the bot's handling of an event mostly ends within a few turns of the
        loop, and a wait of a fixed 10 ms cost each wait most of it."""
        end = asyncio.get_running_loop().time() + timeout
        pause = 0.0
        while not cond():
            if asyncio.get_running_loop().time() > end:
                raise AssertionError("timed out waiting for the bot")
            await asyncio.sleep(pause)
            pause = min(max(pause * 2, 0.001), 0.01)

    async def sent_until(self, cond: Callable[[], bool], requests: int = 5000) -> None:
        """Wait until `cond` holds, looking again after each request the bot sends (at most
        `requests` of them): what the bot does by itself, at its own pace, waited for
        however fast the machine is. HANG_SECONDS without any request fails the test (a
        hung bot), never a slow one."""
        for _ in range(requests):
            if cond():
                return
            heard = asyncio.get_running_loop().create_future()
            self._heard.append(heard)
            try:
                await asyncio.wait_for(heard, HANG_SECONDS)
            except TimeoutError:
                raise AssertionError(f"the bot sent nothing for {HANG_SECONDS:g} s") from None
        if not cond():
            raise AssertionError(f"not so after {requests} requests of the bot")

    async def settle(self, timeout: float = 15.0) -> None:
        """Wait until the bot has read every event sent so far and finished handling it."""
        await self.until(
            lambda: all(g.all_read for g in self.gateways) and not list(_busy_tasks()), timeout
        )


def _busy_tasks() -> Iterator[asyncio.Task[Any]]:
    """The bot's handlers of events still running (discord.py names their tasks)."""
    for t in asyncio.all_tasks():
        name = t.get_name()
        if not t.done() and name.startswith(("discord.py: on_", "CommandTree-invoker")):
            yield t


def _no_route(how: str, host: str) -> aiohttp.ClientConnectorError:
    """What aiohttp raises when `host` cannot be reached: its name does not resolve ("dns"),
    or the connection is refused."""
    key = ConnectionKey(host, 443, True, True, None, None, None)
    if how == "dns":
        return aiohttp.ClientConnectorDNSError(
            key, socket.gaierror(-2, "Name or service not known")
        )
    return aiohttp.ClientConnectorError(key, ConnectionRefusedError(111, "Connection refused"))


def _guild_json() -> dict[str, Any]:
    return {
        "id": str(GUILD),
        "name": "fake guild",
        "icon": None,
        "owner_id": "1",
        "roles": [_role_json(GUILD, "@everyone", 0), _role_json(ROLE, "organisers", 1)],
        "emojis": [],
        "stickers": [],
        "features": [],
        "channels": [],
        "threads": [],
        "members": [],
        "member_count": 4,
        "unavailable": False,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "premium_tier": 0,
        "nsfw_level": 0,
        "preferred_locale": "en-US",
        "system_channel_flags": 0,
    }


def _role_json(rid: int, name: str, position: int) -> dict[str, Any]:
    return {
        "id": str(rid),
        "name": name,
        "color": 0,
        "hoist": False,
        "position": position,
        "permissions": "0",
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def _option_type(v: object) -> int:
    if isinstance(v, bool):
        return 5
    if isinstance(v, int):
        return 4
    return 3


def _unknown_message() -> FakeResponse:
    return FakeResponse(404, {"message": "Unknown Message", "code": 10008})


def _body(kw: dict[str, Any]) -> tuple[dict[str, Any] | None, list[str]]:
    """The JSON body of a request and the names of the files it uploads."""
    data = kw.get("data")
    if data is None and "json" in kw:
        return kw["json"], []
    if isinstance(data, str):
        return json.loads(data), []
    if isinstance(data, aiohttp.FormData):
        payload: dict[str, Any] | None = None
        files: list[str] = []
        for opts, _headers, value in data._fields:
            if opts.get("name") == "payload_json":
                payload = json.loads(value)
            elif opts.get("filename"):
                files.append(str(opts["filename"]))
        return payload, files
    return None, []
