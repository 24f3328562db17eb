"""The limits that keep every stage bounded (docs/errors.md, "Limits").

Each is read when it is used (`limits.NAME`), so the test suite can set small
ones and run the whole battery in seconds. Beyond a limit the library raises
`LimitError`: the command line says which limit, with exit code 1 for a
record and 3 for an input stream.
"""

from __future__ import annotations

# Bytes read from a pipe, a device or standard input (a regular file is read
# in pieces by `check`, and its size is known before it is read).
MAX_STREAM_BYTES = 64 * 2**20

# Bytes of a record file `check --fix` rewrites or `check --diff` shows: the
# fixes are searched and applied on the whole text at once (plain `check`
# reads a file of any size in pieces).
MAX_EDIT_BYTES = 4 * 2**20  # as MAX_WHOLE_RECORD_CHARS: the games are all held

# Characters of a record file read whole: by every command but `check`, which
# reads one in pieces (`fmt`, `game`, `analyse`, `annotate`, ... hold its games
# and their positions: 32 bytes of memory a character for comment-heavy Mǽrstánas
# records, 130 for bare moves, 250 for long 1992 Hnefatafl games; this many take
# at most about 1 GB, and fewer moves than `MAX_WHOLE_RECORD_MOVES` below).
MAX_WHOLE_RECORD_CHARS = 4 * 2**20
# and games of it: each is held with its positions (a megabyte of lines of `*`
# is half a million empty games, 900 MB)
MAX_WHOLE_RECORD_GAMES = 10_000
# and moves of all its games, every variation included: each is held with its
# position, up to 5 KB for a 19x19 board (297 long 1992 Hnefatafl games without
# move numbers, 594,000 moves in 4 Mi characters, reached 4 GB; at this many,
# `game` holds up to 1.7 GB for 19x19 games)
MAX_WHOLE_RECORD_MOVES = 250_000

# Frames of an animated GIF (`diagram -o X.gif`: one a ply and the start): every
# frame is kept until the file is written (a third of a megabyte or more each; at
# both GIF limits, 19x19 frames of 828 x 1,042 pixels, a run takes about 470 MB).
MAX_GIF_FRAMES = 400
# Lines of a comment under an animated GIF's board: every frame is as tall as the
# longest (a 54 KB comment made 37 frames of 24,709 pixels, 823 MB)
MAX_GIF_CAPTION_LINES = 24

# Characters of one game read from an open text handle (`notation.stream.read_game`),
# counted from its last tag line: a handle's size is not known before it is read.
MAX_HANDLE_GAME_CHARS = 64 * 2**20

# Characters of a move list given to `import`: a whole game copied from the
# author's apps, with the page around it, is a few kilobytes; reading stops
# here, so megabytes of blank lines or one endless line cost no more.
MAX_IMPORT_CHARS = 2**20

# Seconds to wait for a writer on a named pipe given as an input file.
FIFO_WAIT_SECONDS = 10.0

# Moves in one game, counting every variation: about 2 KB of memory each
# while a game is replayed, so one game stays under about 100 MB.
MAX_GAME_MOVES = 50_000
# Variations (an empty `()` too), comments (`{}` too), NAGs and tags in one game:
# each is held as a move is (6.7 million `()` after one move took `check` to
# 3.9 GB; 9 million tag lines 4 GB)
MAX_GAME_ASIDES = 50_000
# Problems (errors and warnings) found reading one game: each is kept to be
# reported with its excerpt (a comment of 320,000 unreadable `[%eval]` held 188 MB,
# and two million on one line did not finish in five minutes). The bounds on a
# game's moves, asides and numbers keep them under this; it is the last guard.
MAX_GAME_PROBLEMS = 100_000
# Squares of one move's removal (or capture) list: the largest board's (19 x 19);
# a list of 500,000 took 800 MB and 20 s to explain
MAX_REMOVAL_SQUARES = 361

# Variations open at once (a `(` not yet closed). Beyond 50 the record builder
# reports M109 and reads on; beyond this the reader stops: the grammar's
# parser slows down with the depth of what it holds open.
MAX_OPEN_VARIATIONS = 10_000

# Characters of one tag value.
MAX_TAG_CHARS = 10_000

# Characters of record text (whitespace runs counted once) in one game, and in
# all the games of one document, set as PDF: ReportLab sets a paragraph again
# for every page it runs onto, so its time grows with the square of a
# paragraph's length. HTML has no such limit.
MAX_PDF_GAME_CHARS = 50_000
MAX_PDF_DOCUMENT_CHARS = 500_000
# Moves (variations included) of the games one `game` document shows, as HTML or
# PDF: a page holds 20 to 30 KB of memory a move while it is made, and a diagram
# every few moves (a record of 594,000 moves made a 1.7 GB HTML page at 15 GB;
# 70,000 moves of 19x19 games a PDF in 150 s). At this many, the 1992
# Hnefatafl's big boards take 13 s of CPU and 200 MB as PDF, 4 s and 320 MB
# as a 29 MB HTML page.
MAX_DOCUMENT_MOVES = 10_000

