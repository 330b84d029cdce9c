"""Board pictures, one subpackage per game (`render.vijayanagara`, `render.goat_tiger`,
`render.taj_mahal`), each drawn from a view of the game; `render.registry` finds a game's by
its id once `render.games` has registered them all. The fonts every game draws with ship in
render/fonts/."""
