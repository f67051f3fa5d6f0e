"""The corpus statistics on the Arena page (issue 12 item 5): roles, figures, the stored corpus.

The page computes from the scenarios stored in the database (seeded from ``SEEDS``); its figures
must equal those ``halo corpus stats`` computes from the seed tree itself.
"""

from __future__ import annotations

import html
import re

import pytest
from sqlmodel import Session

from app.models import Scenario
from app.scenarios.corpus import CorpusStats, compute_corpus_stats, load_corpus
from app.scenarios.service import stored_corpus_stats
from tests.conftest import SEEDS
from tests.factories import make_user


@pytest.fixture(scope="module")
def from_files() -> CorpusStats:
    """The statistics of the seed tree the test database was seeded from."""
    return compute_corpus_stats(load_corpus(SEEDS))


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_annotators_are_refused_and_anonymous_sent_to_login(session: Session, make_browser) -> None:
    browser = make_browser()
    browser.login(make_user(session).username)
    assert browser.client.get("/arena/corpus").status_code == 403
    anonymous = make_browser().client.get("/arena/corpus", follow_redirects=False)
    assert anonymous.status_code == 303 and anonymous.headers["location"].startswith("/login")


@pytest.mark.parametrize("role", ["lead", "researcher", "admin"])
def test_leads_researchers_and_admins_see_the_page(
    session: Session, make_browser, role: str
) -> None:
    browser = make_browser()
    browser.login(make_user(session, role=role).username)
    assert browser.client.get("/arena/corpus").status_code == 200
    assert 'href="/arena/corpus"' in browser.client.get("/arena").text


def test_page_shows_the_figures_of_the_seed_tree(
    session: Session, make_browser, from_files: CorpusStats
) -> None:
    browser = make_browser()
    browser.login(make_user(session, role="lead").username)
    page = browser.client.get("/arena/corpus").text

    met = sum(t.passed for t in from_files.targets)
    summary = re.search(r'<p id="corpus-summary">(.*?)</p>', page, re.S)
    assert summary and _text(summary.group(1)) == (
        f"{from_files.environments} environments, {from_files.scenarios} scenarios · "
        f"{met} of {len(from_files.targets)} targets met"
    )
    rows = re.findall(r'<tr data-target="(\w+)" data-passed="(true|false)">(.*?)</tr>', page, re.S)
    assert [(name, passed == "true") for name, passed, _ in rows] == [
        (t.name, t.passed) for t in from_files.targets
    ]
    for (_name, _passed, cells), target in zip(rows, from_files.targets, strict=True):
        assert target.detail in _text(cells)
        assert ("PASS" if target.passed else "FAIL") in cells

    for row in from_files.future:
        found = re.search(
            rf'<tr data-future="{row.environment_id}"><td>{row.environment_id}</td>(.*?)</tr>',
            page,
            re.S,
        )
        assert found, row.environment_id
        assert _text(found.group(1)).split()[:3] == [
            str(row.scenarios),
            str(row.scenarios_affected),
            str(row.count),
        ]
    leaks = re.search(r'<p id="id-leaks">(.*?)</p>', page, re.S)
    assert leaks and (
        f"in {from_files.id_leak_count} of {from_files.id_compared_count} scenarios"
        in _text(leaks.group(1))
    )
    patterns = re.findall(r'<tr data-pattern="(\w+)"><td><code>\w+</code></td><td>(\d+)</td>', page)
    assert [(p, int(n)) for p, n in patterns] == [(p.pattern, p.count) for p in from_files.patterns]
    for space in from_files.retrieval:
        found = re.search(rf'<tr data-retrieval="{space.environment_id}">(.*?)</tr>', page, re.S)
        assert found and _text(found.group(1)).split()[:4] == [
            space.environment_id,
            str(space.tables),
            str(space.rows),
            str(space.files),
        ]


def test_stored_statistics_are_cached_per_corpus_and_follow_a_change(
    session: Session, from_files: CorpusStats
) -> None:
    first = stored_corpus_stats(session)
    assert stored_corpus_stats(session) is first
    assert [t.measured for t in first.targets] == [t.measured for t in from_files.targets]

    row = session.get(Scenario, "hm-03")
    assert row is not None
    source = dict(row.source)
    window = {"label": "window", "expected": {"levels": ["L1"]}}
    source["checkpoint_design"] = {**source["checkpoint_design"], "1": window}
    row.source, row.content_hash = source, "changed-for-the-test"
    session.add(row)
    session.flush()

    changed = stored_corpus_stats(session)
    assert changed is not first
    window_at_t1 = {t.name: t.measured for t in changed.targets}["window_at_t1"]
    before = {t.name: t.measured for t in from_files.targets}["window_at_t1"]
    had_it = any(a.scenario_id == "hm-03" and a.window_at_t1 for a in from_files.arcs)
    assert window_at_t1 == before + (0 if had_it else 1)
