"""The assembly phase (docs/assembly.md): glue matching, mating and the assembled robot.

``assemble(resolved) -> (Robot or None, diagnostics)``; the records live in ``model.py``.
"""

from .assemble import assemble

__all__ = ["assemble"]
