"""The 20 Automa cards (reference automa.md section 7, read off the card scans): every card's action boxes and
criteria side as loaded from automa/data/cards.toml, checked against the reference tables (a verbatim copy
in data/reference_cards.md), one test per card."""

import re
from pathlib import Path

import pytest

from automa.cards import cards

TABLES = (Path(__file__).parent / "data" / "reference_cards.md").read_text()

DAM = {"most powerful conduit": "most_powerful_conduit", "owned powerhouse": "owned_powerhouse",
       "upstream powerhouse": "upstream_powerhouse", "red-outline space": "red_outline_space",
       "downstream dam": "downstream_dam", "most water drops": "most_water_drops"}
CONDUIT = {"most powerful": "most_powerful", "2nd most powerful": "second_most_powerful",
           "dam: own > neutral > opponent": "owned_neutral_opponent_dam",
           "dam: opponent > neutral > own": "opponent_neutral_owned_dam",
           "powerhouse: own > opponent": "owned_opponent_powerhouse",
           "powerhouse: opponent > own": "opponent_owned_powerhouse"}
POWERHOUSE = {"feeds own dam (else not opponent's)": "feeding_owned_dam",
              "not feeding opponent dam (else own)": "not_feeding_opponent_dam",
              "most powerful conduit": "most_powerful_conduit", "owned dam": "owned_dam", "plains": "plains",
              "hill basin 5": "hills_basin_5", "hill basin 6": "hills_basin_6", "hill basin 7": "hills_basin_7"}
STRUCTURES = {"Base": "base", "Elevation": "elevation", "Conduit": "conduit", "Powerhouse": "powerhouse",
              "Private Building": "building", "Building": "building"}


def reference(card_id: int):
    """(boxes, criteria rows) of one card, as the reference tables print them."""
    body = re.split(r"### Card (\d+)", TABLES)
    text = body[body.index(str(card_id)) + 1]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.startswith("| ") and not line.startswith(("| #", "| criteria"))]
    boxes = [r[1:] for r in rows if r[0].isdigit()]
    crit = {r[0]: r[1:] for r in rows if not r[0].isdigit()}
    return boxes, crit


def expected_box(col, eng, action, params):
    """The fields a reference row gives, in the TOML's terms."""
    lwp = "[LWP]" in action or "[LWP]" in params
    dashed = "(dashed)" in action
    name = action.split(" *")[0]
    out = {"column": int(col), "engineers": int(eng), "ends_turn": not dashed, "lwp_only": lwp}
    vp = re.search(r"([-+]\d+) VP", params)
    if name == "Production":
        bonus = params.split(";")[0]
        out.update(kind="produce", production_bonus=0 if bonus == "no modifier" else int(bonus),
                   contract_colour=re.search(r"\*\*(\w+)\*\*", params).group(1))
    elif name == "Water Management":
        out.update(kind="water", drops=int(params[0]), flow_immediately="flows at once" in params)
    elif name == "Contract Office":
        out.update(kind="contract_office", discard_colour=re.search(r"\*\*(\w+)\*\*", params).group(1),
                   energy=int(re.search(r"\+(\d+) Energy", params).group(1)))
    elif name == "Construction":
        what = params.split(" (")[0].split(" *")[0]
        out.update(kind="construct", structure=STRUCTURES[what])
        if "hills only" in params:
            out["area"] = "hill"
        if "mountains only" in params:
            out["area"] = "mountain"
        if m := re.search(r"value (\d)\+", params):
            out["min_conduit_value"] = int(m.group(1))
        if "Building" in params:
            out["building_search"] = "down" if "top→bottom" in params else "up"
    elif name == "External Works":
        out.update(kind="external_work", order=tuple(int(x) for x in params.split()[-1].split("-")))
    elif name == "Workshop":
        out.update(kind="workshop", rotations=int(re.search(r"turn wheel (\d)", params).group(1)),
                   vp_change=int(vp.group(1)) if vp else 0)
    elif name == "Machinery Shop":
        gain = params.split(";")[0].lstrip("+").replace(" (wild)", "")
        out.update(kind="machinery_shop", gain=tuple(g.strip() for g in gain.split("+")),
                   vp_change=int(vp.group(1)), skip_in_round_5="not in round 5" in params)
    elif name == "Patent Office":
        out.update(kind="patent_office", structure=STRUCTURES[params.split(" tile")[0].split(" *")[0]],
                   vp_change=int(vp.group(1)))
    elif name == "Bank":
        out.update(kind="bank", vp_change=int(vp.group(1)))
    else:
        raise AssertionError(f"unknown action {action!r}")
    return out


@pytest.mark.parametrize("card_id", range(1, 21))
def test_card_matches_the_reference_tables(card_id):
    card = cards()[card_id]
    boxes, crit = reference(card_id)
    # The action side: every box, in priority order, with its Engineers, frame, costs and parameters.
    assert len(card.actions) == len(boxes)
    for box, row in zip(card.actions, boxes):
        for field, value in expected_box(*row).items():
            assert getattr(box, field) == value, (card_id, row, field)
    # The criteria side: three criteria per column, the location codes, the headstream letters.
    c = card.criteria
    assert c.dam == tuple(DAM[k] for k in crit["Dam / Elevation"][:3])
    assert c.dam_start == int(crit["Dam / Elevation"][3])
    assert c.conduit == tuple(CONDUIT[k] for k in crit["Conduit"][:3])
    code, space = re.match(r"(\d+[AB]) \(`(C\d+[LR])`\)", crit["Conduit"][3]).groups()
    assert (c.conduit_start, c.conduit_start_space) == (code, space)
    assert c.powerhouse == tuple(POWERHOUSE[k] for k in crit["Powerhouse"][:3])
    assert c.powerhouse_start == int(crit["Powerhouse"][3])
    letters = crit["Headstreams"]
    assert c.headstreams == tuple(letters[:3])
    assert c.headstreams_full == tuple(letters[:3]) + (letters[3][-2],)


def test_the_deck_has_twenty_cards_with_six_to_eight_boxes_and_the_bank_last():
    assert sorted(cards()) == list(range(1, 21))
    for card in cards().values():
        assert 6 <= len(card.actions) <= 8
        assert card.actions[-1].kind == "bank" and card.actions[0].kind == "produce"


def test_only_water_and_contract_office_boxes_are_dashed():
    for card in cards().values():
        for box in card.actions:
            assert box.ends_turn == (box.kind not in ("water", "contract_office"))


def test_the_corrections_of_section_12_follow_the_card_scans():
    c = cards()
    assert [c[i].actions[0].production_bonus for i in (1, 2, 3, 4)] == [-2, -2, -1, -1]  # 12 #1: minus
    assert c[3].actions[1].kind == c[12].actions[1].kind == "contract_office"  # 12 #2: present
    assert c[5].criteria.powerhouse_start == 5  # 12 #3
    patent = next(b for b in c[15].actions if b.kind == "patent_office")
    assert (patent.engineers, patent.vp_change) == (1, -2)  # 12 #4
    assert not [b for b in c[19].actions if b.kind == "external_work"]  # 12 #5
    assert all(b.skip_in_round_5 for card in c.values() for b in card.actions if b.kind == "machinery_shop")  # #6
