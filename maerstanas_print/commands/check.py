"""`maerstanas-print check FILE...`: read, replay and report every problem."""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from maerstanas_print.io.editing import named_before, read_for_diff, read_for_edit, write_edit
from maerstanas_print.io.errors import InputError, LimitError, OutputError
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE, CommandError, exit_for
from maerstanas_print.io.held import signals_held
from maerstanas_print.io.inputs import display_name, read_record_pieces
from maerstanas_print.io.names import shown
from maerstanas_print.io.numbers import within_digits
from maerstanas_print.io.outputs import refuse_report_over_inputs
from maerstanas_print.io.patches import unified_diff
from maerstanas_print.play.checking import FixBudget, check_games, fix_text
from maerstanas_print.play.repair import describe, fix_as_json

if TYPE_CHECKING:
    from maerstanas_print.diagnostics import Source
    from maerstanas_print.play.checking import CheckedGame, FixBudget, FixedText


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="verify records: syntax, rules, removal lists, scores",
        description="Parse and replay every game and variation; report every problem.",
        epilog="exit codes: 0 every game valid; 1 an invalid game, text that cannot be "
        "read as notation, or no game; 2 usage error; 3 a file cannot be read "
        "(with --json it is still reported in the JSON object); 130 interrupted; "
        "129, 131, 143 stopped by SIGHUP, SIGQUIT, SIGTERM",
    )
    # "*", not "+": `--fix` takes an optional number, and the files are checked in run()
    parser.add_argument(
        "files", nargs="*", metavar="FILE", help="record files (.mrs); '-' reads stdin"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="refuse lenient readings (lower case, left-out removal lists "
        "and passes) instead of warning",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("-q", "--quiet", action="store_true", help="only the summary lines")
    parser.add_argument(
        "--fix",
        nargs="?",
        const=True,
        default=False,
        metavar="N",
        help="rewrite each file in place where a game's best explanation is the only "
        "one that fits, say what changed, then check the result; with N (one FILE): "
        "apply fix N as check lists it to the file's one invalid game, and nothing "
        "else; with GAME:N, to game GAME of the file (--fix=VALUE is never a FILE)",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print what --fix would write as a unified diff and write nothing "
        "(with --fix N or GAME:N, what that would write)",
    )
    parser.set_defaults(func=run)


@dataclass(slots=True)
class _Tally:
    """What `check` has found in one file so far."""

    games: int = 0
    invalid: int = 0
    errors: int = 0
    warnings: int = 0
    notes: int = 0
    file_errors: list[dict[str, object]] = field(default_factory=list)
    budget: FixBudget | None = None  # fix searches left, shared by the file's pieces


def run(args: argparse.Namespace) -> int:
    """Check every file; an unreadable file is reported and the next one read.
    With --json, one JSON object is written as the games are checked, so memory
    does not grow with the number of games."""
    _read_fix_choice(args)
    files = list(args.files)
    refuse_report_over_inputs(files)  # the report, the diff and the fixed lines
    worst = EXIT_OK
    if args.fix or args.diff:
        if args.json:
            given = " and ".join(
                word for word, on in (("--fix", args.fix), ("--diff", args.diff)) if on
            )
            raise CommandError(
                f"{given} cannot go with --json: --fix rewrites files and --diff prints "
                "a diff, and --json prints the check's report",
                EXIT_USAGE,
            )
        if args.diff:
            return _diff_files(args)
        worst, failed = _fix_files(args)
        files = [path for path in files if path not in failed]  # reported once
    report = _JsonReport(sys.stdout) if args.json else None
    for path in files:
        tally = _Tally()
        name = display_name(path)
        if report:
            report.begin_file(name)
        try:
            name, pieces = read_record_pieces(path)
            for text, first_line in pieces:  # a large file comes in pieces
                _check_piece(text, name, first_line, tally, args, report)
        except (InputError, LimitError) as exc:
            worst = max(worst, exit_for(exc))
            if report:
                report.end_file(tally.file_errors, str(exc))
            else:
                print(f"maerstanas-print: {exc}", file=sys.stderr)
            continue
        if tally.invalid or tally.file_errors or not tally.games:
            worst = max(worst, EXIT_INVALID)
        if report:
            report.end_file(tally.file_errors)
        else:
            print(
                _summary(
                    name, tally.games, tally.invalid, tally.errors, tally.warnings, tally.notes
                )
            )
    if report:
        report.close()
    return worst


class _JsonReport:
    """`{"files": [{"path": ..., "games": [...], "diagnostics": [...]}, ...]}`,
    written a game at a time; a file that cannot be read gets an `error`."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.files = 0
        self.games = 0
        out.write('{"files": [')

    def begin_file(self, name: str) -> None:
        self.out.write(("," if self.files else "") + '\n {"path": ' + _json(name) + ', "games": [')
        self.files += 1
        self.games = 0

    def game(self, entry: dict[str, object]) -> None:
        self.out.write(("," if self.games else "") + "\n  " + _json(entry))
        self.games += 1

    def end_file(self, diagnostics: list[dict[str, object]], error: str | None = None) -> None:
        self.out.write("]")
        if diagnostics:
            self.out.write(', "diagnostics": ' + _json(diagnostics))
        if error is not None:
            self.out.write(', "error": ' + _json(error))
        self.out.write("}")

    def close(self) -> None:
        self.out.write("\n]}\n")


def _json(value: object) -> str:
    import json  # only `--json` pays for it, not every start of `check`

    return json.dumps(_shown_texts(value), ensure_ascii=False)


def _shown_texts(value: object) -> object:
    """`value` with every text's undecodable file-name bytes (surrogates, which no
    JSON reader takes) written as `\\xNN`, as every message shows them."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, dict):
        return {shown(str(key)): _shown_texts(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_shown_texts(item) for item in value]
    return value


def _check_piece(
    text: str,
    name: str,
    first_line: int,
    tally: _Tally,
    args: argparse.Namespace,
    report: _JsonReport | None,
) -> None:

    printing = report is None and not args.quiet
    if tally.budget is None:
        tally.budget = FixBudget()
    checked = check_games(
        text,
        name,
        strict=args.strict,
        budget=tally.budget,
        first_index=tally.games + 1,
        first_line=first_line,
    )
    source = checked.source
    shown = 0  # problems that belong to no game, reported as they turn up

    def no_game_problems() -> None:
        nonlocal shown
        for diagnostic in checked.diagnostics[shown:]:
            tally.errors += diagnostic.severity == "error"
            tally.file_errors.append(source.as_json(diagnostic))
            if printing:
                print(source.format(diagnostic))
        shown = len(checked.diagnostics)

    for game in checked:  # one game at a time: memory stays bounded
        no_game_problems()
        tally.games += 1
        tally.invalid += not game.valid
        for diagnostic in game.diagnostics:
            tally.errors += diagnostic.severity == "error"
            tally.warnings += diagnostic.severity == "warning"
            tally.notes += diagnostic.severity == "note"
            if printing:
                print(source.format(diagnostic))
                for line in game.fix_lines(diagnostic, source):
                    print(line)
        if report:
            report.game(_game_json(game, source))
    no_game_problems()


def _game_json(game: CheckedGame, source: Source) -> dict[str, object]:
    """One game's entry of the JSON report; the diagnostic a verified fix explains
    carries its `fixes`."""

    replayed = game.replayed
    score = replayed.score
    diagnostics = []
    for diagnostic in game.diagnostics:
        out = source.as_json(diagnostic)
        if game.explains(diagnostic):
            out["fixes"] = [fix_as_json(fix, source) for fix in game.fixes]
        diagnostics.append(out)
    return {
        "index": game.record.index,
        "game": game.record.tag("Game") or replayed.game.tag,
        "valid": replayed.valid,
        "plies": replayed.plies,
        "scoring": replayed.scoring,
        "score": {"Dark": score[0], "Light": score[1]} if score else None,
        "result": replayed.result,
        "termination": replayed.ending,
        "diagnostics": diagnostics,
    }


def _fix_files(args: argparse.Namespace) -> tuple[int, set[str]]:
    """--fix: rewrite each file with its fixes, a file at a time; a file that
    cannot be read or written is reported and left as it was, and the others
    are still fixed. (worst exit code so far, the files that failed)."""
    worst, failed = EXIT_OK, set[str]()
    for path in args.files:
        try:
            edited = read_for_edit(path)
            fixed, source = _fixes_asked(edited.text, edited.name, args)
        except (InputError, OutputError, LimitError) as exc:
            worst = _failed(exc, worst, failed, path)
            continue
        # Held from the write until its lines are out: Ctrl-C or SIGTERM then
        # ends the run after it says what it changed, never between the two.
        with signals_held():
            if fixed.text != edited.text:
                try:
                    write_edit(edited, edited.bytes_of(fixed.text))
                except OutputError as exc:
                    worst = _failed(exc, worst, failed, path)
                    continue
            _say_fixed(edited.name, fixed, source)
        for message in _left_messages(edited.name, fixed, args):
            print(message)
    return worst, failed


def _fixes_asked(text: str, name: str, args: argparse.Namespace) -> tuple[FixedText, Source]:
    """What `--fix` or `--fix N` (and `--diff` with either) would apply to `text`;
    CommandError when N names no fix of the file."""
    game, number = args.fix_choice or (None, None)
    fixed, source = fix_text(text, name, strict=args.strict, choice=number, game=game)
    if args.fix_choice is not None:
        _check_choice(name, fixed, args.fix_choice)
    return fixed, source


def _left_messages(name: str, fixed: FixedText, args: argparse.Namespace) -> list[str]:
    """What `--fix` and `--diff` say of the games they leave as written."""
    if args.fix_choice is not None:
        return _left_by_choice(name, fixed, args.fix_choice)
    return _left_alone(name, fixed)


def _failed(exc: Exception, worst: int, failed: set[str], path: str) -> int:
    """Report a file that cannot be read or written; the worst exit code now."""
    print(f"maerstanas-print: {exc}", file=sys.stderr)
    failed.add(path)
    return max(worst, exit_for(exc))


def _say_fixed(name: str, fixed: FixedText, source: Source) -> None:
    """The `fixed` line of each fix written."""
    for fix, explained in fixed.applied:
        line, column = source.locate(explained.start)
        print(f"{name}:{line}:{column}: fixed {explained.code}: {describe(fix, source)}")
        sys.stdout.flush()


def _diff_files(args: argparse.Namespace) -> int:
    """--diff: the fixes as a patch of the bytes --fix (or --fix N) would write; exit 1 when a
    file has a fix or stays invalid, 3 when one cannot be read (the others
    are still shown)."""
    worst = EXIT_OK
    seen: set[tuple[int, int]] = set()
    for path in args.files:
        if named_before(path, seen):  # one patch per file, or `patch` takes it back
            print(
                f"maerstanas-print: {display_name(path)}: the same file as a name "
                "before it; its diff is shown once",
                file=sys.stderr,
            )
            continue
        try:
            edited = read_for_diff(path)
            fixed, _ = _fixes_asked(edited.text, edited.name, args)
        except (InputError, LimitError) as exc:
            print(f"maerstanas-print: {exc}", file=sys.stderr)
            worst = max(worst, exit_for(exc))
            continue
        edits = [(e.start, e.end, e.content) for fix, _ in fixed.applied for e in fix.edits]
        # The patch names the file as it is (its headers quote it for `patch`);
        # messages name it escaped (`display_name`).
        patch = unified_diff(
            edited.text, edits, edited.name if path == "-" else path, edited.prefix
        )
        if patch:
            sys.stdout.buffer.write(patch)
        if patch or fixed.still_wrong:
            worst = max(worst, EXIT_INVALID)
        for message in _left_messages(edited.name, fixed, args):  # the patch owns stdout
            print(message, file=sys.stderr)
    return worst


# What reads as a number rather than a file name: digits of any script, a sign, a point,
# an exponent, spaces.
_NUMBER_LIKE = re.compile(r"\s*[-+]?(?:\d[\d_]*)?(?:[.,:]\d*)*(?:[eE][-+]?\d+)?\s*")
# A fix as `--fix` takes it: N, or GAME:N (ASCII digits only).
_CHOICE = re.compile(r"(?:0*([1-9][0-9]*):)?0*([1-9][0-9]*)", re.ASCII)
# `--fix=VALUE` as written, or as argparse's abbreviations of it.
_FIX_EQUALS = re.compile(r"--f(?:i(?:x)?)?=")


def _read_fix_choice(args: argparse.Namespace) -> None:
    """`--fix N` and `--fix GAME:N` set `args.fix_choice` (GAME or None, N);
    `--fix FILE` (no number) puts FILE back with the files. `--fix=VALUE` is
    always a choice, and any other VALUE there is a usage error."""
    args.fix_choice = None
    if isinstance(args.fix, str):
        choice = _CHOICE.fullmatch(args.fix)
        if choice is not None:
            for number in choice.groups():
                within_digits(number or "", "--fix")
            args.fix_choice = (int(choice[1]) if choice[1] else None, int(choice[2]))
        elif _fix_given_with_equals(args) or (
            # `-` (standard input) is a FILE, refused with the other files still fixed
            args.fix != "-" and _NUMBER_LIKE.fullmatch(args.fix) and not os.path.exists(args.fix)
        ):
            # `--fix=0`, `--fix=x`, `--fix -1`, `--fix ١`: no fix's number, and not a
            # file to skip while the others are rewritten
            raise CommandError(
                f"--fix takes a fix's number N from 1 as check lists them, or GAME:N "
                f"for fix N of game GAME of the file, not {args.fix!r}",
                EXIT_USAGE,
            )
        else:
            args.files.insert(0, args.fix)
        args.fix = True
    if not args.files:
        raise CommandError("check needs at least one FILE (- for stdin)", EXIT_USAGE)
    if args.fix_choice is not None and len(args.files) != 1:
        raise CommandError(
            f"--fix {_choice_name(args.fix_choice)} chooses one fix of one game: name one "
            f"FILE, not {len(args.files)} (check --fix alone applies the sure fixes of "
            "every file)",
            EXIT_USAGE,
        )


def _fix_given_with_equals(args: argparse.Namespace) -> bool:
    """Whether the command line said `--fix=VALUE` (not `--fix VALUE`, where VALUE
    may be a file)."""
    words = getattr(args, "given", None) or []
    before_files = words[: words.index("--")] if "--" in words else words
    return any(_FIX_EQUALS.match(word) for word in before_files)


def _choice_name(choice: tuple[int | None, int]) -> str:
    game, number = choice
    return f"{game}:{number}" if game is not None else str(number)


def _check_choice(name: str, fixed: FixedText, choice: tuple[int | None, int]) -> None:
    """Refuse `--fix N` / `--fix GAME:N` when it names no fix of one game, with
    the games and fixes there are (nothing is written)."""
    if fixed.chosen_game is not None:
        return
    game, number = choice
    asked = f"--fix {_choice_name(choice)}"
    games = {index: (line, fixes, searched) for index, line, fixes, searched in fixed.invalid_games}
    if game is None and len(games) > 1:
        listed = "; ".join(
            f"game {index} (line {line}): {_fixes_listed(fixes, searched)}"
            for index, (line, fixes, searched) in list(games.items())[:10]
        )
        more = f"; and {len(games) - 10} more" if len(games) > 10 else ""
        example = next((i for i, (_, fixes, _) in games.items() if fixes >= number), None)
        hint = f", e.g. --fix {example}:{number}" if example is not None else ""
        raise CommandError(
            f"{name}: not written: {asked} is for a file with one invalid game, and it "
            f"has {len(games)}: {listed}{more}; say which with --fix GAME:N{hint}",
            EXIT_USAGE,
        )
    if game is None and not games:
        raise CommandError(
            f"{name}: not written: there is no fix {number}: no game of it is invalid", EXIT_USAGE
        )
    index = game if game is not None else next(iter(games))
    if index not in games:
        state = (
            f"it has {_plural(fixed.games, 'game')}"
            if index > fixed.games
            else f"game {index} is valid"
        )
        raise CommandError(
            f"{name}: not written: there is no fix {number} of game {index}: {state}",
            EXIT_USAGE,
        )
    line, fixes, searched = games[index]
    raise CommandError(
        f"{name}: not written: there is no fix {number} of game {index}; it (line {line}) "
        f"has {_fixes_listed(fixes, searched)}",
        EXIT_USAGE,
    )


def _fixes_listed(fixes: int, searched: bool) -> str:
    if not searched:
        return f"no fix searched (past the first {FixBudget().left or 0:,} invalid games)"
    if not fixes:
        return "no verified fix"
    if fixes == 1:
        return "fix 1 only"
    return f"fixes 1 to {fixes}"


def _left_by_choice(name: str, fixed: FixedText, choice: tuple[int | None, int]) -> list[str]:
    """What `--fix N` says of the invalid games it leaves as written."""
    others = [entry for entry in fixed.invalid_games if entry[0] != fixed.chosen_game]
    if not others:
        return []
    listed = ", ".join(f"game {index} (line {line})" for index, line, _, _ in others[:10])
    more = f" and {len(others) - 10} more" if len(others) > 10 else ""
    return [
        f"{name}: {listed}{more} left as written: --fix {_choice_name(choice)} changes "
        f"game {fixed.chosen_game} only; check lists the others' fixes, `check --fix` "
        "applies the sure ones and `check --fix GAME:N` fix N of game GAME"
    ]


def _left_alone(name: str, fixed: FixedText) -> list[str]:
    """What --fix and --diff say about the games they leave invalid."""
    lines = []
    if fixed.unsure:
        lines.append(
            f"{name}: {_plural(fixed.unsure, 'game')} with more than one verified fix "
            "left as written: another explanation fits about as well; check lists "
            "the fixes, and `check --fix N FILE` applies fix N (`--fix GAME:N FILE` "
            "in a file of several invalid games)"
        )
    if fixed.unsearched:
        lines.append(
            f"{name}: {_plural(fixed.unsearched, 'invalid game')} past the first "
            f"{FixBudget().left or 0:,} not searched for fixes; fix those first, then run again"
        )
    others = fixed.invalid - len(fixed.applied) - fixed.unsure - fixed.unsearched
    if others:
        lines.append(
            f"{name}: {_plural(others, 'invalid game')} with no verified fix; "
            "check lists the problems"
        )
    if fixed.text_errors:
        lines.append(f"{name}: text that cannot be read as notation; check lists it")
    elif not fixed.games:
        lines.append(f"{name}: no game found")
    return lines


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _summary(
    name: str, games: int, invalid: int, errors: int, warnings: int, notes: int = 0
) -> str:
    if not games:
        return f"{name}: no game found" + (f" ({_plural(errors, 'error')})" if errors else "")
    if invalid or errors:
        state = f"{invalid} invalid" if invalid else "unreadable text"
    else:
        state = "all valid" if games > 1 else "valid"
    details = [_plural(errors, "error")] if errors else []
    if warnings:
        details.append(_plural(warnings, "warning"))
    if notes:
        details.append(_plural(notes, "consequence"))
    extra = f" ({', '.join(details)})" if details else ""
    return f"{name}: {_plural(games, 'game')}, {state}{extra}"
