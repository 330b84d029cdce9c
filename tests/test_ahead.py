"""The controller does once, before xdist's workers start, what each would do first in a
fresh clone (tests/ahead.py): every cache it writes is the one its tool reads, as that tool
would have written it."""

import importlib.util
import marshal
import sys
import types
from pathlib import Path

import pytest
from ahead import Job, do_ahead, jobs_of, modules_rewritten
from hypothesis import configuration
from hypothesis.internal.constants_ast import _constants_from_source, constants_from_module


def test_a_fresh_modules_asserts_are_cached_rewritten_where_pytest_looks(
    pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    module = tmp_path / "test_sample.py"
    module.write_text("def test_sample():\n    seen = 1\n    assert seen == 2\n")
    do_ahead(pytestconfig, [Job("rewrite", module, 1)], processes=2)
    (pyc,) = (tmp_path / "__pycache__").glob("test_sample.*pytest*.pyc")
    namespace: dict[str, object] = {}
    exec(marshal.loads(pyc.read_bytes()[16:]), namespace)  # a pyc: 16 bytes of header, code
    with pytest.raises(AssertionError, match=r"assert 1 == 2"):
        namespace["test_sample"]()  # type: ignore[operator]


def test_a_module_compiled_ahead_is_imported_from_its_cache_as_written(
    pytestconfig: pytest.Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "compiled_ahead_sample.py"
    module.write_text("ANSWER = 6 * 7\n")
    do_ahead(pytestconfig, [Job("compile", module, 1)], processes=1)
    pyc = Path(importlib.util.cache_from_source(str(module)))
    written = pyc.read_bytes()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    spec = importlib.util.spec_from_file_location(module.stem, module)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    assert loaded.ANSWER == 42
    assert pyc.read_bytes() == written  # the import system found it valid: not written again


def test_a_modules_constants_are_cached_where_hypothesis_reads_them(
    pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    module = tmp_path / "constants_sample.py"
    source = "LIMIT = 7919\nNAME = 'Vijayanagara'\n"
    module.write_text(source)
    configuration.set_hypothesis_home_dir(tmp_path / "home")
    try:
        do_ahead(pytestconfig, [Job("constants", module, 1)], processes=1)
        (cached,) = (tmp_path / "home" / "constants").glob("[0-9a-f]*")
        assert _constants_from_source(cached.read_bytes(), limit=True) == _constants_from_source(
            source, limit=True
        )
        assert 7919 in constants_from_module(_module_of(module)).integers
    finally:
        configuration.set_hypothesis_home_dir(None)


def test_the_work_covers_the_suites_modules_the_programs_and_its_libraries(
    pytestconfig: pytest.Config,
) -> None:
    jobs = jobs_of(pytestconfig)
    here = Path(__file__).resolve()
    by_kind = {
        kind: {j.path.name for j in jobs if j.kind == kind and j.path}
        for kind in ("rewrite", "constants")
    }
    assert here.name in by_kind["rewrite"] and here.name in by_kind["constants"]
    assert "engine.py" in by_kind["constants"]  # the rules' engines are local modules
    assert [j.kind for j in jobs].count("charmap") == 1
    assert not {j.path for j in jobs if j.kind == "compile"} & {
        j.path for j in jobs if j.kind == "rewrite"
    }


def test_the_modules_rewritten_ahead_are_the_suites_own(pytestconfig: pytest.Config) -> None:
    found = modules_rewritten(pytestconfig)
    assert Path(__file__).resolve() in {p.resolve() for p in found}
    assert all(p.name == "conftest.py" or p.name.startswith("test_") for p in found)


def _module_of(path: Path) -> types.ModuleType:
    module = types.ModuleType(path.stem)
    module.__file__ = str(path)
    return module
