"""A QR code drawn in the terminal that stays scannable everywhere.

Block characters (``█``, ``▀``, ``▄``) are "East Asian Ambiguous" width: a terminal in a Japanese (or
Chinese, Korean) locale draws each one two cells wide and the code falls apart. So we never use them:

* ``ansi`` mode paints each module as two spaces with an ANSI background colour (black or white), which is
  exactly two cells wide in every locale and square enough to scan;
* ``ascii`` mode, for terminals that cannot show colours (not a TTY, ``NO_COLOR``, ``TERM=dumb``, an old
  Windows console without VT processing), writes ``##`` for a dark module and two spaces for a light one.

* ``half`` mode (what ``auto`` picks on a colour terminal outside a CJK locale) draws two rows of modules per
  line with the upper half block ``▀`` — foreground colour for the upper module, background for the lower —
  so the code is half as tall (19 lines instead of 37 with its quiet zone) and fits an 80×24 terminal.
  Where the block would be drawn two cells wide (a ja/zh/ko locale), ``auto`` keeps ``ansi``.

The matrix comes from the ``qrcode`` library and always includes a quiet zone (4 modules by default).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO

import qrcode
import qrcode.constants

MODES = ("auto", "half", "ansi", "ascii", "off")
DEFAULT_BORDER = 4
MIN_BORDER = 2

ANSI_DARK = "\x1b[40m"  # black background
ANSI_LIGHT = "\x1b[47m"  # white background
ANSI_RESET = "\x1b[0m"
HALF_BLOCK = "\u2580"  # ▀: the upper half in the foreground colour, the lower half in the background colour
FG = {True: "30", False: "37"}  # black / white foreground
BG = {True: "40", False: "47"}
CJK_LOCALES = ("ja", "zh", "ko")
ASCII_DARK = "##"
ASCII_LIGHT = "  "


def qr_matrix(data: str, *, border: int = DEFAULT_BORDER) -> list[list[bool]]:
    """The QR modules of ``data`` as rows of booleans (True = dark), quiet zone included."""
    if border < 1:
        raise ValueError("a QR code needs a quiet zone (border >= 1)")
    # Level L keeps a LAN URL at version 2 (25 modules): narrower, and a crisp terminal needs no more.
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=border)
    qr.add_data(data)
    qr.make(fit=True)
    return [[bool(cell) for cell in row] for row in qr.get_matrix()]


def render_ansi(matrix: list[list[bool]]) -> str:
    lines = []
    for row in matrix:
        parts = []
        current = None
        for dark in row:
            if dark is not current:
                parts.append(ANSI_DARK if dark else ANSI_LIGHT)
                current = dark
            parts.append("  ")
        parts.append(ANSI_RESET)
        lines.append("".join(parts))
    return "\n".join(lines)


def render_half(matrix: list[list[bool]]) -> str:
    """Two module rows per line (an odd last row gets a light row below it: more quiet zone)."""
    lines = []
    for top_i in range(0, len(matrix), 2):
        top = matrix[top_i]
        bottom = matrix[top_i + 1] if top_i + 1 < len(matrix) else [False] * len(top)
        parts = []
        current = None
        for up, down in zip(top, bottom, strict=True):
            if (up, down) != current:
                parts.append(f"\x1b[{FG[up]};{BG[down]}m")
                current = (up, down)
            parts.append(HALF_BLOCK)
        parts.append(ANSI_RESET)
        lines.append("".join(parts))
    return "\n".join(lines)


def wide_blocks(environ: Mapping[str, str]) -> bool:
    """Whether the locale draws East Asian Ambiguous characters (the block) two cells wide."""
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environ.get(key, "")
        if value:
            return value.lower().startswith(CJK_LOCALES)
    return False


def render_ascii(matrix: list[list[bool]]) -> str:
    return "\n".join("".join(ASCII_DARK if dark else ASCII_LIGHT for dark in row) for row in matrix)


def _enable_windows_vt(stream: TextIO) -> bool:
    """Turn on ANSI escape processing in a Windows console; False if that is impossible."""
    if sys.platform != "win32":  # msvcrt and the console calls exist on Windows only
        return False
    try:
        import ctypes
        import msvcrt

        kernel32 = ctypes.windll.kernel32
        handle = msvcrt.get_osfhandle(stream.fileno())
        mode = ctypes.c_uint32()
        if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
            return False
        enable_vt = 0x0004  # ENABLE_VIRTUAL_TERMINAL_PROCESSING
        if mode.value & enable_vt:
            return True
        return bool(kernel32.SetConsoleMode(handle, mode.value | enable_vt))
    except Exception:
        return False


def choose_mode(stream: TextIO | None = None, *, environ: Mapping[str, str] | None = None,
                platform: str | None = None) -> str:
    """``ansi`` when the stream is a terminal that shows colours, else ``ascii``."""
    stream = sys.stdout if stream is None else stream
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    if not tty:
        return "ascii"
    if env.get("NO_COLOR"):  # https://no-color.org: present and not empty
        return "ascii"
    if env.get("TERM", "").lower() == "dumb":
        return "ascii"
    if platform.startswith("win") and not _enable_windows_vt(stream):
        return "ascii"
    return "ansi"


def terminal_qr(data: str, *, mode: str = "auto", stream: TextIO | None = None,
                environ: Mapping[str, str] | None = None, platform: str | None = None,
                columns: int | None = None) -> str:
    """The QR code of ``data`` ready to print ('' for mode ``off``).

    With ``columns`` (the terminal width), the quiet zone shrinks from 4 towards 2 modules if that
    lets the code fit on one line per row.
    """
    if mode not in MODES:
        raise ValueError(f"unknown QR mode {mode!r}; expected one of {', '.join(MODES)}")
    if mode == "off":
        return ""
    if mode == "auto":
        mode = choose_mode(stream, environ=environ, platform=platform)
        if mode == "ansi" and not wide_blocks(os.environ if environ is None else environ):
            mode = "half"
    cells = 1 if mode == "half" else 2  # terminal columns per module
    border = DEFAULT_BORDER
    matrix = qr_matrix(data, border=border)
    if columns:
        while border > MIN_BORDER and cells * len(matrix) > columns:
            border -= 1
            matrix = qr_matrix(data, border=border)
    if mode == "half":
        return render_half(matrix)
    return render_ansi(matrix) if mode == "ansi" else render_ascii(matrix)
