"""Shared by every test folder: this folder is on sys.path (pytest's default import mode puts a root
conftest's folder there), so ``live_server`` imports the same way from tests/api, tests/security and
tests/browser."""
