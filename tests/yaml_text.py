"""YAML for the tests' own fixtures and edited decks: libyaml's C reader and writer where PyYAML
has them (the pure-Python ones cost several CPU-seconds a run), the same documents either way."""

from __future__ import annotations

from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text: str) -> Any:
    return yaml.load(text, Loader=_Loader)


def dump(doc: object, **options: Any) -> str:
    text: str = yaml.dump(doc, Dumper=_Dumper, **options)
    return text
