from sqlmodel import Session
from tests.web.test_judges_pages import lead  # noqa: F401

def test_probe(session: Session, lead) -> None:  # noqa: F811
    print(lead.client.get("/runs/99999999999999999999").status_code)
    print(lead.client.get("/runs").status_code)
