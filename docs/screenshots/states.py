"""Serve the real app with tables in every state worth a screenshot, and print their URLs.

    python docs/screenshots/states.py [--port 8765] [--shoot]

With ``--shoot`` it runs ``/work/shared/tools/shoot.py`` (or $SHOOT) on every URL into
docs/screenshots/all/ (not committed), then stops. Without it, it keeps serving until Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.games.fields import Context  # noqa: E402
from companion.games.laminate import GAME  # noqa: E402
from companion.server.asgi import serve_in_thread  # noqa: E402
from companion.web import create_app  # noqa: E402
from tests.browser.game_driver import next_action, service_driver  # noqa: E402

NAMES = ["Hilbert", "Noether", "高木 貞治", "Banach"]


def parse_action(raw):
    """A Laminate action as the platform reads it (these tables play the default deck)."""
    return GAME.parse(raw, Context())


def play(service, tid, until, extra=None):
    """Drive the game; ``extra(state)`` may return an action to play instead of the driver's."""
    act, state = service_driver(service, tid)
    st = state()
    for _ in range(500):
        if until(st):
            return st
        action = (extra(st) if extra else None) or next_action(st)
        st = act(action)
    raise SystemExit("scenario did not converge")


def side_papers(st):
    """Other players publish a few papers of their own, and Noether's gets completed."""
    me = st["active"]
    owned = {(p["owner"], p["type"]) for p in st["papers"]}
    table = {c for p in st["papers"] for c in p["cards"]}
    wants = {1: ("kind3", ["onion-8", "coffin-8", "suit6-8"]), 2: ("straight5", ["onion-9", "coffin-10", "coffin-11",
                                                                                   "suit6-12", "suit7-13"])}
    if me in wants:
        ptype, cards = wants[me]
        if (me, ptype) not in owned and st["players"][me]["hand"] >= len(cards) and not table & set(cards):
            return {"type": "publish", "paper": ptype, "cards": cards, "cite": []}
    if st["pending"] is None:
        for p in st["papers"]:
            if p["owner"] == 1 and len(p["cards"]) >= 2 and me in (1, 3):
                return {"type": "review", "paper": p["id"], "card": p["cards"][-1]}
    return None


#: The hand the assistant shots show (kept on the device, as on a real phone) and its localStorage key.
ASSIST_HAND = ["heart-2", "heart-3", "heart-4", "heart-5", "suit6-7"]
ASSIST_KEY = [""]


