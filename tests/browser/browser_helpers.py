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


def start_axe(page, label_in_name: bool = False) -> None:
    """Start axe-core on the page as it is now, without waiting for it: pages in other contexts (other
    processes) can run theirs meanwhile; ``axe_result`` collects it. ``label_in_name``: also axe's
    experimental check that a control's accessible name contains its visible text (voice control)."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    # The page at rest: a highlight still fading in (the news strip's "fresh" flash) is judged by the colours it
    # settles on, not by whichever frame of its animation axe happens to sample (that made runs flaky).
    page.evaluate("""(labelInName) => {
        for (const a of document.getAnimations()) {
            const timing = a.effect ? a.effect.getComputedTiming() : null;
            if (timing && timing.iterations !== Infinity) { a.finish(); }
        }
        const rules = labelInName ? {'label-content-name-mismatch': {enabled: true}} : {};
        window.__axeRun = axe.run(document, {resultTypes: ['violations'], rules}).then(r => r.violations.map(
            v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.html)})));
    }""", label_in_name)


def axe_result(page) -> list[dict[str, Any]]:
    """The serious and critical violations of the run ``start_axe`` started."""
    return [v for v in page.evaluate("() => window.__axeRun") if v["impact"] in ("serious", "critical")]


def axe_violations(page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations on the page as it is now."""
    start_axe(page)
    return axe_result(page)


# Issue 20: no dialog that a phone did not open itself. Installed in a context before any page loads, this
# notes every dialog or popover that opens more than 1.5 s after the phone's own last tap or key press. A page
# the phone reached through a redirect (its own form post, answered 303: a page without script) counts as
# touched when it loads: a dialog it reopens then (Laminate's picker with a refusal) is the phone's own.
WATCH_UNASKED = """
(() => {
  window.__unasked = [];
  const nav = performance.getEntriesByType("navigation")[0];
  let lastTouch = nav && nav.redirectCount > 0 ? Date.now() : 0;
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


SUBMIT = """([action, fields]) => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}"""


def post_form(page, action: str, fields: dict[str, str]) -> None:
    """Post a form from ``page`` as a page without script does (no htmx): the browser follows the 303 itself,
    to the address and the ``#anchor`` the server chose. The page's own csrf token is added."""
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    with page.expect_navigation():
        page.evaluate(SUBMIT, [action, {"csrf_token": token, **fields}])


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
