"""A channel's lock: its game's changes one at a time, and no lock kept for a quiet channel (a
server with thousands of games keeps only the locks in use)."""

from __future__ import annotations

import asyncio
import gc
import weakref

from bot.table.channel_games import ChannelLocks


async def test_a_channels_changes_wait_for_each_other_and_other_channels_do_not() -> None:
    locks = ChannelLocks()
    order: list[str] = []

    async def change(channel: str, name: str, pause: int) -> None:
        async with locks(channel):
            order.append(f"{name} in")
            for _ in range(pause):
                await asyncio.sleep(0)
            order.append(f"{name} out")

    await asyncio.gather(change("1", "a", 3), change("1", "b", 0), change("2", "c", 0))
    assert order.index("a out") < order.index("b in")  # the same channel: one at a time
    assert order.index("c in") < order.index("a out")  # another channel: no wait


async def test_a_lock_no_one_holds_or_waits_for_is_not_kept() -> None:
    locks = ChannelLocks()
    kept = []
    for channel in range(100):
        lock = locks(str(channel))
        async with lock:
            pass
        kept.append(weakref.ref(lock))
    del lock
    gc.collect()
    assert [ref for ref in kept if ref() is not None] == []


async def test_a_held_lock_is_the_one_a_second_change_waits_for() -> None:
    locks = ChannelLocks()
    held = locks("7")
    await held.acquire()
    gc.collect()
    assert locks("7") is held  # still referenced: the same lock, so the second change waits
    held.release()
