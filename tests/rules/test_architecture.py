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


def _is_app_part(path: Path) -> bool:
    """A module's part of the app (rules/modules/<id>/app.py): the app imports it, the rules never do."""
    return path.name == "app.py" and path.parent.parent.name == "modules"


def test_the_rules_import_nothing_of_their_clients():
    clients = ("barrage_tui.ui", "automa", "saves", "textual", "rich")
    for path in ROOT.rglob("*.py"):
        if _is_app_part(path):
            continue
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


# ---------------------------------------------------------------- the modules of the game as plug-ins

MODULES = f"{PACKAGE}.modules"


def _every_import(tree: ast.Module, package: str, modules) -> set[str]:
    """The rules modules a module imports, its type-checking imports too."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.update(_imported(package, node, modules))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _is_module_code(name: str) -> bool:
    return name == MODULES or name.startswith(f"{MODULES}.")


def _base_files():
    """The base game and the engine: every rules module but the modules' packages and the package itself
    (``barrage_tui.rules``, the public API, which loads the plug-ins as it loads the chief engineers)."""
    return {name: entry for name, entry in _modules().items() if not _is_module_code(name) and name != PACKAGE}


def test_no_base_game_file_imports_a_module():
    modules = _modules()
    for name, (package, tree) in _base_files().items():
        assert not [m for m in _every_import(tree, package, modules) if _is_module_code(m)], name


# The plug-in packages of the companies and the chief engineers: their registry and base class are the
# base game's to call; each company's or chief engineer's own file holds its rules and only they import it.
PLUG_INS = ("companies", "officers")


def _one_plug_in(name: str) -> bool:
    """A company's or a chief engineer's own file (``rules/companies/china.py``), not its package's registry
    (``__init__``) nor the hooks' base class (``base``)."""
    parts = name.split(".")
    return len(parts) == 4 and parts[2] in PLUG_INS and parts[3] != "base"


def test_the_base_game_imports_no_company_or_chief_engineer_of_its_own():
    """Companies and chief engineers own their rules: the base game asks their registry (``companies.ability``,
    ``officers.in_force``), never one of them by name (no ``rules/china.py`` in the core)."""
    modules = _modules()
    for name, (package, tree) in _base_files().items():
        if name.split(".")[2:3] in ([p] for p in PLUG_INS):
            continue
        assert not [m for m in _every_import(tree, package, modules) if _one_plug_in(m)], name
        assert name.rsplit(".", 1)[-1] not in _companies_and_chief_engineers(), f"{name}: a plug-in's own rules"
    assert _one_plug_in(f"{PACKAGE}.companies.china") and not _one_plug_in(f"{PACKAGE}.companies.base")


def _companies_and_chief_engineers() -> set[str]:
    from barrage_tui.rules.components import components
    return {*components().companies, *components().officers}


# The chief engineers own their rules: the game calls a hook of the officers in force, named by what it does
# there, and the officer's override holds the rule; it does not branch on a flag only one officer sets. Plain
# numbers an ability changes (``hand_limit``, ``base_excavators``) are no flags. The flags one officer still
# sets that the game reads, each with why it stays:
ONE_OFFICER_FLAGS = {
    "machinery_wild": "a copied Elon's term of a build's cost rules, as a Patent tile's interchangeable machinery "
                      "is (build_costs.py's payment search takes both as one yes/no, as it takes Solomon's "
                      "credits_per_machinery): a hook would be this flag under another name",
}
OFFICERS_PACKAGE = f"{PACKAGE}.officers"


def _officer_classes(base: type) -> list[type]:
    """Every chief engineer's class, the copies' variants too (``ElonCopy``): ``base``'s subclasses, all depths."""
    found, todo = [], list(base.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _is_number(value: object) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _one_officer_flags(base: type, classes: list[type], read: set[str]) -> dict[str, list[str]]:
    """The attributes of ``base`` (no methods, no numbers, not ``id``) that the officers of one ``id`` alone
    set (a copy's variant counts with its officer) and that the game ``read``s: name -> that officer."""
    found = {}
    for name, default in vars(base).items():
        if name.startswith("_") or name == "id" or callable(default) or isinstance(default, classmethod):
            continue
        values = [default, *(vars(c)[name] for c in classes if name in vars(c))]
        if not isinstance(default, property) and all(_is_number(v) for v in values):
            continue
        setters = sorted({c.id for c in classes if name in vars(c)})
        if len(setters) == 1 and name in read:
            found[name] = setters
    return found


def _attributes_read_outside_the_officers() -> set[str]:
    """Every attribute name the rules read outside ``rules/officers/`` (by name: ``company.architect`` counts
    as a read of an officer's ``architect``, which errs on the strict side)."""
    read: set[str] = set()
    for name, (_, tree) in _modules().items():
        if name == OFFICERS_PACKAGE or name.startswith(f"{OFFICERS_PACKAGE}."):
            continue
        read.update(n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load))
    return read


