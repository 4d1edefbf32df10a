"""Tokens of the three program languages (docs/languages.md, "Lexical rules"), with their places.

The lexer never raises. A malformed token (an unterminated string, a bad number, a bad
reference, a character no token starts with) is reported once and still handed to the parser
as a token marked ``bad``, so the parser neither reports the same mistake again nor keeps
the item that holds it.

Lines end where ``mobiledsl.linebreaks`` says (``\\r\\n``, ``\\n``, ``\\r`` alone and the
others every reader counts), the way the renderer splits the source it shows; columns count
characters (code points), 1-based, end inclusive.
"""

from __future__ import annotations

import re

from ..diagnostics import Diagnostic, Span, error, excerpt
from ..linebreaks import BREAK, BREAK_CHARS
from ..numbers import MAX_CHARS, in_range
from ..recordtype import mutable_record

# token kinds
IDENT = "identifier"
NUMBER = "number"
STRING = "string"
REF = "reference"
LPAREN = "("
RPAREN = ")"
LBRACE = "{"
RBRACE = "}"
COMMA = ","
EQUALS = "="
ERROR = "error"  # characters no token starts with (already reported)
EOF = "end of file"

REF_KINDS = ("core", "world", "task")

_PUNCT = {"(": LPAREN, ")": RPAREN, "{": LBRACE, "}": RBRACE, ",": COMMA, "=": EQUALS}
_IDENT_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_IDENT_CHARS = _IDENT_START | frozenset("0123456789")
_DIGITS = frozenset("0123456789")
_NUMBER_BODY = _IDENT_CHARS | frozenset(".")
_WHITESPACE = frozenset(" \t\f\ufeff")
# JSON's number with an optional sign: the whole of a number token (fullmatch), or how a
# bad one begins (match). One pattern: each costs a start-up its compile.
_JSON_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX = frozenset("0123456789abcdefABCDEF")

#: diagnostics built per file; past this the lexer only counts them (the parser shows fewer)
MAX_LEX_DIAGNOSTICS = 1000


@mutable_record(slots=True)
class Token:
    kind: str
    text: str  # the source text of the token
    line: int
    col: int
    end_line: int
    end_col: int  # inclusive
    value: object = None  # decoded string, float, or (kind, name) for a reference
    bad: bool = False  # malformed; the lexer reported it
    first_on_line: bool = False
    indent: int = 1  # the column of the first token on this token's line

    def span(self, file: str) -> Span:
        return Span(file, self.line, self.col, self.end_line, self.end_col)

    # the value of a token of each kind, as the lexer decodes it (a malformed one too)
    def number(self) -> float:
        assert isinstance(self.value, float), self.kind
        return self.value

    def string(self) -> str:
        assert isinstance(self.value, str), self.kind
        return self.value

    def reference(self) -> tuple[str, str]:
        assert isinstance(self.value, tuple), self.kind
        kind, name = self.value
        return kind, name

    def show(self) -> str:
        """The token as a message shows it: `text`, or 'the end of the file'."""
        if self.kind == EOF:
            return "the end of the file"
        text = self.text if len(self.text) <= 30 else self.text[:27] + "..."
        return f"`{printable(text)}`"


def tokenize(text: str, file: str) -> tuple[list[Token], list[Diagnostic], int]:
    """Split ``text`` into tokens (the last one is EOF), lexical diagnostics, and how many
    more lexical errors there were than ``MAX_LEX_DIAGNOSTICS``."""
    return _Lexer(text, file).run()


