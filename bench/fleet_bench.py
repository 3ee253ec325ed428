"""The fleet row of `make bench` (docs/fleet.md): many headless signs on one
local Mosquitto broker, measured from the outside.

Each sign runs `--headless --sync --mqtt`, so its events log has a `sync`
record whose `offset` turns every record's `t` into wall-clock time: the
moment a sign logged a command is comparable with the moment the command
was sent. Figures:

- a `say` to `PREFIX/cmd`: from the start of `ledmarquee send` (its own
  start-up and connect included, measured alone as `send_ms`) until each
  sign logged the `interrupt`; p50, p99 and max over every sign and say;
- a new deck on `PREFIX/deck`: the same, until each sign logged the `load`;
- resident memory per sign (VmRSS), median and max, and the broker's
  before the signs and with all of them connected;
- the broker stopped for a few seconds and started again: from the moment
  it accepts connections until the last sign logged `link` up.

Standard library only; every wait has a deadline; the broker, the signs and
their files are gone when it returns.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import time


def _percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    k = (len(ordered) - 1) * p / 100.0
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _accepts(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def _rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _cpu_s(pid):
    """User and system CPU seconds of a process, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait(predicate, timeout, step=0.01):
    """The predicate's first true value within `timeout` seconds, else its last."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


class _Log:
    """One sign's events log, read as it grows."""

    def __init__(self, path):
        self.path, self.offset, self.partial, self.records = path, 0, b"", []
        self.wall_offset = None

    def poll(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except OSError:
            return
        self.offset += len(data)
        lines = (self.partial + data).split(b"\n")
        self.partial = lines.pop()
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if record.get("event") == "sync":
                self.wall_offset = record.get("offset")
            self.records.append(record)

    def wall(self, record):
        return None if self.wall_offset is None else self.wall_offset + record["t"]

    def first(self, predicate, after=0):
        return next((r for r in self.records[after:] if predicate(r)), None)


class _Broker:
    def __init__(self, workdir, port):
        self.port, self.proc = port, None
        self.conf = os.path.join(workdir, "mosquitto.conf")
        with open(self.conf, "w") as f:
            f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence true\n"
                    f"persistence_location {workdir}/\nlog_dest none\n"
                    f"user {os.environ.get('USER') or 'root'}\nmax_queued_messages 10000\n")

    def start(self):
        self.proc = subprocess.Popen([shutil.which("mosquitto"), "-c", self.conf], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not _wait(lambda: _accepts(self.port), 10):
            raise RuntimeError("mosquitto did not start")
        return time.time()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=10)
        self.proc = None


