"""HTTP only: dependencies, templating, error mapping and page routers. No business rules here."""
