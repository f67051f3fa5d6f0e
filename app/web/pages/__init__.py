"""Page routers, one module per page area; templates mirror them under templates/."""