def run_fleet(binary, workdir, env, signs=200, says=5):
    """Starts `signs` headless signs on a broker of its own and measures them."""
    if shutil.which("mosquitto") is None:
        raise RuntimeError("mosquitto is not installed (scripts/install-deps.sh test)")
    work = os.path.join(workdir, "fleet")
    os.makedirs(os.path.join(work, "cache"), exist_ok=True)
    port = _free_port()
    url = f"mqtt://127.0.0.1:{port}"
    broker = _Broker(work, port)
    env = dict(env, XDG_CACHE_HOME=os.path.join(work, "cache"))
    env.pop("TERM", None)
    procs, logs = [], []

    def send(*words):
        started = time.time()
        done = subprocess.run([binary, "send", "--mqtt", url, *words], env=env, capture_output=True, timeout=30)
        if done.returncode != 0:
            raise RuntimeError(f"send {' '.join(words)}: {done.stderr.decode(errors='replace')}")
        return started, time.time() - started

    def poll_all():
        for log in logs:
            log.poll()

    def all_logged(predicate, skip):
        poll_all()
        return all(log.first(predicate, skip[i]) is not None for i, log in enumerate(logs))

    def latencies(predicate, skip, sent_at):
        return [1000.0 * (log.wall(log.first(predicate, skip[i])) - sent_at) for i, log in enumerate(logs)]

    try:
        broker.start()
        deck = os.path.join(work, "deck.json")
        with open(deck, "w") as f:
            json.dump({"epoch": 0, "deck": [{"text": "FLEET ONE", "seconds": 20}, {"text": "FLEET TWO", "seconds": 20}]}, f)
        send("deck", deck)
        broker_idle_kb = _rss_kb(broker.proc.pid)
        for n in range(signs):
            path = os.path.join(work, f"s{n:03}.jsonl")
            with open(os.devnull, "rb") as null:
                procs.append(subprocess.Popen(
                    [binary, "--headless", "--sync", "--no-control", "--mqtt", url, "--name", f"s{n:03}", "--events", path],
                    stdin=null, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True))
            logs.append(_Log(path))
        up = lambda r: r.get("event") == "link" and r.get("up") is True
        if not _wait(lambda: all_logged(up, [0] * signs), 120, 0.1):
            missing = sum(1 for log in logs if log.first(up) is None)
            raise RuntimeError(f"{missing} of {signs} signs never connected")
        if not _wait(lambda: (poll_all(), all(log.wall_offset is not None for log in logs))[1], 10, 0.05):
            raise RuntimeError("a sign wrote no sync record")
        time.sleep(2)  # start-up settles: the retained deck, the first status
        rss = [_rss_kb(proc.pid) for proc in procs]
        broker_kb = _rss_kb(broker.proc.pid)
        say_ms, send_ms = [], []
        broker_cpu_before = _cpu_s(broker.proc.pid)
        for k in range(says):
            poll_all()
            skip = [len(log.records) for log in logs]
            text = f"BENCH SAY {k}"
            said = lambda r, text=text: r.get("event") == "interrupt" and r.get("text") == text
            sent_at, took = send("say", text, "--for", "5")
            send_ms.append(1000.0 * took)
            if not _wait(lambda: all_logged(said, skip), 30):
                raise RuntimeError(f"not every sign logged say {k}")
            say_ms += latencies(said, skip, sent_at)
            time.sleep(0.5)
        # Each say is one message in and `signs` out, each with its PUBACK
        # back, and the status each sign then publishes: the broker's work
        # per sign and say.
        broker_cpu_per_delivery_ms = 1000.0 * (_cpu_s(broker.proc.pid) - broker_cpu_before) / (says * signs)
        poll_all()
        skip = [len(log.records) for log in logs]
        with open(deck, "w") as f:
            json.dump({"epoch": 0, "deck": [{"text": "NEW ONE", "seconds": 20}, {"text": "NEW TWO", "seconds": 20},
                                            {"text": "NEW THREE", "seconds": 20}]}, f)
        sent_at, _ = send("deck", deck)
        loaded = lambda r: r.get("event") == "load" and r.get("count") == 3
        if not _wait(lambda: all_logged(loaded, skip), 30):
            raise RuntimeError("not every sign logged the new deck")
        deck_ms = latencies(loaded, skip, sent_at)
        broker.stop()
        down = lambda r: r.get("event") == "link" and r.get("up") is False
        if not _wait(lambda: all_logged(down, skip), 30):
            raise RuntimeError("not every sign saw the broker go")
        poll_all()
        skip = [len(log.records) for log in logs]
        time.sleep(3)
        back_at = broker.start()
        if not _wait(lambda: all_logged(up, skip), 120, 0.05):
            raise RuntimeError("not every sign came back")
        reconnect_s = [log.wall(log.first(up, skip[i])) - back_at for i, log in enumerate(logs)]
        return {
            "signs": signs,
            "say_ms": {"p50": _percentile(say_ms, 50), "p99": _percentile(say_ms, 99), "max": max(say_ms), "n": len(say_ms)},
            "send_ms": {"p50": _percentile(send_ms, 50), "max": max(send_ms)},
            "deck_ms": {"p50": _percentile(deck_ms, 50), "p99": _percentile(deck_ms, 99), "max": max(deck_ms)},
            "rss_kb": {"median": _percentile(rss, 50), "max": max(rss)},
            "broker_rss_kb": {"idle": broker_idle_kb, "connected": broker_kb},
            "broker_cpu_per_delivery_ms": broker_cpu_per_delivery_ms,
            "reconnect_s": {"p50": _percentile(reconnect_s, 50), "max": max(reconnect_s)},
            "alive": sum(1 for proc in procs if proc.poll() is None),
        }
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        broker.stop()
        shutil.rmtree(work, ignore_errors=True)
