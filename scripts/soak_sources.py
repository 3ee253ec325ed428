"""Every source at once, for `make soak` with SOAK_ALL=1 (docs/testing.md).

Beside the soak's keys and resizes, the sign then has: a fleet link to a
private Mosquitto on 127.0.0.1 (commands to all and to it, `status` asks and
a new retained deck every 10-30 s, all through mosquitto_pub), control
socket traffic (`status`, `next`, `prev`, `goto`, `say` and `clear`, one
connection each, 2-5 a second) and a `watch` client that reads the records
to the end, and a live field (`{file:…}`) whose file changes every second.
It checks, on top of the soak's own checks: every control request answered
`ok` within 2 s, the watcher's stream alive to the `quit` record, and the
link up at the end. Python 3 standard library only; the broker, its
directory and the sockets go with the soak's directory.
"""

import json
import os
import socket
import subprocess
import threading
import time

BROKER_NAME = "soak"
# Long enough to scroll at 200x50, so the soak's motion checks still hold
# on a fleet deck.
DECK_TEXTS = [
    "FLEET DECK {n}: THE BROKER SENT THIS ONE WHILE KEYS, RESIZES AND COMMANDS KEPT COMING",
    "FLEET DECK {n}, SECOND MESSAGE: NOTHING A CLIENT SENDS MAY GROW WITHOUT BOUND",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AllSources:
    """The extra sources, driven from the soak's loop (`tick`)."""

    def __init__(self, soak):
        self.soak = soak
        self.random = soak.random
        self.dir = soak.dir
        self.port = free_port()
        self.broker = None
        self.socket_path = os.path.join(self.dir, "control.sock")
        self.field_path = os.path.join(self.dir, "field.txt")
        self.requests = []  # (seconds, ok)
        self.failures = []
        self.mqtt_sent = 0
        self.decks = 0
        self.watch_records = 0
        self.watch_quit = False
        self.watch_thread = None
        self.next_request = 0
        self.next_mqtt = 0
        self.next_deck = 0
        self.next_field = 0

    # -------------------------------------------------------------- setup

    def start_broker(self):
        conf = os.path.join(self.dir, "mosquitto.conf")
        with open(conf, "w") as f:
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.broker = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start")

    def arguments(self):
        """The sign's extra arguments and environment."""
        self.start_broker()
        self.write_field()
        return (["--mqtt", f"mqtt://127.0.0.1:{self.port}", "--name", BROKER_NAME, "--control", self.socket_path],
                {"XDG_CACHE_HOME": os.path.join(self.dir, "cache")})

    def messages(self, messages):
        """The soak's messages, one with a live field."""
        return messages[:-1] + [messages[-1] + " {file:" + self.field_path + "}"]

    def started(self):
        deadline = time.monotonic() + 10
        while not os.path.exists(self.socket_path) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.watch_thread = threading.Thread(target=self.watch, daemon=True)
        self.watch_thread.start()
        now = time.monotonic()
        self.next_request = now + 1
        self.next_mqtt = now + 1
        self.next_deck = now + 5
        self.next_field = now + 1

    def close(self):
        if self.broker:
            self.broker.kill()
            self.broker.wait()

    # ------------------------------------------------------------ traffic

    def tick(self, now):
        if now >= self.next_request:
            self.request()
            self.next_request = time.monotonic() + self.random.uniform(0.2, 0.5)
        if now >= self.next_mqtt:
            self.command()
            self.next_mqtt = time.monotonic() + self.random.uniform(0.3, 1.5)
        if now >= self.next_deck:
            self.deck()
            self.next_deck = time.monotonic() + self.random.uniform(10, 30)
        if now >= self.next_field:
            self.write_field()
            self.next_field = now + 1

    def write_field(self):
        temporary = self.field_path + ".tmp"
        with open(temporary, "w") as f:
            f.write(time.strftime("%H:%M:%S") + f" {self.random.randint(0, 10 ** 6)}\n")
        os.replace(temporary, self.field_path)

    def request(self):
        # Moves the flow, never pauses it: the soak follows pauses from its keys.
        kind = self.random.choice(["status", "status", "next", "prev", "goto", "say", "clear"])
        body = {"cmd": kind}
        if kind == "goto":
            body["index"] = 1
        elif kind == "say":
            body.update({"text": "CONTROL SAYS HELLO TO THE SOAK WHILE IT SCROLLS ALONG", "for": 2})
        started = time.monotonic()
        ok = False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(5)
                s.connect(self.socket_path)
                s.sendall((json.dumps(body) + "\n").encode())
                line = s.makefile("rb").readline()
            ok = json.loads(line).get("ok") is True
            if not ok:
                self.failures.append(f"{kind}: {line[:120]!r}")
        except (OSError, ValueError) as error:
            self.failures.append(f"{kind}: {error}")
        self.requests.append((time.monotonic() - started, ok))

    def publish(self, topic, payload, retain=False):
        args = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-q", "1", "-t", topic, "-m", payload]
        subprocess.run(args + (["-r"] if retain else []), timeout=10, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def command(self):
        kind = self.random.choice(["say", "status", "next", "clear"])
        topic = self.random.choice(["ledmarquee/cmd", f"ledmarquee/sign/{BROKER_NAME}/cmd"])
        body = {"cmd": kind}
        if kind == "say":
            body.update({"text": "THE BROKER SAYS HELLO WHILE THE SOAK GOES ON AND ON", "for": 2})
        self.publish(topic, json.dumps(body))
        self.mqtt_sent += 1

    def deck(self):
        self.decks += 1
        deck = [{"text": text.format(n=self.decks)} for text in DECK_TEXTS]
        self.publish("ledmarquee/deck", json.dumps(deck), retain=True)

    def watch(self):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(self.socket_path)
                s.sendall(b'{"cmd":"watch"}\n')
                for line in s.makefile("rb"):
                    self.watch_records += 1
                    if b'"event":"quit"' in line:
                        self.watch_quit = True
        except OSError as error:
            self.failures.append(f"watch: {error}")

    # ------------------------------------------------------------ checks

    def finish(self, report, problems, events_path):
        """After the sign quit: the extra checks and figures."""
        if self.watch_thread:
            self.watch_thread.join(5)
        links = []
        with open(events_path, errors="replace") as f:
            for line in f:
                if '"event":"link"' in line:
                    links.append('"up":true' in line)
        if not links or not links[-1]:
            problems.append(f"the fleet link was not up at the end ({len(links)} link records)")
        slow = [t for t, ok in self.requests if t > 2]
        if self.failures:
            problems.append(f"{len(self.failures)} control requests failed, e.g. {self.failures[0]}")
        if slow:
            problems.append(f"{len(slow)} control requests took more than 2 s (at worst {max(slow):.2f} s)")
        if not self.watch_quit:
            problems.append(f"the watcher's stream ended before the quit record ({self.watch_records} records)")
        times = sorted(t for t, _ in self.requests)
        report["all_sources"] = {
            "control_requests": len(self.requests),
            "control_failures": len(self.failures),
            "control_p50_s": round(times[len(times) // 2], 4) if times else None,
            "control_p99_s": round(times[int(len(times) * 0.99)], 4) if times else None,
            "mqtt_commands": self.mqtt_sent,
            "decks": self.decks,
            "watch_records": self.watch_records,
            "link_records": len(links),
        }
