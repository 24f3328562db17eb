"""`maerstanas-print check FILE...`: read, replay and report every problem."""

from __future__ import annotations

import argparse
import json
import sys

from maerstanas_print.cli import EXIT_INVALID, EXIT_OK


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check", help="verify records: syntax, rules, removal lists, scores",
        description="Parse and replay every game and variation; report every problem.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="record files (.mrs); - for stdin")
    parser.add_argument("--strict", action="store_true",
                        help="refuse lenient readings (lower case, left-out removal lists "
                             "and passes) instead of warning")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("-q", "--quiet", action="store_true", help="only the summary lines")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.inputs import read_record
    from maerstanas_print.parser import RecordReader
    from maerstanas_print.verify import replay

    report: list[dict[str, object]] = []
    any_invalid = False
    out = sys.stdout
    for path in args.files:
        name, text = read_record(path)
        reader = RecordReader(text, name)
        source = reader.source
        games_json = []
        errors = warnings = invalid = games = 0
        for game in reader:  # one game at a time: memory stays bounded
            games += 1
            replayed = replay(game, strict=args.strict)
            if not replayed.valid:
                invalid += 1
            for diagnostic in replayed.diagnostics:
                if diagnostic.severity == "error":
                    errors += 1
                else:
                    warnings += 1
                if not args.json and not args.quiet:
                    print(source.format(diagnostic), file=out)
            if args.json:
                score = replayed.score
                games_json.append({
                    "index": game.index,
                    "game": game.tag("Game") or "Maerstanas",
                    "valid": replayed.valid,
                    "plies": replayed.plies,
                    "scoring": replayed.scoring,
                    "score": {"Dark": score[0], "Light": score[1]} if score else None,
                    "result": replayed.result,
                    "termination": replayed.ending,
                    "diagnostics": [source.as_json(d) for d in replayed.diagnostics],
                })
        for diagnostic in reader.diagnostics:  # text that belongs to no game
            errors += diagnostic.severity == "error"
            if not args.json and not args.quiet:
                print(source.format(diagnostic), file=out)
        file_errors = [source.as_json(d) for d in reader.diagnostics]
        if invalid or file_errors or not games:
            any_invalid = True
        if args.json:
            entry: dict[str, object] = {"path": name, "games": games_json}
            if file_errors:
                entry["diagnostics"] = file_errors
            report.append(entry)
        else:
            print(_summary(name, games, invalid, errors, warnings), file=out)
    if args.json:
        json.dump({"files": report}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    return EXIT_INVALID if any_invalid else EXIT_OK


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _summary(name: str, games: int, invalid: int, errors: int, warnings: int) -> str:
    if not games:
        return f"{name}: no game found" + (f" ({_plural(errors, 'error')})" if errors else "")
    if invalid or errors:
        state = f"{invalid} invalid" if invalid else "unreadable text"
    else:
        state = "all valid" if games > 1 else "valid"
    details = [_plural(errors, "error")] if errors else []
    if warnings:
        details.append(_plural(warnings, "warning"))
    extra = f" ({', '.join(details)})" if details else ""
    return f"{name}: {_plural(games, 'game')}, {state}{extra}"
