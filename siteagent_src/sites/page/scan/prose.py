"""Prose in the scan: when a block's text becomes a 'P' row, and when a block whose paragraphs are all
prose becomes one summary row (which `read` expands) followed by its links.

The walker (scan/tab/walker.py) collects, per open block, the texts it shows in order (`parts`) and the first
of them that is not only whitespace (`own`); these rules decide from that alone. Rows are the scan rows
of formatting/scan_format.py. Lengths and cuts count what the JS string counts (UTF-16 units) in the tab.

Pure: runs under CPython and as JS (parity-tested).
"""
from core.jsonval import squash, has_letter_or_digit

PROSE_MIN = 3            # a block's text shorter than this is not prose
HEAD_CAP = 200           # a prose row carries at most this much of its text


def prose_text(parts, own):
    """The text of a prose row for a block, or None: the parts joined and squashed, when that is at
    least PROSE_MIN long and the block's own first text holds a letter or digit."""
    if own is None or own == '' or len(parts) == 0:
        return None
    text = squash(parts[0] if len(parts) == 1 else ''.join(parts))
    if len(text) >= PROSE_MIN and has_letter_or_digit(own):
        return text
    return None


def prose_row(depth, uid, text):
    """['P', depth, uid, head, length]: a prose row carries its first HEAD_CAP characters and its length."""
    return ['P', depth, uid, text[0:HEAD_CAP], len(text)]


def merge_plan(rows, at, parts):
    """A block whose subtree printed only prose rows (two or more, with its own text) and links becomes
    one summary row then its links. rows[at] is the block's own (empty) slot; rows after it are its
    subtree's, None where a slot stayed empty. [head, total, merged, links] or None:
    head: the texts (own first) joined by spaces while under HEAD_CAP, cut at HEAD_CAP;
    total: their lengths plus one space between each; merged: how many prose rows it replaces;
    links: the link rows to put back after it."""
    count = 0
    total = 0
    size = 0
    merged = 0
    heads = []
    own = squash(''.join(parts))
    if own != '' and has_letter_or_digit(own):
        heads.append(own)
        total += len(own)
        size += len(own)
        count += 1
    links = []
    index = at + 1
    while index < len(rows):
        row = rows[index]
        index += 1
        if row is None:
            continue
        if row[0] == 'E' and row[2] == 'L':
            links.append(row)
            continue
        if row[0] != 'P':
            return None
        if size < HEAD_CAP:
            heads.append(row[3])
            size += len(row[3]) + 1
        total += row[4] + (1 if count > 0 else 0)
        count += 1
        merged += 1
    if count < 2:
        return None
    return [' '.join(heads)[0:HEAD_CAP], total, merged, links]
