"""``convert-library SOURCE DESTINATION``: a part.yaml v3 checkout into a component library.

``source`` reads the checkout, ``assets`` plans where each part's files go, ``copying``
copies them, ``refusals`` names what was not read or copied, ``rules`` renames the fields,
``emit`` writes YAML, ``findings`` names what a person must settle, ``report`` writes the
report and ``driver`` runs them in order; ``cli`` is the command. The names below
load on first use, so registering the command costs a plain compile nothing.
"""

from __future__ import annotations

__all__ = ["convert_library", "ConversionError", "Conversion"]


def __getattr__(name: str):
    if name in __all__:
        from . import driver

        return getattr(driver, name)
    raise AttributeError(name)