def test_the_game_branches_on_no_flag_only_one_chief_engineer_sets():
    from barrage_tui.rules.officers import Officer

    classes = [c for c in _officer_classes(Officer) if c.__module__.startswith(f"{OFFICERS_PACKAGE}.")]
    found = _one_officer_flags(Officer, classes, _attributes_read_outside_the_officers())
    assert {name: who for name, who in found.items() if name not in ONE_OFFICER_FLAGS} == {}
    assert sorted(set(ONE_OFFICER_FLAGS) - set(found)) == []  # an exception no longer needed goes


def test_the_flag_check_finds_a_flag():
    # the check itself works: a flag one officer (and his copy) sets is reported, a number or a shared one not
    class Base:
        id = ""
        architect = False
        shared = ""
        limit = 3
        fixed: int | None = None

        def hook(self) -> None:
            pass

    class One(Base):
        id, architect, limit, fixed = "one", True, 4, 2

    class OneCopy(One):
        architect = True

    class Two(Base):
        id, shared = "two", "x"

    class Three(Base):
        id, shared = "three", "y"

        def hook(self) -> None:
            pass

    classes = _officer_classes(Base)
    assert {c.__name__ for c in classes} == {"One", "OneCopy", "Two", "Three"}
    read = {"architect", "shared", "limit", "fixed", "hook"}
    assert _one_officer_flags(Base, classes, read) == {"architect": ["one"]}
    assert _one_officer_flags(Base, classes, read - {"architect"}) == {}


def test_a_module_imports_no_other_module():
    modules = _modules()
    for name, (package, tree) in modules.items():
        if not name.startswith(f"{MODULES}."):
            continue
        own = ".".join(name.split(".")[:4])  # barrage_tui.rules.modules.<id>
        others = [m for m in _every_import(tree, package, modules)
                  if _is_module_code(m) and m != MODULES and not (m == own or m.startswith(f"{own}."))]
        assert others == [], name


def _module_words() -> set[str]:
    """What naming a module is: its id, and the names its state had in the base game's state (the saves'
    ``old_fields``). An id that is also a company's (China: a company, playable without the module, owns its
    rules in the base game) names the company."""
    from barrage_tui.rules.components import components
    from barrage_tui.rules.plugin import registered

    words = {m.id for m in registered().values()} - set(components().companies)
    return words | {field for m in registered().values() for field in m.old_fields}


def _names(tree: ast.Module) -> set[str]:
    """The names a module's code uses (variables, attributes, functions, arguments) and its plain strings."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            found.add(node.value)
    return found


def test_no_base_game_file_names_a_module_or_its_state():
    words = _module_words()
    named = {name: sorted(n for n in _names(tree) if any(w in n.lower() for w in words))
             for name, (_, tree) in _base_files().items()}
    assert {name: found for name, found in named.items() if found} == {}


def test_the_naming_check_finds_a_module_named(monkeypatch):
    # the check itself works: a base file that reads a module's state field is reported
    monkeypatch.setattr(sys.modules[__name__], "_base_files",
                        lambda: {"x": ("", ast.parse("def f(st):\n    return st.duel_markers\n"))})
    try:
        test_no_base_game_file_names_a_module_or_its_state()
    except AssertionError as exc:
        assert "duel_markers" in str(exc)
    else:
        raise AssertionError("the name was not found")


def test_the_engine_imports_nothing_of_the_game():
    # engine <- base game <- modules: the engine's machinery (decisions, keys, draws, file limits) stands alone
    engine = f"{PACKAGE}.engine"
    modules = _modules()
    for name, (package, tree) in modules.items():
        if name == engine or name.startswith(f"{engine}."):
            found = [m for m in _every_import(tree, package, modules)
                     if m.startswith(f"{PACKAGE}.") and not m.startswith(f"{engine}.") and m != engine]
            assert found == [], name


def test_no_rules_file_imports_a_modules_part_of_the_app():
    # the rules core stays headless: a module's app.py (its panel, its help) is for the app alone
    modules = _modules()
    for name, (package, tree) in modules.items():
        if name.endswith(".app") and name.startswith(f"{MODULES}."):
            continue
        parts = [m for m in _every_import(tree, package, modules) if m.startswith(f"{MODULES}.") and m.endswith(".app")]
        assert parts == [], name


# ---------------------------------------------------------------- the clients use the public API

REPO = ROOT.parent.parent
CLIENTS = ("automa", "saves", "barrage_tui/ui", "barrage_tui/host", "barrage_tui/cli.py", "barrage_tui/web.py",
           "barrage_tui/visible.py")
# The CLI's sim command imports the runner beside the API: the app never loads its multiprocessing.
SIM = ("barrage_tui/cli.py", f"{PACKAGE}.sim")


def _client_files() -> list[Path]:
    found = []
    for client in CLIENTS:
        path = REPO / client
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def _package_of(path: Path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts[:-1])


def _rules_submodules(tree: ast.Module, package: str) -> list[str]:
    """The modules inside the rules package a client's imports name (relative ones too, type-only ones too)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith(f"{PACKAGE}.")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base.startswith(f"{PACKAGE}."):
                found.append(base)
            elif base == PACKAGE:  # ``from barrage_tui.rules import game``: a submodule by another door
                found += [f"{base}.{a.name}" for a in node.names
                          if (ROOT / f"{a.name}.py").exists() or (ROOT / a.name / "__init__.py").exists()]
    return found


