"""Security hooks for every response and form (to be completed: headers, CSRF, Host check)."""

from __future__ import annotations

import secrets

from flask import Flask, session


def csrf_token() -> str:
    """A per-session token that every HTML form carries in a hidden ``csrf_token`` field."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def init_security(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
