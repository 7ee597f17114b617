"""The rules page: the server's Markdown drawn as HTML without ever parsing it as HTML, and the notice of
reconstructed component data with how an owner loads the printed values."""

import pytest
from web_helpers import open_client, screenshot


@pytest.mark.parametrize("game", ["mlem", "planet"])
def test_rules_page_shows_the_text_and_names_every_reconstructed_file(server, page, game):
    rules = server.api.get(f"/api/games/{game}/rules").json()
    assert rules["reconstructed"], f"{game} has reconstructed data files"
    open_client(page, server, f"/rules/{game}")
    page.locator(".rules-text").wait_for()
    notice = page.locator(".data-notice")
    assert notice.get_by_role("heading", name="Reconstructed game data").is_visible()
    shown = notice.locator(".reconstructed code").all_inner_texts()
    assert shown == [entry["file"] for entry in rules["reconstructed"]]
    assert f"cosmotable {game} check-" in notice.inner_text()
    # the Markdown became structure: the text's first heading is a heading on the page
    first_heading = next(line.lstrip("#").strip() for line in rules["text"].splitlines() if line.startswith("#"))
    assert page.locator(".rules-text").get_by_role("heading").first.inner_text().strip() == first_heading.replace("**", "").replace("`", "")
    screenshot(page, f"shell-rules-{game}")


def test_markdown_never_turns_text_into_markup(server, page):
    open_client(page, server, "/")
    result = page.evaluate(
        """async () => {
          const { renderMarkdown } = await import('/web/markdown.js');
          const box = document.createElement('div');
          box.append(...renderMarkdown([
            '# Title <script>window.hacked = 1</script>',
            '',
            'Text <img src=x onerror="window.hacked = 2"> with **bold** and [a link](javascript:alert(1)).',
            '',
            '- item <b>one</b>',
            '',
            '| a | b |',
            '|---|---|',
            '| <i>x</i> | `code` |',
          ].join('\\n')));
          return {
            elements: [...box.querySelectorAll('*')].map(e => e.tagName.toLowerCase()),
            links: [...box.querySelectorAll('a')].map(a => a.getAttribute('href')),
            text: box.textContent,
            hacked: window.hacked || null,
          };
        }"""
    )
    assert result["hacked"] is None
    assert not {"script", "img", "b", "i"} & set(result["elements"])
    assert {"h2", "p", "strong", "ul", "li", "table", "code"} <= set(result["elements"])
    assert result["links"] == []  # a javascript: link stays plain text
    assert "<script>" in result["text"] and "<img" in result["text"]
