"""The package's build step that pyproject.toml cannot state: compiled catalogs in the build.

``pip install .``, ``pip wheel .`` or ``python -m build`` run ``build_py``; this one also
writes each language's ``messages.mo`` (``lang.compiled``) next to its ``.po`` files in the
build, so an installed bot speaks French without ``python -m lang compile`` having been run
in the checkout (the ``.mo`` files are not kept in git). An editable install reads the
checkout itself: its catalogs are compiled there. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _compiled() -> ModuleType:
    """``lang/compiled.py`` loaded on its own: importing the ``lang`` package would need the
    runtime's dependencies, which a build does not have (Babel is a build requirement)."""
    spec = importlib.util.spec_from_file_location("_lang_compiled", HERE / "lang" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogs(build_py):
    """``build_py``, then the catalogs compiled into the build (or the checkout, editable)."""

    def run(self) -> None:
        super().run()
        built = Path(self.build_lib) / "lang" / "locales"
        locales = HERE / "lang" / "locales" if self.editable_mode else built
        for path in _compiled().compile_tree(locales):
            print(f"compiled {path}")


setup(cmdclass={"build_py": BuildWithCatalogs})
