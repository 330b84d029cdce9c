"""`python -m bot` runs the Discord bot (`python -m bot.local` is the terminal client)."""

from .main import main

main()
