"""Read-only public pages: no login, only what the director has published."""