# A rulebook or quick-reference source (`rulebook --source/--check`, `quickref
# --source`) is untrusted input, set by ReportLab, whose time grows with the
# square of a paragraph's length: bytes of the source file, of its front matter
# and of one front-matter value; characters of one paragraph (a list item, a
# table cell, a heading or a glossary entry too), of one caption (a figure's or
# a record's, a panel label, an alt text) and of all the book's text, with
# every reference filled in; panels of one figure (they are set side by side).
# A record block is preformatted: ReportLab's time grows with the square of a
# run of spaces in it, so it is held to the length of a caption.
MAX_BOOK_SOURCE_BYTES = 2 * 2**20
MAX_FRONT_MATTER_BYTES = 16 * 2**10
MAX_FRONT_VALUE_CHARS = 1_000
MAX_BOOK_PARAGRAPH_CHARS = 10_000
MAX_BOOK_CAPTION_CHARS = 2_000
MAX_BOOK_TEXT_CHARS = 500_000
# Letters of one word of a heading: a longer one is a mistake (a 1,800-letter word
# passed --check, then the build failed). A word wider than its line is split at
# the line's edge, without a hyphen. Our longest heading word has 16 letters.
MAX_HEADING_WORD_CHARS = 60
# A heading, and a table's header cell, stay on the page they start: neither is
# ever split (a 1,979-character chapter title, or a header cell of 989 in a column
# of 1/12, passed --check and stopped the PDF build). 200 characters of a chapter
# title take five lines; 100 in the narrowest column about 20 lines of it.
MAX_HEADING_CHARS = 200
MAX_TABLE_HEADER_CELL_CHARS = 100
MAX_FIGURE_PANELS = 6
# Each text of a book is a paragraph to set, however short (a table of 100,000
# one-letter cells took minutes), so it counts as at least this many characters
# of the whole; each figure and record block is drawn and checked by the
# engine (2,000 figures took 32 s), so a book has at most this many. Every other
# drawn block counts too (a stone key, a table, a sheet of pencil boards), and a
# sample game, a whole game document, as ten (it took 0.09 s, five figures' time,
# and 124 KB of HTML; 4,000 of them had ended in a MemoryError).
MIN_BOOK_TEXT_CHARGE = 100
MAX_BOOK_FIGURES = 200
SAMPLE_GAME_FIGURES = 10
# Chapters and sections of one book: each is an entry of the contents, which
# ReportLab sets again on every pass that settles the page numbers (4,800 took 82 s).
MAX_BOOK_HEADINGS = 300
# Appendices of one book: they are lettered A to H.
MAX_BOOK_APPENDICES = 8
# Lines of one source: markdown-it parses a whole source into blocks before any
# limit on them can be applied (400,000 one-letter list items took 41 s and 770 MB).
# Our longest book has 689 lines.
MAX_BOOK_SOURCE_LINES = 20_000
# Text of one table of a book: a cell, a row, the whole table (a glossary is set as a
# table of two columns: its entry is a row). ReportLab sets a row's cells again for
# every page the row runs onto, and again at each height it tries for a split, so a
# row of six 9,990-character cells took 21 s and eight of them over a minute and
# 400 MB. At these bounds the worst table or glossary builds in a few seconds; our
# largest table has 525 characters, its longest row 168, its longest cell 143.
MAX_BOOK_TABLE_CELL_CHARS = 1_000
MAX_BOOK_TABLE_ROW_CHARS = 2_000
MAX_BOOK_TABLE_CHARS = 10_000

# Columns of one table in a book, and the narrowest a column may be, as a share
# of the text width (its dashes against the row's): narrower, a cell has no room.
MAX_TABLE_COLUMNS = 6
MIN_TABLE_COLUMN_SHARE = 1 / 12

# Digits of a whole number given to an option or written in a book source,
# leading zeros left out: far above any value's range, far below the 4,300
# digits past which Python's int() refuses to read one (a traceback).
MAX_NUMBER_DIGITS = 100

# Pixels of a photo given to `scan`, read from its header before it is decoded:
# a phone's photo has 12 to 48 million; decoding and straightening one costs
# some bytes per pixel (a 25,000 x 25,000 PNG of 668 KB took 1.3 GB).
MAX_PHOTO_PIXELS = 50_000_000

# Scans of a JPEG given to `scan` (start-of-scan markers, counted before it is
# decoded): the decoder passes over every block once a scan, so a small
# progressive JPEG that repeats its last scan thousands of times costs minutes
# (2,000 scans of 49 million pixels in 342 KB: 62 s). A camera's or an editor's
# progressive JPEG has about ten, a thumbnail in its header a few more.
MAX_JPEG_SCANS = 100
