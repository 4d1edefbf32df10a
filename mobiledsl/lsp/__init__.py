"""``mobiledsl lsp``: a Language Server Protocol server over stdio (pygls) for ``.core``,
``.world``, ``.task``, ``component.yaml`` and ``library.yaml``.

One job per module: ``positions`` (the compiler's places and LSP's, exactly), ``convert``
(diagnostics and fixes as LSP items, and code actions), ``workspace`` (the open documents,
the project's libraries kept loaded, the compile of a program from the editor's texts and
the robot it assembled), ``features`` (completion, hover, definition: text and records in,
items out), ``schema`` (what a component.yaml may state at a place, asked of the library's
checks), ``glues`` (the connector a glue seats its part on), ``symbols`` (document
outlines), ``tokens`` (semantic tokens from the lexer), ``server`` and ``handlers`` (the
pygls wiring) and ``command`` (the subcommand).
"""
