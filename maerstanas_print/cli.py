"""The `maerstanas-print` command line: one sub-command per module in `commands/`.

Exit codes: 0 success, 1 invalid record(s), 2 usage error, 3 unreadable input or
unwritable output, 130 interrupted. Heavy libraries (ReportLab, Lark, Jinja2)
are imported inside the sub-commands, so `--help` stays quick.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from maerstanas_print import __version__
from maerstanas_print.outputs import OutputError

# Each name is a module in maerstanas_print.commands with `register(subparsers)`.
COMMAND_MODULES = [
    "check", "fmt", "importlog", "board", "scoresheet", "setup", "stones",
    "game", "rulebook", "build", "analyse", "annotate", "puzzles"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_IO, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class CommandError(Exception):
    """A failure with a one-line message and an exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_IO) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="maerstanas-print",
        description="Record, verify and print games of Mǽrstánas.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"maerstanas_print.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"maerstanas_print.commands.{name}":
                continue  # a command not written yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        # Inside the try: Ctrl-C while the sub-commands are imported is an
        # interruption like any other, not a traceback.
        args = build_parser().parse_args(argv)
        return int(args.func(args) or 0)
    except CommandError as exc:
        print(f"maerstanas-print: {exc}", file=sys.stderr)
        return exc.exit_code
    except OutputError as exc:
        print(f"maerstanas-print: {exc}", file=sys.stderr)
        return EXIT_IO
    except KeyboardInterrupt:
        print("maerstanas-print: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
