"""Successors' JSON: the adapters of its states, views and actions, each built once, at
its first use (rules.adapters)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated

from pydantic import ConfigDict, Field, TypeAdapter

from ..adapters import LazyAdapter
from .state import Action, State
from .view import View

STATE = LazyAdapter(lambda: TypeAdapter(State))
VIEW = LazyAdapter(lambda: TypeAdapter(View))
ACTION: LazyAdapter[Action] = LazyAdapter(
    lambda: TypeAdapter(
        Annotated[Action, Field(discriminator="kind")], config=ConfigDict(extra="forbid")
    )
)


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
