"""The common YAML file read by a scanner of its own, to the tree ``read_yaml`` gives.

A component.yaml is nearly always written the same way: block mappings and lists by
indentation, [ ] and { } on a line or a few, plain or simply quoted scalars, comments.
libyaml reads such a file fast, but handing its events to Python costs an object per event
and two per place; reading the text here costs less than that hand-over alone: one match a
block line, one findall the items of a [ ] or { } of plain scalars and flat [ ] and { }
(a tidy flat one is split at its commas; any other [ ] or { } is scanned token by token).
What was made of a line or of a one-line [ ] or { } is kept by its text (a comment after
it does not count), so that meeting it again (a library repeats [0, 0, 1] and ``source:
estimated`` many times) is only building its records where it now stands; what was made of
the text before a line's value is kept too, for the lines that differ in their numbers.

The subset is strict: ``read_plain`` returns None (and ``read_yaml_fast`` reads the file
the longer way) for anything else: a tab, CR or character libyaml does not read as text, an
anchor, alias, tag, directive, document marker, block scalar, quoted text with an escape,
a quoted scalar over more than one line, a plain one whose later lines are not plain
words of the subset or have a comment or blank line among them, an empty value, a key
that is not a plain name or is given twice, a ':', '?' or '#' inside a plain scalar of a
[ ] or { }, a [ ] or { } whose later lines are not more indented than its first, a limit
of yamlio reached (the longer way reports it). Within it, every value, kind, raw number
and place is the one ``read_yaml`` gives, which ``tests/library/test_plainyaml.py`` checks
against it.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .. import yamlio
from ..yamlio import NOT_STRINGS, YNode, plain_value, span_places
from .filling import LAID_OUT
from .filling import collection as _collection
from .filling import new as _new

# Text libyaml reads as printable characters and no line break but '\n': no tab, CR, NEL,
# BOM, U+2028/9 or control character (any of them: the longer way). The class of every such
# character takes milliseconds to compile, so it is made for the first text that is not
# ASCII; in ASCII text (nearly every file) those are the characters str.isprintable
# refuses (\x20-\x7e are printable, the rest are not), which it finds faster.


@lru_cache(maxsize=1)
def _outside_wide():
    return re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd"
                      "\U00010000-\U0010ffff]")


def _outside(text: str) -> bool:
    """Whether ``text`` holds a character the subset leaves to the longer way."""
    if text.isascii():
        return not text.replace("\n", "").isprintable()
    return _outside_wide().search(text) is not None


# A line of a block, all in one match: its indentation (1), an optional '- ' (2), an
# optional key and its ':' (3 plain, 4 and 5 quoted: a plain name; a simple key is at most
# 1,024 characters in libyaml), an optional scalar (6 plain: not starting with an
# indicator, no ': ' or ' #' inside, no trailing space; 7 and 8 quoted, without escapes)
# and the end of the line (9: spaces, and a comment after a space). Group 9 unmatched
# leaves the rest of the line to the reader: a [ ] or { }, or not the subset.
_NAME = r"[A-Za-z_][A-Za-z0-9_.\-]{0,999}"      # yamlio's plain name, as a simple key
# a word of a plain scalar: no space, and ':' only before another character; its runs of
# other characters are taken whole (possessively), one step each rather than one a character
_WORD = r"(?:[^ \n:]++|:(?=[^ \n]))"
_LINE = re.compile(rf"""([ ]*)(-(?:[ ]+|(?=\n|\Z)))?
    (?:(?:({_NAME})|'({_NAME})'|"({_NAME})"):(?:[ ]+|(?=\n|\Z)))?
    (?:((?:[^-?:,\[\]{{}}\#&*!|>'"%@` \n]|-(?=[^ \n])){_WORD}*(?:[ ]+(?!\#){_WORD}+)*)
       |'([^'\n]*)'(?!')|"([^"\\\n]*)")?
    ([ ]*(?:(?<=[ ])\#[^\n]*)?(?=\n|\Z))?""", re.X)

# A line that goes on with the plain scalar of a line above: plain text of the subset (as
# _LINE's value, no ': ' or ' #' in it), then spaces.
_GOES_ON = re.compile(rf"""((?:[^-?:,\[\]{{}}\#&*!|>'"%@` \n]|-(?=[^ \n])){_WORD}*
    (?:[ ]+(?!\#){_WORD}+)*)[ ]*\Z""", re.X).match

# What may follow a [ ] or { } on its line: spaces, and a comment after a space.
_REST = re.compile(r" *(?:(?<= )#[^\n]*)?(?=\n|\Z)")

# The tokens of a [ ] or { } as one list (findall: one call): each is (the spaces and line
# breaks before it, the token, the ',' or ':' after it, a character that starts no token).
# A token is a bracket, a quoted scalar without escapes, a comment or a plain scalar (no
# ':', '#' or flow indicator in it); ':' is one only before a space. Every character of the
# text is in some tuple, so the places can be counted from the lengths.
_FW = r"[^ \n,\[\]{}:#?]"
_FLOW_PLAIN = rf"(?:[^-?,\[\]{{}}:\#&*!|>'\"%@` \n]|-(?=[^ \n,\[\]{{}}])){_FW}*(?:[ ]+{_FW}+)*"
# A [ ] or { } of plain scalars alone on one line (most of them: [x, y, z]) is one token,
# whose items one findall lists (_ITEMS). ``gap`` is what may stand after an opening bracket
# or a ',' and before a closing bracket: spaces, or spaces and line breaks over lines.
def _seq_of(item: str, gap: str = "[ ]*") -> str:
    return rf"\[{gap}(?:{item}(?:[ ]*,{gap}{item})*)?{gap}\]"


def _map_of(item: str, gap: str = "[ ]*") -> str:
    return rf"\{{{gap}(?:{_NAME}:[ ]+{item}(?:[ ]*,{gap}{_NAME}:[ ]+{item})*)?{gap}\}}"


_FLAT_SEQ = _seq_of(_FLOW_PLAIN)
_FLAT_MAP = _map_of(_FLOW_PLAIN)
_FLAT_ITEM = rf"(?:{_FLAT_SEQ}|{_FLAT_MAP}|{_FLOW_PLAIN})"
# A [ ] or { } whose items are plain scalars or such flat ones ({pos: [..], well: {..}},
# [[..], [..]]), then the end of its last line: read by _flat without _TOKENS, as most are;
# on one line or over lines, each line break after an opening bracket or a ',' or before a
# closing bracket. One pattern serves both (given one line, it matches none of the breaks):
# each such pattern takes milliseconds to compile, in every process.
_AT_END = r"(?= *(?:(?<= )#[^\n]*)?(?=\n|\Z))"
_BREAKS = r"[ \n]*"
_NESTED = re.compile(rf"(?:{_seq_of(_FLAT_ITEM, _BREAKS)}|{_map_of(_FLAT_ITEM, _BREAKS)})"
                     rf"{_AT_END}").match
# The items of such a [ ] or { } from just after its opening bracket, in one findall: the
# spaces (and line breaks) before each, its key and the ':' and spaces after the key (in a
# { }), the item, and the spaces (and line breaks) before the ',' or bracket that ends it:
# every character of the text is in some tuple, so the columns are counted from the lengths.
_ITEMS = re.compile(rf"([ \n]*)(?:({_NAME})(:[ ]+))?({_FLAT_ITEM})([ \n]*)[,\]}}]").findall
_TOKENS = re.compile(rf"""([ \n]*)(?:
    ({_FLAT_SEQ}|{_FLAT_MAP}|[\[\]{{}}]|'[^'\n]*'(?!')|"[^"\\\n]*"|\#[^\n]*|{_FLOW_PLAIN})
    (:(?=[ \n])|[ ]*,)?
    |([^\n]))""", re.X).findall

# plain scalars read so far, as (kind, value, raw): a library repeats most of its numbers
_RESOLVED: dict[str, tuple] = {}
_RESOLVED_MAX = 50_000


def forget() -> None:
    """Drop the scalars, lines and [ ]/{ } kept so far: the state of a fresh process (a
    benchmark measures it this way)."""
    _RESOLVED.clear()
    _SEEN_LINES.clear()
    _SEEN_FLOWS.clear()
    _SEEN_OVER.clear()
    _SEEN_HEADS.clear()


class _Decline(Exception):
    """Not the subset: read the file the longer way."""


def read_plain(text: str, file: str) -> YNode | None:
    """The tree of ``text`` as ``read_yaml`` gives it, or None when it is not the subset."""
    if not LAID_OUT or _outside(text):
        return None
    try:
        return _Reader(text, file).read()
    except _Decline:
        return None


def _resolve(text: str) -> tuple:
    """(kind, value, raw) of a plain scalar, as yamlio reads it; kept for the next time."""
    out = plain_value(text)
    if len(_RESOLVED) >= _RESOLVED_MAX:
        _RESOLVED.clear()
    _RESOLVED[text] = out
    return out


def _block_place(file, sline, scol, eline0, ecol0) -> tuple:
    """The place of a block collection from (sline, scol), 1-based, to the next token at
    (eline0, ecol0), 0-based, as yamlio words it."""
    return (file,) + span_places(sline - 1, scol - 1, eline0, ecol0)


class _Block:
    """An open block mapping or list: its indentation (the column of its keys or dashes),
    its values, where it starts, and the key whose value is still to come."""

    __slots__ = ("is_map", "indent", "values", "key_places", "line", "key", "indentless")

    def __init__(self, is_map, indent, line, indentless):
        self.is_map = is_map
        self.indent = indent
        self.values = {} if is_map else []
        self.key_places = {} if is_map else None
        self.line = line
        self.key = None
        self.indentless = indentless


class _Reader:
    __slots__ = ("text", "file", "stack", "root", "left", "line0", "line_start")

    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self.stack: list[_Block] = []
        self.root = None
        self.left = yamlio.MAX_VALUES      # values the file may still hold
        self.line0 = 0                     # the line being read, 0-based
        self.line_start = 0                # where it starts in text

    def read(self) -> YNode:
        text, file = self.text, self.file
        n = len(text)
        stack = self.stack
        seen = _SEEN_LINES
        new = _new
        start = line0 = 0
        while start <= n:
            self.line0 = line0
            self.line_start = start
            eol = text.find("\n", start)
            if eol < 0:
                eol = n
            line = text[start:eol]
            shape = seen.get(line)
            if shape is None:
                # a line with a comment is read as the text before its first ' #' when that
                # was a line read before (if the ' #' is inside quotes, it was none)
                h = line.find(" #")
                if h < 0 or (shape := seen.get(line[:h])) is None:
                    shape = _head_shape(line)
                    if shape is None:
                        shape = _line_shape(line)
                        _keep_head(line, shape)
                    if len(seen) >= _SEEN_MAX:
                        seen.clear()
                    seen[line] = shape
                    if h >= 0 and shape is not None and (
                            shape is _BLANK or shape[6] is not None or shape[7] == h):
                        seen[line[:h]] = shape      # its comment starts there
            if shape is _BLANK:
                line0 += 1
                start = eol + 1
                continue
            if shape is None:
                raise _Decline
            ind, dash, col, key, key_end, scalar, flow_col, _ = shape
            # close what the line ends
            while stack:
                top = stack[-1]
                if ind > top.indent:
                    break
                if ind == top.indent:
                    if top.is_map:
                        if not dash or top.key is not None:
                            break        # a key, or a list at the key's own indentation
                    elif dash:
                        break
                    elif not top.indentless:
                        raise _Decline   # a key beside a list's dashes
                self.close(line0, ind)
            top = stack[-1] if stack else None
            if top is None and self.root is not None:
                raise _Decline           # more after the root
            line1 = line0 + 1
            if dash:
                if top is None or top.is_map or top.indent != ind:
                    top = self.open(False, ind, top, False)
            if key is not None:
                if top is not None and top.is_map and top.indent == col:
                    if top.key is not None:
                        raise _Decline   # the key before this one has no value
                else:
                    top = self.open(True, col, top, dash)
                values = top.values
                if key in values:
                    raise _Decline
                top.key_places[key] = (file, line1, col + 1, line1, key_end)
                top.key = key
                values[key] = None        # keeps the order; the value replaces it
                self.left -= 1
            if scalar is not None:
                self.left -= 1
                node = new(YNode)           # its Span made when asked for (see YNode)
                d = node.__dict__
                folded = None
                thr = ind if key is None else col
                if eol < n and text.startswith(" " * (thr + 1), eol + 1) and \
                        line[scalar[0] - 1] not in "'\"" and not line[scalar[1]:].strip(" "):
                    # a line below more indented than the key or '-': a plain scalar with
                    # nothing after it on its line may go on there
                    folded = self.fold(line[scalar[0] - 1:scalar[1]], eol, thr, scalar[0])
                if folded is not None:
                    eol, line0, d["kind"], d["value"], d["raw"], d["_place"] = folded
                else:
                    d["kind"] = scalar[2]
                    d["value"] = scalar[3]
                    d["_place"] = (file, line1, scalar[0], line1, scalar[1])
                    d["raw"] = scalar[4]
                if key is not None:
                    top.values[key] = node
                    top.key = None
                else:
                    top.values.append(node)
            elif flow_col is not None:
                eol = self.flow(start + flow_col, eol, ind)
                line0 = self.line0
            if self.left < 0:
                raise _Decline           # the longer way reports the limit
            line0 += 1                   # (after a key alone, its value is below)
            start = eol + 1
        self.line0 = line0
        # The end of the text closes what is still open, as a line would that starts where
        # the text ends (past trailing spaces or a comment); then libyaml puts the end of
        # the stream at the start of the next line, and closes the rest there.
        last_line0 = text.count("\n")
        last_col = n - (text.rfind("\n") + 1)
        while stack and last_col and stack[-1].indent > last_col:
            self.close(last_line0, last_col)
        while stack:
            self.close(last_line0 + (1 if last_col else 0), 0)
        if self.root is None:
            raise _Decline
        return self.root

    def fold(self, first: str, eol: int, thr: int, column: int) -> tuple | None:
        """A plain scalar that starts at ``column`` (1-based) of this line as ``first`` and
        goes on over the lines below more indented than ``thr``, up to a blank line, a
        comment or a line less indented, folded as YAML folds it (a space for each line
        break): (the end of its last line in the text, that line (0-based), kind, value,
        raw, place); None when the line below is no part of it. A line below that is not
        plain text of the subset is left to the longer way (it may end the scalar, or be an
        error)."""
        text = self.text
        n = len(text)
        words = [first]
        line0 = self.line0
        end_col = 0
        pos = eol
        while pos < n:
            nxt = text.find("\n", pos + 1)
            if nxt < 0:
                nxt = n
            line = text[pos + 1:nxt]
            body = line.lstrip(" ")
            if not body or body[0] == "#" or len(line) - len(body) <= thr:
                break
            m = _GOES_ON(body)
            if m is None:
                raise _Decline
            words.append(m.group(1))
            line0 += 1
            end_col = len(line) - len(body) + m.end(1)
            pos = nxt
        if line0 == self.line0:
            return None
        kind, value, raw = plain_value(" ".join(words))
        place = (self.file,) + span_places(self.line0, column - 1, line0, end_col)
        return pos, line0, kind, value, raw, place

    def count(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _Decline               # the longer way reports the limit

    def open(self, is_map: bool, indent: int, parent: _Block | None, item: bool) -> _Block:
        """A block collection starting at ``indent`` on this line: the root, the value of
        the parent's key (on a line below it; a list may stand at the key's indentation)
        or an item of the parent list (``item``: on the line of its '-')."""
        if parent is not None:
            if parent.is_map:
                if parent.key is None or indent < parent.indent or \
                        (indent == parent.indent and is_map):
                    raise _Decline
            elif not item or indent <= parent.indent:
                raise _Decline
        if len(self.stack) + 1 > yamlio.MAX_DEPTH:
            raise _Decline
        self.count()
        indentless = parent is not None and parent.is_map and indent == parent.indent
        block = _Block(is_map, indent, self.line0 + 1, indentless)
        self.stack.append(block)
        return block

    def close(self, eline0: int, ecol0: int) -> None:
        block = self.stack.pop()
        place = _block_place(self.file, block.line, block.indent + 1, eline0, ecol0)
        if block.is_map:
            if block.key is not None:
                raise _Decline           # an empty value
            node = _collection("map", block.values, place, block.key_places)
        else:
            node = _collection("seq", tuple(block.values), place)
        self.attach(node)

    def attach(self, node: YNode) -> None:
        if not self.stack:
            if self.root is not None:
                raise _Decline
            self.root = node
            return
        top = self.stack[-1]
        if top.is_map:
            top.values[top.key] = node
            top.key = None
        else:
            top.values.append(node)

    def done(self, node: YNode, end: int, values: int, line0: int, line_start: int):
        """A [ ] or { } read whole: its values counted, the reader moved to its last line."""
        self.left -= values
        if self.left < 0:
            raise _Decline
        self.line0 = line0
        self.line_start = line_start
        return node, end

    def flow(self, pos: int, eol: int, ind: int) -> int:
        """The [ ] or { } opening at ``pos``: read, attached, and the end of its last line
        returned. It is read from the rest of its line, or, when it does not close there,
        from the lines below that are more indented than ``ind`` (blank ones too)."""
        text = self.text
        seg = text[pos:eol]
        col = pos - self.line_start
        known = _SEEN_FLOWS.get(seg)
        if known is None and (seg[-1] == " " or " #" in seg):
            # kept by the text of the [ ] or { } alone: what follows it on its line is
            # spaces and a comment from the first ' #' on (before it, there is no [ ] or
            # { } read before when that ' #' is inside quotes)
            h = seg.find(" #")
            known = _SEEN_FLOWS.get((seg if h < 0 else seg[:h]).rstrip(" "))
        if known:                           # this very text was read before, on one line
            shape, values, depth = known
            self.left -= values
            if self.left < 0 or len(self.stack) + depth > yamlio.MAX_DEPTH:
                raise _Decline
            self.attach(_build(shape, self.file, self.line0 + 1, col))
            return eol
        line0 = self.line0
        m = _NESTED(text, pos, eol)
        if m is not None and len(self.stack) + 2 <= yamlio.MAX_DEPTH:
            # a [ ] or { } of plain scalars and flat [ ] and { }, then the end of the line
            # (two levels deep at most, which the stack has room for)
            alone = m.group()
            node, values = _flat(alone, self.file, line0 + 1, col)
            self.left -= values
            if self.left < 0:
                raise _Decline
            _remember(alone, node, col, values)
            self.attach(node)
            return eol
        left = self.left
        over = _SEEN_OVER.get(seg)
        if over:                            # read before over these very lines
            full, least, lines, shape, values, depth = over
            m = _REST.match(text, pos + len(full)) if least > ind and \
                text.startswith(full, pos) else None
            if m is not None:
                self.left -= values
                if self.left < 0 or len(self.stack) + depth > yamlio.MAX_DEPTH:
                    raise _Decline
                self.line0 = line0 + lines
                self.line_start = text.rfind("\n", 0, m.start()) + 1
                self.attach(_build(shape, self.file, line0 + 1, col))
                return m.end()
        if seg.count("[") + seg.count("{") > seg.count("]") + seg.count("}") and \
                "'" not in seg and '"' not in seg and "#" not in seg:
            node = None                 # every bracket is one: it does not close here
        else:
            node, end = self.tokens(seg, pos)
        if node is None:
            last = eol
            n = len(text)
            while last < n:
                nxt = text.find("\n", last + 1)
                if nxt < 0:
                    nxt = n
                line = text[last + 1:nxt]
                if line.strip(" ") and len(line) - len(line.lstrip(" ")) <= ind:
                    break
                last = nxt
            m = _NESTED(text, pos, last)
            if m is not None and len(self.stack) + 2 <= yamlio.MAX_DEPTH:
                end = m.end()
                node, values = _flat(m.group(), self.file, line0 + 1, col)
                self.done(node, end, values, line0 + text.count("\n", pos, end),
                          text.rfind("\n", 0, end) + 1)
            else:
                node, end = self.tokens(text[pos:last], pos)
                if node is None:
                    raise _Decline
        m = _REST.match(text, end)
        if m is None:
            raise _Decline
        if self.line0 == line0:
            _remember(text[pos:end], node, col, left - self.left)
        else:                               # over lines: kept by its first, once it is
            if len(_SEEN_OVER) >= _SEEN_MAX:    # met a second time
                _SEEN_OVER.clear()
            shape = None if over is None else _shape(node, line0 + 1, col)
            _SEEN_OVER[seg] = _ONCE if shape is None else (
                text[pos:end], _least_indent(text[eol + 1:end]), self.line0 - line0,
                shape, left - self.left, _depth(node))
        self.attach(node)
        return m.end()

    def tokens(self, seg: str, at: int) -> tuple[YNode | None, int | None]:
        """The tree of the [ ] or { } that ``seg`` (the text from ``at``) opens and where it
        ends, or (None, None) when it does not close in ``seg``; raises _Decline for
        anything else that is not the subset."""
        file = self.file
        line0 = self.line0
        line_start = self.line_start
        room = yamlio.MAX_DEPTH - len(self.stack)
        new = _new
        resolved = _RESOLVED
        # open collections: [is_map, values, key places, line, column, state, key]; state
        # is 0 after the opening bracket, 1 after a value (a closing bracket next), 2 after
        # a ',' (a value or a key next) and 3 after a key's ':' (its value next)
        stack: list[list] = []
        top = None
        values = 0
        off = at
        for spaces, tok, sep, junk in _TOKENS(seg):
            if junk:
                raise _Decline
            c = off + len(spaces)               # where the token starts
            off = c + len(tok)                  # and the first place after it
            if "\n" in spaces:
                line0 += spaces.count("\n")
                line_start = c - (len(spaces) - 1 - spaces.rindex("\n"))
                if c == line_start:
                    raise _Decline               # at the start of a line
            ch = tok[0]
            if ch == "#":
                if not spaces:
                    raise _Decline               # '#' inside a plain scalar
                continue
            if ch == "[" or ch == "{":
                if top is not None and (top[5] != 3 if top[0] else top[5] == 1):
                    raise _Decline
                if len(stack) >= room:
                    raise _Decline
                if len(tok) == 1:
                    if sep:
                        raise _Decline
                    values += 1
                    is_map = ch == "{"
                    top = [is_map, {} if is_map else [], {} if is_map else None, line0 + 1,
                           c - line_start + 1, 0, None]
                    stack.append(top)
                    continue
                node, n = _flat(tok, file, line0 + 1, c - line_start)
                values += n
                if top is None:
                    if sep:
                        raise _Decline
                    return self.done(node, off, values, line0, line_start)
            elif top is None:
                raise _Decline
            elif ch == "]" or ch == "}":
                if top[0] != (ch == "}") or top[5] > 1:
                    raise _Decline               # the wrong bracket, or after ',' or ':'
                stack.pop()
                end = off - line_start          # over lines, yamlio's span keeps it at
                place = (file, top[3], top[4], line0 + 1,
                         end if end > top[4] else top[4])      # the start's column
                node = _collection("map", top[1], place, top[2]) if top[0] else \
                    _collection("seq", tuple(top[1]), place)
                if not stack:
                    if sep:
                        raise _Decline
                    return self.done(node, off, values, line0, line_start)
                top = stack[-1]
            else:                                # a scalar
                values += 1
                line1 = line0 + 1
                place = (file, line1, c - line_start + 1, line1, off - line_start)
                if ch == "'" or ch == '"':
                    text = tok[1:-1]
                    kind, value, raw = "str", text, None
                else:
                    text = tok
                    try:
                        kind, value, raw = resolved[tok]
                    except KeyError:
                        kind, value, raw = _resolve(tok)
                if sep == ":":                   # a key: a plain name (quoted or not)
                    if not top[0] or top[5] & 1 or kind != "str" or not _is_name(text) \
                            or text in top[1]:
                        raise _Decline
                    top[2][text] = place
                    top[6] = text
                    top[5] = 3
                    off += 1
                    continue
                if top[5] != 3 if top[0] else top[5] == 1:
                    raise _Decline
                node = new(YNode)
                d = node.__dict__
                d["kind"] = kind
                d["value"] = value
                d["_place"] = place
                d["raw"] = raw
            # a complete value: an item, or a key's value
            if top[0]:
                top[1][top[6]] = node
            else:
                top[1].append(node)
            if sep:
                top[5] = 2
                off += len(sep)
            else:
                top[5] = 1
        if stack:
            return None, None
        raise _Decline

def _flat(tok: str, file: str, line1: int, col: int) -> tuple[YNode, int]:
    """The node of a [ ] or { } of plain scalars and flat [ ] and { } (a _FLAT_SEQ or
    _FLAT_MAP token, or what _NESTED matched) opening at column ``col`` (0-based) of line
    ``line1``, and how many values it holds (itself, its keys and their values)."""
    is_map = tok[0] == "{"
    items = []
    key_places: dict[str, tuple] = {}
    first = line1
    inner = tok[1:-1]
    parts = inner.split(", ")
    k = len(parts)
    if inner.count(",") == k - 1 and inner.count(" ") == (k + k - 1 if is_map else k - 1) \
            and inner and inner[0] != " " and "[" not in inner and "{" not in inner \
            and "\n" not in inner:
        # Written tidily (most are): plain scalars with no space inside, one space after
        # each ',' and ':', none elsewhere; the columns follow from the lengths alone.
        values = 1 + (k + k if is_map else k)
        c = col + 2                     # the item's or key's first column, 1-based
        resolved = _RESOLVED
        new = _new
        for item in parts:
            if is_map:
                name, _, item = item.partition(": ")
                if name in NOT_STRINGS or name in key_places:
                    raise _Decline
                e = c + len(name)
                key_places[name] = (file, line1, c, line1, e - 1)
                c = e + 2
            e = c + len(item)
            node = new(YNode)           # as _plain makes it (inline: the most made here)
            d = node.__dict__
            d["kind"], d["value"], d["raw"] = resolved.get(item) or _resolve(item)
            d["_place"] = (file, line1, c, line1, e - 1)
            items.append(node)
            c = e + 2
    else:
        values = 1
        off = col + 1                   # where the next item's spaces start, 0-based
        for lead, name, colon, item, trail in _ITEMS(tok, 1):
            c = off + len(lead)         # where the key or item starts, 0-based
            if "\n" in lead:             # on a later line
                line1 += lead.count("\n")
                c = len(lead) - 1 - lead.rindex("\n")
            if name:
                if name in NOT_STRINGS or name in key_places:
                    raise _Decline
                off = c + len(name)
                key_places[name] = (file, line1, c + 1, line1, off)
                values += 1
                c = off + len(colon)
            off = c + len(item)         # the item's last column, 1-based
            if item[0] == "[" or item[0] == "{":
                node, n = _flat(item, file, line1, c)
                values += n
            else:
                node = _plain(item, file, line1, c + 1, off)
                values += 1
            items.append(node)
            off += len(trail) + 1
    if line1 == first and "\n" not in tok:
        place = (file, first, col + 1, first, col + len(tok))
    else:                               # over lines: yamlio's end column is at least its first
        place = (file, first, col + 1, first + tok.count("\n"),
                 max(len(tok) - 1 - tok.rindex("\n"), col + 1))
    if is_map:
        return _collection("map", dict(zip(key_places, items)), place, key_places), values
    return _collection("seq", tuple(items), place), values


def _plain(text: str, file: str, line1: int, column: int, end_column: int) -> YNode:
    """The node of the plain scalar ``text`` at those columns of line ``line1`` (filled here,
    its meaning unpacked into it: this is most of a library's values)."""
    node = _new(YNode)
    d = node.__dict__
    d["kind"], d["value"], d["raw"] = _RESOLVED.get(text) or _resolve(text)
    d["_place"] = (file, line1, column, line1, end_column)
    return node


# The lines read so far, by their text: what _line_shape made of them.
_SEEN_LINES: dict[str, object] = {}
_SEEN_MAX = 20_000                      # texts kept, of each kind, before starting afresh
_BLANK = ("blank",)


def _line_shape(line: str):
    """What a line of a block holds, apart from where it stands among the others: _BLANK
    (nothing, or a comment), None (not the subset, whatever comes before it), or (its
    indentation, whether it is a list item, the column of its key or item, the key, the
    key's end column (1-based), its scalar as (column, end column, kind, value, raw) and
    the column of the [ or { its value opens (0-based))."""
    m = _LINE.match(line)
    spaces, dash, plain_key, key1, key2, plain, value1, value2, end = m.groups()
    key = plain_key or key1 or key2
    scalar = None
    if plain is not None:
        c = m.start(6) + 1
        scalar = (c, c + len(plain) - 1) + (_RESOLVED.get(plain) or _resolve(plain))
    elif value1 is not None or value2 is not None:
        k = 7 if value1 is not None else 8
        scalar = (m.start(k), m.end(k) + 1, "str", m.group(k), None)
    if not dash and key is None and scalar is None and \
            (end is not None or line.startswith("#", len(spaces))):
        return _BLANK
    if key is None and not dash:
        return None                     # a scalar or [ ] on a line of its own
    if plain_key is not None and key in NOT_STRINGS:
        return None
    ind = len(spaces)
    col = ind + (len(dash) if dash else 0)      # where the item or key starts, 0-based
    key_end = col + len(key) + (0 if plain_key else 2) if key is not None else None
    flow_col = None
    cut = -1
    if end is None:
        flow_col = m.end()
        if scalar is not None or not line.startswith(("[", "{"), flow_col):
            return None                 # something after the scalar, or not a value
    elif scalar is None and key is None:
        return None                     # a '-' with nothing after it
    elif "#" in end:
        cut = m.start(9) + end.index("#") - 1
    return ind, bool(dash), col, key, key_end, scalar, flow_col, cut


# What _line_shape made of the text before a line's value (its indentation, '- ' and key)
# when the value is a [ ] or { } or a scalar to the end of the line: (indentation, list
# item, column, key, key's end column), by that text. A library's lines often differ only
# in their numbers (``mass: 0.2``, ``mount: {pos: [0, 0, -0.024], ...}``); such a line is
# read from the text before its value when that was met before and the value is a [ ] or
# { } or a number (or null or a bool) alone, which _line_shape reads the same whatever
# text comes before it.
_SEEN_HEADS: dict[str, tuple] = {}


def _head_shape(line: str):
    """The shape of ``line`` from the text before its value, when that is known and the
    value is a [ ] or { } or a scalar other than a string; else None."""
    b = line.find("[")
    c = line.find("{", 0, b if b >= 0 else len(line))
    if c >= 0:
        b = c
    if b > 0:
        head = _SEEN_HEADS.get(line[:b])
        return None if head is None else head + (None, b, -1)
    b = line.rfind(" ") + 1
    head = _SEEN_HEADS.get(line[:b]) if b else None
    if head is None or b == len(line):
        return None
    text = line[b:]
    scalar = _RESOLVED.get(text) or _resolve(text)
    if scalar[0] == "str":
        return None                     # some strings are not plain at all: _line_shape
    return head + ((b + 1, len(line)) + scalar, None, -1)


def _keep_head(line: str, shape) -> None:
    """``shape`` kept by the text before the line's value, if it has one."""
    if shape is None or shape is _BLANK:
        return
    if shape[6] is not None:
        b = shape[6]                    # where its [ or { opens
    elif shape[5] is not None:
        b = shape[5][0] - 1             # where its scalar (or quote) starts
    else:
        return
    if len(_SEEN_HEADS) >= _SEEN_MAX:
        _SEEN_HEADS.clear()
    _SEEN_HEADS[line[:b]] = shape[:5]


# The [ ] and { } read on one line, by their text: _ONCE when met once, then (shape,
# values, depth). A library repeats many ([0, 0, 0], {type: continuous, axis: [0, 0, 1]});
# reading one again is then
# building its records from the shape, with the columns moved to where it stands.
_SEEN_FLOWS: dict[str, tuple] = {}
_ONCE = ()


def _remember(alone: str, node: YNode, col: int, values: int) -> None:
    """The [ ] or { } read on one line as ``alone``, at column ``col``, holding ``values``:
    kept for the next time once it is met a second time."""
    if len(_SEEN_FLOWS) >= _SEEN_MAX:
        _SEEN_FLOWS.clear()
    _SEEN_FLOWS[alone] = _ONCE if _SEEN_FLOWS.get(alone) is None else \
        (_shape(node, node.span.line, col), values, _depth(node))


# The [ ] and { } read over lines, by the text of their first line: _ONCE when met once,
# then (their whole text, the least indentation of its later lines that are not blank, the
# lines after the first, shape, values, depth).
_SEEN_OVER: dict[str, tuple] = {}


def _least_indent(lines: str) -> int:
    """The least indentation of the lines that are not blank (the lines of a [ ] or { }
    after its first, which the reader takes only when all are more indented than the
    line it opens on)."""
    return min((len(line) - len(line.lstrip(" ")) for line in lines.split("\n")
                if line.strip(" ")), default=0)


def _shape(node: YNode, line1: int, col: int) -> tuple | None:
    """``node`` read from line ``line1``, its [ or { at column ``col`` (0-based), with each
    place as (lines after line1, column): a column on line1 counted from ``col``, on a later
    line as it stands (a later line is part of the text the shape is kept by). A scalar is
    (kind, lines, column, end column, value, raw); a collection (kind, lines, column, end
    lines, end column, items) and, for a map, its keys as (name, lines, column, end column)
    beside the items. None when a collection over lines may have had its end column raised
    to its first (as yamlio words it): its end is then not known from its span."""
    span = node.span
    dl = span.line - line1
    c = span.column - (0 if dl else col)
    kind = node.kind
    if kind != "seq" and kind != "map":
        return kind, dl, c, span.end_column - (0 if dl else col), node.value, node.raw
    edl = span.end_line - line1
    if edl and span.end_column <= span.column:
        return None
    head = (kind, dl, c, edl, span.end_column - (0 if edl else col))
    items = tuple(_shape(item, line1, col) for item in
                  (node.value.values() if kind == "map" else node.value))
    if None in items:
        return None
    if kind == "seq":
        return head + (items,)
    keys = tuple((name, s.line - line1) + ((s.column, s.end_column) if s.line > line1 else
                                           (s.column - col, s.end_column - col))
                 for name, s in node.key_spans.items())
    return head + (items, keys)


def _depth(node: YNode) -> int:
    if node.kind == "seq":
        return 1 + max((_depth(item) for item in node.value), default=0)
    if node.kind == "map":
        return 1 + max((_depth(item) for item in node.value.values()), default=0)
    return 0


def _build(shape: tuple, file: str, line1: int, col: int) -> YNode:
    """The records of a collection's ``shape`` (see ``_shape``) read from line ``line1``, its
    [ or { at column ``col``: new records, equal to those read from the text."""
    new = _new
    items = []
    for item in shape[5]:
        kind = item[0]
        if kind == "seq" or kind == "map":
            items.append(_build(item, file, line1, col))
            continue
        _, dl, c, e, value, raw = item
        if not dl:
            c += col
            e += col
        line = line1 + dl
        node = new(YNode)   # written out: most records of a [ ]/{ } met again are made here
        d = node.__dict__
        d["kind"] = kind
        d["value"] = value
        d["_place"] = (file, line, c, line, e)
        d["raw"] = raw
        items.append(node)
    kind, dl, c, edl, e = shape[:5]
    if not dl:
        c += col
    if not edl:
        e += col
    elif e < c:
        e = c                           # over lines, yamlio's end column is at least its first
    place = (file, line1 + dl, c, line1 + edl, e)
    if kind == "seq":
        return _collection("seq", tuple(items), place)
    key_places = {}
    for name, dl, c, e in shape[6]:
        if not dl:
            c += col
            e += col
        key_places[name] = (file, line1 + dl, c, line1 + dl, e)
    return _collection("map", dict(zip(key_places, items)), place, key_places)


_is_name = re.compile(_NAME + r"\Z").match
