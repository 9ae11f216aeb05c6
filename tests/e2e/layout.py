"""Geometry checks of what a player needs on screen: no dialog, notice or toast over a
decision, every control of that decision inside the viewport and uncovered (what the
browser would hit at its centre is the control itself), played cards in sight.

Each check measures the page as it is now (one evaluate, so one frame's layout); callers
wait on the page's state first."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

# What pops up over a page: dialogs (the contract chooser is a dialog, and the decision
# itself: callers leave it out by passing it as part of the decision), alerts and notices,
# toasts, the table's news panel (a deal's summary) and the away notice.
POPUPS = ", ".join(
    (
        "[role=dialog]",
        "[role=alertdialog]",
        "[role=alert]",
        "[aria-modal=true]",
        "[data-testid=news]",
        "[data-testid=notice]",
        "[data-testid=daily-reward]",
        "[data-testid=level-up]",
        "[data-testid=away-notice]",
        ".toast",
    )
)

# The popups shown now (visible, with a size) whose box meets one of the given elements'
# boxes; a popup inside or around a given element is part of it (the chooser, the
# placement section), not over it.
OVER = """([els, popups]) => {
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && Number(s.opacity) > 0;
  };
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const label = (e, r) =>
    `${e.dataset.testid || e.getAttribute('role') || e.className} ${JSON.stringify(r.toJSON())}`;
  const out = [];
  for (const p of document.querySelectorAll(popups)) {
    if (!shown(p)) continue;
    if (els.some((e) => e.contains(p) || p.contains(e))) continue;
    const pr = p.getBoundingClientRect();
    for (const e of els) {
      const er = e.getBoundingClientRect();
      if (meet(pr, er)) {
        out.push({popup: label(p, pr), over: label(e, er)});
      }
    }
  }
  return out;
}"""

# Page-side helpers: the ancestors whose overflow clips an element. Not every ancestor
# does: a box is clipped only by those on its chain of containing blocks (CSS 2 §11.1.1:
# overflow clips all descendants "except those whose containing block is the viewport or
# an ancestor of the element"). A static or relative box's containing block is its parent;
# an absolute one's is the nearest positioned ancestor; a fixed one's is the viewport,
# unless an ancestor with a transform, a filter, layout or paint containment (a container
# query's container too) or will-change of those takes its place, and that ancestor also
# holds absolute boxes. So a fixed bar inside a scroller is clipped by the viewport alone,
# an absolute one inside an unpositioned scroller by nothing between it and its positioned
# ancestor. The body's overflow goes to the viewport when the root's is visible.
CLIPS = """
  const holdsFixed = (s) => s.transform !== 'none' || s.perspective !== 'none'
    || s.filter !== 'none' || (s.backdropFilter ?? 'none') !== 'none'
    || (s.translate ?? 'none') !== 'none' || (s.rotate ?? 'none') !== 'none'
    || (s.scale ?? 'none') !== 'none'
    || /\\b(layout|paint|strict|content)\\b/.test(s.contain ?? '')
    || (s.containerType ?? 'normal') !== 'normal' || s.contentVisibility === 'auto'
    || /\\b(transform|perspective|filter|backdrop-filter|translate|rotate|scale)\\b/
      .test(s.willChange ?? '');
  const containingBlock = (el) => {
    const position = getComputedStyle(el).position;
    if (position !== 'fixed' && position !== 'absolute') return el.parentElement;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (holdsFixed(s) || (position === 'absolute' && s.position !== 'static')) return a;
    }
    return null;
  };
  const clippers = (el) => {
    const root = document.documentElement;
    const rs = getComputedStyle(root);
    const rootVisible = rs.overflowX === 'visible' && rs.overflowY === 'visible';
    const out = [];
    for (let a = containingBlock(el); a && a !== root; a = containingBlock(a)) {
      if (a === document.body && rootVisible) continue;
      const s = getComputedStyle(a);
      if (s.display === 'contents' || s.display === 'inline') continue;
      const paint = /\\b(paint|strict|content)\\b/.test(s.contain ?? '')
        || s.contentVisibility === 'auto';
      const x = paint || s.overflowX !== 'visible', y = paint || s.overflowY !== 'visible';
      if (x || y) out.push({el: a, x, y});
    }
    return out;
  };
