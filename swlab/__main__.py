"""``python -m swlab`` runs the ``swlab`` command line."""

import sys

from swlab.cli import main

sys.exit(main())
