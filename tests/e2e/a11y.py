"""The axe accessibility check of a page as it shows now (axe-core from the client's own
devDependencies, injected into the page: nothing is downloaded).

The room's pages allow scripts from their own origin only (Content-Security-Policy
``script-src 'self'``), so axe is not added as an inline <script> (``add_script_tag(path=
...)`` is refused): its source is evaluated by the test, which the policy does not govern."""

from __future__ import annotations

from typing import Any

from e2eserver import ROOT
from playwright.sync_api import Page

AXE = ROOT / "client" / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")

RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')),
    summary: v.nodes.length ? v.nodes[0].failureSummary : '',
  }));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every axe violation of the page now, whatever its impact."""
    assert AXE.is_file(), f"axe-core is not installed: {AXE} (run `make client`)"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not added as a <script>: the page's content security policy (rightly)
        # refuses inline scripts, and evaluation is the test's, not the page's.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return found


def check_a11y(page: Page, where: str) -> None:
    """Fails on any serious or critical violation, naming each rule, its help and the first
    few elements it found (CSS selectors) and what axe says is wrong with the first."""
    bad = [v for v in axe_violations(page) if v["impact"] in FAILING]
    if bad:
        lines = [
            f"- {v['id']} ({v['impact']}): {v['help']}; {len(v['targets'])} element(s): "
            f"{', '.join(v['targets'][:4])}\n  {v['summary']}".rstrip()
            for v in bad
        ]
        raise AssertionError(f"axe at {where} ({page.url}):\n" + "\n".join(lines))
