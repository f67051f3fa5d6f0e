"""Ids no row can have (past 64 bits, 0, negative) are never a 500, on PostgreSQL and SQLite.

Every route with a parameter in its address is walked (found from the app's routes, so a new
route is walked too), each id filled with 2**63 and 2**70, as a user of the role the route
needs, with the CSRF token on POSTs: an id path parameter is a 404, as an unknown id is. Id form
and query fields are a 422 naming the field. SQLite raised ``OverflowError`` (a 500) for any
integer past 2**63 - 1.
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.db import get_session
from app.main import create_app
from app.models import Batch
from app.vocabulary import Role
from tests.factories import make_user
from tests.web.conftest import Browser

HUGE = (2**63, 2**70)
OTHER_VALUES = {"name": "table1", "fmt": "csv"}
"""Path parameters that are not ids get a value of the kind the route expects."""


@pytest.fixture(params=["postgresql", "sqlite"])
def db(request: pytest.FixtureRequest) -> Session:
    """The test's session on PostgreSQL (seeded, rolled back) or on a fresh SQLite file."""
    return request.getfixturevalue("session" if request.param == "postgresql" else "sqlite_session")


@pytest.fixture
def browser_as(db: Session) -> Iterator[Callable[[str], Browser]]:
    app = create_app()

    def override() -> Iterator[Session]:
        yield db

    app.dependency_overrides[get_session] = override
    clients: list[TestClient] = []

    def login(role: str) -> Browser:
        client = TestClient(app)
        clients.append(client)
        browser = Browser(client)
        browser.login(make_user(db, role=role).username)
        browser.refresh_token("/account/password")
        return browser

    yield login
    for client in clients:
        client.close()


def _roles(route: APIRoute) -> tuple[Role, ...]:
    """The roles the route admits, read from its ``require_roles`` check (empty: any user)."""
    pending = list(route.dependant.dependencies)
    while pending:
        dependency = pending.pop()
        call = dependency.call
        if getattr(call, "__qualname__", "").startswith("require_roles."):
            return inspect.getclosurevars(call).nonlocals["roles"]  # type: ignore[arg-type]
        pending.extend(dependency.dependencies)
    return ()


def _api_routes(routes: list[Any]) -> Iterator[APIRoute]:
    """Every APIRoute of `routes`, also inside included routers (``original_router``)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif hasattr(route, "original_router"):
            yield from _api_routes(route.original_router.routes)


def _path_routes() -> list[APIRoute]:
    """The app's routes with a parameter in their address."""
    return [route for route in _api_routes(create_app().routes) if route.param_convertors]


def _fill(route: APIRoute, number: int) -> str:
    path = route.path
    for name in route.param_convertors:
        path = path.replace("{" + name + "}", OTHER_VALUES.get(name, str(number)))
    return path


def _int_params(route: APIRoute) -> set[str]:
    return {p.name for p in route.dependant.path_params if p.field_info.annotation is int}


def test_the_walk_covers_every_id_in_an_address() -> None:
    routes = _path_routes()
    with_ids = [r for r in routes if _int_params(r)]
    # runs, judge runs, generation jobs and candidates, exports, batches, users, checkpoints
    assert len(with_ids) >= 20, [r.path for r in with_ids]
    assert all(set(r.param_convertors) <= {*OTHER_VALUES, *_ids(r)} for r in routes)


def _ids(route: APIRoute) -> set[str]:
    return {name for name in route.param_convertors if name.endswith("_id") or name == "t"}


@pytest.mark.parametrize("number", HUGE)
def test_every_route_answers_an_id_past_64_bits_without_a_500(
    db: Session, browser_as: Callable[[str], Browser], number: int
) -> None:
    browsers: dict[Role, Browser] = {}
    answers: dict[str, int] = {}
    for route in _path_routes():
        roles = _roles(route)
        role = roles[0] if roles else Role.ANNOTATOR
        browser = browsers.get(role) or browsers.setdefault(role, browser_as(role))
        path = _fill(route, number)
        for method in sorted(route.methods):
            if method == "POST":
                answer = browser.client.post(
                    path, data={"csrf_token": browser.token}, follow_redirects=False
                )
            else:
                answer = browser.client.get(path, follow_redirects=False)
            answers[f"{method} {route.path}"] = answer.status_code
            if _int_params(route):  # an id no row can have is answered as an unknown one
                assert answer.status_code == 404, (method, path, answer.text[:300])
    assert 500 not in answers.values(), answers
    assert len(answers) >= 30


def _batch(db: Session) -> int:
    """An open batch of no items (the forms below are refused before they look at its items)."""
    batch = Batch(name="b", expires_after_hours=None)
    db.add(batch)
    db.commit()
    assert batch.id is not None
    return batch.id


FORM_IDS: list[tuple[str, str, str, dict[str, Any]]] = [
    # (role, path, id field, other fields); {batch} is a real batch of the database
    ("researcher", "/judges", "run", {"judge": "rubric"}),
    ("researcher", "/analysis/exports", "run", {"format": "jsonl"}),
    ("lead", "/lead/batches", "annotators", {"name": "b"}),
    ("lead", "/lead/batches", "run_id", {"name": "b"}),
    ("lead", "/lead/batches/{batch}/reassign", "to_annotator", {"from_annotator": "1"}),
    ("lead", "/lead/batches/{batch}/reassign", "from_annotator", {"to_annotator": "1"}),
    ("lead", "/lead/batches/{batch}/release", "annotator_id", {}),
]


@pytest.mark.parametrize("number", HUGE)
@pytest.mark.parametrize("role,path,field,fields", FORM_IDS)
def test_an_id_form_field_past_64_bits_is_a_422_naming_the_field(
    db: Session,
    browser_as: Callable[[str], Browser],
    number: int,
    role: str,
    path: str,
    field: str,
    fields: dict[str, Any],
) -> None:
    browser = browser_as(role)
    if "{batch}" in path:
        path = path.replace("{batch}", str(_batch(db)))
    answer = browser.client.post(
        path, data={"csrf_token": browser.token, field: str(number), **fields}
    )
    # a 422 with the form again, or (the batch forms: post/redirect/get) the form with the reason
    assert answer.status_code == 422 or [r.status_code for r in answer.history] == [303]
    text = html.unescape(answer.text)
    label = field.replace("_", " ")
    assert f"{label} must be a whole number from 1 up to 2147483647" in text, (path, field)


@pytest.mark.parametrize("number", HUGE)
def test_an_id_query_parameter_past_64_bits_is_a_422_naming_it(
    db: Session, browser_as: Callable[[str], Browser], number: int
) -> None:
    lead = browser_as("lead")
    for path in ("/analysis", "/analysis/judge", "/analysis/table1.csv"):
        answer = lead.client.get(path, params={"run": str(number)})
        assert answer.status_code == 422 and "run" in html.unescape(answer.text), path
