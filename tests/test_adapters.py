"""A game's JSON adapter is built at its first use, once, and then answers as the pydantic
adapter it wraps (rules/adapters.py)."""

from __future__ import annotations

from pydantic import TypeAdapter

from rules.adapters import LazyAdapter


def test_built_at_first_use_once_and_answering_as_its_adapter() -> None:
    built: list[TypeAdapter[list[int]]] = []

    def build() -> TypeAdapter[list[int]]:
        built.append(TypeAdapter(list[int]))
        return built[-1]

    lazy = LazyAdapter(build)
    assert built == []
    assert lazy.validate_json("[1, 2]") == [1, 2]
    assert lazy.validate_python([3]) == [3]
    assert lazy.dump_json([4, 5]) == b"[4,5]"
    assert lazy.json_schema() == {"items": {"type": "integer"}, "type": "array"}
    assert len(built) == 1 and lazy.adapter is built[0]
