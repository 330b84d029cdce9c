"""Rajas of the Ganges' JSON: the adapters of its states and actions, each built once, at
its first use (rules.adapters)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated

from pydantic import ConfigDict, Field, TypeAdapter

from ..adapters import LazyAdapter
from .state import Action, State

STATE = LazyAdapter(lambda: TypeAdapter(State))
ACTION: LazyAdapter[Action] = LazyAdapter(
    lambda: TypeAdapter(
        Annotated[Action, Field(discriminator="kind")], config=ConfigDict(extra="forbid")
    )
)


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
