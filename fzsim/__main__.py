from fzsim.cli import main

raise SystemExit(main())
