"""``barrage-tui serve``: the app in a web browser (textual-serve runs one app per browser tab).

Each tab gets the normal app (hotseat or solo, with this machine's saves and the same one-game-one-owner
lock: a game open in another tab or terminal can be watched, not played twice). The host's SSH tables are
not offered here (see README: Play together).

The page answers only its own page, since any other page open in the same browser could otherwise reach
it (a websocket is not bound by the same-origin rule):
- the page needs the secret token of the address printed at start (``/?token=…``, as Jupyter does); it
  hands the browser a cookie with it, which the page's websocket brings back (textual-serve's page script
  builds the websocket's address itself, so the token cannot ride in it);
- the websocket opens only for a page of the origin served (``Origin``: the public URL's scheme, host
  and port, or the bind address's), whatever cookie it brings: another port of 127.0.0.1 is another
  origin but the same site, and the browser sends it our cookie;
- in the browser, save-as takes a name, never a path (ui/screens/dialogs.py: SaveAsScreen).

textual-serve's Server is used through its public, overridable methods only (the handlers of the page,
the websocket and downloads, and ``on_startup``).
"""

from __future__ import annotations

import secrets
import shlex
import sys
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

from .visible import visible

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def command(save_dir: str | None) -> str:
    """The shell command textual-serve runs for each tab."""
    words = [sys.executable, "-m", "barrage_tui"] + (["--save-dir", save_dir] if save_dir else [])
    return " ".join(shlex.quote(w) for w in words)


def own_url(bind: str, port: int) -> str:
    """The address the page is served at when no public URL is given (an IPv6 address in brackets)."""
    host = f"[{bind}]" if ":" in bind else bind
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


def public_url_problem(url: str) -> str:
    """Why ``--public-url`` cannot be the page's address, or ''."""
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 (raises on a port that is not a number)
    except ValueError:
        return f"not a port in {url!r}"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"give an http:// or https:// address with a host, e.g. http://192.168.1.5:8000 (not {url!r})"
    if parts.query or parts.fragment:
        return f"the address takes no ?query or #fragment: {url!r}"
    return ""


def origin(url: str) -> tuple[str, str, int]:
    """The (scheme, host, port) a browser's ``Origin`` header names for a page at ``url``."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    return scheme, (parts.hostname or "").lower(), port or (443 if scheme in ("https", "wss") else 80)


class PageServer(Server):
    """textual-serve's Server, answering only its own page (see the module's doc)."""

    def __init__(self, app_command: str, bind: str, port: int, public_url: str, token: str | None) -> None:
        super().__init__(app_command, host=bind, port=port, title="Barrage", public_url=public_url)
        self.token = token
        self.origins = {origin(public_url), origin(own_url(bind, port))}
        self.cookie = f"barrage-tui-token-{port}"  # a browser's cookies ignore the port: one name per port

    def page_url(self) -> str:
        return f"{self.public_url}/" + (f"?token={self.token}" if self.token else "")

    async def on_startup(self, app: web.Application) -> None:
        print(f"barrage-tui serve: open {self.page_url()} in a browser (Ctrl+C stops)", flush=True)

    def _knows_token(self, given: str | None) -> bool:
        return self.token is None or (given is not None
                                      and secrets.compare_digest(given.encode(), self.token.encode()))

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self._knows_token(request.query.get("token")):
            raise web.HTTPForbidden(text="barrage-tui serve: open the address it printed at start "
                                         "(this page needs its ?token=)\n")
        response = await super().handle_index(request)
        if self.token:
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/",
                                secure=self.public_url.startswith("https:"))
        return response

    def refusal(self, request: web.Request) -> str:
        """Why the websocket is not for this request's page, or ''."""
        sent = request.headers.get("Origin")
        if sent is None or origin(sent) not in self.origins:  # (what a client sent, printed: controls made visible)
            return f"the websocket answers its own page only ({self.public_url}), not a page of origin {visible(sent)}"
        if not self._knows_token(request.cookies.get(self.cookie)):
            return "the websocket needs the page's token: open the address barrage-tui serve printed"
        return ""

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        why = self.refusal(request)
        if why:
            print(f"barrage-tui serve: refused: {why}", flush=True)
            raise web.HTTPForbidden(text=why + "\n")
        return await super().handle_websocket(request)

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        # A link the page follows itself (no Origin header): the cookie is the proof.
        if not self._knows_token(request.cookies.get(self.cookie)):
            raise web.HTTPForbidden(text="a download needs the page's token\n")
        return await super().handle_download(request)


def serve(bind: str, port: int, save_dir: str | None = None, public_url: str | None = None,
          token: bool = True) -> int:
    url = (public_url or own_url(bind, port)).rstrip("/")
    server = PageServer(command(save_dir), bind, port, url, secrets.token_urlsafe(32) if token else None)
    if not token:
        print(f"barrage-tui serve: warning: --no-token: anyone who can reach {url} (another user of this "
              "machine, or of the network it listens on) plays with your saves", flush=True)
    elif bind not in LOOPBACK:
        print(f"barrage-tui serve: listening on {bind} over plain http: anyone who has the printed address "
              "(or sees it pass on the network) plays with your saves", flush=True)
    try:
        server.serve()
    except OSError as exc:  # e.g. the port is taken
        print(f"barrage-tui serve: cannot listen on {bind}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
