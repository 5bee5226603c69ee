"""``python -m wirechat_conformance``: the same command as ``wirechat conformance``."""

import sys

from wirechat_conformance.cli import main

sys.exit(main())
