"""Taj Mahal's JSON: the adapters of its states, views and actions, each built once, at
its first use (rules.adapters)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from pydantic import ConfigDict, TypeAdapter

from ..adapters import LazyAdapter
from . import state
from .field_types import restore_field_types
from .state import Action, State
from .view import View

restore_field_types(state)  # compiled (mypyc): pydantic reads the fields' written types
STATE = LazyAdapter(lambda: TypeAdapter(State))
VIEW = LazyAdapter(lambda: TypeAdapter(View))
ACTION: LazyAdapter[Action] = LazyAdapter(
    lambda: TypeAdapter(Action, config=ConfigDict(extra="forbid"))
)


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
