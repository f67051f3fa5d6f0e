"""What the browser tests share: logging in through the login form."""

from __future__ import annotations

from playwright.sync_api import Page


def login(page: Page, base: str, username: str, password: str) -> None:
    """Log in on `base`'s login form and wait until the app has left the login page.

    Args:
        page: the browser page.
        base: the server's address (``""`` when the page's context has a ``base_url``).
        username: the account's username.
        password: its password.
    """
    page.goto(f"{base}/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/login" not in url)