"""

# For each element: is its box inside the viewport and inside every ancestor that clips it
# (``CLIPS``), and what the browser hits at the centre of the part of it a player sees and
# takes (for a card of a fan, the strip its right-hand neighbour leaves uncovered).
REACH = (
    """(els) => {"""
    + CLIPS
    + """
  return els.map((el) => {
  const r = el.getBoundingClientRect();
  const name = el.dataset.card || el.dataset.contract || el.dataset.trump || el.dataset.testid
    || el.textContent.trim().slice(0, 30);
  const problems = [];
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const eps = 0.5;
  if (r.width <= 0 || r.height <= 0) problems.push('no size');
  if (r.left < -eps || r.top < -eps || r.right > vw + eps || r.bottom > vh + eps) {
    problems.push(`outside the ${vw}x${vh} viewport: ${JSON.stringify(r.toJSON())}`);
  }
  for (const {el: a, x: clipsX, y: clipsY} of clippers(el)) {
    const ar = a.getBoundingClientRect();
    if ((clipsX && (r.left < ar.left - eps || r.right > ar.right + eps))
        || (clipsY && (r.top < ar.top - eps || r.bottom > ar.bottom + eps))) {
      const box = JSON.stringify(ar.toJSON());
      problems.push(`clipped by ${a.tagName.toLowerCase()}.${a.className} ${box}`);
    }
  }
  let right = r.right;
  const next = el.nextElementSibling;
  if (next && el.dataset.card !== undefined && next.dataset.card !== undefined) {
    const nr = next.getBoundingClientRect();
    if (nr.left > r.left && nr.left < right) right = nr.left;
  }
  const x = (r.left + right) / 2, y = (r.top + r.bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) {
    const within = hit?.closest('[data-testid]');
    const what = !hit ? 'nothing'
      : `${hit.tagName.toLowerCase()}.${hit.className?.baseVal ?? hit.className}`
        + (within ? ` in ${within.dataset.testid}` : '');
    problems.push(`covered at (${x.toFixed(0)}, ${y.toFixed(0)}) by ${what}`);
  }
  return {name, problems};
});
}"""
)

# How much of each element shows (a share of a grid of points over its box where the
# browser hits the element itself, inside the viewport).
SEEN = """(els) => els.map((el) => {
  const r = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  let hits = 0, n = 0;
  for (let i = 1; i <= 5; i++) for (let j = 1; j <= 5; j++) {
    n += 1;
    const x = r.left + (r.width * i) / 6, y = r.top + (r.height * j) / 6;
    if (x < 0 || y < 0 || x > vw || y > vh) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) hits += 1;
  }
  return {name: el.dataset.played || el.dataset.card || el.className, seen: hits / n,
          box: r.toJSON(), inside: r.left >= 0 && r.top >= 0 && r.right <= vw && r.bottom <= vh};
})"""


def popups_over(page: Page, *decision: Locator) -> list[dict[str, str]]:
    """The dialogs, notices and toasts on show whose box meets the decision's elements."""
    handles = [h for loc in decision for h in loc.element_handles()]
    assert handles, "no decision element to check"
    try:
        over: list[dict[str, str]] = page.evaluate(OVER, [handles, POPUPS])
    finally:
        for h in handles:
            h.dispose()
    return over


def assert_nothing_over(page: Page, *decision: Locator, where: str = "") -> None:
    over = popups_over(page, *decision)
    assert not over, f"{where}: a popup covers the decision: {over}"


def reach(controls: Locator) -> list[dict[str, Any]]:
    """Each control's problems: outside the viewport, clipped, covered."""
    found: list[dict[str, Any]] = controls.evaluate_all(REACH)
    return found


def assert_in_reach(controls: Locator, *, where: str = "", at_least: int = 1) -> None:
    """Every one of these controls (at least ``at_least`` of them) is on screen, unclipped,
    and is what a click at its centre would hit."""
    found = reach(controls)
    assert len(found) >= at_least, f"{where}: {len(found)} controls, wanted {at_least}+"
    bad = [f for f in found if f["problems"]]
    assert not bad, f"{where}: controls out of reach: {bad}"


def seen(elements: Locator) -> list[dict[str, Any]]:
    """How much of each element shows (share of points that hit it) and whether its whole
    box is inside the viewport."""
    found: list[dict[str, Any]] = elements.evaluate_all(SEEN)
    return found


def no_page_scroll(page: Page) -> dict[str, int]:
    """How far the page itself scrolls beyond its viewport, across and down (0, 0: none)."""
    over: dict[str, int] = page.evaluate(
        """() => {
          const s = document.scrollingElement;
          return {x: s.scrollWidth - s.clientWidth, y: s.scrollHeight - s.clientHeight};
        }"""
    )
    return over


# Elements on show whose box sticks out of the viewport sideways, unless an ancestor clips
# them across (a scroller, the table's screen: that ancestor is what shows, and is checked
# itself; only one on its chain of containing blocks, ``CLIPS``: a fixed bar is not hidden
# by a scroller around it). A right-to-left page scrolls towards the left only, so what
# sticks out on the right makes no scroll bar: the page's scroll width alone would not tell.
SIDEWAYS = (
    """() => {"""
    + CLIPS
    + """
  const vw = document.documentElement.clientWidth;
  const eps = 0.5;
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    if (r.left >= -eps && r.right <= vw + eps) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
    if (clippers(el).some((c) => c.x && c.el !== document.body)) continue;
    const name = el.dataset.testid
      || `${el.tagName.toLowerCase()}.${el.className?.baseVal ?? el.className}`;
    out.push({name, left: Math.round(r.left), right: Math.round(r.right), viewport: vw});
  }
  return out;
}"""
)

# The pairs of elements whose boxes meet (one inside the other is not a pair: a part of it).
MEETING = """(els) => {
  const eps = 0.5;
  const label = (e, r) => {
    const name = e.dataset.testid || e.className?.baseVal || e.className || e.tagName;
    return `${name} ${JSON.stringify(r.toJSON())}`;
  };
  const shown = els.map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.height > 0);
  const out = [];
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const [a, ar] = shown[i], [b, br] = shown[j];
      if (a.contains(b) || b.contains(a)) continue;
      if (ar.left < br.right - eps && br.left < ar.right - eps
          && ar.top < br.bottom - eps && br.top < ar.bottom - eps) {
        out.push([label(a, ar), label(b, br)]);
      }
    }
  }
  return out;
}"""


def sideways(page: Page) -> list[dict[str, Any]]:
    """The elements on show that stick out of the viewport to the left or the right."""
    found: list[dict[str, Any]] = page.evaluate(SIDEWAYS)
    return found


def assert_apart(*parts: Locator, where: str = "") -> None:
    """No two of these elements (every match of every locator, those on show) overlap:
    seats, the board's areas, the parts of a bar, the lobby's tiles."""
    handles = [h for loc in parts for h in loc.element_handles()]
    assert handles, f"{where}: nothing to check"
    page = parts[0].page
    try:
        meeting: list[list[str]] = page.evaluate(MEETING, handles)
    finally:
        for h in handles:
            h.dispose()
    assert not meeting, f"{where}: these overlap: {meeting}"
