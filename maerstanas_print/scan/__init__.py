"""Scannable score sheets and reading their photos back into records.

`layout.py` says where every fillable mark is; `frame.py` draws the parts every
game's scannable sheet shares (registration squares, QR code, human fields,
rows of marks); `payload.py` is what the QR code says; `capabilities.py` is what
a game gives (its sheet and how a move is marked). Reading a photo needs the
optional `scan` extra (OpenCV, pypdfium2): `photo.py` finds and straightens the
sheet, `marks.py` measures each mark, `decode.py` picks the legal game the marks
say most likely, with the doubts it leaves.
"""
