"""barrage-tui serve: the page is served on 127.0.0.1 and its websocket runs the app (loopback only)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp

from barrage_tui.web import command
from tests.host.terminals import screen_text

ROOT = Path(__file__).resolve().parent.parent
WAIT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_command_quotes_the_save_folder():
    assert command("/tmp/a b; rm -rf x").endswith("--save-dir '/tmp/a b; rm -rf x'")


def test_the_browser_page_runs_the_app(tmp_path):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "barrage_tui", "serve", "--port", str(port),
                               "--save-dir", str(tmp_path / "saves")], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, start_new_session=True)

    async def browse() -> str:
        loop = asyncio.get_running_loop()
        end = loop.time() + WAIT
        async with aiohttp.ClientSession() as http:
            while True:  # until the server listens
                try:
                    async with http.get(f"http://127.0.0.1:{port}/") as page:
                        html = await page.text()
                        break
                except aiohttp.ClientConnectionError:
                    assert loop.time() < end, "the server never answered"
                    await asyncio.sleep(0.1)
            assert f"ws://127.0.0.1:{port}/ws" in html
            async with http.ws_connect(f"ws://127.0.0.1:{port}/ws?width=120&height=40") as ws:
                await ws.send_json(["resize", {"width": 120, "height": 40}])
                seen = b""
                while b"BARRAGE" not in seen.replace(b"\x1b", b""):
                    message = await asyncio.wait_for(ws.receive(), max(0.1, end - loop.time()))
                    if message.type == aiohttp.WSMsgType.BINARY:
                        seen += message.data
                    elif message.type != aiohttp.WSMsgType.TEXT:
                        raise AssertionError(f"the websocket ended: {message.type}")
                return screen_text(seen)

    try:
        text = asyncio.run(browse())
        assert "BARRAGE" in text and "Start game" in text  # the start screen, drawn in the page's terminal
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
