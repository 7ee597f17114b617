"""The shell at a phone's width (375 px) and on a desktop: nothing wider than the screen, every control
named; screenshots of each page as test artifacts."""

import pytest
from web_helpers import open_client, screenshot

SIZES = {"phone": (375, 740), "desktop": (1280, 900)}

# every button, link and form field needs a name a screen reader can say
UNNAMED_CONTROLS = """() => [...document.querySelectorAll('button, a[href], select, input, textarea, [role="button"]')]
  .filter(el => el.offsetParent !== null || el.getClientRects().length)
  .filter(el => {
    const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.title;
    const text = (el.innerText || el.value || '').trim();
    const label = el.labels && [...el.labels].some(l => l.textContent.trim());
    return !(labelled || text || label);
  })
  .map(el => el.outerHTML.slice(0, 120))"""


def check(page, name):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], (
        f"{name} is wider than the screen"
    )
    assert page.evaluate(UNNAMED_CONTROLS) == [], f"{name} has controls without a name"
    screenshot(page, name)


@pytest.mark.parametrize("size", SIZES)
def test_pages_fit_the_screen_and_name_every_control(server, new_page, size):
    width, height = SIZES[size]
    page = new_page(width, height)
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], coach=True
    )
    server.start(created)
    table_id = created["table"]["id"]

    open_client(page, server, "/")
    page.locator(".game-card").first.wait_for()
    check(page, f"shell-lobby-{size}")

    open_client(page, server, "/new/mlem")
    page.locator("fieldset.seat-row").first.wait_for()
    check(page, f"shell-create-{size}")

    open_client(page, server, f"/table/{table_id}?token={created['seats'][0]['token']}")
    page.locator("#board[data-step]").wait_for()
    check(page, f"shell-table-{size}")
