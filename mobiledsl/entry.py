"""Where the command starts: the console script and ``python -m mobiledsl``.

A compile makes many small objects and frees them by reference counting; the cyclic
collector's passes over them cost a twentieth of a 100-part compile's CPU time and find next
to nothing to free. So the collector is off from the first import, and ``cli`` turns it back
on as soon as it knows the command is not one that ends at once (a compile ends its process
when it is done; the build graph, simulate and run are long-lived and need it).
"""

import gc

gc.disable()

from .cli import console  # noqa: E402  (after the collector is off)

__all__ = ["console"]
