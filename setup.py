"""Build hook: compile the word catalogs (client/locale/*/LC_MESSAGES/jeweltable.po → .mo)
before the package is built, so every install — editable or not — speaks German and French.
Everything else about the package is in pyproject.toml."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compile_catalogs() -> None:
    """Write each catalog's .mo beside its .po (fuzzy entries left out, as msgfmt does)."""
    for po in sorted((ROOT / "client" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        with po.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        compile_catalogs()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
