"""barrage-tui serve: the page is served on 127.0.0.1 and its websocket runs the app; both answer only the
page's own address (its secret token, its origin), and a save made in the browser stays in the save folder."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest

import saves
from barrage_tui.rules.game import Game
from barrage_tui.web import command
from tests.host.terminals import screen_text
from tests.ui.driver import default_setup

ROOT = Path(__file__).resolve().parent.parent
WAIT = 60.0
PORTS = range(24000, 25000)  # the ports these tests may use on 127.0.0.1
ADDRESS = re.compile(r"open (http://\S+) in a browser")


def free_port() -> int:
    """A port of PORTS nothing listens on (a random one: test processes run side by side)."""
    for port in random.sample(PORTS, len(PORTS)):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port in {PORTS}")


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def served(folder: Path, *options: str):
    """``barrage-tui serve`` on a free port, its saves in ``folder``/saves: (the address it printed, its
    port, its output so far as a function), until the test ends."""
    port = free_port()
    log = folder / f"serve-{port}.log"
    home = folder / "home"  # the app's ~ and working folder: what it writes there stays in the test's folder
    home.mkdir(exist_ok=True)
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "barrage_tui", "serve", "--port", str(port),
                                   "--save-dir", str(folder / "saves"), *options], cwd=home, stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True,
                                  env={**os.environ, "HOME": str(home)})
    output = lambda: log.read_text(errors="replace")  # noqa: E731
    try:
        end = time.monotonic() + WAIT
        while not (found := ADDRESS.search(output())) or not listening(port):  # printed just before it listens
            assert server.poll() is None, f"barrage-tui serve ended: {output()}"
            assert time.monotonic() < end, f"barrage-tui serve printed no address, or does not listen: {output()}"
            time.sleep(0.1)
        yield found.group(1), port, output
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def browser() -> aiohttp.ClientSession:
    """An HTTP client that keeps cookies, as a browser does (also those of an IP address)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def status(http: aiohttp.ClientSession, url: str) -> int:
    async with http.get(url) as answer:
        return answer.status


async def socket_status(http: aiohttp.ClientSession, port: int, origin: str | None) -> int:
    """What the websocket answers a page of ``origin`` (None: no Origin header): 101 when it opens."""
    headers = {} if origin is None else {"Origin": origin}
    try:
        async with http.ws_connect(f"ws://127.0.0.1:{port}/ws", headers=headers):
            return 101
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status


def bare(text: str) -> str:
    return re.sub(r"[\s\u2500-\u259f]", "", text)


class Screen:
    """The app's output on one websocket, and keys typed into it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws, self.output = ws, b""

    async def type(self, text: str) -> int:
        """Type ``text``; returns how much output came before it (to wait for what it shows)."""
        await self.ws.send_json(["stdin", text])
        return len(self.output)

    async def until(self, words: str, since: int = 0) -> None:
        """Wait until the app has shown ``words`` (after byte ``since`` of its output), however its lines
        wrap: spaces and the borders' box and block characters are ignored."""
        end = asyncio.get_running_loop().time() + WAIT
        while bare(words) not in bare(screen_text(self.output[since:])):
            left = end - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(self.ws.receive(), max(0.1, left))
            except asyncio.TimeoutError:
                shown = " ".join(screen_text(self.output).split())[-600:]
                raise AssertionError(f"waited {WAIT:.0f} s for {words!r}; the page got: {shown!r}") from None
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the websocket ended: {message.type}")


async def open_app(http: aiohttp.ClientSession, address: str, port: int) -> tuple[aiohttp.ClientWebSocketResponse, str]:
    """Load the page at ``address`` (its cookie kept in ``http``), then open its websocket as the page does."""
    async with http.get(address) as page:
        assert page.status == 200
        html = await page.text()
    ws = await http.ws_connect(f"ws://127.0.0.1:{port}/ws?width=120&height=40",
                               headers={"Origin": f"http://127.0.0.1:{port}"})
    await ws.send_json(["resize", {"width": 120, "height": 40}])
    return ws, html


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("web")) as running:
        yield running


def test_the_command_quotes_the_save_folder():
    assert command("/tmp/a b; rm -rf x").endswith("--save-dir '/tmp/a b; rm -rf x'")


def test_the_printed_address_carries_a_secret_token(server, tmp_path):
    address, port, _ = server
    token = re.fullmatch(rf"http://127\.0\.0\.1:{port}/\?token=([\w-]+)", address)
    assert token and len(token.group(1)) >= 32
    with served(tmp_path) as (again, _, _):  # a new one each start
        assert again.split("token=")[1] != token.group(1)


def test_the_page_without_its_token_is_refused(server):
    address, port, _ = server

    async def check() -> None:
        async with browser() as http:
            assert await status(http, f"http://127.0.0.1:{port}/") == 403
            assert await status(http, f"http://127.0.0.1:{port}/?token=guessed") == 403
            assert await status(http, address + "x") == 403  # one character more is another token
            assert await status(http, address) == 200

    asyncio.run(check())


