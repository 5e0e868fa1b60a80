"""Server-rendered pages (placeholder until the table pages land)."""

from __future__ import annotations

from flask import Blueprint

pages = Blueprint("pages", __name__)


@pages.get("/")
def home() -> str:
    return "<!doctype html><html lang=en><meta charset=utf-8><title>companion</title><h1>companion</h1>"
