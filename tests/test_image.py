"""The Docker image's files install and start: exactly what the Dockerfile copies, installed
into a fresh virtual environment as its `pip install .` does (offline: the dependencies and
the build backend come from this environment), and its entry point refuses to run without a
token in one line; the commands' names before Chaupal run the same after a line saying the new
name."""

from __future__ import annotations

import configparser
import fnmatch
import importlib.metadata
import os
import shlex
import shutil
import site
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path, PurePosixPath

from bot.product import OLD_COMMANDS, renamed_command

ROOT = Path(__file__).resolve().parent.parent


def copied_paths(dockerfile: str) -> list[tuple[str, PurePosixPath]]:
    """Each source the Dockerfile's COPY lines take from the build context, with where it
    lands relative to the WORKDIR (as Docker does: a folder's contents go to the
    destination; a file goes into it when it names a folder, ending in `/`)."""
    out: list[tuple[str, PurePosixPath]] = []
    for line in dockerfile.replace("\\\n", " ").splitlines():  # continued lines joined
        if line.split(maxsplit=1)[:1] != ["COPY"]:
            continue
        words = shlex.split(line, comments=True)
        *sources, dest = [w for w in words[1:] if not w.startswith("--")]  # --chown=, --link
        assert sources, f"a COPY line without a source: {line!r}"
        into = dest.endswith("/") or dest == "." or len(sources) > 1
        for src in sources:
            is_file = (ROOT / src).is_file()
            out.append(
                (src, PurePosixPath(dest, PurePosixPath(src).name if into and is_file else ""))
            )
    return out


def ignored(dockerignore: str) -> tuple[list[str], list[str]]:
    """The .dockerignore's patterns: those of the context's top level, and those of any
    depth (`**/name`), which leave names out of every copied folder."""
    patterns = [p.strip() for p in dockerignore.splitlines() if p.strip() and p[0] != "#"]
    top = [p for p in patterns if not p.startswith("**/")]
    return top, [p.removeprefix("**/") for p in patterns if p.startswith("**/")]


def build_context(app: Path) -> None:
    top, anywhere = ignored((ROOT / ".dockerignore").read_text())
    leave_out = shutil.ignore_patterns(*anywhere)
    for src, dest in copied_paths((ROOT / "Dockerfile").read_text()):
        source, target = ROOT / src, app / dest
        assert source.exists(), f"the Dockerfile copies {src}, which does not exist"
        assert not any(fnmatch.fnmatch(src, p) for p in top), f".dockerignore leaves out {src}"
        if source.is_dir():
            shutil.copytree(source, target, ignore=leave_out, dirs_exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def test_copied_paths_read_the_dockerfile_forms() -> None:
    got = copied_paths(
        "RUN a \\\n  && b\nCOPY pyproject.toml README.md ./\nCOPY --chown=vj:vj rules \\\n"
        "  ./rules\n# COPY no ./no\n"
    )
    assert got == [
        ("pyproject.toml", PurePosixPath("pyproject.toml")),
        ("README.md", PurePosixPath("README.md")),
        ("rules", PurePosixPath("rules")),
    ]


def test_the_dockerfile_copies_each_source_once() -> None:
    """A folder copied twice is a layer built twice and a doubt which copy the image holds."""
    sources = [src for src, _ in copied_paths((ROOT / "Dockerfile").read_text())]
    assert sorted(sources) == sorted(set(sources)), sources


def test_the_package_metadata_has_the_form_setuptools_asks_for() -> None:
    """No deprecation from the build backend (a `license` table is one): what warns today
    stops a build tomorrow."""
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dist = apply_configuration(Distribution(), ROOT / "pyproject.toml")
    assert dist.metadata.license_expression == "MIT"


def test_the_image_files_install_and_the_bot_starts(tmp_path: Path) -> None:
    app, venv = tmp_path / "app", tmp_path / "venv"
    build_context(app)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # this environment's packages (the dependencies, pip, setuptools) after the venv's own
    (purelib / "_this_environment.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISCORD_TOKEN")}
    install = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--no-cache-dir",
            "--no-compile",  # byte-compiling is pip's own step (a CPU-second), not the image's files
            str(app),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    # every package of the source tree (each game's subpackages too) is installed
    for top in ("rules", "render", "db", "bot", "ai"):
        for init in (ROOT / top).rglob("__init__.py"):
            folder = init.parent.relative_to(ROOT)
            assert (purelib / folder / "__init__.py").exists(), f"{folder} was not installed"
    for package, globs in setuptools["package-data"].items():  # the map, the deck, the fonts
        folder = package.replace(".", "/")
        for glob in globs:
            wanted = {p.relative_to(ROOT) for p in (ROOT / folder).glob(glob) if p.is_file()}
            got = {p.relative_to(purelib) for p in (purelib / folder).glob(glob) if p.is_file()}
            assert wanted and wanted <= got, f"{package}/{glob}: {sorted(wanted - got)} missing"

    commands_start(venv, purelib, env)


def commands_start(venv: Path, purelib: Path, env: dict[str, str]) -> None:
    """Every command installed resolves to a function; the bot, by its name before Chaupal,
    says its new name in a line, then refuses to run without a token in one line (as the
    image's `chaupal-bot`, the same function, does); `vijayanagara-local --help` too."""
    (entry_points,) = purelib.glob("chaupal-*.dist-info/entry_points.txt")
    scripts = configparser.ConfigParser()
    scripts.read_string(entry_points.read_text())
    installed = scripts["console_scripts"]
    assert set(installed) == set(OLD_COMMANDS) | set(OLD_COMMANDS.values())
    for name, target in installed.items():
        assert (venv / "bin" / name).exists(), name
        assert callable(importlib.metadata.EntryPoint(name, target, "console_scripts").load())
    assert installed["chaupal-bot"] == "bot.discord.main:main"
    runs = [  # side by side: each is a second of CPU, importing
        subprocess.Popen(
            [str(venv / "bin" / command), *args],
            cwd=venv.parent,  # not the repository: the installed copy is what runs
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for command, *args in [("vijayanagara-bot",), ("vijayanagara-local", "--help")]
    ]
    (_, bot_err), (local_out, local_err) = (run.communicate(timeout=60) for run in runs)
    assert [run.returncode for run in runs] == [2, 0], bot_err + local_err
    said, error = bot_err.split("\n", 1)
    assert said == f"notice: {renamed_command('vijayanagara-bot')}", bot_err
    assert error.startswith("error: DISCORD_TOKEN"), bot_err
    assert error.count("\n") == 1 and "Traceback" not in error
    assert local_err == f"notice: {renamed_command('vijayanagara-local')}\n", local_err
    assert local_out.startswith("usage: chaupal-local"), local_out
