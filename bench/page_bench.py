"""The fleet page's row of `make bench` (docs/fleet-page.md): the page with
200 signs, in Debian's headless chromium under Playwright, against a broker
of its own (Tests/Tools/fleet_page_rig.py). No signs run: 200 retained
statuses are published to the broker directly, by a raw MQTT publisher
here, so what is measured is the page. Figures:

- first full render: from the login button's click (the page's own
  performance.now()) until the frame after the 200th card is in the page:
  the connect, the subscriptions, 200 retained statuses and their cards;
- a status update: the page's work for one status message (its handler, in
  the page's timeline), and from the publish until the frame after the card
  changed (the wall clock of this machine on both sides), over 200 updates
  sent 20 ms apart;
- idle: the bytes over the WebSocket in a quiet minute (MQTT bytes as the
  page's client counts them, and WebSocket frames as chromium saw them).

Run with the project's venv Python (bench.py does); prints one JSON object.

usage: page_bench.py --www DIR [--signs N] [--idle SECONDS]
"""

import argparse
import json
import os
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Tools"))
from fleet_page_rig import PREFIX, USERS, Rig  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def _length(n):
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _string(text):
    data = text.encode()
    return struct.pack("!H", len(data)) + data


class Publisher:
    """MQTT 3.1.1 over TCP, QoS 0: enough to publish statuses fast."""

    def __init__(self, port, user, password):
        self.sock = socket.create_connection(("127.0.0.1", port))
        body = _string("MQTT") + bytes([4, 0xC2]) + struct.pack("!H", 60) + _string("page-bench") + _string(user) + _string(password)
        self.sock.sendall(b"\x10" + _length(len(body)) + body)
        connack = self.sock.recv(4)
        if len(connack) != 4 or connack[3] != 0:
            raise RuntimeError(f"the broker refused the publisher: {connack!r}")

    def publish(self, topic, payload, retain=True):
        body = _string(topic) + payload.encode()
        self.sock.sendall(bytes([0x30 | (1 if retain else 0)]) + _length(len(body)) + body)

    def close(self):
        self.sock.sendall(b"\xe0\x00")
        self.sock.close()


def status(name, n, text):
    return json.dumps({"name": name, "online": True, "run": f"{n:016x}", "at": "2026-12-03T10:00:00.000Z", "index": n % 3,
                       "count": 3, "text": text, "interrupt": False, "paused": False, "quiet": False, "idle": False,
                       "link": "up", "thermal": "nominal", "tier": "full", "lowPower": False})


FIRST_RENDER = """n => new Promise(resolve => {
  const t0 = performance.now();
  document.querySelector('#login-form button').click();
  (function check() {
    if (document.querySelectorAll('#cards > li').length >= n) requestAnimationFrame(() => resolve(performance.now() - t0));
    else requestAnimationFrame(check);
  })();
})"""

# Times each status message's handling, and notes the wall time of the frame
# after each card whose text changed.
INSTRUMENT = """() => {
  const fleet = window.ledmarqueeFleet, handle = fleet.client.onMessage;
  window.__work = []; window.__painted = {};
  fleet.client.onMessage = (topic, bytes, retained) => {
    const t0 = performance.now();
    handle(topic, bytes, retained);
    window.__work.push(performance.now() - t0);
    const name = topic.split('/')[2];
    requestAnimationFrame(() => { window.__painted[name] = Date.now(); });
  };
}"""


def percentile(values, p):
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def run(www, signs, idle):
    rig = Rig(None, www, log_broker=False)
    try:
        rig.start_broker()
        publisher = Publisher(rig.mqtt_port, "operator", USERS["operator"])
        names = [f"sign-{n:03}" for n in range(signs)]
        for n, name in enumerate(names):
            publisher.publish(f"{PREFIX}/sign/{name}/status", status(name, n, f"MESSAGE {n}"))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            frames = {"sent": 0, "received": 0, "sent_bytes": 0, "received_bytes": 0}

            def count(direction, payload):
                frames[direction] += 1
                frames[f"{direction}_bytes"] += len(payload) if isinstance(payload, (bytes, str)) else 0
            page.on("websocket", lambda ws: (ws.on("framesent", lambda f: count("sent", f)),
                                             ws.on("framereceived", lambda f: count("received", f))))
            page.goto(rig.page_url)
            page.fill("#login-user", "operator")
            page.fill("#login-password", USERS["operator"])
            first_ms = page.evaluate(FIRST_RENDER, signs)
            page.wait_for_timeout(500)
            page.evaluate(INSTRUMENT)
            latencies = []
            for n, name in enumerate(names):
                sent = time.time() * 1000
                publisher.publish(f"{PREFIX}/sign/{name}/status", status(name, n, f"UPDATE {n}"))
                time.sleep(0.02)
                latencies.append((name, sent))
            page.wait_for_function("n => Object.keys(window.__painted).length >= n", arg=signs, timeout=30_000)
            painted = page.evaluate("() => window.__painted")
            work = page.evaluate("() => window.__work")
            update_ms = [painted[name] - sent for name, sent in latencies]
            # Idle: nothing changes; only the keepalive's pings pass.
            page.wait_for_timeout(1000)
            before_mqtt = page.evaluate("() => window.ledmarqueeFleet.client.bytesIn + window.ledmarqueeFleet.client.bytesOut")
            before_frames = dict(frames)
            page.wait_for_timeout(idle * 1000)
            after_mqtt = page.evaluate("() => window.ledmarqueeFleet.client.bytesIn + window.ledmarqueeFleet.client.bytesOut")
            scale = 60 / idle
            idle_frames = (frames["sent"] + frames["received"] - before_frames["sent"] - before_frames["received"]) * scale
            # A WebSocket frame of a small payload has a 2-byte header, and
            # the browser's also a 4-byte mask: what the wire carries.
            wire = (after_mqtt - before_mqtt + 2 * (frames["received"] - before_frames["received"])
                    + 6 * (frames["sent"] - before_frames["sent"])) * scale
            browser.close()
        publisher.close()
        return {"signs": signs, "first_render_ms": round(first_ms, 1),
                "update_work_ms": {"p50": round(percentile(work, 50), 3), "p99": round(percentile(work, 99), 3)},
                "update_ms": {"p50": round(percentile(update_ms, 50), 1), "p99": round(percentile(update_ms, 99), 1),
                              "max": round(max(update_ms), 1)},
                "idle_mqtt_bytes_per_min": round((after_mqtt - before_mqtt) * scale, 1),
                "idle_ws_bytes_per_min": round(wire, 1), "idle_frames_per_min": round(idle_frames, 1), "idle_s": idle}
    finally:
        rig.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--www", required=True)
    parser.add_argument("--signs", type=int, default=200)
    parser.add_argument("--idle", type=float, default=60)
    args = parser.parse_args()
    print(json.dumps(run(args.www, args.signs, args.idle)))


if __name__ == "__main__":
    main()
