"""The ``syntax.*`` codes: what the grammar of .core, .world and .task rejects."""

from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

E = Severity.ERROR

CODES: dict[str, CodeInfo] = {
    "syntax.empty_file": CodeInfo(
        E,
        "a program file holds nothing but whitespace and comments",
        "Each program file declares exactly one thing: a .core file one `Robot`, a .world "
        "file one `World`, a .task file one `Task`. Leave the file out of the command line "
        "when there is no world or task.",
        "// a .task file with only this comment\n",
    ),
    "syntax.invalid_character": CodeInfo(
        E,
        "a character that no token of the languages starts with",
        "Names are ASCII letters, digits and `_`; values are numbers, double-quoted strings, "
        "tuples in parentheses, `@core/...` references and bare words. Items end at the next "
        "item, never at `;`. A run of such characters is reported once.",
        'Robot r {\n    Standard wheel_l(ref = "standard_80"); \n}\n',
    ),
    "syntax.unterminated_comment": CodeInfo(
        E,
        "a `/*` comment with no `*/` after it",
        "A block comment runs to the first `*/`; without one it would swallow the rest of "
        "the file. Close it, or use `//` for a comment to the end of the line.",
        "Robot r {\n    /* the wheels\n}\n",
    ),
    "syntax.unterminated_string": CodeInfo(
        E,
        "a string whose closing quote is not on its line",
        'Strings are JSON strings: they open and close with `"` on one line. Write `\\n` '
        "for a line break inside one.",
        'Robot r {\n    Diff_two_caster chassis(ref = "diff_base)\n}\n',
    ),
    "syntax.invalid_string": CodeInfo(
        E,
        "a string holds an escape JSON does not know, a control character or a lone surrogate",
        'The escapes are `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and '
        "`\\uXXXX` (a character above U+FFFF as a surrogate pair). Control characters such "
        "as a tab are written as escapes. To write a backslash, write `\\\\`.",
        'Robot r {\n    intent "C:\\parts"\n}\n',
    ),
    "syntax.invalid_number": CodeInfo(
        E,
        "a number not written in JSON's syntax, or out of range",
        "Numbers are JSON numbers with an optional leading `+` or `-`: `0.12`, `-2e-3`, "
        "`+1`. A point needs a digit on each side (`0.5`, not `.5`), there are no leading "
        "zeros, and units are not written: the argument's name states them "
        "(`distance_m = 1.5`). A number is 0 or between 1e-100 and 1e30 in size, as in a "
        "component library, and written in at most 100 characters: no quantity of a robot "
        "or a world is smaller or larger.",
        "Task t {\n    Advance(distance_m = 1.5m)\n}\n",
    ),
    "syntax.invalid_reference": CodeInfo(
        E,
        "an `@` that is not `@core/<name>`, `@world/<name>` or `@task/<name>`",
        "A reference names a component of the robot (`@core/pack`), an entity of the world "
        "(`@world/station`) or something of the task, by an identifier.",
        'Robot r {\n    MotorDriver d(ref = "driver_vnh5019", glue = (0, 0, 0, 0, 0, -1), '
        "power = @battery/pack)\n}\n",
    ),
    "syntax.unexpected_token": CodeInfo(
        E,
        "a token the grammar does not allow where it stands",
        "Reported for the first such token of an item: a missing `,` between arguments or "
        "between numbers, a missing `=`, an argument without a name, a named task step, a "
        "wrong header keyword (`World` in a .core file), or anything after the closing `}`. "
        "The parser then skips to the next item and goes on.",
        'Robot r {\n    Standard wheel_l(ref = "standard_80" glue = (0, 0.12, 0, 0, 1, 0))\n}\n',
    ),
    "syntax.expected_name": CodeInfo(
        E,
        "a robot, world, task, component or entity without its name",
        "The header is `Robot <name> {` (or World/Task); a component or an entity is "
        "`<Type> <name>(<arguments>)`. Names are identifiers; the task and the evaluation "
        "refer to components by them (`@core/wheel_l`).",
        'Robot r {\n    Standard (ref = "standard_80")\n}\n',
    ),
    "syntax.expected_value": CodeInfo(
        E,
        "an argument or a setting has no value after `=`, or `intent` no sentence",
        "A value is a number, a double-quoted string, a tuple of numbers, a reference such "
        "as `@core/pack`, or a bare word such as `true`, `left` or `box`.",
        "Robot r {\n    Diff_two_caster chassis(ref = )\n}\n",
    ),
    "syntax.expected_number": CodeInfo(
        E,
        "a tuple holds something other than numbers, or nothing",
        "Tuples are numbers in parentheses separated by commas, such as a glue "
        "`(x, y, z, nx, ny, nz)`. They do not nest and do not hold names or strings.",
        'Robot r {\n    Standard wheel_l(ref = "standard_80", glue = (0, y, 0, 0, 1, 0))\n}\n',
    ),
    "syntax.missing_brace": CodeInfo(
        E,
        "a header without `{`, or a `{` that is never closed",
        "The items of a robot, a world or a task stand between the braces of its header: "
        "`Robot diff_bot {` ... `}`.",
        'Robot r\n    Diff_two_caster chassis(ref = "diff_base")\n}\n',
    ),
    "syntax.missing_paren": CodeInfo(
        E,
        "an item without `(`, or an argument list or a tuple that is never closed",
        "Arguments are listed in parentheses right after the item's type and name, and "
        "closed before the next item starts. The caret shows the `(` left open.",
        'Robot r {\n    Diff_two_caster chassis(ref = "diff_base"\n    Caster ball(ref = '
        '"caster_ball", glue = (0, 0, 0, 0, 0, -1))\n}\n',
    ),
    "syntax.duplicate_argument": CodeInfo(
        E,
        "an argument given twice in one item, or a world setting given twice",
        "Each argument is given at most once; which one was meant cannot be guessed. The "
        "first is kept and the second reported, pointing at both.",
        'Robot r {\n    Diff_two_caster chassis(ref = "diff_base", ref = "diff_base_v2")\n}\n',
    ),
    "syntax.duplicate_intent": CodeInfo(
        E,
        "a robot states `intent` more than once",
        "`intent` is one optional sentence saying what the robot is for; keep one.",
        'Robot r {\n    intent "a base"\n    intent "a base with a lidar"\n}\n',
    ),
    "syntax.too_many_errors": CodeInfo(
        Severity.NOTE,
        "more syntax errors in one file than are shown",
        "After 100 syntax errors in one file the rest are counted, not shown: the first "
        "ones usually explain the others.",
        "",
    ),
}
