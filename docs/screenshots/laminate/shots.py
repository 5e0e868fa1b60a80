"""Screenshots of Laminate's newer pages (issue 12): the start page's deck editor, a table playing with its own
deck, the sticky countdown banner with an announcement, an undone move with the whole history open on a
360 px phone, the end screen, and the rules page of one table.

    python docs/screenshots/laminate/shots.py [--port 8177] [--serve]

Writes PNGs next to this file (pngquant if present); ``--serve`` only serves the tables and prints their URLs.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "screenshots"))

from companion.games.laminate.deck import BUILTIN_V1  # noqa: E402
from companion.server.asgi import serve_in_thread  # noqa: E402
from companion.web import create_app  # noqa: E402
from tests.browser.game_driver import next_action, service_driver  # noqa: E402

NAMES = ["Hilbert", "Noether", "高木 貞治", "Banach"]


def our_deck() -> dict:
    spec = copy.deepcopy(BUILTIN_V1)
    spec["name"] = {"en": "Club Seven", "ja": "部室のセブン"}
    spec["suits"][0]["ranks"] = [3, 4, 5, 6, 7, 8, 9]
    spec["suits"][5].update(en="Moon", ja="ムーン", symbol="☾")
    spec["suits"][6].update(en="Star", ja="スター", symbol="☆", ranks=[1, 2, 3, 4, 5, 6, 7])
    return spec


def play(service, tid, until):
    act, state = service_driver(service, tid)
    st = state()
    for _ in range(600):
        if until(st):
            return st
        st = act(next_action(st))
    raise SystemExit("scenario did not converge")


def build(app) -> dict[str, str]:
    service = app.extensions["companion"]
    urls: dict[str, str] = {}
    done = service.create_table(["Hilbert", "Noether", "Banach"], 0).record
    play(service, done.id, lambda s: s["over"])
    urls["end"] = f"/t/{done.id}"
    cd = service.create_table(NAMES, 0).record
    from states import play as play_with  # the main gallery's scenario (docs/screenshots/states.py)
    from states import side_papers

    play_with(service, cd.id, lambda s: s["end"] is not None and s["pending"] is None and s["end"]["turns_left"] <= 5,
              side_papers)
    urls["countdown"] = f"/t/{cd.id}"
    urls["centre"] = f"/t/{cd.id}?centre=1"
    un = service.create_table(NAMES, 0).record
    for action in ({"type": "research", "from": "deck"},
                   {"type": "publish", "paper": "kind3", "cards": ["onion-8", "coffin-8", "suit6-8"]},
                   {"type": "research", "from": "discard"}):
        service.act(un.id, service.parse(un.id, action))
    service.undo(un.id)
    urls["undo"] = f"/t/{un.id}"
    own = service.create_table(NAMES[:3], 0, {"deck": our_deck()}).record
    for action in ({"type": "publish", "paper": "kind3", "cards": ["heart-9", "coin-9", "onion-9"]},
                   {"type": "research", "from": "deck"}):
        service.act(own.id, service.parse(own.id, action))
    urls["own"] = f"/t/{own.id}"
    urls["own_picker"] = f"/t/{own.id}?picker=open&cards=suit7-1,suit7-2,suit7-3"
    urls["rules_own"] = f"/rules/laminate?table={own.view_id}"
    named = service.create_table(NAMES, 0).record
    service.act(named.id, service.parse(named.id, {"type": "research", "from": "deck"}))
    service.update_settings(named.id, {"suit_names": {"suit6": "Star", "suit7": "Crown"}})
    urls["named"] = f"/t/{named.id}"
    urls["view"] = f"/v/{cd.view_id}"
    urls["home"] = "/"
    return urls


# (file, url key, size, scheme, locale, seat, full page)
GALLERY = [
    ("l01-deck-editor-phone-light-en", "home", "phone", "light", "en-US", None, True),
    ("l02-deck-editor-tablet-dark-ja", "home", "tablet", "dark", "ja-JP", None, False),
    ("l03-own-deck-picker-phone-dark-en", "own_picker", "phone", "dark", "en-US", 1, False),
    ("l04-own-deck-rules-phone-light-ja", "rules_own", "phone", "light", "ja-JP", None, False),
    ("l05-countdown-banner-phone-light-ja", "countdown", "phone", "light", "ja-JP", 1, False),
    ("l06-countdown-banner-tablet-dark-en", "countdown", "tablet", "dark", "en-US", 0, False),
    ("l07-undo-history-360-light-en", "undo", "small", "light", "en-US", 1, False),
    ("l08-end-phone-dark-ja", "end", "phone", "dark", "ja-JP", 0, False),
    ("l09-table-centre-tablet-light-ja", "centre", "tablet", "light", "ja-JP", None, False),
    ("l10-suit-names-phone-light-en", "named", "phone", "light", "en-US", 0, False),
    ("l11-suit-names-tablet-dark-ja", "named", "tablet", "dark", "ja-JP", 0, False),
    ("l12-readonly-header-small-dark-ja", "view", "small", "dark", "ja-JP", None, False),
    ("l13-readonly-header-phone-light-en", "view", "phone", "light", "en-US", None, False),
    ("l14-sideways-phone-light-en", "countdown", "sideways", "light", "en-US", 0, False),
    ("l15-landscape-tablet-dark-ja", "undo", "landscape", "dark", "ja-JP", 1, False),
]
SIZES = {"phone": (390, 844), "small": (360, 740), "tablet": (1024, 768), "landscape": (1024, 600),
         "sideways": (844, 390)}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def shoot(urls: dict[str, str], base: str, out: Path, only: str = "") -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for name, key, size, scheme, locale, seat, full in GALLERY:
            if only and not any(o in name for o in only.split(",")):
                continue
            w, h = SIZES[size]
            phone = size not in ("tablet", "landscape")
            ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme, locale=locale,
                                      device_scale_factor=2 if phone else 1, is_mobile=phone, has_touch=phone)
            path = urls[key]
            if seat is not None:
                ctx.add_cookies([{"name": "me", "value": str(seat), "url": base + path.split("?")[0]}])
            page = ctx.new_page()
            page.goto(base + path)
            if key == "home":
                page.locator("[data-deck-editor] > summary").click()
            if key == "undo" and size != "landscape":
                page.locator(".hist-all > summary").click()
            if key == "named":
                page.locator("#setting-suit_names > summary").click()
                page.locator("#setting-suit_names").scroll_into_view_if_needed()
            if size == "sideways":
                page.evaluate("window.scrollTo(0, 700)")
            page.wait_for_timeout(400)
            target = out / f"{name}.png"
            page.screenshot(path=str(target), full_page=full)
            width = page.evaluate("document.documentElement.scrollWidth")
            print(target, "scrollWidth", width, flush=True)
            ctx.close()
        browser.close()
    if shutil.which("pngquant"):
        for file in out.glob("l[0-9][0-9]-*.png"):
            subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "70-90", "--ext", ".png",
                            str(file)], check=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8177)
    ap.add_argument("--serve", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default=str(HERE))
    ap.add_argument("--skip-broken", action="store_true", help="leave out games whose pages do not load")
    args = ap.parse_args()
    if args.skip_broken:
        from companion import games

        for game in games.all_games():
            try:
                if callable(game.ui):
                    game.ui()
            except ImportError:
                games.unregister(game.id)
    tmp = tempfile.mkdtemp()
    app = create_app(os.path.join(tmp, "shots.db"), public_url=f"http://192.168.1.20:{args.port}")
    app.config["TRUST_ANY_HOST"] = True
    urls = build(app)
    server, _ = serve_in_thread(app, "127.0.0.1", args.port, threads=8)
    base = f"http://127.0.0.1:{args.port}"
    for name, path in urls.items():
        print(f"{name:10s} {base}{path}", flush=True)
    if args.serve:
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    else:
        shoot(urls, base, Path(args.out), args.only)
    server.stop()


if __name__ == "__main__":
    main()
