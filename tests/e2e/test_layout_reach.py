"""The layout checks themselves (layout.py), on small static pages: an ancestor's overflow
clips only the boxes whose containing block lies inside it. A fixed element is clipped by
the viewport alone, whatever its ancestors' overflow, unless an ancestor holds it (a
transform, a filter, containment); an absolute one by its positioned ancestor's overflow,
not by an unpositioned scroller between them. No server: ``page.set_content``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from layout import assert_in_reach, reach, sideways
from playwright.sync_api import Browser, Page

# Each case: a 120 x 120 box that clips (overflow: hidden) and, inside it, a button whose
# box lies wholly outside that box, yet inside the 800 x 600 viewport and uncovered.
PAGE = """<!doctype html>
<html><head><style>
  body { margin: 0; }
  .clip { overflow: hidden; width: 120px; height: 120px; background: #eee; }
  button { width: 80px; height: 30px; }
  .fixed { position: fixed; }
  .absolute { position: absolute; }
</style></head><body>
  <!-- Fixed: the scroller's overflow does not clip it (its containing block is the
       viewport). The old check called it clipped. -->
  <div class="clip" style="position: relative">
    <div>
      <button data-testid="fixed" class="fixed" style="left: 300px; top: 40px">fixed</button>
    </div>
  </div>
  <!-- Fixed, but a transformed ancestor holds it (and so clips it): out of reach. -->
  <div class="clip" style="transform: translateX(0)">
    <button data-testid="fixed-held" class="fixed" style="left: 300px; top: 20px">held</button>
  </div>
  <!-- Absolute in a positioned scroller: truly clipped, out of reach. -->
  <div class="clip" style="position: relative">
    <button data-testid="absolute-clipped" class="absolute" style="left: 300px; top: 20px">
      cut</button>
  </div>
  <!-- Absolute under an unpositioned scroller, held by a positioned ancestor that does
       not clip: in reach. -->
  <div style="position: relative">
    <div class="clip">
      <button data-testid="absolute-free" class="absolute" style="left: 300px; top: 60px">
        free</button>
    </div>
  </div>
  <!-- A static button in the scroller, outside its box: clipped, out of reach. -->
  <div class="clip">
    <div style="width: 600px">
      <button data-testid="static-clipped" style="margin-left: 300px">static</button>
    </div>
  </div>
  <!-- The same scroller holding a fixed bar: its controls are in reach too. -->
  <div class="clip">
    <nav class="fixed" style="left: 400px; top: 500px">
      <button data-testid="in-fixed-bar">bar</button>
    </nav>
  </div>
</body></html>"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 800, "height": 600})
    page = context.new_page()
    page.set_content(PAGE)
    yield page
    context.close()


def problems(page: Page, testid: str) -> list[str]:
    (found,) = reach(page.get_by_test_id(testid))
    got: list[str] = found["problems"]
    return got


def test_a_fixed_element_is_clipped_by_the_viewport_not_by_a_scroller_around_it(
    page: Page,
) -> None:
    assert problems(page, "fixed") == []
    assert_in_reach(page.get_by_test_id("fixed"), where="fixed in a scroller")
    # What it holds is in reach too: the scroller is not on its chain of containing blocks.
    assert_in_reach(page.get_by_test_id("in-fixed-bar"), where="a fixed bar's button")


def test_a_transformed_ancestor_holds_a_fixed_element_and_clips_it(page: Page) -> None:
    assert any(p.startswith("clipped by div.clip") for p in problems(page, "fixed-held"))


def test_an_absolute_element_is_clipped_by_its_positioned_scroller(page: Page) -> None:
    got = problems(page, "absolute-clipped")
    assert any(p.startswith("clipped by div.clip") for p in got), got
    with pytest.raises(AssertionError, match="out of reach"):
        assert_in_reach(page.get_by_test_id("absolute-clipped"), where="clipped")


def test_an_absolute_element_escapes_an_unpositioned_scroller(page: Page) -> None:
    assert problems(page, "absolute-free") == []


def test_a_static_element_is_clipped_by_its_scroller(page: Page) -> None:
    got = problems(page, "static-clipped")
    assert any(p.startswith("clipped by div.clip") for p in got), got


def test_a_fixed_element_sticking_out_sideways_is_not_hidden_by_a_scroller(page: Page) -> None:
    page.set_content(
        """<!doctype html><html><body style="margin: 0">
        <div style="overflow: hidden; width: 100px; height: 100px">
          <div data-testid="wide" style="width: 2000px; height: 10px"></div>
          <div data-testid="out"
            style="position: fixed; left: 700px; width: 300px; height: 10px"></div>
        </div></body></html>"""
    )
    out = sideways(page)
    # The wide row is the scroller's to hide; the fixed bar shows past the viewport's edge.
    assert [o["name"] for o in out] == ["out"], out
