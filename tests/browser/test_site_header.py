"""The site header on a 390 px phone: one line (the brand and a menu button), no lone
separator, the site's name and a guest's name whole; the menu opens on a tap with
targets of 44 px. On a laptop the links show."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
MIN_TARGET = 44


def sign_in_as_guest(page) -> None:
    page.goto("/")
    page.locator("main form[action='/guest/'] button").click()
    expect(page.locator(".site-header .menu-button")).to_contain_text("Guest-")


def test_the_phone_header_is_one_line_and_its_menu_opens_on_a_tap(chromium, daphne_server):
    context = chromium.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, base_url=daphne_server.url
    )
    page = context.new_page()
    sign_in_as_guest(page)
    header = page.locator(".site-header")
    brand, menu = page.locator(".site-header .brand"), page.locator(".site-menu .menu-button")
    expect(menu).to_be_visible()
    expect(page.locator(".nav-links")).to_be_hidden()
    assert abs(brand.bounding_box()["y"] - menu.bounding_box()["y"]) < MIN_TARGET  # one line
    assert header.bounding_box()["height"] < 2 * MIN_TARGET
    assert "·" not in header.inner_text()
    for whole in (brand.locator(".fits"), menu.locator(".fits")):  # neither ends in "…"
        assert whole.evaluate("e => e.scrollWidth <= e.clientWidth"), whole.inner_text()
    menu.tap()
    links = page.locator(".nav-links a, .nav-links button")
    expect(links.first).to_be_visible()
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box["height"] >= MIN_TARGET and box["x"] + box["width"] <= PHONE["width"]
    page.locator("#open-title").tap()  # a tap elsewhere folds it again
    expect(page.locator(".nav-links")).to_be_hidden()
    context.close()


def test_the_laptop_header_shows_its_links(chromium, daphne_server):
    context = chromium.new_context(viewport=LAPTOP, base_url=daphne_server.url)
    page = context.new_page()
    sign_in_as_guest(page)
    expect(page.locator(".site-menu .menu-button")).to_be_hidden()
    for name in ("Leaderboard", "My games", "Account", "Log out"):
        expect(page.locator(".nav-links").get_by_text(name)).to_be_visible()
    assert "·" not in page.locator(".site-header").inner_text()
    context.close()
