"""Typed reading of TOML data into the rules' dataclasses, naming the path of any bad field.

The expected type of every field comes from the dataclass itself (``GameState``, ``CompanyState``,
``DamState``, ``Segment``, ``Setup``, ``SeatSetup``), so the check follows the rules core as it changes.
TOML keeps integers and booleans apart, and so does this check: ``true`` is not an integer here.

A field is required when it is listed in the reader's ``required`` map; any other field may be left
out: it then takes the dataclass default (or a placeholder that the codec derives afterwards), and its
path is recorded in ``reader.missing``.
"""

from __future__ import annotations

import datetime
import typing
from collections.abc import Sequence
from dataclasses import MISSING, fields, is_dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from barrage_tui.rules import ModuleState, key_path, module_state_class

from .errors import FormatProblem

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")

def kind_of(value: object) -> str:
    """How a TOML value is called in messages."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return "a date/time"
    return type(value).__name__


def wrong_type(path: str, expected: str, value: object) -> FormatProblem:
    shown = ""
    if isinstance(value, (bool, int, float, str)):
        shown = f" ({value!r})" if len(repr(value)) <= 40 else ""
    return FormatProblem(f"{path}: expected {expected}, found {kind_of(value)}{shown}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def describe(tp: Any) -> str:
    if tp is bool:
        return "a boolean (true or false)"
    if tp is int:
        return "an integer"
    if tp is str:
        return "a string"
    origin = typing.get_origin(tp)
    if origin in (list, tuple):
        args: Sequence[Any] = [a for a in typing.get_args(tp) if a is not Ellipsis]
        return f"an array of {_plural(args[0])}" if args else "an array"
    if origin is dict or tp is dict:
        args = typing.get_args(tp)
        return f"a table of {_plural(args[1])}" if args else "a table"
    if is_dataclass(tp):
        return "a table"
    return str(tp)


def _plural(tp: Any) -> str:
    if tp is bool:
        return "booleans"
    if tp is int:
        return "integers"
    if tp is str:
        return "strings"
    if typing.get_origin(tp) in (list, tuple):
        return "arrays"
    return "tables"


def _placeholder(tp: Any) -> object:
    origin = typing.get_origin(tp) or tp
    return {int: 0, str: "", bool: False, list: [], dict: {}, tuple: ()}.get(origin)


class Reader:
    def __init__(self, required: dict[type, frozenset[str]] | None = None) -> None:
        self.required = required or {}
        self.missing: set[str] = set()  # paths of optional fields that the file left out

    def read(self, tp: Any, value: Any, path: str) -> Any:
        if tp is bool:
            if type(value) is not bool:
                raise wrong_type(path, describe(tp), value)
            return value
        if tp is int:
            if type(value) is not int:
                raise wrong_type(path, describe(tp), value)
            return value
        if tp is str:
            if type(value) is not str:
                raise wrong_type(path, describe(tp), value)
            return value
        if is_dataclass(tp):
            return self.read_dataclass(cast("type[DataclassInstance]", tp), value, path)  # a hint: a class
        origin = typing.get_origin(tp)
        if origin in (list, tuple):
            if not isinstance(value, list):
                raise wrong_type(path, describe(tp), value)
            args: Sequence[Any] = [a for a in typing.get_args(tp) if a is not Ellipsis]
            items: list[Any] = [self.read(args[0], v, f"{path}[{i}]") for i, v in enumerate(value)] if args else list(value)
            return tuple(items) if origin is tuple else items
        if origin is dict or tp is dict:
            if not isinstance(value, dict):
                raise wrong_type(path, describe(tp), value)
            args = typing.get_args(tp)
            if not args:  # a free table (Setup.options): any TOML values
                return dict(value)
            if args[1] is ModuleState:  # GameState.modules: each module's own state class, by its id
                return {k: self.read(self._module_state(k, key_path(path, k)), v, key_path(path, k))
                        for k, v in value.items()}
            return {k: self.read(args[1], v, key_path(path, k)) for k, v in value.items()}
        raise FormatProblem(f"{path}: unsupported field type {tp}")

    @staticmethod
    def _module_state(module: str, path: str) -> type[ModuleState]:
        try:
            return module_state_class(module)
        except KeyError:
            raise FormatProblem(f"{path}: no module {module!r} keeps a state of its own") from None

    def read_dataclass(self, cls: type[T], value: object, path: str) -> T:
        if not isinstance(value, dict):
            raise wrong_type(path, "a table", value)
        hints = _hints(cls)
        names = {f.name for f in fields(cls)}
        for key in value:
            if key not in names:
                raise FormatProblem(f"{key_path(path, key)}: unknown field")
        required = self.required.get(cls, frozenset())
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            where = key_path(path, f.name)
            if f.name in value:
                kwargs[f.name] = self.read(hints[f.name], value[f.name], where)
                continue
            if f.name in required:
                raise FormatProblem(f"field {where} is missing")
            self.missing.add(where)
            if f.default is MISSING and f.default_factory is MISSING:
                kwargs[f.name] = _placeholder(hints[f.name])  # derived later by the codec
        return cls(**kwargs)
