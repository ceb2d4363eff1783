"""What the preview's checkers share: a running `anim preview`, saving as an
editor does, plain HTTP requests and raw socket exchanges. Imports nothing of
anim."""

import base64
import http.client
import os
import re
import socket
import subprocess
import time

ANIM = os.environ.get("ANIM", ".build/debug/anim")

MOVING_BOX = """\
view box(x: 50, y: 50, width: 40, height: 40, color: {color})
h = run move(to: (250, 50), 2) on box
print "box is", box.color
"""


def save(path, text):
    """Saves as an editor does: a new file renamed over the old one."""
    tmp = str(path) + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


class Preview:
    """A running `anim preview` process."""

    def __init__(self, path, *args, cwd=None):
        self.stderr_path = str(path) + ".stderr"
        self.stderr = open(self.stderr_path, "w")
        self.proc = subprocess.Popen(
            [os.path.abspath(ANIM) if os.path.exists(ANIM) else ANIM, "preview", str(path), *args],
            stdout=subprocess.PIPE, stderr=self.stderr, text=True, cwd=cwd)
        self.first_line = self.proc.stdout.readline()
        m = re.fullmatch(r"preview: http://(\S+):(\d+)/\n", self.first_line)
        assert m, f"first stdout line: {self.first_line!r}; stderr: {self.errors()}"
        self.host, self.port = m.group(1), int(m.group(2))
        self.url = f"http://{self.host}:{self.port}/"
        self.origin = f"http://{self.host}:{self.port}"

    def errors(self):
        self.stderr.flush()
        with open(self.stderr_path) as f:
            return f.read()

    def stop(self, sig=2):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        code = self.proc.wait(timeout=10)
        self.stderr.close()
        return code


def request(port, path="/", host=None, method="GET", body=None, headers=None, timeout=10):
    """(status, Content-Type, body) of one request on a new connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    if body is not None:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type"), data


def answer_to(port, data, timeout=10):
    """Sends `data` on a new connection and returns all the server answers
    until it closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def status_of(answer):
    """The status code of a raw answer (0 when there is none)."""
    m = re.match(rb"HTTP/1\.[01] (\d{3}) ", answer)
    return int(m.group(1)) if m else 0


def handshake(port, path="/stream", origin=None, host=None, extra=""):
    """The bytes of a WebSocket handshake (RFC 6455, section 4.1), as a browser
    sends it when `origin` is given."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}",
             "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
             "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    return ("\r\n".join(lines) + "\r\n" + extra + "\r\n").encode()


def read_head(sock, timeout=10):
    """Reads from `sock` up to the end of a response's head; returns
    (head, what came after it). An empty head when the connection ended."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return b"", data
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head + b"\r\n\r\n", rest


def masked_frame(payload, opcode=1, fin=True, mask=True, length=None):
    """One client WebSocket frame (RFC 6455, section 5.2); `length` overrides the
    length the header claims."""
    n = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | opcode])
    bit = 0x80 if mask else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 1 << 16:
        head += bytes([bit | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + n.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def page_is_served(port, timeout=3):
    """Whether a well-behaved GET / gets the page within `timeout` seconds."""
    started = time.monotonic()
    try:
        status, _, body = request(port, timeout=timeout)
    except OSError:
        return False
    return status == 200 and b"<html" in body.lower() and time.monotonic() - started < timeout


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1))
