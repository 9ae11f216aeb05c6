"""Signing out leaves nothing of the player on the signed-out page: the daily reward's
toast (shown on sign-in, gone by itself after a while) goes with them, and a second
guest signing in on the same page gets their own."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext, expect
from tablepage import sign_in_as_guest


def test_sign_out_takes_the_daily_reward_toast_away(context: BrowserContext, shots: Path) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    toast = page.get_by_test_id("daily-reward")
    expect(toast).to_be_visible()

    page.get_by_role("button", name="Salir").click()
    page.get_by_test_id("guest-out-confirm").click()  # a guest is asked first
    expect(page.get_by_test_id("guest")).to_be_visible()
    # At once: the toast leaves by itself after 8 s, which a longer wait would only hide.
    expect(toast).to_have_count(0, timeout=1000)
    expect(page.get_by_test_id("social-toasts")).to_have_count(0, timeout=1000)
    page.screenshot(path=str(shots / "signed-out.png"), animations="disabled")

    # The next player on the same page: their own reward, once.
    page.get_by_test_id("guest").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(toast).to_have_count(1)
