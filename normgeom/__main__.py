"""``python -m scenes`` runs the normgeom command line."""

from scenes.cli import main

main()
