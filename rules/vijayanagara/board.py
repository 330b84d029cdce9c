"""The map (1.3): spaces, adjacency and Cities, loaded from the project's map.yaml.

The file is this project's reconstruction of the board; it is validated at load so that a
group correcting it gets an error that names the bad id or field.
"""

from __future__ import annotations

from functools import cache, cached_property
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import DataError
from ..safe_yaml import load_own

SpaceKind = Literal["province", "delhi", "mongol_region"]
# Lower-case words: ids are typed in orders, and a state's bookkeeping names its other parts
# with a leading "@" (rules.vijayanagara.model.PART), which no space id can have.
SpaceId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class Space(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: SpaceId
    name: str
    kind: SpaceKind
    prosperity: int = 0

    @property
    def is_province(self) -> bool:
        return self.kind == "province"


class City(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    touches: tuple[str, ...]


class Board(BaseModel):
    model_config = ConfigDict(frozen=True)

    spaces: dict[str, Space]
    adjacency: dict[str, frozenset[str]]
    cities: dict[str, City]

    # Tables computed once: the legal-move generators ask these in their inner loops.
    @cached_property
    def space_ids(self) -> tuple[str, ...]:
        """Every space id in the map's order (the order choices are offered in)."""
        return tuple(self.spaces)

    @cached_property
    def provinces(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.is_province)

    @cached_property
    def province_prosperity(self) -> tuple[tuple[str, int], ...]:
        """Each Province with its Prosperity (1.3.1), in the map's order: what scoring reads."""
        return tuple((s, self.spaces[s].prosperity) for s in self.provinces)

    @cached_property
    def province_set(self) -> frozenset[str]:
        return frozenset(self.provinces)

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each space's adjacent spaces in sorted order (the order choices are offered in)."""
        return {s: tuple(sorted(adj)) for s, adj in self.adjacency.items()}

    @cached_property
    def province_neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each space's adjacent Provinces, in the order of `neighbours`."""
        return {
            s: tuple(n for n in adj if n in self.province_set) for s, adj in self.neighbours.items()
        }

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency[a]

    @cached_property
    def names(self) -> dict[str, str]:
        """Each space's name by id (the log names spaces on every step)."""
        return {s.id: s.name for s in self.spaces.values()}

    def name(self, space: str) -> str:
        return self.names[space]

    def is_province(self, space: str) -> bool:
        return space in self.province_set

    def prosperity(self, space: str) -> int:
        return self.spaces[space].prosperity


def _fail(where: str, msg: str) -> DataError:
    return DataError(f"map: {where}: {msg}")


def parse_board(data: Any) -> Board:
    """Validate a map document (the structure of map.yaml) and build the Board."""
    if not isinstance(data, dict):
        raise _fail("document", "expected a mapping with spaces, adjacent and cities")
    for key in ("spaces", "adjacent", "cities"):
        if key not in data:
            raise _fail(key, "missing")
    spaces: dict[str, Space] = {}
    for i, raw in enumerate(data["spaces"]):
        where = f"spaces[{i}]"
        if not isinstance(raw, dict):
            raise _fail(where, "expected a mapping")
        unknown = set(raw) - {"id", "name", "kind", "prosperity"}
        if unknown:
            raise _fail(where, f"unknown field(s) {sorted(unknown)}")
        try:
            space = Space.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(map(str, err["loc"]))
            raise _fail(f"{where} ({raw.get('id', '?')})", f"{field}: {err['msg']}") from exc
        if space.id in spaces:
            raise _fail(where, f"duplicate space id {space.id!r}")
        if space.is_province and space.prosperity not in (1, 2):
            raise _fail(space.id, "a Province's prosperity must be 1 or 2 (1.3.1)")
        spaces[space.id] = space
    adjacency: dict[str, set[str]] = {s: set() for s in spaces}
    for i, pair in enumerate(data["adjacent"]):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise _fail(f"adjacent[{i}]", "expected a pair [a, b]")
        a, b = pair
        for s in (a, b):
            if s not in spaces:
                raise _fail(f"adjacent[{i}]", f"unknown space id {s!r}")
        if a == b:
            raise _fail(f"adjacent[{i}]", "a space is not adjacent to itself")
        adjacency[a].add(b)
        adjacency[b].add(a)
    cities: dict[str, City] = {}
    for i, raw in enumerate(data["cities"]):
        where = f"cities[{i}]"
        try:
            city = City.model_validate(raw)
        except ValidationError as exc:
            raise _fail(where, str(exc).splitlines()[0]) from exc
        for s in city.touches:
            if s not in spaces:
                raise _fail(f"{where} ({city.id})", f"unknown space id {s!r} in touches")
        if city.id in cities:
            raise _fail(where, f"duplicate city id {city.id!r}")
        cities[city.id] = city
    kinds = [s.kind for s in spaces.values()]
    if kinds.count("delhi") != 1:
        raise _fail("spaces", "exactly one space must be of kind delhi (1.3.3)")
    return Board(
        spaces=spaces,
        adjacency={k: frozenset(v) for k, v in adjacency.items()},
        cities=cities,
    )


@cache
def board() -> Board:
    """The project's map, loaded once from the package data."""
    text = (
        resources.files("rules.vijayanagara").joinpath("data/map.yaml").read_text(encoding="utf-8")
    )
    return parse_board(load_own(text))


DELHI = "delhi"
MOUNTAIN_PASSES = "mountain_passes"
PUNJAB = "punjab"
MAHARASHTRA = "maharashtra"
KARNATAKA = "karnataka"
