"""Puts this folder on sys.path (pytest's default import mode adds a conftest's folder when the folder is not a
package), so ``live_server`` imports the same way from tests/api, tests/security and tests/browser. The
``app`` and ``client`` fixtures every test shares are in the repository's root conftest.py."""
