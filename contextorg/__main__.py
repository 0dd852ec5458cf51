"""``python -m contextorg``: the command line."""

from contextorg.cli import main

main()
