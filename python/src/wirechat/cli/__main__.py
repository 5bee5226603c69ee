"""``python -m wirechat.cli``: the same as the ``wirechat`` command."""

import sys

from wirechat.cli import main

sys.exit(main())