class _Lexer:
    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self.pos = 0
        self.line = 1
        self.line_start = 0  # offset of the current line's first character
        self.tokens: list[Token] = []
        self.diags: list[Diagnostic] = []
        self.dropped = 0
        self.last_line = 0  # line of the last token emitted
        self.indent = 1  # column of the first token on that line

    # -- helpers ----------------------------------------------------------------------------
    def col(self, pos: int) -> int:
        return pos - self.line_start + 1

    def report(
        self,
        code: str,
        message: str,
        line: int,
        col: int,
        end_line: int,
        end_col: int,
        label: str,
        help: str,
    ) -> None:
        if len(self.diags) >= MAX_LEX_DIAGNOSTICS:
            self.dropped += 1
            return
        self.diags.append(
            error(
                code, message, Span(self.file, line, col, end_line, end_col), label=label, help=help
            )
        )

    def emit(
        self, kind: str, start: int, end: int, value: object = None, bad: bool = False
    ) -> Token:
        """A token of text[start:end], all on the current line."""
        first = self.line != self.last_line
        col = start - self.line_start + 1
        if first:
            self.indent = col
        tok = Token(
            kind,
            self.text[start:end],
            self.line,
            col,
            self.line,
            end - self.line_start,
            value,
            bad,
            first,
            self.indent,
        )
        self.last_line = self.line
        self.tokens.append(tok)
        return tok

    def newline(self, pos: int) -> None:
        """Called with pos just past a line break."""
        self.line += 1
        self.line_start = pos

    # -- main loop ---------------------------------------------------------------------------
    def run(self) -> tuple[list[Token], list[Diagnostic], int]:
        text = self.text
        n = len(text)
        # the branches test characters no two of them share, the commonest first
        while self.pos < n:
            c = text[self.pos]
            if c in _WHITESPACE:
                p = self.pos + 1
                while p < n and text[p] in _WHITESPACE:
                    p += 1
                self.pos = p
            elif c in BREAK_CHARS:
                self.pos += 2 if c == "\r" and text[self.pos + 1 : self.pos + 2] == "\n" else 1
                self.newline(self.pos)
            elif c in _IDENT_START:
                self.identifier()
            elif c in _PUNCT:
                self.emit(_PUNCT[c], self.pos, self.pos + 1)
                self.pos += 1
            elif (
                c in _DIGITS
                or c == "+"
                or c == "-"
                or (c == "." and text[self.pos + 1 : self.pos + 2] in _DIGITS)
            ):
                self.number()
            elif c == '"':
                self.string()
            elif c == "/" and text.startswith("//", self.pos):
                self.line_comment()
            elif c == "/" and text.startswith("/*", self.pos):
                self.block_comment()
            elif c == "@":
                self.reference()
            else:
                self.invalid()
        self.tokens.append(
            Token(
                EOF,
                "",
                self.line,
                self.col(n),
                self.line,
                self.col(n),
                first_on_line=self.line != self.last_line,
            )
        )
        return self.tokens, self.diags, self.dropped

    # -- token kinds -------------------------------------------------------------------------
    def line_comment(self) -> None:
        found = BREAK.search(self.text, self.pos)
        self.pos = len(self.text) if found is None else found.start()

    def block_comment(self) -> None:
        text = self.text
        start, line, col = self.pos, self.line, self.col(self.pos)
        close = text.find("*/", start + 2)
        end = len(text) if close < 0 else close + 2
        for found in BREAK.finditer(text, start, end):
            self.line += 1
            self.line_start = found.end()
        self.pos = end
        if close < 0:
            self.report(
                "syntax.unterminated_comment",
                "this block comment is never closed",
                line,
                col,
                line,
                col + 1,
                "`/*` opened here",
                "close the comment with `*/`, or use `//` for a comment to the end of the line",
            )

    def identifier(self) -> None:
        text = self.text
        p = self.pos + 1
        while p < len(text) and text[p] in _IDENT_CHARS:
            p += 1
        self.emit(IDENT, self.pos, p, self.text[self.pos : p])
        self.pos = p

    def number(self) -> None:
        """A maximal run that could be meant as one number, then checked against JSON's
        number syntax (with an optional leading + or -)."""
        text = self.text
        n = len(text)
        start = p = self.pos
        while p < n and (text[p] == "+" or text[p] == "-"):
            p += 1
        while p < n:
            c = text[p]
            if c in _NUMBER_BODY:
                p += 1
            elif (c == "+" or c == "-") and text[p - 1] in "eE":
                p += 1
            else:
                break
        raw = text[start:p]
        self.pos = p
        if len(raw) > MAX_CHARS:  # refused before it is converted or quoted
            tok = self.emit(NUMBER, start, p, 0.0, bad=True)
            self.report(
                "syntax.invalid_number",
                f"a number written in {len(raw):,} characters (`{excerpt(raw, 20)}`)",
                tok.line,
                tok.col,
                tok.end_line,
                tok.end_col,
                "too long",
                f"write a number in at most {MAX_CHARS} characters, such as `0.12`",
            )
            return
        if _JSON_NUMBER.fullmatch(raw):
            if not in_range(raw):
                tok = self.emit(NUMBER, start, p, 0.0, bad=True)
                self.report(
                    "syntax.invalid_number",
                    f"the number `{raw}` is out of range: a "
                    "number is 0 or between 1e-100 and 1e30 in size",
                    tok.line,
                    tok.col,
                    tok.end_line,
                    tok.end_col,
                    "out of range",
                    "state the quantity in metres, kilograms, seconds and radians, "
                    "within the range",
                )
                return
            self.emit(NUMBER, start, p, float(raw))
            return
        tok = self.emit(NUMBER, start, p, 0.0, bad=True)
        self.report(
            "syntax.invalid_number",
            f"`{excerpt(raw)}` is not a number",
            tok.line,
            tok.col,
            tok.end_line,
            tok.end_col,
            "not a number",
            _number_help(raw),
        )

    def string(self) -> None:
        text = self.text
        start = self.pos
        p = start + 1
        out: list[str] = []
        problem: tuple[int, int, str, str] | None = None  # first bad place in the string
        while True:
            if _line_ends(text, p):
                tok = self.emit(STRING, start, p, "".join(out), bad=True)
                self.pos = p
                self.report(
                    "syntax.unterminated_string",
                    "this string is never closed",
                    tok.line,
                    tok.col,
                    tok.end_line,
                    tok.end_col,
                    'no closing `"` on this line',
                    'close the string with `"` on the same line; write `\\n` for a '
                    "line break inside it",
                )
                return
            c = text[p]
            if c == '"':
                p += 1
                break
            if c == "\\":
                e = text[p + 1 : p + 2]
                if e in _ESCAPES and e:
                    out.append(_ESCAPES[e])
                    p += 2
                    continue
                if e == "u":
                    code, length = self._unicode_escape(p)
                    if code is not None:
                        out.append(chr(code))
                        p += length
                        continue
                    if problem is None:
                        problem = (
                            p,
                            p + length - 1,
                            f"`{text[p : p + length]}` is not a valid unicode escape",
                            "write `\\u` and four hex digits; "
                            "a character above U+FFFF as a surrogate pair "
                            "`\\ud83d\\ude00`, or write the character itself",
                        )
                    p += length
                    continue
                if _line_ends(text, p + 1):
                    p += 1
                    continue  # unterminated: reported above on the next round
                if problem is None:
                    problem = (
                        p,
                        p + 1,
                        f"`\\{printable(e)}` is not an escape a string may hold",
                        'the escapes are `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, '
                        "`\\r`, `\\t` and `\\uXXXX`; write `\\\\` for a backslash",
                    )
                p += 2
                continue
            if ord(c) < 0x20 or 0xD800 <= ord(c) <= 0xDFFF:
                if problem is None:
                    what = "a control character" if ord(c) < 0x20 else "a lone surrogate"
                    problem = (
                        p,
                        p,
                        f"a string may not hold {what} (U+{ord(c):04X})",
                        "write it as an escape such as `\\t` or `\\u0009`"
                        if ord(c) < 0x20
                        else "remove it",
                    )
                p += 1
                continue
            out.append(c)
            p += 1
        bad = problem is not None
        self.emit(STRING, start, p, "".join(out), bad=bad)
        self.pos = p
        if problem is not None:
            a, b, message, help = problem
            self.report(
                "syntax.invalid_string",
                message,
                self.line,
                self.col(a),
                self.line,
                self.col(b),
                "here",
                help,
            )

    def _unicode_escape(self, p: int) -> tuple[int | None, int]:
        """At text[p] == '\\\\' and text[p+1] == 'u': (code point, length) or (None, length
        of what to flag)."""
        text = self.text
        digits = text[p + 2 : p + 6]
        if len(digits) < 4 or any(d not in _HEX for d in digits):
            k = 0
            while k < len(digits) and digits[k] in _HEX:
                k += 1
            return None, 2 + k
        code = int(digits, 16)
        if 0xD800 <= code <= 0xDBFF:
            low = text[p + 6 : p + 12]
            if (
                len(low) == 6
                and low[:2] == "\\u"
                and all(d in _HEX for d in low[2:])
                and 0xDC00 <= int(low[2:], 16) <= 0xDFFF
            ):
                return 0x10000 + ((code - 0xD800) << 10) + (int(low[2:], 16) - 0xDC00), 12
            return None, 6
        if 0xDC00 <= code <= 0xDFFF:
            return None, 6
        return code, 6

    def reference(self) -> None:
        text = self.text
        n = len(text)
        start = p = self.pos + 1
        while p < n and text[p] in _IDENT_CHARS:
            p += 1
        kind = text[start:p]
        name = ""
        slash = p < n and text[p] == "/"
        if slash:
            q = p + 1
            while q < n and text[q] in _IDENT_CHARS:
                q += 1
            name = text[p + 1 : q]
            p = q
        self.pos = end = p
        if kind in REF_KINDS and slash and name and name[0] in _IDENT_START:
            self.emit(REF, start - 1, end, (kind, name))
            return
        tok = self.emit(REF, start - 1, end, (kind, name), bad=True)
        if kind not in REF_KINDS:
            message = (
                f"`@{kind}` is not a kind of reference"
                if kind
                else "`@` must be followed by `core/`, `world/` or `task/`"
            )
        elif not slash:
            message = f"`@{kind}` must be followed by `/` and a name"
        else:
            message = f"`{tok.text}` does not name anything"
        self.report(
            "syntax.invalid_reference",
            message,
            tok.line,
            tok.col,
            tok.end_line,
            tok.end_col,
            "not a reference",
            "write `@core/<component>`, `@world/<entity>` or `@task/<name>`, the "
            "name an identifier such as `@core/pack`",
        )

    def invalid(self) -> None:
        """A run of characters no token starts with, reported once."""
        text = self.text
        n = len(text)
        start = p = self.pos
        while p < n and _is_invalid_start(text, p):
            p += 1
        tok = self.emit(ERROR, start, p, bad=True)
        self.pos = p
        c = text[start]
        shown = c if c.isprintable() and not c.isspace() else f"U+{ord(c):04X}"
        what = (
            f"the character `{shown}`"
            if p - start == 1
            else f"the characters starting with `{shown}`"
        )
        if c == ";":
            help = "items are not ended by `;`: start the next item on a new line"
        elif c in "[]":
            help = "write a tuple in parentheses: `(0, 0, 1)`"
        elif c == "'":
            help = 'write strings in double quotes: `"diff_base"`'
        elif c == ":":
            help = "write arguments as `name = value`"
        elif c == "#":
            help = "write comments with `//` or `/* ... */`"
        elif c == "/":
            help = "write comments with `//` or `/* ... */`"
        else:
            help = (
                "names are ASCII letters, digits and `_`; a value is a number, a "
                '"string", a tuple `(1, 2)`, a reference `@core/<name>` or a word'
            )
        self.report(
            "syntax.invalid_character",
            f"{what} cannot appear here",
            tok.line,
            tok.col,
            tok.end_line,
            tok.end_col,
            "unexpected character",
            help,
        )


