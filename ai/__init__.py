"""Computer players, one subpackage per game (`ai.vijayanagara`, `ai.goat_tiger`,
`ai.taj_mahal`); `ai.registry` finds a game's players by its id and level once `ai.games` has
registered them all. Pure like rules/: no I/O, no clocks of their own (a `Budget` may carry the
caller's clock), no global random (the caller passes a seeded `random.Random`)."""
