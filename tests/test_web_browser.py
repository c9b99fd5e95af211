"""barrage-tui serve in a real browser: headless Chromium loads the page at the address serve printed
(with its token), the start screen reaches its terminal, and a key pressed in the page reaches the app;
a page of another origin cannot open the app's websocket (driven over the Chrome DevTools Protocol).

xterm.js draws on a canvas, so the page's DOM holds no screen text: the test reads what the app sends
the page (the websocket's frames, as Chromium reports them). Chromium resolves no name but 127.0.0.1
(the page asks for a web font), so nothing leaves the machine. CI installs Chromium (.ci/run).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import subprocess
import sys
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from barrage_tui.ui import keys
from tests.host.terminals import screen_text
from tests.test_web import ROOT, WAIT, free_port, served

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1600,1000",  # room for the whole start screen
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
QUESTION_MARK = {"key": "?", "code": "Slash", "windowsVirtualKeyCode": 191, "modifiers": 8}  # shift+/

pytestmark = pytest.mark.browser  # needs Chromium: run with -m browser (.ci/run installs it)


@contextmanager
def started(args: list[str], log: Path, own: Path | None = None):
    """A process in its own group (its children too), ended with the whole group however the test ends.
    Chromium's crash reporter starts its own session: it is found by ``own``, a folder only the
    process's command lines name, and killed too."""
    env = None if own is None else {**os.environ, "HOME": str(own), "XDG_CONFIG_HOME": str(own / "config"),
                                    "XDG_CACHE_HOME": str(own / "cache")}  # its crash reports go there too
    with log.open("wb") as out:
        process = subprocess.Popen(args, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
    try:
        yield process
    finally:
        for sig, wait in ((signal.SIGTERM, 30), (signal.SIGKILL, None)):  # the group's stragglers get SIGKILL
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                pass
            try:
                process.wait(wait)
            except subprocess.TimeoutExpired:
                pass
        for pid in naming(own) if own is not None else ():
            os.kill(pid, signal.SIGKILL)


def naming(folder: Path) -> list[int]:
    """The processes whose command line names ``folder``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and str(folder).encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:  # gone meanwhile
            pass
    return found


class DevTools:
    """One page's DevTools session: commands, and the app's output as the page's websocket received it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, app_url: str) -> None:
        self.ws, self.app_url, self.last_id, self.app_socket, self.output = ws, app_url, 0, None, b""

    async def call(self, method: str, **params) -> dict:
        self.last_id += 1
        await self.ws.send_json({"id": self.last_id, "method": method, "params": params})
        end = asyncio.get_running_loop().time() + WAIT
        while (message := await self._next(end, f"Chromium's answer to {method}")).get("id") != self.last_id:
            pass
        assert "error" not in message, f"{method}: {message['error']}"
        return message["result"]

    async def until_shown(self, words: list[str], what: str, since: int = 0) -> None:
        """Wait until the app has sent the page every one of ``words`` (after byte ``since`` of its output)."""
        end = asyncio.get_running_loop().time() + WAIT
        while not all(w in screen_text(self.output[since:]) for w in words):
            await self._next(end, what)

    async def until_true(self, expression: str, what: str) -> None:
        """Wait until ``expression`` is true in the page (a page being loaded has none of it yet)."""
        end = asyncio.get_running_loop().time() + WAIT
        while (await self.call("Runtime.evaluate", expression=expression))["result"].get("value") is not True:
            assert asyncio.get_running_loop().time() < end, f"waited {WAIT:.0f} s for {what}"
            await asyncio.sleep(0.1)

    async def _next(self, end: float, what: str) -> dict:
        left = end - asyncio.get_running_loop().time()
        try:
            message = await asyncio.wait_for(self.ws.receive(), max(0.01, left))
        except asyncio.TimeoutError:
            shown = " ".join(screen_text(self.output).split())[-600:]
            raise AssertionError(f"waited {WAIT:.0f} s for {what}; the page's terminal got: {shown!r}") from None
        assert message.type == aiohttp.WSMsgType.TEXT, f"the DevTools connection ended while waiting for {what}"
        event = json.loads(message.data)
        params = event.get("params", {})
        if event.get("method") == "Network.webSocketCreated" and params["url"].startswith(self.app_url):
            self.app_socket = params["requestId"]
        elif event.get("method") == "Network.webSocketFrameReceived" and params["requestId"] == self.app_socket:
            if params["response"]["opcode"] == 2:  # the app's output; text frames are textual-serve's own
                self.output += base64.b64decode(params["response"]["payloadData"])
        return event


async def page_target(http: aiohttp.ClientSession, port: int, log: Path) -> str:
    """The DevTools websocket of Chromium's first page, once Chromium listens."""
    end = asyncio.get_running_loop().time() + WAIT
    while True:
        try:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                pages = [t for t in await answer.json() if t["type"] == "page"]
                if pages:
                    return pages[0]["webSocketDebuggerUrl"]
        except aiohttp.ClientConnectionError:
            pass
        assert asyncio.get_running_loop().time() < end, f"Chromium's DevTools never answered on port {port} (see {log})"
        await asyncio.sleep(0.1)


async def press(tools: DevTools, key: dict) -> None:
    await tools.call("Input.dispatchKeyEvent", type="keyDown", text=key["key"], **key)
    await tools.call("Input.dispatchKeyEvent", type="keyUp", **key)


CONTINUE_HELP = next(k.help for k in keys.START if k.id == "start.continue")  # shown on the help screen only


def test_the_start_screen_and_a_key_in_headless_chromium_and_no_other_page(tmp_path):
    """The page opened at the address serve printed (its token) runs the app; then a page of another
    origin (another port of 127.0.0.1, so the browser sends it the page's cookie) cannot open its websocket."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run installs it)")
    tools_port = free_port()
    own = tmp_path / "chromium"
    browser_args = [str(CHROMIUM), *FLAGS, f"--user-data-dir={own / 'profile'}",
                    f"--remote-debugging-port={tools_port}", "about:blank"]

    async def browse(address: str, app_port: int, output) -> None:
        async with aiohttp.ClientSession() as http:
            target = await page_target(http, tools_port, tmp_path / "chromium.log")
            async with http.ws_connect(target, max_msg_size=0) as ws:
                tools = DevTools(ws, f"ws://127.0.0.1:{app_port}/ws")
                await tools.call("Network.enable")
                await tools.call("Emulation.setFocusEmulationEnabled", enabled=True)
                await tools.call("Page.navigate", url=address)  # the page starts the app by itself (no ?delay)
                await tools.until_shown(["BARRAGE", "Start game"], "the start screen in Chromium's page")
                # A person clicks the terminal to type in it; a click would also reach the app as a mouse
                # event, so the page's keyboard input (xterm's textarea) is focused directly.
                focus = await tools.call("Runtime.evaluate",
                                         expression="document.querySelector('.xterm-helper-textarea').focus()")
                assert "exceptionDetails" not in focus, f"the page has no xterm input to type in: {focus}"
                before = len(tools.output)
                await press(tools, QUESTION_MARK)  # the start screen's help: its keys, each explained
                await tools.until_shown([CONTINUE_HELP], "the help screen after ? typed in Chromium", since=before)
                async with other_page(app_port) as other:
                    await tools.call("Page.navigate", url=other)
                    await tools.until_true(f"location.href === '{other}' && window.tried !== undefined",
                                           "the other page's script")
                    tried = await tools.call("Runtime.evaluate", expression="window.tried", awaitPromise=True)
        assert tried["result"].get("value") == "refused", tried
        assert f"refused: the websocket answers its own page only ({address.split('/?')[0]}), not a page of " \
               f"origin {other.rstrip('/')}" in output()

    with served(tmp_path) as (address, app_port, output), started(browser_args, tmp_path / "chromium.log", own):
        asyncio.run(browse(address, app_port, output))


@asynccontextmanager
async def other_page(app_port: int):
    """A page on another port of 127.0.0.1 whose script tries the app's websocket (``window.tried``)."""
    script = (f"window.tried = new Promise(done => {{ const ws = new WebSocket('ws://127.0.0.1:{app_port}/ws');"
              " ws.onopen = () => done('opened'); ws.onclose = () => done('refused'); });")
    page = web.Application()

    async def index(request: web.Request) -> web.Response:
        return web.Response(text=f"<script>{script}</script>", content_type="text/html")

    page.router.add_get("/", index)
    runner = web.AppRunner(page)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        await runner.cleanup()
