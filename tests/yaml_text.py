"""YAML for the tests' own fixtures and edited decks: read as the project reads its own files
(`rules.safe_yaml.load_own`, libyaml's reader), written by libyaml's writer where PyYAML has it
(the pure-Python one costs several CPU-seconds a run); the same documents either way."""

from __future__ import annotations

from typing import Any

import yaml

from rules.safe_yaml import load_own

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text: str) -> Any:
    return load_own(text)


def dump(doc: object, **options: Any) -> str:
    text: str = yaml.dump(doc, Dumper=_Dumper, **options)
    return text
