"""The terminal QR code: right structure (modules and quiet zone), and the right drawing for the terminal."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest

from companion.server import termqr

URL = "http://192.168.1.23:8000"


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def modules_for_version(version: int) -> int:
    return 4 * version + 17


def parse_ascii(text: str) -> list[list[bool]]:
    rows = []
    for line in text.split("\n"):
        assert len(line) % 2 == 0
        cells = [line[i:i + 2] for i in range(0, len(line), 2)]
        assert set(cells) <= {"##", "  "}
        rows.append([cell == "##" for cell in cells])
    return rows


ANSI_TOKEN = re.compile(r"\x1b\[(40|47)m|(  )|\x1b\[0m$")


def parse_ansi(text: str) -> list[list[bool]]:
    rows = []
    for line in text.split("\n"):
        assert line.endswith(termqr.ANSI_RESET)
        row: list[bool] = []
        dark = None
        pos = 0
        while pos < len(line):
            match = ANSI_TOKEN.match(line, pos)
            assert match, f"unexpected text at {pos}: {line[pos:pos + 10]!r}"
            if match.group(1):
                dark = match.group(1) == "40"
            elif match.group(2):
                assert dark is not None
                row.append(dark)
            pos = match.end()
        rows.append(row)
    return rows


def assert_finder(matrix: list[list[bool]], top: int, left: int) -> None:
    for r in range(7):
        for c in range(7):
            ring = r in (0, 6) or c in (0, 6)
            core = 2 <= r <= 4 and 2 <= c <= 4
            assert matrix[top + r][left + c] == (ring or core), (top + r, left + c)


def assert_valid_qr(matrix: list[list[bool]], border: int) -> None:
    size = len(matrix)
    assert all(len(row) == size for row in matrix)
    inner = size - 2 * border
    assert (inner - 17) % 4 == 0 and 1 <= (inner - 17) // 4 <= 40
    # the quiet zone is light all around
    for i in range(size):
        for j in range(size):
            if min(i, j) < border or max(i, j) >= size - border:
                assert not matrix[i][j]
    # three finder patterns, and the timing pattern between them alternates
    assert_finder(matrix, border, border)
    assert_finder(matrix, border, size - border - 7)
    assert_finder(matrix, size - border - 7, border)
    timing = [matrix[border + 6][c] for c in range(border + 8, size - border - 8)]
    assert timing == [(k % 2 == 0) for k in range(len(timing))]


def test_matrix_has_quiet_zone_and_version_size() -> None:
    matrix = termqr.qr_matrix(URL)
    # a LAN URL fits version 2 at level L: 25 modules plus 4 on each side
    assert len(matrix) == modules_for_version(2) + 2 * termqr.DEFAULT_BORDER == 33
    assert_valid_qr(matrix, termqr.DEFAULT_BORDER)


def test_ascii_rendering_round_trips_to_the_matrix() -> None:
    text = termqr.terminal_qr(URL, mode="ascii")
    assert parse_ascii(text) == termqr.qr_matrix(URL)
    assert text.isascii()


def test_ansi_rendering_round_trips_and_uses_no_ambiguous_width_characters() -> None:
    text = termqr.terminal_qr(URL, mode="ansi")
    matrix = parse_ansi(text)
    assert matrix == termqr.qr_matrix(URL)
    assert_valid_qr(matrix, termqr.DEFAULT_BORDER)
    visible = re.sub(r"\x1b\[[0-9;]*m", "", text).replace("\n", "")
    assert set(visible) == {" "}
    assert all(unicodedata.east_asian_width(ch) == "Na" for ch in visible)
    assert "█" not in text and "▀" not in text and "▄" not in text


def test_long_url_grows_the_version() -> None:
    long_url = "http://companion.example.test:8000/" + "t" * 60
    matrix = termqr.qr_matrix(long_url)
    assert len(matrix) > 33
    assert_valid_qr(matrix, termqr.DEFAULT_BORDER)


def test_quiet_zone_shrinks_to_fit_but_never_disappears() -> None:
    wide = termqr.terminal_qr(URL, mode="ascii", columns=200)
    assert len(wide.split("\n")) == 33
    narrow = parse_ascii(termqr.terminal_qr(URL, mode="ascii", columns=60))
    assert len(narrow) == 25 + 2 * termqr.MIN_BORDER
    assert_valid_qr(narrow, termqr.MIN_BORDER)
    with pytest.raises(ValueError):
        termqr.qr_matrix(URL, border=0)


@pytest.mark.parametrize(
    ("tty", "env", "expected"),
    [
        (True, {"TERM": "xterm-256color"}, "ansi"),
        (True, {}, "ansi"),
        (False, {"TERM": "xterm-256color"}, "ascii"),  # piped into a file or a log
        (True, {"TERM": "xterm", "NO_COLOR": "1"}, "ascii"),
        (True, {"TERM": "xterm", "NO_COLOR": ""}, "ansi"),  # no-color.org: empty means unset
        (True, {"TERM": "dumb"}, "ascii"),
    ],
)
def test_mode_follows_the_environment(tty: bool, env: dict[str, str], expected: str) -> None:
    assert termqr.choose_mode(Stream(tty), environ=env, platform="linux") == expected


def test_windows_console_without_vt_gets_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(termqr, "_enable_windows_vt", lambda stream: False)
    assert termqr.choose_mode(Stream(True), environ={}, platform="win32") == "ascii"
    monkeypatch.setattr(termqr, "_enable_windows_vt", lambda stream: True)
    assert termqr.choose_mode(Stream(True), environ={}, platform="win32") == "ansi"


def test_auto_mode_and_off() -> None:
    assert termqr.terminal_qr(URL, stream=Stream(False), environ={}) == termqr.terminal_qr(URL, mode="ascii")
    assert termqr.terminal_qr(URL, stream=Stream(True), environ={"TERM": "xterm"},
                              platform="linux") == termqr.terminal_qr(URL, mode="half")
    assert termqr.terminal_qr(URL, stream=Stream(True), environ={"TERM": "xterm", "LANG": "ja_JP.UTF-8"},
                              platform="linux") == termqr.terminal_qr(URL, mode="ansi")
    assert termqr.terminal_qr(URL, mode="off") == ""
    with pytest.raises(ValueError):
        termqr.terminal_qr(URL, mode="sixel")


HALF_TOKEN = re.compile(r"\x1b\[(30|37);(40|47)m|(\u2580)|\x1b\[0m$")


def parse_half(text: str) -> list[list[bool]]:
    """Two module rows per line: the foreground is the upper module, the background the lower."""
    rows: list[list[bool]] = []
    for line in text.split("\n"):
        assert line.endswith(termqr.ANSI_RESET)
        top: list[bool] = []
        bottom: list[bool] = []
        colours = None
        pos = 0
        while pos < len(line):
            match = HALF_TOKEN.match(line, pos)
            assert match, f"unexpected text at {pos}: {line[pos:pos + 10]!r}"
            if match.group(1):
                colours = (match.group(1) == "30", match.group(2) == "40")
            elif match.group(3):
                assert colours is not None
                top.append(colours[0])
                bottom.append(colours[1])
            pos = match.end()
        rows += [top, bottom]
    return rows


def test_half_blocks_halve_the_height_and_keep_every_module() -> None:
    """Issue 12: 37 lines did not fit an 80x24 terminal; two module rows per line do, and scan the same."""
    matrix = termqr.qr_matrix(URL)
    text = termqr.terminal_qr(URL, mode="half", columns=80)
    lines = text.split("\n")
    assert len(lines) == (len(matrix) + 1) // 2 <= 22
    decoded = parse_half(text)
    assert decoded[:len(matrix)] == matrix
    assert all(not dark for dark in decoded[len(matrix):][0]) if len(decoded) > len(matrix) else True
    assert all(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) <= 80 for line in lines)


@pytest.mark.parametrize(("env", "wide"), [({"LANG": "ja_JP.UTF-8"}, True), ({"LC_ALL": "zh_CN.UTF-8"}, True),
                                           ({"LANG": "en_US.UTF-8"}, False), ({}, False),
                                           ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, False)])
def test_half_blocks_only_where_blocks_are_one_cell_wide(env: dict[str, str], wide: bool) -> None:
    assert termqr.wide_blocks(env) is wide
