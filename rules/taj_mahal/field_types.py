"""The written field types of state.py's dataclasses, for pydantic, when state.py is compiled.

mypyc (an opt-in build) compiles the dataclasses as native classes but erases their field
annotations to runtime classes (`tuple`, `int`, `type` for a union or a Literal: python/mypy
#11330), and pydantic builds the JSON schema of a dataclass from its fields' `type`. This puts
the annotations back as the text they are written with, read from the module's source, as
`from __future__ import annotations` leaves them in the pure-Python module (a no-op there),
and marks the classes as slots classes, as they are written.
"""

from __future__ import annotations

import ast
import dataclasses
from importlib import resources
from types import ModuleType


def restore_field_types(module: ModuleType) -> None:
    fields: dict[str, dict[str, dataclasses.Field[object]]] = {
        name: c.__dict__["__dataclass_fields__"]
        for name, c in vars(module).items()
        if isinstance(c, type) and c.__module__ == module.__name__ and dataclasses.is_dataclass(c)
    }
    if all(isinstance(f.type, str) for row in fields.values() for f in row.values()):
        return  # not compiled: the annotations are the written text already
    package, _, name = module.__name__.rpartition(".")
    tree = ast.parse(resources.files(package).joinpath(f"{name}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in fields:
            row = fields[node.name]
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    f = row.get(stmt.target.id)
                    if f is not None:
                        f.type = ast.unparse(stmt.annotation)
    for name, row in fields.items():
        c: type = vars(module)[name]
        if not hasattr(c, "__slots__"):
            # a native class has no __dict__, as a slots class: pydantic then sets each field
            # by name (else it would assign the instance's __dict__)
            setattr(c, "__slots__", tuple(row))  # noqa: B010 (not a slots class to mypy)
