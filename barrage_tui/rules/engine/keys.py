"""The key grammar: how a choice (and a board reference) is written as text, and read back.

A key is a verb and its arguments joined by ``:``, e.g. ``space:B5L``, ``contract:214``,
``system:B5L:C5R:P10_0``, ``machinery:2:1``, ``place:turbine-b2:architect``. The text form is what the log,
the saves and the tests hold, so it never changes; everything else uses ``Key``:

    Key.parse("drops:3") == Key("drops", ("3",))      Key.of("drops", 3).text == make("drops", 3) == "drops:3"
    Key.parse("drops:3").number() == 3                 Key.parse("skip").verb == "skip"

An Automa's whole turn is one key too, its operations and the answers to the rules' questions joined by
``;`` (automa_step.py): ``flip;build;=tile:base;=space:B1L`` (``step_tokens`` / ``step_text``).

This module is the only place that takes a key apart (``parse``) or puts one together (``of``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

SEPARATOR = ":"


@dataclass(frozen=True, slots=True)
class Key:
    verb: str
    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Key:
        return _parsed(text)

    @classmethod
    def of(cls, verb: str, *args: object) -> Key:
        return cls(verb, tuple(str(a) for a in args))

    @property
    def text(self) -> str:
        return SEPARATOR.join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    def arg(self, i: int = 0, default: str = "") -> str:
        return self.args[i] if i < len(self.args) else default

    def number(self, i: int = 0) -> int:
        """The i-th argument as a whole number (ValueError if it is not one)."""
        return int(self.args[i])

    def rest(self, i: int = 0) -> str:
        """The arguments from the i-th on, as written (a space id may itself hold no separator)."""
        return SEPARATOR.join(self.args[i:])


class StepToken(NamedTuple):
    """One part of an Automa step: an operation (``build``) or an answer to the rules' question (``=space:B1L``)."""

    text: str
    answer: bool


@lru_cache(maxsize=4096)  # (a key is parsed at every choice it answers, and the same few keys come back)
def _parsed(text: str) -> Key:
    verb, *args = text.split(SEPARATOR)
    return Key(verb, tuple(args))


STEP_SEPARATOR = ";"  # an Automa step: its operations and answers, in order
ANSWER = "="


def step_tokens(text: str) -> list[StepToken]:
    """``flip;build;=space:B1L`` -> flip, build, and the answer space:B1L."""
    return [StepToken(t[1:], True) if t.startswith(ANSWER) else StepToken(t, False)
            for t in text.split(STEP_SEPARATOR)]


def answer_token(key: str) -> str:
    return ANSWER + key


def step_text(tokens: list[str]) -> str:
    return STEP_SEPARATOR.join(tokens)


def make(verb: str, *args: object) -> str:
    """The text form of ``Key.of(verb, *args)``: what a ``Choice`` holds (written out: every choice's key is
    made here, and the ``Key`` in between cost more than the text)."""
    return SEPARATOR.join((verb, *map(str, args)))


def verb(text: str) -> str:
    return text.split(SEPARATOR, 1)[0]


def number(text: str, i: int = 0) -> int:
    return Key.parse(text).number(i)


def contract_ref(cid: int) -> str:
    """The board reference of a contract card (what a choice or an event points at)."""
    return make("contract", cid)


def contract_of(ref: str) -> int | None:
    """The contract a reference points at, or None when it points at something else."""
    k = Key.parse(ref)
    return k.number() if k.verb == "contract" and k.args and k.args[0].isdigit() else None


__all__ = ["Key", "StepToken", "answer_token", "contract_of", "contract_ref", "make", "number", "step_text",
           "step_tokens", "verb"]
