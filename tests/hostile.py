"""Crafted uploads for the hostile-input tests, and the watch that the bot stays responsive."""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml_text

from bot.table.reply import Reply

FIXTURE = Path(__file__).parent / "fixtures" / "small_deck.yaml"
MAX_CPU_SECONDS = 2.0
MAX_BLOCKED_SECONDS = 0.1
MAX_STALL_SECONDS = 0.5
MAX_MESSAGE_CHARS = 2000

T = TypeVar("T")


def small_deck() -> dict[str, Any]:
    doc = yaml_text.load(FIXTURE.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def depth_bomb(levels: int = 30_000) -> str:
    """Nested flow sequences: PyYAML's C composer recursed on these until the process died."""
    return "cards: " + "[" * levels + "]" * levels + "\n"


def alias_bomb(levels: int = 9) -> str:
    """A title that expands to 10**levels copies of one string through aliases."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        refs = ",".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    body = "\n".join("  " + line for line in lines)
    return f"cards:\n- number: 1\n  title: *a{levels}\n  junk:\n{body}\n"


def nested_choose_deck(levels: int = 9) -> str:
    """A deck whose first card nests `choose` through aliases: each level names the one below
    twice, so a validator that expands it does 2**levels (or worse) work."""
    doc = small_deck()
    doc["cards"][0]["unshaded"]["effects"] = "PLACEHOLDER"
    text = yaml_text.dump(doc, sort_keys=False)

    def level(i: int) -> str:
        if i == 0:
            return "&c0 [{resources: {faction: D, add: 1}}]"
        inner = level(i - 1)
        return (
            f"&c{i} [{{choose: [{{text: a, effects: {inner}}}, {{text: b, effects: *c{i - 1}}}]}}]"
        )

    return text.replace("PLACEHOLDER", level(levels), 1)


def export_of_gives(steps: int, seed: int = 1) -> bytes:
    """An export whose log is `steps` trades of 1 Resource between D and B: `export_doc`'s
    bytes, the log written by repeating the two steps' texts (a long log built as a list of
    dicts and dumped costs a tenth of a CPU-second per 20,000 steps)."""
    head, tail = export_doc(
        seed=seed, seats={"D": 1, "B": 1, "V": 1}, status="active", actions=[]
    ).split(b'"actions":[]')
    pair = [
        b'{"action":{"type":"give","giver":"%s","receiver":"%s","resources":1,"cavalry":0}}'
        % (giver, receiver)
        for giver, receiver in ((b"D", b"B"), (b"B", b"D"))
    ]
    log = b",".join(pair * (steps // 2) + pair[: steps % 2])
    return head + b'"actions":[' + log + b"]" + tail


def export_doc(**changes: Any) -> bytes:
    """An export document (format 1 unless `changes` say otherwise), compact JSON. Built as a
    plain dict, not through db's model, so a test can make it as wrong or as big as it wants."""
    doc: dict[str, Any] = {
        "format": "vijayanagara-game",
        "format_version": 1,
        "seed": 7,
        "options": {"timurs_shadow": False},
        "seats": {"D": 1, "B": 2, "V": 3},
        "status": "lobby",
        "creator": 1,
        "actions": [],
    }
    doc.update(changes)
    return json.dumps(doc, separators=(",", ":")).encode()


@dataclass
class Watch:
    """What a call cost, in CPU time (a shared machine's load would make wall-clock bounds
    flaky): CPU seconds of the whole process; the most CPU the event loop's thread spent
    between two heartbeats (work done on the loop without yielding); and the most CPU the
    other threads spent between two heartbeats (a worker holding the interpreter, which stalls
    the loop without using its thread's time)."""

    cpu: float = 0.0
    blocked: float = 0.0
    stalled: float = 0.0


