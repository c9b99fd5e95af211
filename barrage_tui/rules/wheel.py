"""The Construction Wheel: 6 segments, one open; every single turn opens the next and returns its contents."""

from __future__ import annotations

from .state import CompanyState


def load_open_segment(company: CompanyState, tiles: list[str], excavators: int, mixers: int,
                      excamixers: int = 0) -> None:
    seg = company.wheel[company.wheel_open]
    seg.tiles.extend(tiles)
    seg.excavators += excavators
    seg.mixers += mixers
    seg.excamixers += excamixers


def turn(company: CompanyState, times: int = 1) -> list[str]:
    """Turn the wheel ``times`` segments; each newly opened segment gives back what it holds.

    Returns the tiles that came back."""
    back: list[str] = []
    for _ in range(times):
        company.wheel_open = (company.wheel_open + 1) % len(company.wheel)
        seg = company.wheel[company.wheel_open]
        company.tiles.extend(seg.tiles)
        company.excavators += seg.excavators
        company.mixers += seg.mixers
        company.excamixers += seg.excamixers
        back.extend(seg.tiles)
        seg.tiles.clear()
        seg.excavators = seg.mixers = seg.excamixers = 0
    return back


def tiles_on_wheel(company: CompanyState) -> list[str]:
    return [t for seg in company.wheel for t in seg.tiles]


def machinery_on_wheel(company: CompanyState) -> tuple[int, int]:
    return sum(s.excavators for s in company.wheel), sum(s.mixers for s in company.wheel)


def excamixers_on_wheel(company: CompanyState) -> int:
    return sum(s.excamixers for s in company.wheel)
