#!/usr/bin/python3
"""The feed tests' own HTTP(S) server (docs/testing.md, "News feeds").

Listens on 127.0.0.1 only, on a port the kernel picks, and prints that
port as its first line of output. With --cert and --key it speaks HTTPS.
Every request is logged, a JSON line (path and headers) appended to
DIR/requests.jsonl; /changing serves the version written in DIR/changing.
Nothing it serves is held whole in memory beyond a few hundred
kilobytes: the 1 GB body is one 64 KiB block sent again and again.
"""
import argparse
import gzip
import json
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

LOCK = threading.Lock()
STOP = threading.Event()
DIRECTORY = "."


def log(path, headers):
    with LOCK, open(f"{DIRECTORY}/requests.jsonl", "a") as file:
        file.write(json.dumps({"path": path, "headers": headers}) + "\n")


def state(name, default):
    try:
        with open(f"{DIRECTORY}/{name}") as file:
            return file.read().strip()
    except OSError:
        return default


def rss(titles, extra=""):
    items = "".join(
        f"<item><title>{t}</title><description>{d}</description><guid>{g}</guid></item>"
        for (t, d, g) in titles
    )
    return (f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Test</title>{extra}'
            f"{items}</channel></rss>").encode()


FORMATS = {
    "/rss": ("application/rss+xml", rss([("RSS FIRST", "rss summary &amp; more", "r1"), ("RSS SECOND", "", "r2")], "<ttl>1</ttl>")),
    "/rdf": ("application/rdf+xml", b'<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
             b'xmlns="http://purl.org/rss/1.0/"><channel rdf:about="http://x/"><title>T</title></channel>'
             b'<item rdf:about="http://x/1"><title>RDF FIRST</title><link>http://x/1</link>'
             b'<description>rdf summary</description></item></rdf:RDF>'),
    "/atom": ("application/atom+xml", b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>'
              b'<entry><id>urn:a1</id><title>ATOM FIRST</title><summary type="html">&lt;b&gt;atom&lt;/b&gt; summary</summary></entry>'
              b'</feed>'),
    "/json": ("application/feed+json", json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [
        {"id": "j1", "title": "JSON FIRST", "summary": "json summary"}]}).encode()),
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, body, status=200, content_type="application/rss+xml", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        path = url.path
        log(path, {k.lower(): v for k, v in self.headers.items()})
        if path in FORMATS:
            kind, body = FORMATS[path]
            return self.send_body(body, content_type=kind)
        if path == "/etag":
            etag, modified = '"v1"', "Wed, 02 Dec 2026 10:00:00 GMT"
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            return self.send_body(rss([("ETAG ITEM", "", "e1")]),
                                  headers=[("ETag", etag), ("Last-Modified", modified), ("Cache-Control", "max-age=30")])
        if path == "/changing":
            n = state("changing", "1")
            # The first item stays; the second changes with the version.
            return self.send_body(rss([("STAYS", "", "s"), (f"VERSION {n}", "", f"v{n}")]))
        if path.startswith("/redirect/"):
            n = int(path.rsplit("/", 1)[1])
            self.send_response(302)
            self.send_header("Location", f"/redirect/{n + 1}" if n < 9 else "/redirect/0")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path == "/silent":
            # Accepts, reads the request and never answers.
            STOP.wait(600)
            return
        if path == "/drip":
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(100000):
                if STOP.is_set():
                    return
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
            return
        if path == "/huge":
            # 1 GB with no length announced: one 64 KiB block, sent again
            # and again until the client hangs up.
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Connection", "close")
            self.end_headers()
            block = b"<!-- " + b"x" * (65536 - 9) + b" -->"
            self.wfile.write(b'<?xml version="1.0"?><rss version="2.0"><channel>')
            sent = 0
            try:
                while sent < 1 << 30 and not STOP.is_set():
                    self.wfile.write(block)
                    sent += len(block)
                log("/huge:complete", {})
            except OSError:
                pass
            self.close_connection = True
            return
        if path == "/bomb":
            # 10 MB of blanks inside a valid feed, gzipped to about 10 KB.
            self.send_body(BOMB, headers=[("Content-Encoding", "gzip")])
            return
        if path == "/to-file":
            # A redirect to a protocol other than HTTP(S): refused by the client.
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path == "/canary":
            return self.send_body(b"canary", content_type="text/plain")
        if path in HOSTILE:
            return self.send_body(HOSTILE[path](self.server.server_port))
        self.send_body(b"not found", status=404, content_type="text/plain")


BOMB = gzip.compress(b'<?xml version="1.0"?><rss version="2.0"><channel><item><title>BOMB</title></item>'
                     + b" " * (10 * 1000 * 1000) + b"</channel></rss>")

LAUGHS = ('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "lol">'
          + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
          + ']><rss version="2.0"><channel><item><title>&lol9;</title></item></channel></rss>')
QUADRATIC = ('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "' + "a" * 50000 + '">]><rss version="2.0"><channel><item><title>'
             + "&a;" * 50000 + "</title></item></channel></rss>")

HOSTILE = {
    "/laughs": lambda port: LAUGHS.encode(),
    "/quadratic": lambda port: QUADRATIC.encode(),
    "/xxe-file": lambda port: (b'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                               b'<rss version="2.0"><channel><item><title>XXE &x;</title></item></channel></rss>'),
    "/xxe-http": lambda port: (f'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "http://127.0.0.1:{port}/canary">]>'
                               f'<rss version="2.0"><channel><item><title>XXE &x;</title></item></channel></rss>').encode(),
    "/dtd-http": lambda port: (f'<?xml version="1.0"?><!DOCTYPE rss SYSTEM "http://127.0.0.1:{port}/canary">'
                               f'<rss version="2.0"><channel><item><title>DTD</title></item></channel></rss>').encode(),
    "/badutf8": lambda port: b'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><item><title>BAD \xff\xfe</title></item></channel></rss>',
    "/many": lambda port: rss([(f"ITEM {i}", "", f"m{i}") for i in range(10000)]),
    # XML 1.0 cannot carry control characters at all (expat refuses the
    # document): JSON Feed can, so the terminal's escapes come in JSON.
    "/hostile-titles": lambda port: json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [
        {"id": "h1", "title": "BOLD \x1b[31mRED\x1b[0m \x07BELL\x9b2J \x1b]0;OWNED\x07",
         "content_html": "<script>alert(1)</script><p><b>SUMMARY</b></p>"}]}).encode(),
}


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--dir", required=True)
    args = parser.parse_args()
    global DIRECTORY
    DIRECTORY = args.dir
    server = Server(("127.0.0.1", 0), Handler)
    if args.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.cert, args.key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    finally:
        STOP.set()


if __name__ == "__main__":
    main()
