"""The Markdown renderer of the rules pages builds DOM nodes: text is never parsed as HTML."""

from web_helpers import open_client


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


def test_a_numbered_list_keeps_its_numbers_and_wrapped_items_whole(server, page):
    # Kosmodrom's terminal summary wrote its turn as "...\n3) Draw up to ...\nlaunch-pad card ...": the
    # list drawn from step 3 showed "1." and ended mid-sentence (issue #45)
    open_client(page, server, "/")
    lists = page.evaluate(
        """async () => {
          const { renderMarkdown } = await import('/web/markdown.js');
          const box = document.createElement('div');
          box.append(...renderMarkdown([
            'A turn:',
            '3) Draw up to your hand limit; a drawn',
            'launch-pad card is replaced. 4) Play any cards.',
            '',
            '## Next',
          ].join('\\n')));
          return [...box.querySelectorAll('ol')].map((ol) => ({
            start: ol.getAttribute('start'),
            items: [...ol.children].map((li) => li.textContent),
          }));
        }"""
    )
    assert lists == [
        {
            "start": "3",
            "items": ["Draw up to your hand limit; a drawn launch-pad card is replaced. 4) Play any cards."],
        }
    ]
