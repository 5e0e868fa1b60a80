"""The cut rendering (pieces.Pieces): a hit's body, plain or gzip, is the rendering with this phone's CSRF
token and fresh action ids, built from blocks compressed once."""

from __future__ import annotations

import gzip
import re
import zlib

from companion.web.fragcache import SharedRenders, personalise
from companion.web.pieces import Pieces

HTML = ('<form><input type="hidden" name="csrf_token" value="OLDCSRF">'
        '<input type="hidden" name="action_id" value="aaaa"><p>' + "x" * 3000 + '</p>'
        '<input type="hidden" name="action_id" value="bb"></form>'
        '<form><input name="csrf_token" value="OLDCSRF"><input name="action_id" value="aaaa"></form>'
        '<p>value="bb" outside a form field stays</p>')
IDS = re.compile(r'name="action_id" value="([^"]*)"')


def test_a_hit_gets_its_own_tokens_in_plain_and_gzip_bodies() -> None:
    pieces = Pieces(HTML)
    assert pieces.csrf == "OLDCSRF" and pieces.action_ids == ["aaaa", "bb"]
    fresh = {"aaaa": "NEW1", "bb": "NEW2"}
    plain = pieces.body("MINE", fresh, gzipped=False).decode()
    expected = (HTML.replace('value="OLDCSRF"', 'value="MINE"')
                .replace('name="action_id" value="aaaa"', 'name="action_id" value="NEW1"')
                .replace('name="action_id" value="bb"', 'name="action_id" value="NEW2"'))
    assert plain == expected
    old_way = personalise(HTML, "OLDCSRF", ["aaaa", "bb"], lambda: "MINE")
    assert IDS.sub("", old_way) == IDS.sub("", plain), "the same page as the replace-based personalise"
    assert "OLDCSRF" not in plain and plain.count('value="MINE"') == 2
    assert IDS.findall(plain) == ["NEW1", "NEW2", "NEW1"]
    assert 'value="bb" outside' in plain, "only action_id fields are action ids"
    packed = pieces.body("MINE", fresh, gzipped=True)
    assert gzip.decompress(packed).decode() == plain  # a valid member: CRC and length checked
    assert zlib.decompress(packed, 31).decode() == plain


def test_a_rendering_without_tokens_is_served_whole() -> None:
    pieces = Pieces("<p>nothing personal</p>")
    assert pieces.body(None, {}, gzipped=False) == b"<p>nothing personal</p>"
    assert gzip.decompress(pieces.body(None, {}, gzipped=True)) == b"<p>nothing personal</p>"


def test_shared_bodies_differ_per_phone_and_render_once() -> None:
    cache = SharedRenders()
    renders = []

    def render() -> str:
        renders.append(1)
        return HTML

    first = gzip.decompress(cache.get_body("k", render, lambda: "OLDCSRF", gzipped=True)).decode()
    second = gzip.decompress(cache.get_body("k", render, lambda: "PHONE2", gzipped=True)).decode()
    third = cache.get_body("k", render, lambda: "PHONE3", gzipped=False).decode()
    assert len(renders) == 1
    assert first == HTML, "the phone that rendered gets its own rendering unchanged"
    assert 'value="PHONE2"' in second and "OLDCSRF" not in second
    assert IDS.findall(second)[0] != "aaaa" and IDS.findall(second)[0] != IDS.findall(third)[0]
