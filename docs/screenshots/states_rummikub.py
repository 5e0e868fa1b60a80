"""Rummikub tables in every state worth a screenshot, built through the JSON API; serve them, shoot them.

    python docs/screenshots/states_rummikub.py                 # serve the states and print their URLs
    python docs/screenshots/states_rummikub.py --shoot         # every URL state through shoot.py into all/
    python docs/screenshots/states_rummikub.py --gallery       # the curated 2x-rk-* pictures of the README

The server never knows a rack (RK: nothing secret is stored), so the plays below are simply what the players
lay down; the racks entered at a round's end are made up to match the counted rack sizes. The draft-editor
and start-page shots need taps (open the editor, choose Rummikub), so the gallery drives Chromium itself;
the other states are plain GETs that any tool can open.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.server.asgi import serve_in_thread  # noqa: E402
from companion.web import create_app  # noqa: E402

NAMES = ["Aki", "Ben", "高木 貞治", "Noether"]


class Api:
    """The JSON API through Flask's test client: create a table, act with the current version."""

    def __init__(self, app: Any) -> None:
        self.client = app.test_client()

    def create(self, players: list[str], **options: Any) -> dict[str, Any]:
        r = self.client.post("/api/tables", json={"game": "rummikub", "players": players, "start": 0,
                                                  "options": options})
        assert r.status_code in (200, 201), r.get_json()
        return r.get_json()["state"]

    def act(self, st: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        r = self.client.post(f"/api/tables/{st['id']}/actions", json={"action": action, "version": st["version"]})
        assert r.status_code == 200, (action, r.get_json())
        return r.get_json()["state"]

    def play(self, st: dict[str, Any], *new_sets: list[str]) -> dict[str, Any]:
        """Keep every set on the table and lay these new ones."""
        old = [{"tiles": s["tiles"], "kind": s["kind"]} for s in st["table"]]
        return self.act(st, {"type": "play", "table": old + [list(s) for s in new_sets]})

    def draw(self, st: dict[str, Any]) -> dict[str, Any]:
        return self.act(st, {"type": "draw"})


def mid_round(api: Api) -> dict[str, Any]:
    """Four players, 34 tiles on the table in eight sets, both jokers in runs; Noether to play, the clock running."""
    st = api.create(NAMES)
    st = api.play(st, ["r10", "r11", "r12", "r13"])                 # Aki: 46
    st = api.play(st, ["b9", "r9", "y9", "k9"])                     # Ben: 36
    st = api.play(st, ["y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8"])  # 高木: 36
    st = api.draw(st)                                               # Noether
    st = api.play(st, ["b3", "b4", "J", "b6"])                      # Aki: the joker stands for b5
    st = api.play(st, ["b11", "y11", "k11"])                        # Ben
    st = api.play(st, ["r1", "r2", "r3", "r4"])                     # 高木
    st = api.play(st, ["b12", "r12", "y12", "k12"])                 # Noether's initial meld: 48
    st = api.draw(st)                                               # Aki
    st = api.play(st, ["k5", "J", "k7"])                            # Ben: the second joker, as black 6
    st = api.draw(st)                                               # 高木
    assert st["active"] == 3, st["active"]
    return st


def round_end(api: Api) -> dict[str, Any]:
    """Three players; Aki goes out in three plays, Ben's rack is entered, 高木's is still to come."""
    st = api.create(NAMES[:3])
    st = api.play(st, ["r5", "r6", "r7", "r8"], ["b10", "y10", "k10"])
    st = api.draw(st)
    st = api.play(st, ["b1", "b2", "b3", "b4"], ["y11", "y12", "y13"])  # 高木's meld: 46
    st = api.act(st, {"type": "play", "table": [["r4", "r5", "r6", "r7", "r8", "r9"], ["b10", "r10", "y10", "k10"],
                                                ["b1", "b2", "b3", "b4"], ["y11", "y12", "y13"]]})
    st = api.draw(st)
    st = api.draw(st)
    st = api.act(st, {"type": "play", "table": [["r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10"],
                                                ["b10", "y10", "k10"], ["b1", "b2", "b3", "b4"],
                                                ["y11", "y12", "y13"], ["J", "k12", "k13"]]})
    assert st["phase"] == "racks", st["phase"]
    st = api.act(st, {"type": "rack", "seat": 1, "tiles": ["b5", "b6", "r1", "r2", "y3", "y4", "y5", "k1", "k2",
                                                            "k3", "k7", "k8", "k9", "J", "b13", "r13"]})
    return st


def match_over(api: Api) -> dict[str, Any]:
    """Three players, two rounds: Aki goes out in round 1, Ben in round 2; the final standings."""
    st = api.create(NAMES[:3], rounds=2)
    st = api.play(st, ["r5", "r6", "r7", "r8"], ["b10", "y10", "k10"])
    st = api.draw(st)
    st = api.draw(st)
    st = api.act(st, {"type": "play", "table": [["r4", "r5", "r6", "r7", "r8", "r9"], ["b10", "r10", "y10", "k10"]]})
    st = api.draw(st)
    st = api.play(st, ["y11", "y12", "y13"])
    st = api.act(st, {"type": "play", "table": [["r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10"],
                                                ["b10", "y10", "k10"], ["y11", "y12", "y13"], ["k11", "k12", "k13"]]})
    st = api.act(st, {"type": "rack", "seat": 1, "tiles": ["b1", "b2", "r3", "y4", "k5", "k6", "b7", "r8", "y9",
                                                            "k10", "b11", "r12", "b13", "J", "k1", "k2"]})
    st = api.act(st, {"type": "rack", "seat": 2, "tiles": ["b2", "r2", "y2", "k3", "k4", "b5", "r6", "y7", "k8",
                                                            "b9", "r11", "y1"]})
    st = api.act(st, {"type": "next_round"})                        # Ben begins round 2
    st = api.play(st, ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10"])
    st = api.draw(st)
    st = api.draw(st)
    st = api.play(st, ["k5", "k6", "k7", "k8"])
    st = api.act(st, {"type": "rack", "seat": 0, "tiles": ["b1", "b2", "b4", "r5", "y6", "y8", "k9", "k10", "b12",
                                                            "r13", "y13", "k11", "k12", "k13", "J"]})
    st = api.act(st, {"type": "rack", "seat": 2, "tiles": ["b3", "r3", "y3", "k3", "b6", "r6", "y9", "y10", "b11",
                                                            "r11", "y12", "k12", "b13", "k1", "k2"]})
    assert st["over"], st["phase"]
    return st


def build(app: Any) -> dict[str, str]:
    api = Api(app)
    urls: dict[str, str] = {}
    over = match_over(api)  # oldest first: the home page lists the live tables above it
    urls["rk_over"] = f"/t/{over['id']}"
    end = round_end(api)
    urls["rk_racks"] = f"/t/{end['id']}"
    mid = mid_round(api)
    urls["rk_table"] = f"/t/{mid['id']}"
    urls["rk_view"] = f"/v/{mid['view_id']}"
    urls["home"] = "/"
    urls["rk_rules"] = "/rules/rummikub"
    return urls


# The curated gallery: (file, state, size, scheme, locale, seat claimed on the device or None)
GALLERY = [
    ("20-rk-start-phone-light-en", "home", "phone", "light", "en-US", None),
    ("21-rk-start-tablet-dark-ja", "home", "tablet", "dark", "ja-JP", None),
    ("22-rk-table-phone-light-en", "rk_table", "phone", "light", "en-US", 3),
    ("23-rk-table-phone-dark-ja", "rk_table", "phone", "dark", "ja-JP", 3),
    ("24-rk-table-tablet-light-ja", "rk_table", "tablet", "light", "ja-JP", 3),
    ("25-rk-editor-phone-light-en", "editor", "phone", "light", "en-US", 3),
    ("26-rk-editor-tablet-dark-ja", "editor", "tablet", "dark", "ja-JP", 3),
    ("27-rk-racks-phone-light-ja", "rk_racks", "phone", "light", "ja-JP", 2),
    ("28-rk-racks-tablet-dark-en", "rk_racks", "tablet", "dark", "en-US", 2),
    ("29-rk-end-phone-dark-en", "rk_over", "phone", "dark", "en-US", 0),
    ("30-rk-end-tablet-light-ja", "rk_over", "tablet", "light", "ja-JP", 0),
    ("31-rk-rules-phone-light-ja", "rk_rules", "phone", "light", "ja-JP", None),
    ("32-rk-rules-tablet-dark-en", "rk_rules", "tablet", "dark", "en-US", None),
]
SIZES = {"phone": (390, 844), "tablet": (1024, 768)}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
EDITOR_TAPS = ["r5", "r6", "r8"]  # an invalid set (7 missing), with its reason live


def _pick(page: Any, tile: str) -> None:
    picker = page.locator("#ed-picker")
    colour = "j" if tile == "J" else tile[0]
    tab = page.locator(f"#ed-picker [data-pk-tab='{colour}']")
    if picker.get_attribute("data-colour") != colour and tab.is_visible():
        picker.locator(f"[data-pk-tab='{colour}']").click()
    picker.locator(f"[data-tile='{tile}']").click()


def gallery(urls: dict[str, str], base: str, out: Path, only: str = "") -> None:
    """First screens (what a device shows on opening the state); the editor after its taps."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for name, state, size, scheme, locale, seat in GALLERY:
            if only and state not in only.split(",") and name not in only.split(","):
                continue
            w, h = SIZES[size]
            ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme, locale=locale,
                                      device_scale_factor=2 if size == "phone" else 1,
                                      is_mobile=size == "phone", has_touch=size == "phone")
            path = urls["rk_table"] if state == "editor" else urls[state]
            if seat is not None and path.startswith("/t/"):
                ctx.add_cookies([{"name": "me", "value": str(seat), "url": base + path}])
            page = ctx.new_page()
            page.goto(base + path)
            page.wait_for_timeout(400)
            if state == "home":
                page.locator("input[name=game][value=rummikub]").check(force=True)
                for i, n in enumerate(NAMES[:3]):
                    page.fill(f"#name{i}", n)
                page.locator("input[name=game][value=rummikub]").scroll_into_view_if_needed()
            if state == "rk_racks":  # the rack entry, as the player scrolls to it
                page.locator("#racks").evaluate(
                    "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8)")
                page.wait_for_timeout(200)
            if state == "editor":
                page.locator("[data-open-editor]").click()
                page.locator("[data-ed-move=new]").click()
                for tile in EDITOR_TAPS:
                    _pick(page, tile)
                page.locator("#ed-sets li.ed-set.bad").wait_for()
                # the editor does not always bring the set being built into view (tablet): scroll as a player would
                page.locator("#ed-sets li.ed-set.bad").evaluate("e => e.scrollIntoView({block: 'nearest'})")
                page.wait_for_timeout(300)
            target = out / f"{name}.png"
            page.screenshot(path=str(target))
            ctx.close()
            print(target, flush=True)
        browser.close()
    if shutil.which("pngquant"):
        for file in out.glob("[0-9][0-9]-rk-*.png"):
            subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "70-90", "--ext", ".png",
                            str(file)], check=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8766)
    ap.add_argument("--shoot", action="store_true", help="every URL state through shoot.py into all/")
    ap.add_argument("--gallery", action="store_true", help="write the curated pictures into docs/screenshots/")
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
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
        gallery(urls, base, out, args.only)
    elif args.shoot:
        shoot = os.environ.get("SHOOT", "/work/shared/tools/shoot.py")
        out = Path(args.out) if args.out else Path(__file__).resolve().parent / "all"
        wanted = [n for n in urls if not args.only or n in args.only.split(",")]
        for name in wanted:
            subprocess.run([sys.executable, shoot, base + urls[name], "--out", str(out / name)], check=True)
    else:
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    server.stop()


if __name__ == "__main__":
    main()
