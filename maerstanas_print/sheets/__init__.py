"""Printable sheets (boards, score sheets) as page descriptions for PDF and HTML."""
