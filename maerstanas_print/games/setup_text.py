"""Position strings: a board written row by row, as a `[Setup]` tag holds it.

`/ksss3/scs4/ss5/s5S/5SS/4SCS/3SSSK/` is a 7x7 board, row 1 first: a letter is
a piece (upper case Dark, lower case Light), a number a run of empty squares.
Every game reads its Setup tag with these; which letters it accepts is its own.
"""

from __future__ import annotations

EMPTY = "."


def read_position(text: str, size: int, letters: str = "SKCTW") -> list[str]:
    """A position string `/ksss3/.../` (row 1 first, digits for empty runs) as a board.

    Raises ValueError with a sentence saying what is wrong.
    """
    rows = [r for r in text.strip().strip("/").split("/")]
    if len(rows) != size:
        raise ValueError(f"the position has {len(rows)} rows; this board has {size}")
    board: list[str] = []
    for number, row in enumerate(rows, start=1):
        cells: list[str] = []
        digits = ""
        for ch in row + " ":
            if "0" <= ch <= "9":  # not any script's digit
                digits += ch
                continue
            if digits:
                run = int(digits[:4])  # a run longer than the row is refused below anyway
                if len(digits) > 3 or len(cells) + run > size:
                    raise ValueError(f"row {number} has more than {size} squares")
                cells.extend(EMPTY * run)
                digits = ""
            if ch == " ":
                break
            if ch.upper() not in letters:
                raise ValueError(f"row {number}: `{ch}` is not a piece letter")
            cells.append(ch)
            if len(cells) > size:
                raise ValueError(f"row {number} has more than {size} squares")
        if len(cells) != size:
            raise ValueError(f"row {number} has {len(cells)} squares; it needs {size}")
        board.extend(cells)
    return board


def write_position(board: list[str], size: int) -> str:
    rows = []
    for r in range(size):
        out, run = "", 0
        for ch in board[r * size : (r + 1) * size]:
            if ch == EMPTY:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch
        if run:
            out += str(run)
        rows.append(out)
    return "/" + "/".join(rows) + "/"
