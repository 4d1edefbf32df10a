"""Parsers of ``.core``, ``.world`` and ``.task`` (docs/languages.md, "Grammar").

One recursive-descent-shaped parser, written with loops only (the grammar nests at most a
tuple inside an argument list), so no input can overflow the stack.

Error policy:

- The lexer reports malformed tokens; the parser does not report again inside an item that
  holds one (that would only repeat it).
- The parser reports the first mistake of an item, then skips to the item's end: the ``)``
  that closes its arguments, a ``}``, or an identifier that starts a line no deeper than the
  item (the start of the next item). Several items may each report one error per pass.
- An item with an error is left out of the tree. An argument given twice is the exception:
  the item is kept with the first occurrence, and the second is reported.
- "Expected X" errors point at the token found, or just after the previous token when the
  token found is on a later line (where X is to be written).
"""

from __future__ import annotations

from typing import TypeVar

from ..diagnostics import Diagnostic, Fix, Label, Span, error, insertion, note
from ..linebreaks import split_lines
from ..recordtype import record
from .ast import Arg, CoreFile, Item, Number, Ref, String, TaskFile, Tuple, Value, Word, WorldFile
from .lexer import (
    COMMA,
    EOF,
    EQUALS,
    IDENT,
    LBRACE,
    LPAREN,
    NUMBER,
    RBRACE,
    REF,
    RPAREN,
    STRING,
    Token,
    tokenize,
)

#: the most syntax diagnostics reported for one file; one note tells how many more there were
MAX_ERRORS = 100

ARGS_HELP = "write `name = value` arguments separated by commas"
TUPLE_HELP = "write numbers separated by commas: `(0, 0.12, -0.02, 0, 1, 0)`"
VALUE_HELP = (
    'a value is a number `0.12`, a string `"diff_base"`, a tuple `(0, 0.12, -0.02)`, '
    "a reference `@core/<name>` or a word such as `true` or `left`"
)


@record
class _Lang:
    keyword: str  # Robot | World | Task
    ext: str  # .core | .world | .task
    what: str  # robot | world | task
    item: str  # component | entity | step
    a_item: str  # the item with its article
    example: str  # an item as help shows it


_CORE = _Lang(
    "Robot",
    ".core",
    "robot",
    "component",
    "a component",
    '`Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))`',
)
_WORLD = _Lang(
    "World",
    ".world",
    "world",
    "entity",
    "an entity",
    "`Obstacle crate(type = box, size = (0.4, 0.4, 0.4), "
    "pos = (1, 0.5, 0.2, 0, 0, 0, 1))`, or a setting such as `ground_plane = true`",
)
_TASK = _Lang(
    "Task", ".task", "task", "step", "a step", "`Advance(distance_m = 1.0, speed_mps = 0.3)`"
)
_KEYWORDS = {"Robot": _CORE, "World": _WORLD, "Task": _TASK}
_Tree = TypeVar("_Tree", CoreFile, WorldFile, TaskFile)


def parse_core(text: str, file: str) -> tuple[CoreFile | None, list[Diagnostic]]:
    """Parse a ``.core`` file: ``Robot <name> { intent "..."  <Type> <name>(<args>) ... }``."""
    return _parse(text, file, _CORE, CoreFile)


def parse_world(text: str, file: str) -> tuple[WorldFile | None, list[Diagnostic]]:
    """Parse a ``.world`` file: ``World <name> { <key> = <value> ...  <Type> <name>(...) }``."""
    return _parse(text, file, _WORLD, WorldFile)


def parse_task(text: str, file: str) -> tuple[TaskFile | None, list[Diagnostic]]:
    """Parse a ``.task`` file: ``Task <name> { <Step>(<args>) ... }``."""
    return _parse(text, file, _TASK, TaskFile)


