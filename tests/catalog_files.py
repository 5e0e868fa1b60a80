"""Message catalogs written as .po files, for tests that declare a game of their own: the game's locale folder
as a real game has it (``<lang>/LC_MESSAGES/<domain>.po``), in a temporary folder, read back the way start-up
reads every catalog (``Texts.load``). Sentences come from the files, never from the test's code."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from companion.games.texts import COMMON, Texts


def write_catalogs(folder: Path, domain: str, entries: Mapping[str, Mapping[str, str | tuple[str, ...]]]) -> Path:
    """``entries[lang][key]``: a sentence, or a plural entry's forms. Returns ``folder``."""
    for lang, messages in entries.items():
        catalog = Catalog(locale=lang, domain=domain)
        for key, said in messages.items():
            catalog.add((key, key) if isinstance(said, tuple) else key, said)
        path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fileobj:
            write_po(fileobj, catalog)
    return folder


def texts_from(domain: str, entries: Mapping[str, Mapping[str, str | tuple[str, ...]]], *parents: Texts) -> Texts:
    """A test game's catalogs (then the frame's, unless other parents are given), from files in a folder that
    lives as long as the test process."""
    folder = Path(tempfile.mkdtemp(prefix=f"locale-{domain}-"))
    atexit.register(shutil.rmtree, folder, True)
    return Texts.load(write_catalogs(folder, domain, entries), domain, *(parents or (COMMON,)))
