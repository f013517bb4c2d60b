"""``python -m normgeom`` runs the normgeom command line.

``python -m`` puts the working folder first on the module path, where a user's file named
like a standard module (``pathlib.py``) would replace it; it goes last, as for the
``normgeom`` script, which has no such entry.
"""

import os
import sys

if sys.path and sys.path[0] in ("", os.getcwd()):
    sys.path.append(sys.path.pop(0))

from normgeom.cli.app import main  # noqa: E402

main()