def _parse(
    text: str, file: str, lang: _Lang, tree_type: type[_Tree]
) -> tuple[_Tree | None, list[Diagnostic]]:
    p = _Parser(text, file, lang)
    tree = p.run()
    assert tree is None or isinstance(tree, tree_type), "a parser builds its language's tree"
    return tree, p.finish()


class _Parser:
    def __init__(self, text: str, file: str, lang: _Lang):
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8", errors="surrogateescape")
        elif not isinstance(text, str):
            text = str(text)
        self.file = file
        self.lang = lang
        self.text = text
        self._lines: list[str] | None = None  # split only when a help quotes a line
        self.tokens, lex_diags, self.dropped = tokenize(text, file)
        self.diags: list[Diagnostic] = list(lex_diags)
        self.comment_open = any(d.code == "syntax.unterminated_comment" for d in lex_diags)
        self.bad_before = [0]  # bad tokens among tokens[:k]
        for t in self.tokens:
            self.bad_before.append(self.bad_before[-1] + t.bad)
        self.i = 0
        self.item_start = 0  # index of the current item's first token
        self.item_col = 1  # its line's indent: a line starting no
        # deeper starts a new item

    # -- token access ------------------------------------------------------------------------
    def peek(self, k: int = 0) -> Token:
        j = self.i + k
        return self.tokens[j] if j < len(self.tokens) else self.tokens[-1]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != EOF:
            self.i += 1
        return tok

    def span(self, first: Token, last: Token) -> Span:
        return Span(self.file, first.line, first.col, last.end_line, last.end_col)

    def where(self, tok: Token) -> Span:
        """Where something expected before ``tok`` belongs: at ``tok``, or just after the
        previous token when ``tok`` is on a later line or is the end of the file."""
        prev = self.tokens[self.i - 1] if self.i > 0 else None
        if prev is not None and (tok.kind == EOF or tok.line > prev.end_line):
            return Span(self.file, prev.end_line, prev.end_col + 1, prev.end_line, prev.end_col + 1)
        return tok.span(self.file)

    def has_bad(self, start: int, end: int) -> bool:
        """Whether tokens[start:end] hold a malformed token (already reported)."""
        end = min(end, len(self.tokens))
        return self.bad_before[end] > self.bad_before[start]

    def at_boundary(self, tok: Token) -> bool:
        """``tok``, the current token, ends an unfinished item without belonging to it: a
        ``}``, the end of the file, or what starts an item at the beginning of a line no
        deeper than the unfinished item's line."""
        if tok.kind in (EOF, RBRACE):
            return True
        if tok.kind != IDENT or not tok.first_on_line or tok.col > self.item_col:
            return False
        after = self.peek(1).kind
        if self.lang is _TASK:
            return after == LPAREN
        if self.lang is _WORLD:
            return after in (IDENT, EQUALS)
        return after == IDENT or (tok.text == "intent" and after == STRING)

    # -- reporting ---------------------------------------------------------------------------
    def fail(
        self,
        code: str,
        message: str,
        span: Span,
        label: str,
        help: str,
        labels: tuple[Label, ...] = (),
        fixes: tuple[Fix, ...] = (),
    ) -> None:
        """Report a parse error, unless the current item already holds a malformed token
        (whose report explains this one)."""
        if self.has_bad(self.item_start, self.i + 1):
            return
        self.diags.append(
            error(code, message, span, label=label, help=help, labels=labels, fixes=fixes)
        )

    def comma_after(self, prev: Token) -> tuple[str | None, Fix]:
        """The fix that writes the missing `,` right after ``prev``, and the user's own line
        with it written (None when the line is too long to quote)."""
        fix = insertion(self.file, prev.end_line, prev.end_col + 1, ",")
        if self._lines is None:
            self._lines = split_lines(self.text)
        line = self._lines[prev.end_line - 1] if prev.end_line <= len(self._lines) else ""
        fixed = (line[: prev.end_col] + "," + line[prev.end_col :]).strip()
        return (fixed if len(fixed) <= 120 else None), fix

    def finish(self) -> list[Diagnostic]:
        diags = sorted(
            self.diags,
            key=lambda d: (
                (d.span.line or 0) if d.span else 0,
                (d.span.column or 0) if d.span else 0,
            ),
        )
        if len(diags) > MAX_ERRORS:
            more = len(diags) - MAX_ERRORS + self.dropped
            diags = diags[:MAX_ERRORS]
            diags.append(
                note(
                    "syntax.too_many_errors",
                    f"{more} more syntax error{'s' if more > 1 else ''} in this file are not shown",
                    Span(self.file),
                    help="fix the errors above and check the file again",
                )
            )
        return diags

    # -- recovery ----------------------------------------------------------------------------
    def skip_item(self, depth: int) -> None:
        """Skip the rest of an item after its error. ``depth`` is how many of its
        parentheses are open; the skip stops after the ``)`` that closes them all, or before
        a boundary. The first token is always skipped, so the parser moves on."""
        braces = 0
        first = True
        while True:
            tok = self.peek()
            if tok.kind == EOF:
                return
            if not first and braces == 0 and self.at_boundary(tok):
                return
            if first and tok.kind == RBRACE:
                return
            first = False
            self.advance()
            if tok.kind == LPAREN:
                depth += 1
            elif tok.kind == RPAREN:
                depth -= 1
                if depth <= 0:
                    return
            elif tok.kind == LBRACE:
                braces += 1
            elif tok.kind == RBRACE:
                braces -= 1

    # -- files -------------------------------------------------------------------------------
    def run(self) -> CoreFile | WorldFile | TaskFile | None:
        lang = self.lang
        header = self.header()
        if header is None:
            return None
        first, name, name_span, open_brace = header
        intent: String | None = None
        items: list[Item] = []
        settings: list[Arg] = []
        last = self.tokens[max(self.i - 1, 0)]
        while True:
            tok = self.peek()
            if tok.kind == RBRACE:
                last = self.advance()
                self.trailing()
                break
            if tok.kind == EOF:
                if not self.comment_open:
                    self.item_start = self.i
                    if open_brace is not None:
                        self.fail(
                            "syntax.missing_brace",
                            f"the {lang.what} `{name}`'s `{{` is never closed"
                            if name
                            else "this `{` is never closed",
                            open_brace.span(self.file),
                            "opened here",
                            f"close the {lang.what} with `}}` after its last item",
                        )
                break
            self.item_start = self.i
            self.item_col = tok.indent
            start = self.i
            got: Item | String | Arg | None
            if lang is _CORE:
                got = self.core_item(intent)
                if isinstance(got, String):
                    if not self.has_bad(start, self.i):
                        intent = got
                    got = None
            elif lang is _WORLD:
                got = self.world_item(settings)
                if isinstance(got, Arg):
                    if not self.has_bad(start, self.i):
                        settings.append(got)
                    got = None
            else:
                got = self.step()
            if got is not None and not self.has_bad(start, self.i):
                items.append(got)
            if self.i == start:  # never loop in place
                self.advance()
            last = self.tokens[self.i - 1]
        span = self.span(first, last)
        if lang is _CORE:
            return CoreFile(name, name_span, intent, tuple(items), span, self.file)
        if lang is _WORLD:
            return WorldFile(name, name_span, tuple(settings), tuple(items), span, self.file)
        return TaskFile(name, name_span, tuple(items), span, self.file)

    def header(self) -> tuple[Token, str, Span, Token | None] | None:
        """``Keyword <name> {``: the first token, the name, its span and the ``{`` read (or
        None when it was missing). None when nothing usable was found."""
        lang = self.lang
        form = f"`{lang.keyword} <name> {{`"
        tok = self.peek()
        first = tok
        self.item_start = 0
        if tok.kind == EOF:
            if not self.diags:
                self.diags.append(
                    error(
                        "syntax.empty_file",
                        f"this {lang.ext} file declares no {lang.what}",
                        Span(self.file, 1, 1, 1, 1),
                        label="nothing here",
                        help=f"a {lang.ext} file holds one {lang.what}: {form} ... `}}`",
                    )
                )
            return None
        failed = False
        if tok.kind == IDENT and tok.text == lang.keyword:
            self.advance()
        elif tok.kind == IDENT and tok.text in _KEYWORDS:
            # another language's file: nothing of it is usable here
            other = _KEYWORDS[tok.text]
            self.fail(
                "syntax.unexpected_token",
                f"expected `{lang.keyword}`, found `{tok.text}`: this is a {other.what}, "
                f"not a {lang.what}",
                tok.span(self.file),
                f"expected `{lang.keyword}`",
                f"`{tok.text}` starts a {other.ext} file; a {lang.ext} file starts with {form}",
            )
            return None
        elif tok.kind == IDENT and self.peek(1).kind == IDENT:
            self.fail(
                "syntax.unexpected_token",
                f"expected `{lang.keyword}`, found `{tok.text}`",
                tok.span(self.file),
                f"expected `{lang.keyword}`",
                f"a {lang.ext} file starts with {form}",
            )
            failed = True
            self.advance()
        elif tok.kind == IDENT and self.peek(1).kind == LBRACE:
            self.fail(
                "syntax.unexpected_token",
                f"expected `{lang.keyword}` before the name `{tok.text}`",
                tok.span(self.file),
                f"expected `{lang.keyword} {tok.text}`",
                f"a {lang.ext} file starts with {form}",
            )
            failed = True
        elif tok.kind != LBRACE:
            self.fail(
                "syntax.unexpected_token",
                f"expected {form}, found {tok.show()}",
                tok.span(self.file),
                f"expected `{lang.keyword}`",
                f"a {lang.ext} file starts with {form}",
            )
            failed = True
            while self.peek().kind not in (LBRACE, EOF) and not (
                self.peek().kind == IDENT and self.peek().text == lang.keyword
            ):
                self.advance()
            if self.peek().kind == EOF:
                return None
            if self.peek().kind == IDENT:
                self.advance()
        tok = self.peek()
        if tok.kind == IDENT:
            self.advance()
            name, name_span = tok.text, tok.span(self.file)
        else:
            name, name_span = "", self.where(tok)
            if not failed:
                self.fail(
                    "syntax.expected_name",
                    f"expected the name of the {lang.what}, found {tok.show()}",
                    name_span,
                    "name expected",
                    f"name the {lang.what}: `{lang.keyword} my_{lang.what} {{`",
                )
                failed = True
        tok = self.peek()
        open_brace = None
        if tok.kind == LBRACE:
            open_brace = self.advance()
        elif (brace := self.brace_on_line(tok)) is not None:
            if not failed:
                self.fail(
                    "syntax.unexpected_token",
                    f"expected `{{` after `{lang.keyword} {name}`, found {tok.show()}",
                    tok.span(self.file),
                    "`{` expected",
                    f"a {lang.what}'s name is one identifier: `{lang.keyword} {name} {{`",
                )
            self.i = brace + 1
            open_brace = self.tokens[brace]
        else:
            if not failed:
                self.fail(
                    "syntax.missing_brace",
                    f"expected `{{` after `{lang.keyword} {name}`, found {tok.show()}",
                    self.where(tok),
                    "`{` expected",
                    f"the {lang.what}'s items go between braces: "
                    f"`{lang.keyword} {name} {{` ... `}}`",
                )
            if tok.kind == LPAREN and not tok.first_on_line:
                self.advance()  # written for the brace: read on after it
        return first, name, name_span, open_brace

    def brace_on_line(self, tok: Token) -> int | None:
        """The index of a ``{`` on ``tok``'s line, at or after it, if there is one."""
        k = self.i
        while self.tokens[k].kind not in (EOF, LBRACE) and self.tokens[k].line == tok.line:
            k += 1
        return k if self.tokens[k].kind == LBRACE and self.tokens[k].line == tok.line else None

    def trailing(self) -> None:
        """After the closing brace only the end of the file may come."""
        tok = self.peek()
        if tok.kind == EOF:
            return
        self.item_start = self.i
        lang = self.lang
        if tok.kind == RBRACE:
            help = "remove the extra `}`"
        else:
            help = (
                f"a {lang.ext} file declares one {lang.what}; put every item before the "
                "closing `}`"
            )
        self.fail(
            "syntax.unexpected_token",
            f"expected the end of the file after the {lang.what}'s closing `}}`, "
            f"found {tok.show()}",
            tok.span(self.file),
            "after the end",
            help,
        )
        self.i = len(self.tokens) - 1

    # -- items -------------------------------------------------------------------------------
    def item_start_error(self, tok: Token) -> None:
        lang = self.lang
        self.fail(
            "syntax.unexpected_token",
            f"expected {lang.a_item}, found {tok.show()}",
            tok.span(self.file),
            f"expected {lang.a_item}",
            f"{lang.a_item} is {lang.example}",
        )
        self.skip_item(0)

    def core_item(self, intent: String | None) -> Item | String | None:
        tok = self.peek()
        if tok.kind != IDENT:
            self.item_start_error(tok)
            return None
        if tok.text != "intent":
            return self.named_item()
        self.advance()
        value = self.peek()
        if value.kind != STRING:
            self.fail(
                "syntax.expected_value",
                f"expected the sentence of `intent`, found {value.show()}",
                self.where(value),
                "a string expected",
                'write `intent "<a sentence that says what the robot is for>"`',
            )
            if not self.at_boundary(value):
                self.skip_item(0)
            return None
        self.advance()
        string = String(value.string(), value.span(self.file))
        if intent is not None:
            self.diags.append(
                error(
                    "syntax.duplicate_intent",
                    "the robot states `intent` a second time",
                    self.span(tok, value),
                    label="second intent",
                    labels=(Label(intent.span, "first intent"),),
                    help="keep one `intent` sentence",
                )
            )
            return None
        return string

    def world_item(self, settings: list[Arg]) -> Item | Arg | None:
        tok = self.peek()
        if tok.kind != IDENT:
            self.item_start_error(tok)
            return None
        if self.peek(1).kind != EQUALS:
            return self.named_item()
        key = self.advance()
        self.advance()  # =
        arg = self.arg_value(key, 0)
        if arg is None:
            return None
        for other in settings:
            if other.name == arg.name:
                self.duplicate(arg, other, "setting")
                return None
        return arg

    def named_item(self) -> Item | None:
        """``<Kind> <name>(<args>)`` with the kind token next."""
        lang = self.lang
        kind = self.advance()
        name = self.peek()
        if name.kind != IDENT or self.at_boundary(name):
            self.fail(
                "syntax.expected_name",
                f"expected the {lang.item}'s name after `{kind.text}`, found {name.show()}",
                self.where(name),
                "name expected",
                f"{lang.a_item} is its type, its name and its arguments: {lang.example}",
            )
            if not self.at_boundary(name):
                self.skip_item(0)
            return None
        self.advance()
        return self.finish_item(kind, name, f"`{kind.text} {name.text}`")

    def step(self) -> Item | None:
        tok = self.peek()
        if tok.kind != IDENT:
            self.item_start_error(tok)
            return None
        kind = self.advance()
        name = self.peek()
        if name.kind == IDENT and not self.at_boundary(name):
            self.fail(
                "syntax.unexpected_token",
                f"a step has no name, found `{name.text}` after `{kind.text}`",
                name.span(self.file),
                "remove this name",
                f"write the step's arguments right after its type: `{kind.text}(distance_m = 1.0)`",
            )
            self.skip_item(0)
            return None
        return self.finish_item(kind, None, f"`{kind.text}`")

    def finish_item(self, kind: Token, name: Token | None, what: str) -> Item | None:
        """The argument list of an item whose type (and name) were read."""
        tok = self.peek()
        if tok.kind != LPAREN:
            self.fail(
                "syntax.missing_paren",
                f"expected `(` after {what}, found {tok.show()}",
                self.where(tok),
                "`(` expected",
                f"list the arguments in parentheses: {self.lang.example}",
            )
            if not self.at_boundary(tok):
                # read on as if the `(` were there: the rest of the argument list, through
                # the `)` that closes it, belongs to this item and says nothing more
                self.skip_item(1)
            return None
        got = self.arguments(what)
        if got is None:
            return None
        args, open_paren, close = got
        return Item(
            kind.text,
            name.text if name else None,
            args,
            self.span(kind, close),
            kind.span(self.file),
            name.span(self.file) if name else None,
            self.span(open_paren, close),
        )

    def arguments(self, what: str) -> tuple[tuple[Arg, ...], Token, Token] | None:
        """``( name = value, ... )`` with the ``(`` next; None after an error."""
        open_paren = self.advance()
        args: list[Arg] = []
        while True:
            tok = self.peek()
            if tok.kind == RPAREN:
                return tuple(args), open_paren, self.advance()
            if self.at_boundary(tok):
                self.unclosed(open_paren, f"the arguments of {what}")
                return None
            if tok.kind != IDENT:
                named = tok.kind in (STRING, NUMBER, REF, LPAREN)
                self.fail(
                    "syntax.unexpected_token",
                    f"expected an argument name, found {tok.show()}",
                    tok.span(self.file),
                    "argument name expected",
                    'arguments are named: `ref = "diff_base"`' if named else ARGS_HELP,
                )
                self.skip_item(1)
                return None
            name = self.advance()
            eq = self.peek()
            if eq.kind != EQUALS:
                self.fail(
                    "syntax.unexpected_token",
                    f"expected `=` after `{name.text}`, found {eq.show()}",
                    self.where(eq),
                    "`=` expected",
                    ARGS_HELP,
                )
                if not self.at_boundary(eq):
                    self.skip_item(1)
                return None
            self.advance()
            arg = self.arg_value(name, 1)
            if arg is None:
                return None
            first = next((a for a in args if a.name == arg.name), None)
            if first is None:
                args.append(arg)
            else:
                self.duplicate(arg, first, "argument")
            sep = self.separator()
            if sep is None:
                continue
            if self.at_boundary(sep):
                self.unclosed(open_paren, f"the arguments of {what}")
                return None
            missing_comma = sep.kind == IDENT and self.peek(1).kind == EQUALS
            if missing_comma:
                self.missing_comma(sep, "arguments", ARGS_HELP)
            else:
                self.fail(
                    "syntax.unexpected_token",
                    f"expected `,` or `)` after the value of `{name.text}`, found {sep.show()}",
                    sep.span(self.file),
                    "`,` or `)` expected",
                    f"{ARGS_HELP}, and close the list with `)`",
                )
            self.skip_item(1)
            return None

    def arg_value(self, name: Token, depth: int) -> Arg | None:
        """The value after ``name =`` (the ``=`` read), as the argument or setting it makes;
        None after an error. ``depth`` counts the parentheses open around it."""
        value = self.value(depth, name)
        if value is None:
            return None
        return Arg(
            name.text,
            value,
            Span(self.file, name.line, name.col, value.span.end_line, value.span.end_column),
            name.span(self.file),
        )

    def separator(self) -> Token | None:
        """After an element of a parenthesised list: None when a ``,`` was read or a ``)``
        comes next (the loop's next round takes it), else the token found instead."""
        sep = self.peek()
        if sep.kind == COMMA:
            self.advance()
            return None
        return None if sep.kind == RPAREN else sep

    def missing_comma(self, sep: Token, between: str, how: str) -> None:
        """The `,` missing before ``sep``: the help is the user's line with it written, and
        the fix writes it."""
        fixed, fix = self.comma_after(self.tokens[self.i - 1])
        help = f"write `,` between {between}: `{fixed}`" if fixed else how
        self.fail(
            "syntax.unexpected_token",
            f"expected `,` between {between}, found {sep.show()}",
            sep.span(self.file),
            "`,` expected",
            help,
            fixes=(fix,),
        )

    def duplicate(self, arg: Arg, first: Arg, what: str) -> None:
        self.diags.append(
            error(
                "syntax.duplicate_argument",
                f"the {what} `{arg.name}` is given twice",
                arg.span,
                label="given again here",
                labels=(Label(first.span, "first given here"),),
                help=f"give `{arg.name}` once; the first one is kept",
            )
        )

    def unclosed(self, open_paren: Token, what: str) -> None:
        self.fail(
            "syntax.missing_paren",
            f"{what} are never closed",
            open_paren.span(self.file),
            "this `(` has no `)`",
            "close the list with `)` after its last argument",
        )

    # -- values ------------------------------------------------------------------------------
    def value(self, depth: int, name: Token) -> Value | None:
        """A value after ``name =``; None after an error."""
        tok = self.peek()
        kind = tok.kind
        if kind == NUMBER:
            self.advance()
            return Number(tok.number(), tok.text, tok.span(self.file))
        if kind == STRING:
            self.advance()
            return String(tok.string(), tok.span(self.file))
        if kind == REF:
            self.advance()
            ref_kind, ref_name = tok.reference()
            return Ref(ref_kind, ref_name, tok.span(self.file))
        if kind == IDENT and not self.at_boundary(tok):
            self.advance()
            return Word(tok.text, tok.span(self.file))
        if kind == LPAREN:
            return self.tuple(depth + 1)
        self.fail(
            "syntax.expected_value",
            f"expected a value after `{name.text} =`, found {tok.show()}",
            self.where(tok),
            "value expected",
            VALUE_HELP,
        )
        if not self.at_boundary(tok):
            self.skip_item(depth)
        return None

    def tuple(self, depth: int) -> Tuple | None:
        """``(number, ...)`` with the ``(`` next; ``depth`` counts it."""
        open_paren = self.advance()
        items: list[Number] = []
        while True:
            tok = self.peek()
            if tok.kind == RPAREN and items:
                close = self.advance()
                return Tuple(tuple(items), self.span(open_paren, close))
            if self.at_boundary(tok):
                self.fail(
                    "syntax.missing_paren",
                    "this tuple is never closed",
                    open_paren.span(self.file),
                    "this `(` has no `)`",
                    "close the tuple with `)` after its last number",
                )
                return None
            if tok.kind != NUMBER:
                if tok.kind == RPAREN:
                    message = "a tuple holds at least one number"
                elif tok.kind == LPAREN:
                    message = "a tuple holds numbers, not tuples"
                else:
                    message = f"a tuple holds numbers only, found {tok.show()}"
                self.fail(
                    "syntax.expected_number",
                    message,
                    tok.span(self.file),
                    "number expected",
                    TUPLE_HELP,
                )
                self.skip_item(depth)
                return None
            self.advance()
            items.append(Number(tok.number(), tok.text, tok.span(self.file)))
            sep = self.separator()
            if sep is None or self.at_boundary(sep):
                continue  # at a boundary: reported as unclosed on the next round
            if sep.kind == NUMBER:
                self.missing_comma(sep, "numbers", TUPLE_HELP)
            else:
                self.fail(
                    "syntax.unexpected_token",
                    f"expected `,` or `)` in the tuple, found {sep.show()}",
                    sep.span(self.file),
                    "`,` expected",
                    TUPLE_HELP,
                )
            self.skip_item(depth)
            return None
