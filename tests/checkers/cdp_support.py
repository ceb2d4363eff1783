"""Headless Chromium driven through the DevTools protocol (PyPI
`websocket-client`): open a page, run script in it, take screenshots.

Used by the checkers that look at what the HTML player draws and by
bench/player_fps.py; imports nothing of anim."""

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
    """One headless Chromium with one page, closed by `close()` (or `with`)."""

    def __init__(self, width=1200, height=900):
        path = chromium_path()
        if path is None:
            raise RuntimeError("chromium is not installed")
        self.profile = tempfile.mkdtemp(prefix="anim-cdp-")
        # Chromium's messages go to a file: a pipe nobody drains would block it.
        self.log_path = os.path.join(self.profile, "stderr.log")
        log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [path, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--force-device-scale-factor=1",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=log)
        log.close()
        port = None
        deadline = time.time() + 60
        while time.time() < deadline and self.process.poll() is None:
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
        self.socket = None
        self.page = None
        self.next_id = 0

    def send(self, method, **params):
        """Sends one command and returns its result (events in between are dropped)."""
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression, await_promise=False):
        """The value of a JavaScript expression in the page."""
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=await_promise)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url, ready="document.readyState === 'complete'"):
        """Opens `url` in a new page (the last one is closed: a page that
        navigates to a file may be swapped for another) and waits until
        `ready` is true in it."""
        self.close_page()
        quoted = urllib.parse.quote(url, safe=":/=.&")
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?{quoted}",
                                         method="PUT")
        with urllib.request.urlopen(request) as r:
            self.page = json.load(r)
        deadline = time.time() + 120
        base = url.split("#")[0]
        while time.time() < deadline:
            # The new page is about:blank until the navigation commits, and
            # the connection may be dropped when the page changes process:
            # then connect again.
            try:
                if self.socket is None:
                    self.socket = websocket.create_connection(
                        self.page["webSocketDebuggerUrl"], suppress_origin=True, timeout=300)
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

    def screenshot(self, selector):
        """A PIL image of the element `selector` at one pixel per CSS pixel."""
        from PIL import Image
        box = self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()")
        x, y, w, h = box
        shot = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                         clip={"x": x, "y": y, "width": w, "height": h, "scale": 1})
        return Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGBA")

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
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
