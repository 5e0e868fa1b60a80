"""Running companion on a table's network: ``companion serve`` (cli), the production WSGI server (wsgi), the
LAN address (netinfo), the terminal QR code (termqr) and the per-user data folder (datadir). Above the web
layer; nothing below imports it."""