def build(app) -> dict[str, str]:
    service = app.extensions["companion"]
    urls: dict[str, str] = {}

    # a finished game (created first so the home page lists it below the live ones)
    done = service.create_table(["Hilbert", "Noether", "Banach"], 0).record
    play(service, done.id, lambda s: s["over"])
    urls["end"] = f"/t/{done.id}"

    # countdown running, End Flag laid
    cd = service.create_table(NAMES, 0).record
    play(service, cd.id, lambda s: s["end"] is not None and s["pending"] is None and s["end"]["turns_left"] <= 5,
         side_papers)
    urls["countdown"] = f"/t/{cd.id}"

    # End Flag step (pending)
    ef = service.create_table(["Hilbert", "Noether", "Banach"], 0).record
    play(service, ef.id, lambda s: s["pending"] == "endflag")
    urls["endflag"] = f"/t/{ef.id}"

    # the main table: mid-game, papers under review and complete, Noether's kind3 complete
    main = service.create_table(NAMES, 0).record
    st = play(service, main.id, lambda s: any(p["owner"] == 1 and p["complete"] for p in s["papers"])
              and any(p["owner"] == 2 for p in s["papers"]) and s["active"] == 3, side_papers)
    urls["table"] = f"/t/{main.id}"
    urls["view"] = f"/v/{main.view_id}"
    kind3 = next(p for p in st["papers"] if p["owner"] == 1 and p["complete"])
    cite_card = kind3["cards"][0]  # e.g. onion-8: pick two more 8s and cite it
    eights = [c for c in ("suit7-8", "coin-8", "book-8") if c != cite_card][:2]
    urls["picker"] = f"/t/{main.id}?picker=open&cards={','.join(eights)}&cite={kind3['id']}"
    urls["refusal"] = (f"/t/{main.id}?picker=open&cards={','.join(eights)},suit7-9&cite={kind3['id']}"
                       "&paper=kind3&check=1")

    # a table right after a review, with papers still under review
    rv = service.create_table(NAMES[:3], 0).record
    for action in (
        {"type": "research", "from": "deck"},
        {"type": "publish", "paper": "kind3", "cards": ["onion-8", "coffin-8", "suit6-8"]},
        {"type": "research", "from": "discard"},
        {"type": "publish", "paper": "flush4", "cards": ["book-2", "book-3", "book-4", "book-5"]},
        {"type": "research", "from": "deck"},
        {"type": "review", "paper": 2, "card": "book-5"},
        {"type": "research", "from": "discard"},
        {"type": "review", "paper": 1, "card": "suit6-8"},
        {"type": "publish", "paper": "straight5", "cards": ["onion-9", "coffin-10", "coffin-11", "suit6-12",
                                                             "suit7-13"]},
        {"type": "research", "from": "deck"},
        {"type": "review", "paper": 2, "card": "book-4"},
    ):
        service.act(rv.id, parse_action(action))
    urls["review"] = f"/t/{rv.id}"

    # the "my hand" assistant: Banach (seat 2) to play, with complete papers of Hilbert, Noether and his own
    # on the table; the hand comes from the device (localStorage), see ASSIST_HAND and gallery()
    ast = service.create_table(NAMES[:1] + NAMES[1:2] + ["Banach"], 0).record
    for action in (
        {"type": "publish", "paper": "kind3", "cards": ["heart-7", "onion-7", "suit6-7"]},
        {"type": "review", "paper": 1, "card": "suit6-7"},
        {"type": "review", "paper": 1, "card": "onion-7"},
        {"type": "research", "from": "deck"},
        {"type": "publish", "paper": "kind3", "cards": ["coffin-7", "onion-7", "suit6-7"]},
        {"type": "review", "paper": 2, "card": "onion-7"},
        {"type": "review", "paper": 2, "card": "suit6-7"},
        {"type": "research", "from": "deck"},
        {"type": "publish", "paper": "ak", "cards": ["heart-1", "suit7-13"]},
        {"type": "review", "paper": 3, "card": "suit7-13"},
        {"type": "research", "from": "deck"},
        *[{"type": "research", "from": "deck"}] * 6,
    ):
        service.act(ast.id, parse_action(action))
    urls["assistant"] = f"/t/{ast.id}"
    ASSIST_KEY[0] = f"lr-hand:{ast.view_id}:2"
    off = service.create_table(NAMES[:3], 0).record
    service.update_settings(off.id, {"hints": False})
    urls["assistant_off"] = f"/t/{off.id}"

    urls["home"] = "/"
    urls["rules"] = "/rules"
    return urls


