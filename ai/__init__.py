"""Computer players, one subpackage per game (`ai.vijayanagara`, `ai.goat_tiger`,
`ai.taj_mahal`, `ai.rajas`), each a function of a view (`ai.players.Player`, tied to its
game's rules by bot.table.games). Pure like rules/: no I/O, no clocks of their own (a
`Budget` may carry the caller's clock), no global random (the caller passes a seeded
`random.Random`)."""
