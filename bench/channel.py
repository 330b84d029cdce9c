"""How a game played one step at a time reads in its channel: whole random games
through GameService, the channel rebuilt from the replies as Discord would show it (a new
message, an edit of the turn message, the closing of the last one).

    python bench/channel.py [--games 4] [--seed 0] [--steps N]

Prints per game: steps, public messages, messages per card (median and max), messages with
buttons at the end, the share of the final text taken by `Next:` lines and their median
length while shown, and the CPU time. `--steps` cuts each game short after so many steps
(a quick check of the bench: the cards played by then, the channel as it stands).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from results import record

from bot.discord.front_end import DISCORD
from bot.table.pipeline import typed_order
from bot.table.renderer import Names
from bot.table.reply import Reply
from bot.table.service import GameService
from db import SQLiteStore
from rules import vijayanagara
from rules.vijayanagara.game import GAME

SEATS = {vijayanagara.Faction.D: 1, vijayanagara.Faction.B: 2, vijayanagara.Faction.V: 3}
CHANNEL = "bench"


@dataclass
class Channel:
    messages: list[str] = field(default_factory=list)
    buttons: list[bool] = field(default_factory=list)

    def take(self, reply: Reply) -> int:
        """Apply a reply as Discord would; return how many new messages it posted."""
        if reply.edit and self.messages:
            self.messages[-1] = reply.text
            self.buttons[-1] = bool(reply.buttons)
            return 0
        if self.messages:
            if reply.close_text is not None:
                self.messages[-1] = reply.close_text
            self.buttons[-1] = False
        self.messages.append(reply.text)
        self.buttons.append(bool(reply.buttons))
        return 1


def fake_renderer(kind: str, view: object, names: Names | None = None) -> bytes:
    return b"png"


async def one_game(seed: int, most: int | None = None) -> dict[str, float]:
    """Game `seed` to its end, or its first `most` steps."""
    store = await SQLiteStore.open(":memory:")
    svc = GameService(store, fake_renderer, seed_source=lambda: seed, front=DISCORD)
    try:
        await svc.lobby.create(CHANNEL, 1, kind="vijayanagara")
        for f, uid in SEATS.items():
            await svc.lobby.join(CHANNEL, uid, f.value)
        channel = Channel()
        channel.take(await svc.lobby.start(CHANNEL, 1))
        r = random.Random(seed)
        per_card, on_card, steps = [], 1, 0
        next_lengths: list[int] = []
        cpu = time.process_time()
        while steps != most:
            game = await store.open_game(CHANNEL)
            if game is None:
                break
            state = await svc.loader.state_of(game)
            action = r.choice(vijayanagara.legal_actions(state))
            order = "again: " + typed_order(GAME, state, action)
            decider = vijayanagara.decider(state)
            assert decider is not None
            reply = await svc.moves.play(CHANNEL, SEATS[decider], order)
            assert reply.ok, reply.text
            steps += 1
            posted = channel.take(reply)
            next_lengths += [len(x) for x in reply.text.split("\n") if x.startswith("**Next:**")]
            after = await svc.loader.state_of(await store.get_game(game.id))
            if after.current_card != state.current_card:
                per_card.append(on_card)
                on_card = 0
            on_card += posted
        cpu = time.process_time() - cpu
        text = "\n".join(channel.messages)
        nxt = sum(len(line) for line in text.split("\n") if line.startswith("**Next:**"))
        return {
            "seed": seed,
            "steps": steps,
            "public_messages": len(channel.messages),
            "cards": len(per_card),
            "messages_per_card_median": statistics.median(per_card),
            "messages_per_card_max": max(per_card),
            "with_buttons": sum(channel.buttons),
            "next_share": nxt / max(1, len(text)),
            "characters": len(text),
            "next_line_median": statistics.median(next_lengths),
            "cpu_seconds": cpu,
        }
    finally:
        await store.close()


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--steps", type=int, help="cut each game short after so many steps")
    args = ap.parse_args()
    if args.steps is not None and args.steps < 1:
        ap.error("--steps: at least 1")
    games = []
    for seed in range(args.seed, args.seed + args.games):
        g = await one_game(seed, args.steps)
        games.append(g)
        print(
            f"seed {seed}: {g['steps']} steps, {g['public_messages']} public messages, "
            f"{g['cards']} cards, per card median {g['messages_per_card_median']} "
            f"max {g['messages_per_card_max']}, {g['with_buttons']} message(s) with buttons, "
            f"Next lines {100 * g['next_share']:.0f}% of the {g['characters']:,} characters "
            f"left (median {g['next_line_median']} characters while shown), "
            f"CPU {g['cpu_seconds']:.1f} s"
        )
    record(args, {"games": games})


if __name__ == "__main__":
    asyncio.run(main())
