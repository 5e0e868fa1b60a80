"""A すたっぷすたっぷ table driven through the JSON API, with a seat token per phone (phone-box mode)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

NAMES = ["Aki", "Ben", "Cho", "Dai", "Emi", "Fuu"]


class Table:
    def __init__(self, client: FlaskClient, n: int = 3, mode: str = "dice", start: int = 0) -> None:
        self.client = client
        resp = client.post("/api/tables", json={"game": "stapstap", "players": NAMES[:n], "start": start,
                                                "options": {"mode": mode}})
        assert resp.status_code == 201, resp.get_json()
        body = resp.get_json()
        self.tid, self.vid, self.state = body["id"], body["view_id"], body["state"]
        self.tokens: dict[int, str] = {}

    def claim(self, seat: int) -> str:
        resp = self.client.post(f"/api/tables/{self.tid}/seats/{seat}/claim", json={})
        assert resp.status_code == 200, resp.get_json()
        self.tokens[seat] = resp.get_json()["token"]
        return self.tokens[seat]

    def claim_all(self) -> None:
        for seat in range(len(self.state["players"])):
            self.claim(seat)

    def headers(self, seat: int | None) -> dict[str, str]:
        return {"X-Seat-Token": self.tokens[seat]} if seat is not None and seat in self.tokens else {}

    def get(self, seat: int | None = None, view: bool = False) -> dict[str, Any]:
        resp = self.client.get(f"/api/tables/{self.vid if view else self.tid}", headers=self.headers(seat))
        assert resp.status_code == 200
        return resp.get_json()

    def post(self, action: dict[str, Any], seat: int | None = None, **extra: Any) -> Any:
        return self.client.post(f"/api/tables/{self.tid}/actions", json={"action": action, **extra},
                                headers=self.headers(seat))

    def act(self, action: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        resp = self.post(action, seat)
        assert resp.status_code == 200, (action, resp.get_json())
        self.state = resp.get_json()["state"]
        return self.state

    def refuse(self, action: dict[str, Any], status: int, code: str, seat: int | None = None) -> dict[str, Any]:
        before = self.get()
        resp = self.post(action, seat)
        assert resp.status_code == status, (action, resp.get_json())
        assert resp.get_json()["error"] == code, resp.get_json()
        after = self.get()
        assert after == before  # a refusal changes nothing
        return resp.get_json()

    def setup(self, cards: list[list[int]] | None = None) -> dict[str, Any]:
        n = len(self.state["players"])
        for seat in range(n):
            self.act({"type": "cards", "seat": seat, "cards": cards[seat] if cards else [1, 2, 3]})
        return self.act({"type": "begin"})

    def actor(self) -> int | None:
        s = self.state
        if s["step"] in ("start", "rolled", "take"):
            return s["parent"]
        if s["step"] == "challenge":
            return s["to_ask"][0]
        if s["step"] == "pay":
            return s["doubt"]["payer"]
        return None
