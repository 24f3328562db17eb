"""Mǽrstánas beyond its core: documents, sheets, books, fix search, app importer, commands.

Each module here serves one layer; `maerstanas_print.plugins` registers them in
that layer's capabilities, to be imported on first use.
"""
