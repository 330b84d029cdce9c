"""The games' rules, pure and deterministic: one subpackage per game (`rules.vijayanagara`,
`rules.goat_tiger`, `rules.taj_mahal`), and what every game shares: the Game protocol
(`rules.game`; the bot's registry, `bot.table.registry`, finds each game by its id), the dealer of
chance outcomes from a game's secret and the check of a log's deals against it
(`rules.dealing`), the bounded loader for data files (`rules.safe_yaml`), JSON adapters built
at their first use (`rules.adapters`) and the errors a refusal raises (`rules.errors`).

Nothing here does I/O, reads a clock or draws global random numbers (docs/engine.md).
"""
