"""Taj Mahal's JSON: the adapters of its states, views and actions, built once."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from pydantic import ConfigDict, TypeAdapter

from . import state
from .field_types import restore_field_types
from .state import Action, State
from .view import View

restore_field_types(state)  # compiled (mypyc): pydantic reads the fields' written types
STATE = TypeAdapter(State)
VIEW = TypeAdapter(View)
ACTION: TypeAdapter[Action] = TypeAdapter(Action, config=ConfigDict(extra="forbid"))


@cache
def action_schema() -> Mapping[str, object]:
    return ACTION.json_schema()
