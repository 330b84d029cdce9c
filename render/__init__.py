"""Board pictures, one subpackage per game (`render.vijayanagara`, `render.goat_tiger`,
`render.taj_mahal`, `render.rajas`), each drawn from a view of the game
(`render.pictures.Pictures`, tied to its game's rules by bot.table.games). The fonts every
game draws with ship in render/fonts/."""
