"""The controller rewrites the test modules' asserts before xdist's workers start
(tests/rewrite_ahead.py): the cache it writes is the one pytest reads, with the values shown."""

import marshal
from pathlib import Path

import pytest
from rewrite_ahead import modules_rewritten, rewrite_ahead


def test_a_fresh_modules_asserts_are_cached_rewritten_where_pytest_looks(
    pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    module = tmp_path / "test_sample.py"
    module.write_text("def test_sample():\n    seen = 1\n    assert seen == 2\n")
    rewrite_ahead(pytestconfig, [module], processes=2)
    (pyc,) = (tmp_path / "__pycache__").glob("test_sample.*pytest*.pyc")
    namespace: dict[str, object] = {}
    exec(marshal.loads(pyc.read_bytes()[16:]), namespace)  # a pyc: 16 bytes of header, code
    with pytest.raises(AssertionError, match=r"assert 1 == 2"):
        namespace["test_sample"]()  # type: ignore[operator]


def test_the_modules_rewritten_ahead_are_the_suites_own(pytestconfig: pytest.Config) -> None:
    found = modules_rewritten(pytestconfig)
    assert Path(__file__).resolve() in {p.resolve() for p in found}
    assert all(p.name == "conftest.py" or p.name.startswith("test_") for p in found)
