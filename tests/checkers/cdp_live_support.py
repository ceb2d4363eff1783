"""Headless Chromium driven through the DevTools protocol (websocket-client).

Used by the checkers that look at a live page: what it draws (screenshot
pixels), what it requests, and clicks on it.
"""

import base64
import io
import json
import os
import re
import subprocess
import time
import urllib.request

import websocket
from PIL import Image


class Browser:
    """One headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self, profile_dir, width=1000, height=800, timeout=30):
        self.proc = subprocess.Popen(
            [
                "chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--remote-debugging-port=0",
                f"--user-data-dir={profile_dir}", f"--window-size={width},{height}",
                "--no-first-run", "--no-default-browser-check", "about:blank",
            ],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        port = None
        deadline = time.monotonic() + 30
        while port is None and time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if m:
                port = int(m.group(1))
        assert port is not None, "chromium did not start its DevTools server"
        self.port = port
        pages = []
        while not pages and time.monotonic() < deadline:
            listing = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
            pages = [p for p in listing if p.get("type") == "page"]
            if not pages:
                time.sleep(0.1)
        self.ws = websocket.create_connection(
            pages[0]["webSocketDebuggerUrl"], suppress_origin=True, timeout=timeout)
        self.next_id = 0
        self.events = []
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def navigate(self, url, ready="document.readyState === 'complete'", timeout=20):
        self.call("Page.navigate", url=url)
        self.wait_for(ready, timeout)

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

    def screenshot(self):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        return Image.open(io.BytesIO(base64.b64decode(data))).convert("RGBA")

    def pixel(self, x, y):
        return self.screenshot().getpixel((int(round(x)), int(round(y))))

    def center_of(self, selector):
        return self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()")

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def close(self):
        try:
            self.ws.close()
        finally:
            self.proc.kill()
            self.proc.wait(timeout=10)
