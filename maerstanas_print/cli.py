"""The `maerstanas-print` command line: one sub-command per module in `commands/`.

Exit codes are defined in `exits.py` (0 success, 1 invalid record(s), 2 usage
error, 3 unreadable input or unwritable output, 130 interrupted, 129, 131
and 143 stopped by SIGHUP, SIGQUIT and SIGTERM); `main` is the one place that
turns a failure into a message and an exit code. A run loads only its own
command's module (`build_parser`), so `check` never imports the documents,
books and drawing (ReportLab, Jinja2) the printing commands need; `run`
handles those signals from its first instruction.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib
import re
import signal
import sys
from typing import NoReturn

import maerstanas_print.plugins  # noqa: F401  (wires every game's capabilities in)
from maerstanas_print import __version__
from maerstanas_print.commands.capabilities import EXTRA_COMMANDS
from maerstanas_print.diagnostics import visible
from maerstanas_print.games.registry import all_games
from maerstanas_print.io.build_date import source_date_problem
from maerstanas_print.io.errors import MaerstanasError, Terminated
from maerstanas_print.io.exits import (  # noqa: F401  (the exit codes, for callers of main)
    EXIT_HANGUP,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_IO,
    EXIT_OK,
    EXIT_QUIT,
    EXIT_TERMINATED,
    EXIT_USAGE,
    CommandError,
    exit_for,
)
from maerstanas_print.io.held import postponed, run_over, run_starts
from maerstanas_print.io.outputs import guarded_stdout

# Each command's module in maerstanas_print.commands, with `register(subparsers)`;
# the games add commands of their own (`commands.capabilities.EXTRA_COMMANDS`).
COMMAND_MODULES = {
    "check": "check",
    "fmt": "fmt",
    "import": "importlog",
    "board": "board",
    "scoresheet": "scoresheet",
    "setup": "setup",
    "stones": "stones",
    "game": "game",
    "diagram": "diagram",
    "rulebook": "rulebook",
    "quickref": "quickref",
    "kit": "kit",
    "build": "build",
    "scan": "scan",
}


class _Signals:
    """Which signal stopped the run: a library with a bare `except:` (ReportLab
    has one) may turn the KeyboardInterrupt into another exception."""

    interrupted = False
    terminated = False
    by = signal.SIGTERM  # the signal that terminated it


# The signals that stop a run besides Ctrl-C: what `main` says, and its exit code.
_STOPS = {
    signal.SIGTERM: ("terminated", EXIT_TERMINATED),
    signal.SIGHUP: ("hung up (the terminal closed)", EXIT_HANGUP),
    signal.SIGQUIT: ("quit", EXIT_QUIT),
}


def _on_signal(signum: int, frame: object) -> None:
    if postponed(signum):  # the run has said what it wrote: it ends as it said
        return
    if signum in _STOPS:
        _Signals.terminated = True
        _Signals.by = signal.Signals(signum)
        raise Terminated
    _Signals.interrupted = True
    raise KeyboardInterrupt


def install_signal_handlers() -> None:
    """Ctrl-C, SIGTERM, SIGHUP (a closed terminal, a dropped ssh session) and
    SIGQUIT become exceptions, so every `finally` runs (no temporary file is
    left behind) and `main` reports them in one line. A signal the caller
    chose to ignore (`nohup`) stays ignored."""
    signal.signal(signal.SIGINT, _on_signal)
    for signum in _STOPS:
        if signum == signal.SIGTERM or signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, _on_signal)


def commands() -> dict[str, str]:
    """Every command's name and module: ours, then the games' own."""
    modules = {
        name: f"maerstanas_print.commands.{module}" for name, module in COMMAND_MODULES.items()
    }
    for game in all_games():
        for name, module in EXTRA_COMMANDS.of(game).items():
            modules.setdefault(name, module)
    return modules


class _Parser(argparse.ArgumentParser):
    """argparse, with a short answer to a mistyped command or option: the command's own
    usage line (not the whole program's), what was not understood and, when a known
    name is close, "did you mean". Exit code 2, as argparse gives."""

    def error(self, message: str) -> NoReturn:
        wrong = re.match(r"argument COMMAND: invalid choice: '([^']*)'", message)
        if wrong is not None:
            commands = list(self._commands())
            message = f"there is no command {wrong[1]!r}" + _did_you_mean(wrong[1], commands)
            message += f"; the commands are {', '.join(commands)} (see --help)"
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def _commands(self) -> dict[str, argparse.ArgumentParser]:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                return dict(action.choices)
        return {}

    def refuse_unknown(self, command: str | None, extras: list[str]) -> NoReturn:
        """Words the command does not take: said with the command's own usage, and the
        nearest option for a mistyped one."""
        parser = self._commands().get(command or "", self)
        word = next((w for w in extras if w.startswith("-")), extras[0])
        if word.startswith("-"):
            option = word.split("=", 1)[0]
            known = [
                o for a in parser._actions if a.help != argparse.SUPPRESS for o in a.option_strings
            ]
            message = f"unknown option {option}" + _did_you_mean(option, known)
        else:
            message = f"unexpected argument {word!r}"
        parser.error(message)


def _did_you_mean(word: str, known: list[str]) -> str:
    """ "; did you mean X?" for the known name nearest to `word`, or nothing."""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


def build_parser(argv: list[str] | None = None) -> _Parser:
    """The command line's parser. Given the words it will parse, it loads the named
    command's module only: `check` starts without the documents, books and
    drawing the other commands bring in. `--help`, no command or an unknown one
    load them all (to list them)."""
    parser = _Parser(
        prog="maerstanas-print",
        description="Record, verify and print games of Mǽrstánas.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    modules = commands()
    words = [word for word in (sys.argv[1:] if argv is None else argv) if not word.startswith("-")]
    wanted = modules.get(words[0]) if words else None
    for module in [wanted] if wanted is not None else list(modules.values()):
        importlib.import_module(module).register(sub)
    return parser


def _say(message: str) -> None:
    """One message to stderr; a file name's control characters are shown escaped, so a
    name such as `\\x1b]0;...` cannot drive the terminal it is printed on."""
    if sys.stderr is not None:
        shown = "\n".join(map(visible, message.split("\n")))
        with contextlib.suppress(OSError, ValueError):  # a terminal that hung up
            sys.stderr.write(f"maerstanas-print: {shown}\n")
            sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    run_starts()
    with guarded_stdout():
        try:
            # Inside the try: Ctrl-C while the sub-commands are imported is an
            # interruption like any other, not a traceback.
            parser = build_parser(argv)
            args, extras = parser.parse_known_args(argv)
            if extras:
                parser.refuse_unknown(args.command, extras)
            problem = source_date_problem()  # ReportLab would end in a traceback
            if problem is not None:
                raise CommandError(problem, EXIT_USAGE)
            if getattr(args, "output", None) == "":  # every command, before any work
                raise CommandError("-o '': names no file or folder; give a name", EXIT_USAGE)
            args.run_command = main  # for `build`, which runs other commands
            args.given = list(sys.argv[1:] if argv is None else argv)  # the words as written
            code = int(args.func(args) or 0)
            run_over()
            sys.stdout.flush()
            return code
        except (CommandError, MaerstanasError) as exc:
            if _Signals.interrupted or _Signals.terminated:
                return _stopped()
            _say(str(exc))
            return exit_for(exc)
        except (KeyboardInterrupt, Terminated):
            return _stopped()
        except Exception:
            if _Signals.interrupted or _Signals.terminated:
                return _stopped()
            raise


def _stopped() -> int:
    if _Signals.terminated:
        said, code = _STOPS[_Signals.by]
        _say(said)
        return code
    _say("interrupted")
    return EXIT_INTERRUPTED


def run() -> None:
    try:  # a Ctrl-C just after the handlers are installed is caught here too
        install_signal_handlers()
        code = main()
        ignore_stops()
    except (KeyboardInterrupt, Terminated):
        ignore_stops()
        code = _stopped()
    sys.exit(code)


def ignore_stops() -> None:
    """The run is over and has said how: a signal now changes neither its exit
    code nor its last line. (Python puts back the default actions as it shuts
    down, and a signal then killed the run with 130 or 143 after "wrote FILE"
    and no line of ours.)"""
    for signum in (signal.SIGINT, *_STOPS):
        with contextlib.suppress(OSError, ValueError):
            signal.signal(signum, signal.SIG_IGN)


if __name__ == "__main__":
    run()
