"""Helpers for the browser tests: errors a page reports, axe-core violations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "axe.min.js"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}}


def page_errors(page) -> list[str]:
    """Collects uncaught errors and console errors of a page (CSP violations show up there)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}")
            if msg.type == "error" and "Permissions-Policy" not in msg.text
            and "status of 422" not in msg.text else None)
    return errors


def axe_violations(page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations on the page as it is now."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.html)}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


# Issue 20: no dialog that a phone did not open itself. Installed in a context before any page loads, this
# notes every dialog or popover that opens more than 1.5 s after the phone's own last tap or key press.
WATCH_UNASKED = """
(() => {
  window.__unasked = [];
  let lastTouch = 0;
  const touched = () => { lastTouch = Date.now(); };
  ["pointerdown", "keydown", "touchstart", "click"].forEach(t => document.addEventListener(t, touched, true));
  const note = (el) => {
    if (Date.now() - lastTouch > 1500) { window.__unasked.push(el.id || el.className || el.tagName); }
  };
  new MutationObserver(records => {
    for (const r of records) {
      if (r.target.tagName === "DIALOG" && r.target.hasAttribute("open")) { note(r.target); }
    }
  }).observe(document, { attributes: true, attributeFilter: ["open"], subtree: true });
  document.addEventListener("toggle", e => {
    if (e.newState === "open" && e.target.hasAttribute && e.target.hasAttribute("popover")) { note(e.target); }
  }, true);
})();
"""


def watch_unasked_dialogs(context) -> None:
    """Count, on every page of ``context``, the dialogs and popovers a phone did not open itself."""
    context.add_init_script(WATCH_UNASKED)


def unasked_dialogs(page) -> list[str]:
    return page.evaluate("() => window.__unasked || []")


def assert_nothing_blocks(page) -> None:
    """Nothing covers the phone's controls: no modal dialog, no popover, and the news strip lets taps through."""
    found = page.evaluate("""() => ({
        modal: [...document.querySelectorAll('dialog[open]')].filter(d => d.matches(':modal')).map(d => d.id),
        popover: [...document.querySelectorAll(':popover-open')].map(p => p.id),
        newsCatchesTaps: (() => { const n = document.querySelector('#news');
                                  return !!n && getComputedStyle(n).pointerEvents !== 'none'; })(),
    })""")
    assert found == {"modal": [], "popover": [], "newsCatchesTaps": False}, found


def expect_news(page, text: str, timeout: float = 5000) -> None:
    """The table's news strip says ``text`` (without anyone tapping anything) and blocks nothing."""
    from playwright.sync_api import expect

    expect(page.locator("#news")).to_contain_text(text, timeout=timeout)
    assert_nothing_blocks(page)