@asynccontextmanager
async def watched() -> AsyncIterator[Watch]:
    w = Watch()
    stop = asyncio.Event()

    async def beat() -> None:
        last_all, last_loop = time.process_time(), time.thread_time()
        while not stop.is_set():
            await asyncio.sleep(0.005)
            now_all, now_loop = time.process_time(), time.thread_time()
            loop = now_loop - last_loop
            w.blocked = max(w.blocked, loop)
            w.stalled = max(w.stalled, now_all - last_all - loop)
            last_all, last_loop = now_all, now_loop

    # What the earlier tests of this process left in memory is no cost of this call: a full
    # collection of it, due at any allocation, would be charged to whatever ran then. It stays
    # frozen after (it was all alive), so the next watch collects only what came since: a
    # full collection of this process's heap costs about 0.15 s.
    gc.collect()
    gc.freeze()
    task = asyncio.create_task(beat())
    await asyncio.sleep(0)
    start = time.process_time()
    try:
        yield w
    finally:
        w.cpu = time.process_time() - start
        stop.set()
        await task


def responsive(w: Watch) -> None:
    assert w.blocked < MAX_BLOCKED_SECONDS, f"the event loop ran {w.blocked:.3f} s without yielding"
    assert w.stalled < MAX_STALL_SECONDS, (
        f"other threads held the loop up for {w.stalled:.3f} s of CPU"
    )


async def refused_quickly(call: Awaitable[Reply]) -> Reply:
    """Run a service call; it must be a refusal, cheap, short, and never stall the loop."""
    async with watched() as w:
        reply = await call
    assert not reply.ok, reply.text[:300]
    assert len(reply.text) < MAX_MESSAGE_CHARS, len(reply.text)
    assert w.cpu < MAX_CPU_SECONDS, f"{w.cpu:.2f} s of CPU"
    responsive(w)
    return reply


def rss_bytes() -> int:
    """The process's resident memory now (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    import resource

    return pages * resource.getpagesize()


# --- hostile text: what a refusal must never repeat as it was given -------------------------

MARK = "qzx"  # a word no text of the bot's own holds: where it stands, the input stands
HOSTILE_TEXTS = (
    f"\x1b[2J\x1b]0;{MARK}\x07red",  # clears a terminal and sets its window's title
    f"\x9b2J{MARK}",  # the same with a one-character escape (C1)
    f"{MARK}\u202edeR",  # a right-to-left override
    "q\u200bzx",  # a zero-width space
    "q\u2066zx\u2069",  # a bidi isolate
    f"{MARK}\U000e0041\U000e0042",  # invisible tag characters
    f"{MARK}\nsecond line",
    f"{MARK}\r\n# {MARK}",
    f"{MARK}\u2028x",
    f"**{MARK}**",
    f"__{MARK}__",
    f"_{MARK}_",
    f"~~{MARK}~~",
    f"||{MARK}||",
    f"`{MARK}`",
    f"```{MARK}```",
    f"> {MARK}",
    f"# {MARK}",
    f"-# {MARK}",
    "@everyone",
    "@here",
    "<@987654321>",
    "<@&987654321>",
    "<#987654321>",
    f"</{MARK}:987654321>",
    f"[{MARK}](https://evil.example)",
    f"https://evil.example/{MARK}",
    f"\\*{MARK}\\*",
    MARK * 2000,
)
_MENTION = re.compile(r"@everyone|@here|<[@#/:]&?[\w:]+>?|[a-z]{1,8}://")
_MARKUP = "`*_~|<>@#[]"  # and the backslash, which also starts each code inert writes


def _fragments(given: str) -> set[str]:
    """What of `given` no message may hold: a mention or link it makes, and each of its markup
    characters beside a letter of the mark (what the markup would act on)."""
    out = set(_MENTION.findall(given))
    for a, b in itertools.pairwise(given):
        if (a in _MARKUP and b in MARK) or (a in MARK and b in _MARKUP + "\n"):
            out.add(a + b)  # `*q`, `x*`, `x` and a line break
    for a, b, c in zip(given, given[1:], given[2:], strict=False):
        if a in _MARKUP and b == " " and c in MARK:
            out.add(a + b + c)  # `# q`, `> q`: a heading, a quote
    return out


def assert_inert(said: str, given: str) -> None:
    """`said` (what a front end shows) repeats nothing of `given` that acts: no control,
    formatting or special-space character but its own line breaks, no markup set on what
    was given, no mention or link, nothing long."""
    odd = [c for c in said if not c.isprintable() and c != "\n"]
    assert not odd, (odd, given, said)
    for fragment in _fragments(given):
        assert fragment not in said, (fragment, given, said)
    assert MARK * 20 not in said and len(said) < MAX_MESSAGE_CHARS, (given, said[:300])