# The curated gallery: (file, state, size, scheme, locale, seat chosen on the device or None)
GALLERY = [
    ("01-start-phone-light-ja", "home", "phone", "light", "ja-JP", None),
    ("02-table-phone-light-en", "table", "phone", "light", "en-US", 3),
    ("03-table-tablet-dark-ja", "table", "tablet", "dark", "ja-JP", 0),
    ("04-picker-phone-light-en", "picker", "phone", "light", "en-US", 3),
    ("05-picker-tablet-light-ja", "picker", "tablet", "light", "ja-JP", 3),
    ("06-refusal-phone-dark-en", "refusal", "phone", "dark", "en-US", 3),
    ("07-review-phone-light-ja", "review", "phone", "light", "ja-JP", 2),
    ("08-countdown-phone-dark-ja", "countdown", "phone", "dark", "ja-JP", 3),
    ("09-endflag-tablet-light-en", "endflag", "tablet", "light", "en-US", 0),
    ("10-announcement-phone-light-en", "announce", "phone", "light", "en-US", 1),
    ("11-end-phone-light-en", "end", "phone", "light", "en-US", 0),
    ("12-end-tablet-dark-ja", "end", "tablet", "dark", "ja-JP", 1),
    ("13-view-tablet-light-en", "view", "tablet", "light", "en-US", None),
    ("14-rules-phone-dark-ja", "rules", "phone", "dark", "ja-JP", None),
    ("15-assistant-phone-light-ja", "assistant", "phone", "light", "ja-JP", 2),
    ("16-assistant-phone-dark-en", "assistant", "phone", "dark", "en-US", 2),
]
SIZES = {"phone": (390, 844), "tablet": (1024, 768)}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def gallery(app, urls: dict[str, str], base: str, out: Path, only: str = "") -> None:
    """First-screen shots (what a phone or tablet shows on opening), then pngquant if present."""
    from playwright.sync_api import sync_playwright

    service = app.extensions["companion"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for name, state, size, scheme, locale, seat in GALLERY:
            if only and state not in only.split(",") and name not in only.split(","):
                continue
            w, h = SIZES[size]
            ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme, locale=locale,
                                      device_scale_factor=2 if size == "phone" else 1,
                                      is_mobile=size == "phone", has_touch=size == "phone")
            path = urls["table"] if state == "announce" else urls[state]
            if state == "announce":
                tid = service.create_table(NAMES[:3], 0).record.id
                play(service, tid, lambda s: s["pending"] == "endflag")
                path = f"/t/{tid}"
            if seat is not None and path.startswith("/t/"):
                ctx.add_cookies([{"name": "me", "value": str(seat), "url": base + path.split("?")[0]}])
            if state == "assistant":
                ctx.add_init_script(f"localStorage.setItem({json.dumps(ASSIST_KEY[0])}, "
                                    f"{json.dumps(json.dumps(ASSIST_HAND))})")
            page = ctx.new_page()
            page.goto(base + path)
            page.wait_for_timeout(500)
            if state == "assistant":  # the whole panel, as a player scrolls to it
                page.wait_for_selector("#hint-list > li")
                page.locator(".actionbar").evaluate("bar => { bar.hidden = true; }")  # sticky: it would cover it
                page.locator("#assistant").scroll_into_view_if_needed()
                page.wait_for_timeout(300)
                box = page.locator("#assistant").bounding_box()
                w = SIZES[size][0]
                target = out / f"{name}.png"
                page.screenshot(path=str(target), full_page=True,
                                clip={"x": 0, "y": box["y"] + page.evaluate("window.scrollY") - 10, "width": w,
                                      "height": box["height"] + 20})
                ctx.close()
                print(target, flush=True)
                continue
            if state == "announce":
                st = service.answer(service.snapshot(tid))
                service.act(tid, parse_action(next_action(st)))
                page.wait_for_selector("#announcer:not([hidden])")
                page.wait_for_timeout(400)
            target = out / f"{name}.png"
            page.screenshot(path=str(target))
            ctx.close()
            print(target, flush=True)
        browser.close()
    if shutil.which("pngquant"):
        for file in out.glob("[0-9][0-9]-*.png"):
            subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "70-90", "--ext", ".png",
                            str(file)], check=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--shoot", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--gallery", action="store_true", help="write the curated gallery into docs/screenshots/")
    ap.add_argument("--out", default="", help="gallery: write here instead of docs/screenshots/")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    app = create_app(os.path.join(tmp, "shots.db"), public_url=f"http://192.168.1.20:{args.port}")
    app.config["TRUST_ANY_HOST"] = True
    urls = build(app)
    server, _ = serve_in_thread(app, "127.0.0.1", args.port, threads=16)
    base = f"http://127.0.0.1:{args.port}"
    for name, path in urls.items():
        print(f"{name:10s} {base}{path}", flush=True)
    if args.gallery:
        out = Path(args.out) if args.out else Path(__file__).resolve().parent
        out.mkdir(parents=True, exist_ok=True)
        gallery(app, urls, base, out, args.only)
        server.stop()
        return
    if args.shoot:
        shoot = os.environ.get("SHOOT", "/work/shared/tools/shoot.py")
        out = Path(__file__).resolve().parent / "all"
        wanted = [n for n in urls if not args.only or n in args.only.split(",")]
        for name in wanted:
            subprocess.run([sys.executable, shoot, base + urls[name], "--out", str(out / name)], check=True)
        server.stop()
        return
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
