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
