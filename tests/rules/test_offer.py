"""A decision's choices given lazily (engine/decisions.py ``Offer``): checked when read, each check once."""

from barrage_tui.rules.engine.decisions import Choice, Offer, Prompt, PromptKind


def test_an_offer_checks_only_the_key_asked_and_each_check_once():
    asked = []

    def check(key: str, verdict: bool):
        return lambda: asked.append(key) or verdict
    a, b, c = Choice("a", "A"), Choice("b", "B"), Choice("c", "C")
    prompt = Prompt(0, PromptKind.ACTION, "", Offer([a, b, c], {"b": check("b", False), "c": check("c", True)}))
    assert prompt.find("c") is c and asked == ["c"]
    assert prompt.find("b") is None and asked == ["c", "b"]  # a candidate, not legal
    assert prompt.find("a") is a and prompt.find("x") is None and asked == ["c", "b"]  # (nothing to check)
    assert prompt.choices == (a, c) and prompt.keys() == ("a", "c")
    assert asked == ["c", "b"]  # nothing asked twice
