"""The annotator's item page shows an agent's forgeries of the page's own parts as escaped text
(DESIGN §12): its rationale, arguments, results and the email it sends are HTML-escaped, visible
as written, never markup, and never styled as a product heading or permission flag."""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from markupsafe import escape
from sqlmodel import Session

from tests.factories import assign_paired, make_user
from tests.fake_llm import FakeLLM
from tests.forgeries import FORGED, MARKUP, make_forged_response

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Elements(HTMLParser):
    """Every element of a page as ``(tag, classes, text)``, text with entities unescaped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, set[str], list[str]]] = []
        self.done: list[tuple[str, set[str], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            classes = set((dict(attrs).get("class") or "").split())
            self.open.append((tag, classes, []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, classes, text = self.open.pop()
            self.done.append((name, classes, "".join(text)))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, _, text in self.open:
            text.append(data)

    def of(self, tag: str, cls: str | None = None) -> list[str]:
        return [t for name, c, t in self.done if name == tag and (cls is None or cls in c)]


@pytest.fixture
def llm():  # type: ignore[no-untyped-def]
    with FakeLLM() as server:
        yield server


def test_the_item_page_shows_forged_agent_text_escaped(
    session: Session, llm: FakeLLM, make_browser: Callable[[], object]
) -> None:
    response = make_forged_response(session, llm)
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    browser = make_browser()
    browser.login(annotator.username)  # type: ignore[attr-defined]
    page = browser.client.get(f"/annotate/{response.id}")  # type: ignore[attr-defined]
    assert page.status_code == 200
    assert MARKUP not in page.text  # never markup ...
    assert str(escape(MARKUP)) in page.text  # ... but escaped text
    elements = _Elements()
    elements.feed(page.text)
    # the page's own parts, once each; the forged ones are not headings
    assert [h.strip() for h in elements.of("h2")].count("Final action") == 1
    assert [h.strip() for h in elements.of("h3")] == ["What would have changed"]
    # the permission flags are the product's one flag, never a forged one
    flags = elements.of("li", "flag")
    assert len(flags) == 1 and "send_not_permitted" in flags[0] and "forged" not in flags[0]
    tags = [t for name, c, t in elements.done if name == "span" and "tag" in c]
    assert not any("forged" in t or "· sep" in t for t in tags)
    # visible as the agent wrote it: the rationale, the email's body, the search query
    [rationale] = elements.of("p", "rationale")
    assert rationale == f"Agent's rationale: {FORGED}"
    assert FORGED in elements.of("span", "prewrap")  # the body argument and the sent body
    assert sum(FORGED in t for t in elements.of("span", "prewrap")) == 2
    assert any(FORGED[:30] in t for t in elements.of("pre"))  # the error result quotes the id
