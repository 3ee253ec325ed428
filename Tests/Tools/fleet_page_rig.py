"""A broker and signs for the fleet page, shared by its end-to-end test
(fleet_page.py) and its bench row (bench/page_bench.py).

A real Mosquitto on 127.0.0.1 with two listeners on free ports: plain MQTT
(the signs, mosquitto_pub) and WebSockets with `http_dir` on the page's
directory (the browser), a password file made with `mosquitto_passwd -b`
and the ACL of docs/fleet.md, "The fleet page": `operator` may do anything
under the prefix, `viewer` only read, `sign` (what the signs log in as)
read the deck and commands and write under `sign/`. Headless signs with an events log
each. Every child gets SIGKILL if this process dies (PR_SET_PDEATHSIG), and
`close()` stops them all and removes the directory.
"""

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import tempfile

# The fleet bench's helpers: a free port, a port that accepts, waiting, an events log.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from fleet_bench import _accepts, _free_port as free_port, _Log, _wait as wait  # noqa: E402

PREFIX = "ledmarquee"
USERS = {"operator": "op-secret", "viewer": "view-secret", "sign": "sign-secret"}

_libc = ctypes.CDLL(None, use_errno=True)


def _die_with_parent():
    _libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class EventsLog(_Log):
    """A sign's events log, read as it grows (the fleet bench's reader)."""

    def find(self, predicate, after=0):
        self.poll()
        return self.first(predicate, after)

    def count(self):
        self.poll()
        return len(self.records)


class Rig:
    def __init__(self, binary, www, log_broker=True):
        self.binary, self.www = binary, os.path.abspath(www)
        self.dir = tempfile.mkdtemp(prefix="lm-page-")
        self.mqtt_port, self.ws_port = free_port(), free_port()
        self.broker = None
        self.signs = {}  # name -> (Popen, EventsLog)
        self.log_path = os.path.join(self.dir, "broker.log")
        self._configure(log_broker)

    @property
    def page_url(self):
        return f"http://127.0.0.1:{self.ws_port}/"

    @property
    def ws_url(self):
        return f"ws://127.0.0.1:{self.ws_port}/"

    def _configure(self, log_broker):
        passwords = os.path.join(self.dir, "passwords")
        open(passwords, "w").close()
        os.chmod(passwords, 0o600)
        for user, password in USERS.items():
            subprocess.run([shutil.which("mosquitto_passwd"), "-b", passwords, user, password], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        acl = os.path.join(self.dir, "acl")
        with open(acl, "w") as f:
            f.write(f"user operator\ntopic readwrite {PREFIX}/#\n\n"
                    f"user viewer\ntopic read {PREFIX}/#\n\n"
                    f"user sign\ntopic read {PREFIX}/deck\ntopic read {PREFIX}/cmd\ntopic readwrite {PREFIX}/sign/#\n")
        import pwd
        with open(os.path.join(self.dir, "mosquitto.conf"), "w") as f:
            f.write(f"per_listener_settings false\nallow_anonymous false\npassword_file {passwords}\nacl_file {acl}\n"
                    f"persistence true\npersistence_location {self.dir}/\nuser {pwd.getpwuid(os.getuid()).pw_name}\n"
                    + (f"log_dest file {self.log_path}\nlog_type all\n" if log_broker else "log_dest none\n")
                    + f"max_queued_messages 10000\n"
                    f"listener {self.mqtt_port} 127.0.0.1\n"
                    f"listener {self.ws_port} 127.0.0.1\nprotocol websockets\nhttp_dir {self.www}\n")

    def start_broker(self):
        self.broker = subprocess.Popen([shutil.which("mosquitto"), "-c", os.path.join(self.dir, "mosquitto.conf")],
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       preexec_fn=_die_with_parent)
        if not wait(lambda: _accepts(self.mqtt_port) and _accepts(self.ws_port), 10):
            raise RuntimeError("mosquitto did not start: " + self.broker_log())

    def stop_broker(self):
        """As a service manager stops it (SIGTERM: it saves its retained messages)."""
        self.broker.terminate()
        self.broker.wait(timeout=10)

    def broker_log(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()[-4000:]
        except FileNotFoundError:
            return "(no broker log)"

    def start_sign(self, name, text="HELLO"):
        path = os.path.join(self.dir, f"{name}.jsonl")
        env = {k: v for k, v in os.environ.items() if k != "TERM"}
        env.update(XDG_CACHE_HOME=os.path.join(self.dir, "cache"), XDG_RUNTIME_DIR=self.dir,
                   LEDMARQUEE_MQTT_USER="sign", LEDMARQUEE_MQTT_PASSWORD=USERS["sign"])
        proc = subprocess.Popen([self.binary, "--headless", "--no-control", "--mqtt", f"mqtt://127.0.0.1:{self.mqtt_port}",
                                 "--name", name, "--events", path, text],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                                start_new_session=True, preexec_fn=_die_with_parent)
        log = EventsLog(path)
        self.signs[name] = (proc, log)
        return log

    def wait_link(self, name, timeout=20):
        log = self.signs[name][1]
        if not wait(lambda: log.find(lambda r: r.get("event") == "link" and r.get("up") is True), timeout):
            raise RuntimeError(f"sign {name} never connected: {self.broker_log()}")

    def kill_sign(self, name):
        proc = self.signs[name][0]
        proc.kill()
        proc.wait(timeout=10)

    def publish(self, topic, payload, retain=False, user="operator"):
        """mosquitto_pub: what the page or `send` would not publish."""
        words = [shutil.which("mosquitto_pub"), "-h", "127.0.0.1", "-p", str(self.mqtt_port), "-u", user,
                 "-P", USERS[user], "-q", "1", "-t", topic]
        words += ["-n"] if payload == "" else ["-m", payload]
        subprocess.run(words + (["-r"] if retain else []), check=True, timeout=10)

    def retained(self, topic):
        """The retained payload of `topic`, or None."""
        done = subprocess.run([shutil.which("mosquitto_sub"), "-h", "127.0.0.1", "-p", str(self.mqtt_port), "-u", "operator",
                               "-P", USERS["operator"], "-t", topic, "--retained-only", "-C", "1", "-W", "1"],
                              capture_output=True, timeout=10)
        return done.stdout.decode(errors="replace").rstrip("\n") if done.stdout else None

    def close(self):
        for proc, _ in self.signs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc, _ in self.signs.values():
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self.broker and self.broker.poll() is None:
            self.broker.terminate()
            try:
                self.broker.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.broker.kill()
                self.broker.wait()
        shutil.rmtree(self.dir, ignore_errors=True)
