"""``python -m normgeom`` runs the normgeom command line."""

from normgeom.cli.app import main

main()
