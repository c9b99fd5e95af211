"""The box types of the action side, one module each (automa.md section 5).

``try_box(ctx, box)`` carries the box out and returns None, or returns why it is not possible (nothing
changed). External Works and Private Building boxes need The Leeghwater Project: without it turn.py leaves them
out (automa.md 2.5).
"""

from __future__ import annotations

from . import (
    bank, construction, contract_office, external_works, machinery_shop, patent_office, production, water, workshop,
)

TRY = {
    "produce": production.try_box,
    "water": water.try_box,
    "contract_office": contract_office.try_box,
    "construct": construction.try_box,
    "workshop": workshop.try_box,
    "machinery_shop": machinery_shop.try_box,
    "patent_office": patent_office.try_box,
    "external_work": external_works.try_box,
    "bank": bank.try_box,
}
