"""Successors' JSON: the adapters of its states, views and actions, built once."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated

from pydantic import ConfigDict, Field, TypeAdapter

from .state import Action, State
from .view import View

STATE = TypeAdapter(State)
VIEW = TypeAdapter(View)
ACTION: TypeAdapter[Action] = TypeAdapter(
    Annotated[Action, Field(discriminator="kind")], config=ConfigDict(extra="forbid")
)


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
