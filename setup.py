"""The build's one optional step. Set CHAUPAL_MYPYC=1 and Taj Mahal's engine is compiled with
mypyc (docs/taj_mahal.md, "The compiled engine"): about twice as fast, the same games. It needs
a C compiler, and mypy beside the project's dependencies (which it reads), so it builds
without isolation, over the plain install:

    pip install "mypy>=1.10" types-PyYAML .
    CHAUPAL_MYPYC=1 pip install --no-build-isolation --no-deps --force-reinstall .

Without CHAUPAL_MYPYC (or VJ_MYPYC, its old name) this is the plain setuptools build that
pyproject.toml describes. The build cannot import the project, so the old name is read here
as bot/product.py reads the others.
"""

import os

from setuptools import setup

# the modules the engine's steps run through; nothing in them defines a pydantic model
COMPILED = [
    f"rules/taj_mahal/{name}.py" for name in ("state", "engine", "scoring", "tables", "game")
]

if "CHAUPAL_MYPYC" not in os.environ and "VJ_MYPYC" in os.environ:
    print("notice: VJ_MYPYC is now CHAUPAL_MYPYC; VJ_MYPYC is read while CHAUPAL_MYPYC is not set")
if os.environ.get("CHAUPAL_MYPYC", os.environ.get("VJ_MYPYC")):
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit(
            "CHAUPAL_MYPYC=1 compiles with mypyc: install it first (pip install 'mypy>=1.10' "
            "types-PyYAML) and build with --no-build-isolation"
        ) from None
    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