def test_the_page_with_its_token_runs_the_app(server):
    address, port, _ = server

    async def browse() -> None:
        async with browser() as http:
            ws, html = await open_app(http, address, port)
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in html
            async with ws:
                await Screen(ws).until("Start game")  # the start screen, drawn in the page's terminal

    asyncio.run(browse())


def test_a_websocket_from_another_origin_is_refused(server):
    """Even one that brings the page's cookie (a browser sends it to pages of every port of 127.0.0.1)."""
    address, port, output = server

    async def check() -> None:
        async with browser() as http:
            assert await status(http, address) == 200  # the cookie
            for origin in (f"http://127.0.0.1:{free_port()}", f"https://127.0.0.1:{port}", f"http://localhost:{port}",
                           "http://evil.example", "null", None):
                assert await socket_status(http, port, origin) == 403, origin
            assert await socket_status(http, port, f"http://127.0.0.1:{port}") == 101  # the page's own

    asyncio.run(check())
    assert "refused: the websocket answers its own page only" in output()


def test_a_websocket_without_the_token_is_refused(server):
    address, port, _ = server

    async def check() -> None:
        async with browser() as http:  # the right origin, but the page was never loaded with its token
            assert await socket_status(http, port, f"http://127.0.0.1:{port}") == 403
            http.cookie_jar.update_cookies({f"barrage-tui-token-{port}": "guessed"})
            assert await socket_status(http, port, f"http://127.0.0.1:{port}") == 403

    asyncio.run(check())


def test_no_token_opens_the_page_bare_with_a_warning_and_still_checks_the_origin(tmp_path):
    with served(tmp_path, "--no-token") as (address, port, output):
        assert address == f"http://127.0.0.1:{port}/"
        assert f"warning: --no-token: anyone who can reach http://127.0.0.1:{port} " in output()

        async def check() -> None:
            async with aiohttp.ClientSession() as http:  # no cookies at all
                assert await status(http, address) == 200
                assert await socket_status(http, port, f"http://127.0.0.1:{port}") == 101
                assert await socket_status(http, port, f"http://127.0.0.1:{free_port()}") == 403

        asyncio.run(check())


def test_a_public_url_is_the_page_address_and_an_allowed_origin(tmp_path):
    with served(tmp_path, "--public-url", "http://barrage.test:8080/") as (address, port, _):
        assert re.fullmatch(r"http://barrage\.test:8080/\?token=[\w-]+", address)

        async def check() -> None:
            async with browser() as http:
                async with http.get(f"http://127.0.0.1:{port}/?{address.split('?')[1]}") as page:
                    assert 'data-session-websocket-url="ws://barrage.test:8080/ws"' in await page.text()
                for origin in ("http://barrage.test:8080", "http://BARRAGE.test:8080", f"http://127.0.0.1:{port}"):
                    assert await socket_status(http, port, origin) == 101, origin
                for origin in ("http://barrage.test", "https://barrage.test:8080", "http://other.test:8080"):
                    assert await socket_status(http, port, origin) == 403, origin

        asyncio.run(check())


def test_a_bad_public_url_is_one_line():
    done = subprocess.run([sys.executable, "-m", "barrage_tui", "serve", "--public-url", "ftp://x"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "error: argument --public-url: give an http:// or https:// address with a host" in done.stderr


def test_a_save_made_in_the_browser_takes_a_name_not_a_path(tmp_path):
    """Paths of every kind are refused with a message and write nothing; a name goes to the save folder."""
    folder = saves.SaveStore(tmp_path / "saves")
    folder.autosave(Game.new(default_setup(2, 12)))  # for c (continue) on the start screen
    before = sorted(tmp_path.rglob("*"))
    with served(tmp_path) as (address, port, _):
        async def play() -> None:
            async with browser() as http:
                ws, _ = await open_app(http, address, port)
                async with ws:
                    screen = Screen(ws)
                    await screen.until("Start game")
                    await screen.until("Round 1", await screen.type("c"))
                    since = await screen.type("s")
                    await screen.until("It goes to the save folder", since)
                    for path in ("../outside", f"{tmp_path}/abs", "~/mine", "sub/dir", "..", "./x"):
                        since = await screen.type(path + "\r")
                        await screen.until(f"Not saved: {path} is not a name", since)
                        await screen.until("e.g. friday-game", await screen.type("\x15"))  # ctrl+u: emptied
                    since = await screen.type("friday\r")
                    await screen.until("Saved as", since)

        asyncio.run(play())
    made = sorted(p.relative_to(tmp_path) for p in set(tmp_path.rglob("*")) - set(before) if not p.is_dir())
    assert [p for p in made if p.parts[0] != "saves"] == [Path(f"serve-{port}.log")]  # its own output only
    assert Path("saves/friday.toml") in made and saves.load_game(tmp_path / "saves/friday.toml")


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        port = free_port()
        taken.bind(("127.0.0.1", port))
        taken.listen()
        done = subprocess.run([sys.executable, "-m", "barrage_tui", "serve", "--port", str(port), "--save-dir",
                               str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert f"barrage-tui serve: cannot listen on 127.0.0.1:{port}: " in done.stderr
