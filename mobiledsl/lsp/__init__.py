"""``mobiledsl lsp``: a Language Server Protocol server over stdio (pygls) for ``.core``,
``.world``, ``.task``, ``component.yaml`` and ``library.yaml``.

One job per module: ``positions`` (the compiler's places and LSP's, exactly), ``convert``
(diagnostics and fixes as LSP items), ``workspace`` (the open documents, the project's
libraries kept loaded, the compile of a program from the editor's texts), ``features``
(completion, hover, definition: text and records in, items out), ``server`` (the pygls
wiring, the only module that imports pygls) and ``command`` (the subcommand).
"""
