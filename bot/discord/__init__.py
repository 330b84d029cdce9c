"""The Discord bot: the client, the slash commands built from the command table, delivery."""