def test_the_clients_import_the_rules_package_only():
    found = {}
    for path in _client_files():
        name = str(path.relative_to(REPO))
        subs = [m for m in _rules_submodules(ast.parse(path.read_text()), _package_of(path)) if (name, m) != SIM]
        if subs:
            found[name] = subs
    assert found == {}


def test_the_import_check_finds_a_submodule():
    # the check itself works: absolute, relative, type-only and ``from package import module`` forms
    sources = {"from barrage_tui.rules.game import Game\n": "barrage_tui.rules.game",
               "from ..rules.engine.keys import Key\n": "barrage_tui.rules.engine.keys",
               "if TYPE_CHECKING:\n    from barrage_tui.rules.state import GameState\n": "barrage_tui.rules.state",
               "from barrage_tui.rules import production\n": "barrage_tui.rules.production",
               "import barrage_tui.rules.water\n": "barrage_tui.rules.water"}
    for source, module in sources.items():
        assert _rules_submodules(ast.parse(source), "barrage_tui.ui") == [module], source
    assert _rules_submodules(ast.parse("from barrage_tui.rules import Game, table_view\n"), "barrage_tui.ui") == []


def _api_doc_names() -> list[str]:
    """The names docs/api.md documents: each list item's first name in backticks (``- `Game`: ...``)."""
    import re

    text = (REPO / "docs" / "api.md").read_text()
    return re.findall(r"^- `([A-Za-z_][A-Za-z0-9_]*)`", text, flags=re.MULTILINE)


def test_every_exported_name_is_documented_and_every_documented_name_exported():
    documented = _api_doc_names()
    assert sorted(n for n in set(documented) if documented.count(n) > 1) == []  # one line each
    assert sorted(set(barrage_tui.rules.__all__) - set(documented)) == []
    assert sorted(set(documented) - set(barrage_tui.rules.__all__)) == []
    assert all(hasattr(barrage_tui.rules, n) for n in barrage_tui.rules.__all__)


RAW_STATE = ("GameState", "CompanyState")


def _raw_state_reads(tree: ast.Module, allowed_function: str = "") -> list[str]:
    """Where a module reads an attribute named ``state`` or imports the state's types, as "line: what"
    (inside a function named ``allowed_function``, nothing counts)."""
    skipped = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == allowed_function
               for n in ast.walk(f)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Attribute) and node.attr == "state":
            found.append(f"{node.lineno}: .state")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: {a.name}" for a in node.names if a.name in RAW_STATE]
    return sorted(found, key=lambda r: int(r.split(":")[0]))


def test_the_app_and_the_host_read_views_not_the_state():
    found = {}
    for client in ("barrage_tui/ui", "barrage_tui/host"):
        for path in sorted((REPO / client).rglob("*.py")):
            name = str(path.relative_to(REPO))
            reads = _raw_state_reads(ast.parse(path.read_text()))
            if reads:
                found[name] = reads
    assert found == {}


def test_the_state_check_finds_a_read():
    source = ("from barrage_tui.rules import CompanyState\n"
              "def f(view):\n    return view.game.state.round\n"
              "def state(self):\n    return self.game.state\n")
    assert _raw_state_reads(ast.parse(source)) == ["1: CompanyState", "3: .state", "5: .state"]
    assert _raw_state_reads(ast.parse(source), "state") == ["1: CompanyState", "3: .state"]
