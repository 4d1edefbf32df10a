"""The view page: one HTML file holding the vendored three.js bundle, the page's script and
the scene as one JSON blob, so it opens from ``file://`` with no request at all.

Everything from the user's files (part names, diagnostics) reaches the page only inside the
JSON blob, which is escaped for a ``<script>`` element, and the page's script puts it into
the document as text (``textContent``), never as markup.
"""

from __future__ import annotations

import html
import json
from importlib import resources

VENDOR = "vendor/three-bundle.min.js"


def script_json(data) -> str:
    """JSON that cannot end the ``<script>`` element it sits in, nor open a comment there,
    nor break a line in older parsers (U+2028, U+2029)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _inline_script(code: str) -> str:
    # the vendored code is ours, not the user's, but a "</script" in it would still end
    # the element early: checked rather than trusted
    if "</script" in code.lower():
        raise ValueError("an inlined script holds '</script'")
    return code


def render_page(scene: dict, serve: bool = False) -> str:
    """The page's HTML. ``serve``: the page polls ``/mtime`` on its server and reloads when
    the file changed (``mobiledsl view --serve``)."""
    title = html.escape(f"{scene.get('robot', '')} - mobiledsl view")
    return "".join(
        [
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
            # no request of any kind: a CSP that allows none but the inline code and data:
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            "img-src data: blob:; connect-src data: blob:" + (" 'self'" if serve else "") + '">',
            f"<title>{title}</title><style>{_asset('page.css')}</style></head><body>",
            '<div id="panel"><h1 id="title"></h1><div id="toggles"></div>',
            '<div id="replay" hidden><button id="play" type="button">play</button>',
            '<input id="scrub" type="range" min="0" max="0" value="0">',
            '<span id="clock"></span></div><ul id="diagnostics"></ul></div>',
            '<div id="hover" hidden></div><canvas id="view"></canvas>',
            f'<script id="scene" type="application/json">{script_json(scene)}</script>',
            f"<script>{_inline_script(_asset(VENDOR))}</script>",
            f"<script>window.MOBILEDSL_SERVE = {'true' if serve else 'false'};\n",
            _inline_script(_asset("page.js")),
            "</script></body></html>\n",
        ]
    )
