"""Headless Chromium driven through the DevTools protocol (PyPI
`websocket-client`): open or navigate a page, run script in it, wait for a
condition, take screenshots, read pixels, click, and see the page's events.

The one driver of the checkers that look at what a page draws: the HTML
player's (test_player.py, test_between_frames.py, bench/player_fps.py) and
the live preview's (test_preview.py, bench/preview_latency.py). Imports
nothing of anim."""

import base64
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request

import websocket


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium driving one page at a time, closed by `close()`
    (or `with`). `navigate` moves the page it has (its events are kept in
    `events`); `open` replaces it with a new page (a page that navigates to
    a file may be swapped for another process)."""

    def __init__(self, profile_dir=None, width=1200, height=900, timeout=300, extra_args=()):
        path = chromium_path()
        if path is None:
            raise RuntimeError("chromium is not installed")
        self.own_profile = profile_dir is None
        self.profile = str(profile_dir) if profile_dir else tempfile.mkdtemp(prefix="anim-cdp-")
        self.timeout = timeout
        self.socket = None
        self.page = None
        self.next_id = 0
        self.events = []
        # Chromium's messages go to a file: a pipe nobody drains would block it.
        self.log_path = os.path.join(self.profile, "stderr.log")
        log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [path, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--force-device-scale-factor=1",
             "--no-first-run", "--no-default-browser-check", *extra_args, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=log)
        log.close()
        port = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.process.poll() is None:
            with open(self.log_path) as f:
                m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", f.read())
            if m:
                port = int(m.group(1))
                break
            time.sleep(0.05)
        if port is None:
            self.close()
            raise RuntimeError("chromium did not start its DevTools server")
        self.port = port

    # -- the protocol ---------------------------------------------------------

    def call(self, method, **params):
        """Sends one command to the page and returns its result; events that
        arrive meanwhile are appended to `events`."""
        if self.socket is None:
            self.attach()
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression, await_promise=True):
        """The value of a JavaScript expression in the page (a promise's
        value, unless `await_promise` is false)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=await_promise)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=10, interval=0.02):
        """Polls `expression` until it is truthy; returns its value (or fails)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {expression}")
            time.sleep(interval)

    # -- pages ----------------------------------------------------------------

    def attach(self):
        """Connects to the first page Chromium has (the one it started with)."""
        deadline = time.monotonic() + 30
        pages = []
        while not pages and time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json") as r:
                pages = [p for p in json.load(r) if p.get("type") == "page"]
            if not pages:
                time.sleep(0.1)
        if not pages:
            raise RuntimeError("chromium has no page")
        self.page = pages[0]
        self.connect()

    def connect(self):
        self.socket = websocket.create_connection(
            self.page["webSocketDebuggerUrl"], suppress_origin=True, timeout=self.timeout)
        self.call("Page.enable")
        self.call("Runtime.enable")

    def navigate(self, url, ready="document.readyState === 'complete'", timeout=20):
        """Navigates the page it has to `url` and waits until `ready` is true."""
        self.call("Page.navigate", url=url)
        self.wait_for(ready, timeout)

    def open(self, url, ready="document.readyState === 'complete'", timeout=120):
        """Opens `url` in a new page, closes the one before, and waits until
        the new page has loaded and `ready` is true in it."""
        quoted = urllib.parse.quote(url, safe=":/=.&")
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?{quoted}",
                                         method="PUT")
        with urllib.request.urlopen(request) as r:
            page = json.load(r)
        self.close_page()
        self.page = page
        deadline = time.monotonic() + timeout
        base = url.split("#")[0]
        while time.monotonic() < deadline:
            # The new page is about:blank until the navigation commits, and
            # the connection may be dropped when the page changes process:
            # then connect again.
            try:
                if self.socket is None:
                    self.connect()
                if self.evaluate(f"location.href.split('#')[0] === {json.dumps(base)} && "
                                 f"document.readyState === 'complete' && ({ready})"):
                    return
            except (websocket.WebSocketException, OSError):
                if self.socket is not None:
                    self.socket.close()
                self.socket = None
            time.sleep(0.05)
        raise RuntimeError(f"{url} did not load")

    def close_page(self):
        if self.socket is not None:
            self.socket.close()
            self.socket = None
        if self.page is not None:
            try:
                with urllib.request.urlopen(
                        f"http://127.0.0.1:{self.port}/json/close/{self.page['id']}"):
                    pass
            except OSError:
                pass
            self.page = None

    # -- what the page draws, and input ---------------------------------------

    def screenshot(self, selector=None):
        """A PIL image of the viewport, or of the element `selector` (at one
        pixel per CSS pixel, even where it reaches past the viewport)."""
        from PIL import Image
        if selector is None:
            shot = self.call("Page.captureScreenshot", format="png")
        else:
            box = self.evaluate(
                f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
                ".getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()")
            x, y, w, h = box
            shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                             clip={"x": x, "y": y, "width": w, "height": h, "scale": 1})
        return Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGBA")

    def pixel(self, x, y):
        """The viewport's pixel at (x, y) in CSS pixels."""
        return self.screenshot().getpixel((int(round(x)), int(round(y))))

    def center_of(self, selector):
        return self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()")

    def click(self, x, y, count=1):
        """A real left click (pressed and released) at (x, y); `count` 2 is
        the second click of a double click."""
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                      clickCount=count)

    def double_click(self, x, y):
        """Two real clicks at (x, y), the second a double click."""
        self.click(x, y, 1)
        self.click(x, y, 2)

    def drag(self, points):
        """Presses the left button at the first (x, y), moves through the
        others with it held, and lets it go at the last."""
        (x, y), rest = points[0], points[1:]
        self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        self.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left",
                  buttons=1, clickCount=1)
        for x, y in rest:
            self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left",
                      buttons=1)
        self.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left",
                  buttons=0, clickCount=1)

    def wheel(self, x, y, dx=0, dy=0, modifiers=0):
        """A real mouse wheel turn at (x, y) (modifiers: 2 ctrl, 8 shift)."""
        self.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=dx, deltaY=dy,
                  modifiers=modifiers)

    KEYS = {"ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39),
            "Home": ("Home", 36), "End": ("End", 35), " ": ("Space", 32)}

    def press(self, key, modifiers=0):
        """A real key press (down and up) of `key` (a name of KEYS), with
        `modifiers` (8: shift)."""
        code, number = self.KEYS[key]
        common = dict(key=key, code=code, windowsVirtualKeyCode=number, nativeVirtualKeyCode=number,
                      modifiers=modifiers)
        if key == " ":
            self.call("Input.dispatchKeyEvent", type="keyDown", text=" ", **common)
        else:
            self.call("Input.dispatchKeyEvent", type="rawKeyDown", **common)
        self.call("Input.dispatchKeyEvent", type="keyUp", **common)

    # -- the end --------------------------------------------------------------

    def close(self):
        try:
            if self.process.poll() is None and getattr(self, "port", None):
                self.close_page()
        except OSError:
            pass
        finally:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=10)
            if self.own_profile:
                shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
