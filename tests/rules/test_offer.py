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


def test_a_prompt_with_an_offer_equals_and_hashes_as_the_prompt_of_its_choices():
    a, b = Choice("a", "A"), Choice("b", "B")
    lazy = Prompt(0, PromptKind.ACTION, "t", Offer([a, b], {"b": lambda: False}))
    whole = Prompt(0, PromptKind.ACTION, "t", (a,))
    assert lazy == whole and whole == lazy and hash(lazy) == hash(whole)
    assert lazy != Prompt(0, PromptKind.ACTION, "t", (a, b))
