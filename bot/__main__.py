"""`python -m bot` runs the Discord bot (`python -m bot.terminal.local` is the terminal client)."""

from .discord.main import main

main()
