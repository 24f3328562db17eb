"""A hostile rulebook source's HTML page in Chromium (Debian's, via Playwright): a payload
in every context a source's text reaches (the page's title, meta tags, the running
head inside `<style>`, headings, the contents, paragraphs, captions, SVG labels, the
glossary) runs nothing, hides nothing, and shows as the words it is. (A caption, an
`alt` and a gloss are read as Markdown, as a paragraph is: raw HTML in them is refused,
so their payloads are written as entities, as the paragraphs' are.) The running head
is read where Chromium puts it: on the pages it prints.

Every script payload sets `window.pwned` if it ever runs (issue 26, cause 2).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from maerstanas_print.cli import main
from tests.browser_support import open_watched

pytestmark = pytest.mark.browser

TITLE = "x</style><script>window.pwned=1</script><style>"
SUBTITLE = '</style><style>body{display:none}</style> \\"; } * { color: red }'
SOURCE = f"""---
game: Maerstanas
title: '{TITLE}'
subtitle: '{SUBTITLE}'
author: '<img src=x onerror=window.pwned=1>'
description: '"><script>window.pwned=1</script>'
pdf-author: '"><svg onload=window.pwned=1>'
keywords: ['k</title><script>window.pwned=1</script>']
---

Small print &lt;script&gt;window.pwned=1&lt;/script&gt; and \\[x\\](javascript:window.pwned=1).

# Chapter &lt;a href="javascript:window.pwned=1"&gt;one&lt;/a&gt;

## Section &lt;script&gt;window.pwned=1&lt;/script&gt;

Text &lt;img src=x onerror="window.pwned=1"&gt; and [a link](https://example.org/?q=%22%3E).

```figure
id: f
caption: Caption &lt;script&gt;window.pwned=1&lt;/script&gt; done.
alt: Alt "&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;
panel: Label </text><script>window.pwned=1</script>
stones: dark D4
```

```glossary
<b onmouseover=window.pwned=1>term</b>: gloss &lt;i&gt;x&lt;/i&gt;
```
"""
LITERALS = [
    TITLE,
    "<img src=x onerror=window.pwned=1>",
    "Small print <script>window.pwned=1</script> and [x](javascript:window.pwned=1).",
    'Chapter <a href="javascript:window.pwned=1">one</a>',
    "Section <script>window.pwned=1</script>",
    "Caption <script>window.pwned=1</script> done.",
    "<b onmouseover=window.pwned=1>term</b>",
]


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile-book")
    source = folder / "hostile.md"
    source.write_text(SOURCE, encoding="utf-8")
    target = folder / "hostile.html"
    assert main(["rulebook", "--source", str(source), "--format", "html", "-o", str(target)]) == 0
    return target


def test_no_payload_of_a_source_runs_and_every_one_shows_as_written(page_file, browser) -> None:
    watched = open_watched(browser, page_file)
    page = watched.page
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.locator("body").is_visible()
    page.hover("dl.glossary dt", timeout=10_000)  # an injected onmouseover would run now
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert watched.errors == [] and watched.dialogs == []
    assert watched.foreign_requests() == []
    # the title, and the meta tags, hold the front matter as text
    assert page.title() == f"{TITLE}: {SUBTITLE}"
    metas = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('meta[name]')]"
        ".map(m => [m.name, m.content]))"
    )
    assert metas["description"] == '"><script>window.pwned=1</script>'
    assert metas["author"] == '"><svg onload=window.pwned=1>'
    # nothing was injected: one style element, no scripts, no handlers, no foreign links
    assert page.evaluate("document.querySelectorAll('script, img, iframe').length") == 0
    assert page.evaluate("document.querySelectorAll('style').length") == 1
    assert (
        page.evaluate(
            "[...document.querySelectorAll('*')].filter(e => [...e.attributes]"
            ".some(a => a.name.startsWith('on'))).length"
        )
        == 0
    )
    hrefs = page.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)")
    assert all(h.startswith(("file:", "https://example.org/")) for h in hrefs), hrefs
    # the page is shown, in its own colours
    assert page.evaluate("getComputedStyle(document.body).color") != "rgb(255, 0, 0)"
    text = re.sub(r"\s+", " ", page.evaluate("document.body.innerText"))
    for literal in LITERALS:
        assert literal in text, literal
    assert SUBTITLE.replace("  ", " ") in text
    labels = page.evaluate("[...document.querySelectorAll('svg title')].map(t => t.textContent)")
    assert any("Label </text><script>window.pwned=1</script>" in label for label in labels)
    # The running head is a CSS string in <style>: Chromium prints it, intact, on a page.
    printed = PdfReader(io.BytesIO(page.pdf(format="A4")))
    head = " ".join(printed.pages[2].extract_text().split())
    assert f"{TITLE} · </style><style>body{{display:none}}</style>" in head
    # with every blank kept: one after an escaped character was taken as the
    # escape's end ("</style>\\"", review 26 books 9)
    assert f"{TITLE} · {SUBTITLE}" in head, head
    assert page.evaluate("typeof window.pwned") == "undefined"
    page.context.close()
