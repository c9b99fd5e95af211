"""The rules core's shape: no import cycle, no import inside a function, nothing of the clients.

An import under a module's top-level ``if TYPE_CHECKING:`` never runs (it is for the type checker): it is
allowed, and it is no edge of the import graph.
"""

import ast
import sys
from pathlib import Path

import barrage_tui.rules

ROOT = Path(barrage_tui.rules.__file__).parent
PACKAGE = "barrage_tui.rules"


def _modules() -> dict[str, tuple[str, ast.Module]]:
    """Every module of the rules core: its name -> (its package, its syntax tree)."""
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = (PACKAGE, *path.relative_to(ROOT).with_suffix("").parts)
        package = ".".join(parts[:-1])
        name = package if parts[-1] == "__init__" else ".".join(parts)
        found[name] = (package if parts[-1] != "__init__" else name, ast.parse(path.read_text(), str(path)))
    return found


def _imported(package: str, node: ast.ImportFrom, modules) -> list[str]:
    """The rules modules a ``from ... import ...`` statement written in ``package`` brings in."""
    if node.level:
        parts = package.split(".")
        base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
    return subs or ([base] if base in modules else [])


def _is_type_checking(node: ast.stmt) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:`` with no ``else``: a block that never runs."""
    if not isinstance(node, ast.If) or node.orelse:
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        and isinstance(test.value, ast.Name) and test.value.id == "typing")


def _graph():
    """module -> the rules modules it imports when it runs; and the imports that are not at a module's
    top level (nor directly under its top-level ``if TYPE_CHECKING:``), as "module:line"."""
    modules = _modules()
    top, inner = {m: set() for m in modules}, []
    for name, (package, tree) in modules.items():
        type_only = {id(n) for block in tree.body if _is_type_checking(block) for n in block.body}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or id(node) in type_only:
                continue
            if node not in tree.body:
                inner.append(f"{name}:{node.lineno}")
            if isinstance(node, ast.ImportFrom):
                top[name].update(m for m in _imported(package, node, modules) if m != name)
    return top, inner


def test_no_import_inside_a_function():
    _, inner = _graph()
    assert inner == []


def test_no_import_cycle():
    graph, _ = _graph()
    done, active = set(), []

    def visit(m):
        if m in active:
            raise AssertionError(f"import cycle: {' -> '.join(active[active.index(m):] + [m])}")
        if m in done:
            return
        active.append(m)
        for d in sorted(graph[m]):
            visit(d)
        active.pop()
        done.add(m)

    for m in sorted(graph):
        visit(m)


def test_the_rules_import_nothing_of_their_clients():
    clients = ("barrage_tui.ui", "automa", "saves", "textual", "rich")
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            assert not [n for n in names if n.startswith(clients)], path


def _assert_cycle_found() -> None:
    try:
        test_no_import_cycle()
    except AssertionError as exc:
        assert "a -> " in str(exc) or "b -> " in str(exc)
    else:
        raise AssertionError("the cycle was not found")


def test_the_cycle_check_finds_a_cycle(tmp_path, monkeypatch):
    # the check itself works: two modules that import each other are reported
    _fake_rules(tmp_path, monkeypatch, {"a": "from . import b\n", "b": "from .a import x\n"})
    _assert_cycle_found()


def _fake_rules(tmp_path, monkeypatch, files: dict[str, str]) -> None:
    """Point the checks at a package of the given modules instead of the rules core."""
    (tmp_path / "__init__.py").write_text("")
    for name, text in files.items():
        (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)


def test_an_import_for_the_type_checker_only_is_no_edge(tmp_path, monkeypatch):
    _fake_rules(tmp_path, monkeypatch, {
        "a": "from . import b\n",
        "b": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n",
        "c": "import typing\nif typing.TYPE_CHECKING:\n    from . import a\n",
    })
    test_no_import_cycle()
    test_no_import_inside_a_function()


def test_a_cycle_through_an_import_that_runs_is_still_found(tmp_path, monkeypatch):
    # an ``else`` branch of TYPE_CHECKING runs, and so does an ``if`` on anything else
    for guard in ("if TYPE_CHECKING:\n    pass\nelse:\n    from .a import x\n", "if True:\n    from .a import x\n"):
        _fake_rules(tmp_path, monkeypatch, {"a": "from . import b\n", "b": "TYPE_CHECKING = False\n" + guard})
        _, inner = _graph()
        assert inner == [f"{PACKAGE}.b:{5 if 'else' in guard else 3}"]
        _assert_cycle_found()


def test_an_import_inside_a_function_is_found_even_for_the_type_checker(tmp_path, monkeypatch):
    _fake_rules(tmp_path, monkeypatch, {
        "a": "def f():\n    from . import b\n",
        "b": "from typing import TYPE_CHECKING\ndef g():\n    if TYPE_CHECKING:\n        from . import a\n",
    })
    _, inner = _graph()
    assert sorted(inner) == [f"{PACKAGE}.a:2", f"{PACKAGE}.b:4"]
