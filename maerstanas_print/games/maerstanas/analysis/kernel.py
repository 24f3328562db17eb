"""The search kernel: negamax alpha-beta on two 49-bit integers.

One source, two cores. Imported normally, these are plain Python functions
(the fallback core). `cores.load("numba")` executes this same file a second
time under the module name `maerstanas_print.games.maerstanas.analysis._kernel_numba`, and then
`jit` below is numba's `njit`: every function is compiled, and both cores run
exactly the same algorithm with the same move order and the same table, so
they return the same values, moves and node counts.

Because of that, the code keeps to what numba compiles: integers and one
flat array `mem` passed in as an argument (a Python list in the fallback, a
numpy int64 array when compiled), no objects. Every intermediate stays below
2**63.

A position is seen from the side to move: `me` and `op` are its stones and
the opponent's, `hme` and `hop` their special stones in hand (bit 1 thunder,
bit 2 Woden). Colour does not matter to the rules, so it is not in the state.
A child position is computed into fresh integers and the parent's stay
untouched: making a move is a few bit operations and unmaking it is free.

Scores: `scoring` 0 default, 1 simple, 2 wraparound (the torus: `wrap` 1).
A value is the final margin, side to move minus opponent, under best play.
"""

# ruff: noqa: N806
from __future__ import annotations

from typing import Any

if "_kernel_numba" in __name__:  # the compiled copy (see the docstring)
    import numba

    # Compiled code is kept in __pycache__ (or the user's cache folder); a copy
    # loaded as `..._uncached` is compiled afresh, where neither can be written.
    _CACHE = not __name__.endswith("_uncached")
    jit: Any = numba.njit(cache=_CACHE, nogil=True, error_model="numpy")

    def jit_typed(signature: str) -> Any:
        """Compile with one explicit signature: a recursive function must keep a
        single specialisation (a literal argument would otherwise make a second
        one, and numba's recursion between the two crashes)."""
        return numba.njit(signature, cache=_CACHE, nogil=True, error_model="numpy")
else:

    def jit(function: Any) -> Any:
        return function

    def jit_typed(signature: str) -> Any:
        return jit


SIZE = 7
FULL = (1 << 49) - 1
ROW_TOP = (1 << 7) - 1
ROW_BOTTOM = ROW_TOP << 42
COL_LEFT = 0x40810204081  # bit 0 of every row
COL_RIGHT = COL_LEFT << 6
NOT_LEFT = FULL ^ COL_LEFT
NOT_RIGHT = FULL ^ COL_RIGHT

THUNDER, WODEN = 1, 2
# Move codes: a square 0..48 is a placement; +64 a thunder-stone; +128 a Woden-stone.
THUNDER_MOVE, WODEN_MOVE, PASS_MOVE, NO_MOVE = 64, 128, 255, -1

# Table entry flags and the depth that marks a value proved to the end of the game.
EXACT, LOWER, UPPER = 0, 1, 2
SOLVED_DEPTH = 255
MAX_PLY = 128
MOVE_SLOTS = 160  # at most 49 placements + 49 thunder + 49 Woden moves
INFINITY = 10_000
UNTESTED = -2 * INFINITY

# Everything the kernel reads or writes lives in one int64 array `mem` (a list
# in the Python core), so a recursive call passes one array, not eleven: numba
# passes each array as seven machine words. The layout:
NBR = 0  # 49 neighbour masks (of the square, or of the torus)
EDGE = 64  # 49 counts of board edges touched
SYMTAB = 128  # 8 symmetries x 7 rows x 128 row patterns -> the image mask
SYMSQ = SYMTAB + 8 * 7 * 128  # 8 x 64: square -> its image
SYMINV = SYMSQ + 8 * 64  # 8: the inverse of each symmetry
STATS = SYMINV + 8  # counters the caller reads, and the node limit it sets
MOVES = STATS + 8  # MAX_PLY rows of MOVE_SLOTS moves
KEYS = MOVES + MAX_PLY * MOVE_SLOTS  # their ordering keys
TABLE = KEYS + MAX_PLY * MOVE_SLOTS  # the transposition table: 3 words a slot
NODES, HORIZON, LIMIT, ABORTED = STATS, STATS + 1, STATS + 2, STATS + 3


