from companion.server.cli import main

raise SystemExit(main())