def printable(text: str) -> str:
    """``text`` with characters a terminal or a JSON encoder would choke on written as
    ``U+XXXX``."""
    if text.isprintable() and not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return text
    return "".join(
        c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else f"U+{ord(c):04X}" for c in text
    )


def _is_invalid_start(text: str, p: int) -> bool:
    c = text[p]
    if c in _IDENT_CHARS or c in _PUNCT or c in _WHITESPACE or c in BREAK_CHARS or c in '"@+-':
        return False
    if c == "/" and text[p + 1 : p + 2] in ("/", "*"):
        return False
    if c == "." and text[p + 1 : p + 2] in _DIGITS and text[p + 1 : p + 2]:
        return False
    return True


def _number_help(raw: str) -> str:
    body = raw.lstrip("+-")
    sign = raw[: len(raw) - len(body)]
    if len(sign) > 1:
        return "write at most one sign: `-0.5`, `+1`"
    m = _JSON_NUMBER.match(raw)
    if (
        m
        and m.end() > len(sign)
        and raw[m.end() : m.end() + 1].isalpha()
        and raw[m.end() : m.end() + 1] not in "eE"
    ):
        return (
            f"write the number alone, `{m.group()}`: units are not written, the "
            "argument's name states them (`distance_m = 1.5`)"
        )
    if body.startswith("."):
        return f"write a digit before the point: `{sign}0{body}`"
    if body.endswith("."):
        return f"write a digit after the point: `{raw}0`"
    if len(body) > 1 and body[0] == "0" and body[1] in _DIGITS:
        return (
            "a number does not start with a zero unless it is 0 or 0.something: "
            f"`{sign}{body.lstrip('0') or '0'}`"
        )
    if not body:
        return "write a number after the sign: `-0.5`"
    return "write a number as JSON does, with an optional sign: `0.12`, `-2e-3`, `+1`"


def _line_ends(text: str, p: int) -> bool:
    """Whether the line ends at ``p``: the end of the text or a line break."""
    c = text[p : p + 1]
    return c == "" or c in BREAK_CHARS