@jit
def popcount(x: int) -> int:
    """Set bits of a non-negative integer below 2**63 (no multiply: no overflow)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@jit
def below(m: int, wrap: int) -> int:
    """Squares whose upper neighbour is in m."""
    out = (m << 7) & FULL
    if wrap:
        out |= m >> 42
    return out


@jit
def above(m: int, wrap: int) -> int:
    """Squares whose lower neighbour is in m."""
    out = m >> 7
    if wrap:
        out |= (m & ROW_TOP) << 42
    return out


@jit
def right_of(m: int, wrap: int) -> int:
    """Squares whose left neighbour is in m."""
    out = (m << 1) & NOT_LEFT
    if wrap:
        out |= (m & COL_RIGHT) >> 6
    return out


@jit
def left_of(m: int, wrap: int) -> int:
    """Squares whose right neighbour is in m."""
    out = (m >> 1) & NOT_RIGHT
    if wrap:
        out |= (m & COL_LEFT) << 6
    return out


@jit
def neighbours(m: int, wrap: int) -> int:
    return below(m, wrap) | above(m, wrap) | right_of(m, wrap) | left_of(m, wrap)


@jit
def placements(occupied: int, wrap: int) -> int:
    """Empty squares where a standard stone may go (the engine's rule, as masks)."""
    up = below(occupied, wrap)
    left = right_of(occupied, wrap)
    right = left_of(occupied, wrap)
    down = above(occupied, wrap)
    if not wrap:
        up |= ROW_TOP
        left |= COL_LEFT
        right |= COL_RIGHT
        down |= ROW_BOTTOM
    four = up & left & right & down
    three = (up & left & (right | down)) | (right & down & (up | left))
    saturated = occupied & three
    return FULL & ~occupied & ~four & ~neighbours(saturated, wrap)


@jit
def score(own: int, scoring: int) -> int:
    """One side's points: adjacent friendly pairs once, plus edge sides (default)."""
    points = popcount(own & (own >> 1) & NOT_RIGHT) + popcount(own & (own >> 7))
    if scoring == 2:
        points += popcount(own & COL_LEFT & (own >> 6))
        points += popcount(own & ROW_TOP & (own >> 42))
    elif scoring == 0:
        points += popcount(own & ROW_TOP) + popcount(own & ROW_BOTTOM)
        points += popcount(own & COL_LEFT) + popcount(own & COL_RIGHT)
    return points


@jit
def can_move(own_hand: int, other_stones: int, free: int) -> bool:
    """The engine's `has_move`: a thunder in hand, a Woden with a target, or a placement."""
    if own_hand & THUNDER:
        return True
    if own_hand & WODEN and other_stones != 0:
        return True
    return free != 0


@jit
def transform(board: int, g: int, mem: Any) -> int:
    """`board` under symmetry g, seven row lookups in the table at SYMTAB."""
    out = 0
    base = SYMTAB + g * 896
    for row in range(7):
        out |= mem[base + row * 128 + ((board >> (row * 7)) & 127)]
    return out


@jit
def tt_index(k1: int, k2: int, size: int) -> int:
    """The slot of a key in a table of `size` (a power of two) slots: shifts and
    xors fold every row into the low bits (a multiply would overflow)."""
    h = k1 ^ (k2 << 7) ^ (k2 >> 5)
    h ^= h >> 29
    h ^= h >> 14
    return h & (size - 1)


@jit
def child_state(me: int, op: int, hme: int, move: int, mem: Any) -> Any:
    """(me, op, hand) after `move` by the side to move."""
    if move < THUNDER_MOVE:
        return me | (1 << move), op, hme
    if move < WODEN_MOVE:
        sq = move - THUNDER_MOVE
        gone = mem[NBR + sq]
        return (me & ~gone) | (1 << sq), op & ~gone, hme & ~THUNDER
    sq = move - WODEN_MOVE
    bit = 1 << sq
    return me | bit, op & ~bit, hme & ~WODEN


@jit
def generate(
    me: int, op: int, hme: int, free: int, scoring: int, ply: int, mem: Any, tt_move: int
) -> int:
    """Fill row `ply` of `moves` ordered best first; return how many.

    Order: the table's move, then by the immediate change in the margin
    (greedy), placements before specials at equal gain, squares in order.
    """
    edge_weight = 1 if scoring == 0 else 0
    base = MOVES + ply * MOVE_SLOTS
    kbase = KEYS + ply * MOVE_SLOTS
    count = 0
    rest = free
    while rest:
        low = rest & -rest
        sq = popcount(low - 1)
        rest ^= low
        mem[base + count] = sq
        mem[kbase + count] = (popcount(me & mem[NBR + sq]) + edge_weight * mem[EDGE + sq]) * 4 + 2
        count += 1
    if hme & WODEN:
        rest = op
        while rest:
            low = rest & -rest
            sq = popcount(low - 1)
            rest ^= low
            around = mem[NBR + sq]
            gain = popcount(me & around) + popcount(op & around) + 2 * edge_weight * mem[EDGE + sq]
            mem[base + count] = WODEN_MOVE + sq
            mem[kbase + count] = gain * 4 + 1
            count += 1
    if hme & THUNDER:
        margin = score(me, scoring) - score(op, scoring)
        rest = FULL & ~(me | op)
        while rest:
            low = rest & -rest
            sq = popcount(low - 1)
            rest ^= low
            gone = mem[NBR + sq]
            after = score((me & ~gone) | low, scoring) - score(op & ~gone, scoring)
            mem[base + count] = THUNDER_MOVE + sq
            mem[kbase + count] = (after - margin) * 4
            count += 1
    for i in range(count):  # the table's move first
        if mem[base + i] == tt_move:
            mem[kbase + i] = INFINITY
    for i in range(1, count):  # insertion sort, stable: higher keys first
        m = mem[base + i]
        k = mem[kbase + i]
        j = i - 1
        while j >= 0 and mem[kbase + j] < k:
            mem[base + j + 1] = mem[base + j]
            mem[kbase + j + 1] = mem[kbase + j]
            j -= 1
        mem[base + j + 1] = m
        mem[kbase + j + 1] = k
    return count


@jit
def evaluate(me: int, op: int, hme: int, hop: int, scoring: int) -> int:
    """The heuristic value where the search stops short of the end: the margin
    on the board now, plus one point per special stone in hand more than the
    opponent (a special is worth about a point in the positions measured)."""
    specials = popcount(hme) - popcount(hop)
    return score(me, scoring) - score(op, scoring) + specials


_ARRAY = "int64[::1]"
NEGAMAX_SIGNATURE = f"int64({', '.join(['int64'] * 11)}, {_ARRAY})"


@jit_typed(NEGAMAX_SIGNATURE)
def negamax(
    me: int,
    op: int,
    hme: int,
    hop: int,
    alpha: int,
    beta: int,
    depth: int,
    ply: int,
    scoring: int,
    sym_stones: int,
    tt_size: int,
    mem: Any,
) -> int:
    """The value of the position for the side to move (fail-soft alpha-beta).

    `depth` plies remain before the heuristic takes over; a forced pass costs
    none. `mem[HORIZON]` counts every value that did not come from the end of
    the game (a heuristic leaf, or a table value that rests on one): a search
    that leaves it unchanged has proved its value. Positions with at most
    `sym_stones` stones are stored under the least of their 8 symmetric images.
    """
    mem[NODES] += 1
    if mem[NODES] > mem[LIMIT]:
        mem[ABORTED] = 1
        return 0
    wrap = 1 if scoring == 2 else 0
    occupied = me | op
    free = placements(occupied, wrap)
    if not can_move(hme, op, free):
        if not can_move(hop, me, free):
            return score(me, scoring) - score(op, scoring)
        return -negamax(
            op, me, hop, hme, -beta, -alpha, depth, ply + 1, scoring, sym_stones, tt_size, mem
        )
    if depth <= 0 or ply >= MAX_PLY:
        mem[HORIZON] += 1
        return evaluate(me, op, hme, hop, scoring)

    # The table, keyed by the position (or its least symmetric image).
    g = 0
    k1 = me
    k2 = op
    if popcount(occupied) <= sym_stones:
        for h in range(1, 8):
            t1 = transform(me, h, mem)
            t2 = transform(op, h, mem)
            if t1 < k1 or (t1 == k1 and t2 < k2):
                k1 = t1
                k2 = t2
                g = h
    k2 = k2 | (hme << 49) | (hop << 51)
    slot = TABLE + 3 * tt_index(k1, k2, tt_size)
    tt_move = NO_MOVE
    if mem[slot + 2] != 0 and mem[slot] == k1 and mem[slot + 1] == k2:
        data = mem[slot + 2]
        value = (data & 0xFFFF) - 0x8000
        flag = (data >> 16) & 3
        stored_depth = (data >> 18) & 0xFF
        stored_move = (data >> 26) & 0xFF
        if stored_move != 0xFF:
            kind = stored_move & 0xC0
            tt_move = kind | mem[SYMSQ + mem[SYMINV + g] * 64 + (stored_move & 63)]
        if stored_depth >= depth:
            usable = (
                flag == EXACT
                or (flag == LOWER and value >= beta)
                or (flag == UPPER and value <= alpha)
            )
            if usable:
                if stored_depth != SOLVED_DEPTH:
                    mem[HORIZON] += 1
                return value
            if stored_depth == SOLVED_DEPTH:  # a proved bound narrows the window
                if flag == LOWER and value > alpha:
                    alpha = value
                elif flag == UPPER and value < beta:
                    beta = value

    horizon_before = mem[HORIZON]
    count = generate(me, op, hme, free, scoring, ply, mem, tt_move)
    if count == 0:  # a thunder in hand on a full board (only a Setup can make one)
        return score(me, scoring) - score(op, scoring)
    base = MOVES + ply * MOVE_SLOTS
    alpha_in = alpha
    best = -INFINITY
    best_move = NO_MOVE
    for i in range(count):
        move = mem[base + i]
        nme, nop, nhme = child_state(me, op, hme, move, mem)
        if i == 0:
            value = -negamax(
                nop,
                nme,
                hop,
                nhme,
                -beta,
                -alpha,
                depth - 1,
                ply + 1,
                scoring,
                sym_stones,
                tt_size,
                mem,
            )
        else:  # principal variation search: prove the move no better, else search it
            value = -negamax(
                nop,
                nme,
                hop,
                nhme,
                -alpha - 1,
                -alpha,
                depth - 1,
                ply + 1,
                scoring,
                sym_stones,
                tt_size,
                mem,
            )
            if alpha < value < beta and not mem[ABORTED]:
                value = -negamax(
                    nop,
                    nme,
                    hop,
                    nhme,
                    -beta,
                    -value,
                    depth - 1,
                    ply + 1,
                    scoring,
                    sym_stones,
                    tt_size,
                    mem,
                )
        if mem[ABORTED]:
            return 0
        if value > best:
            best = value
            best_move = move
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    flag = EXACT
    if best <= alpha_in:
        flag = UPPER
    elif best >= beta:
        flag = LOWER
    stored_depth = SOLVED_DEPTH if mem[HORIZON] == horizon_before else depth
    old = mem[slot + 2]
    if old == 0 or mem[slot] != k1 or mem[slot + 1] != k2 or ((old >> 18) & 0xFF) <= stored_depth:
        canonical = (best_move & 0xC0) | mem[SYMSQ + g * 64 + (best_move & 63)]
        mem[slot] = k1
        mem[slot + 1] = k2
        mem[slot + 2] = (best + 0x8000) | (flag << 16) | (stored_depth << 18) | (canonical << 26)
    return best


@jit
def root_values(
    me: int,
    op: int,
    hme: int,
    hop: int,
    depth: int,
    margin: int,
    scoring: int,
    sym_stones: int,
    tt_size: int,
    mem: Any,
    out_moves: Any,
    out_values: Any,
) -> int:
    """Every root move, with the best moves' exact value and, for the others,
    whether they come within `margin` of it.

    First a principal variation search finds the best value; then each other
    move is tested with a null window at best - margin. A move's value is
    written exactly when it is the best; otherwise it is written as
    best - margin + 1 or more (within the margin: a lower bound) or as best -
    margin or less (an upper bound). Margin 1 sorts out every best move; a
    puzzle asks for its own margin. Returns the number of moves (0 at the
    end of the game; a forced pass is the single move PASS_MOVE).
    """
    wrap = 1 if scoring == 2 else 0
    free = placements(me | op, wrap)
    if not can_move(hme, op, free):
        if not can_move(hop, me, free):
            return 0
        out_moves[0] = PASS_MOVE
        out_values[0] = -negamax(
            op, me, hop, hme, -INFINITY, INFINITY, depth, 1, scoring, sym_stones, tt_size, mem
        )
        return 1
    count = generate(me, op, hme, free, scoring, 0, mem, NO_MOVE)
    best = -INFINITY
    for i in range(count):
        move = mem[MOVES + i]
        out_moves[i] = move
        nme, nop, nhme = child_state(me, op, hme, move, mem)
        if i == 0:
            value = -negamax(
                nop,
                nme,
                hop,
                nhme,
                -INFINITY,
                INFINITY,
                depth - 1,
                1,
                scoring,
                sym_stones,
                tt_size,
                mem,
            )
        else:
            value = -negamax(
                nop,
                nme,
                hop,
                nhme,
                -best - 1,
                -best,
                depth - 1,
                1,
                scoring,
                sym_stones,
                tt_size,
                mem,
            )
            if value > best and not mem[ABORTED]:
                value = -negamax(
                    nop,
                    nme,
                    hop,
                    nhme,
                    -INFINITY,
                    -best,
                    depth - 1,
                    1,
                    scoring,
                    sym_stones,
                    tt_size,
                    mem,
                )
            elif not mem[ABORTED]:
                value = UNTESTED  # no better than the best: the second pass sorts it out
        if mem[ABORTED]:
            return i
        out_values[i] = value
        if value > best:
            best = value
    floor = best - margin
    for i in range(count):
        if out_values[i] == best:
            continue  # exact: only exact values reach the best
        nme, nop, nhme = child_state(me, op, hme, out_moves[i], mem)
        value = -negamax(
            nop, nme, hop, nhme, -floor - 1, -floor, depth - 1, 1, scoring, sym_stones, tt_size, mem
        )
        if mem[ABORTED]:
            return i
        if value > floor:  # within the margin, and never above the best
            value = best if margin == 1 else min(value, best - 1)
        out_values[i] = value
    return count
