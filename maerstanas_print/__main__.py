"""`python -m maerstanas_print`: Ctrl-C while the command line loads is an
interruption (exit 130), not a traceback; `run` handles it from then on."""

import sys

try:
    from maerstanas_print.cli import run
except KeyboardInterrupt:
    sys.stderr.write("maerstanas-print: interrupted\n")
    sys.exit(130)

run()
