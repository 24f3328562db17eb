from maerstanas_print.cli import run

run()
