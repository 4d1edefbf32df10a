"""One BLAS thread in the tool's own processes.

A compile multiplies 3×3 and 4×4 matrices. OpenBLAS (numpy's BLAS) starts a worker thread
per core when numpy loads, and their start-up alone cost a quarter of a 100-part compile's
CPU time; in a parallel build every worker's threads also contend with the other workers.
The command line and the build graph call ``one_thread`` before numpy is imported. A value
the user set wins, and nothing is changed for a program that imports mobiledsl as a library.
"""

from __future__ import annotations

import os

VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def one_thread() -> None:
    for name in VARIABLES:
        os.environ.setdefault(name, "1")
