"""Rajas of the Ganges' JSON: the adapters of its states and actions, built once."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated

from pydantic import ConfigDict, Field, TypeAdapter

from .state import Action, State

STATE = TypeAdapter(State)
ACTION: TypeAdapter[Action] = TypeAdapter(
    Annotated[Action, Field(discriminator="kind")], config=ConfigDict(extra="forbid")
)


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
