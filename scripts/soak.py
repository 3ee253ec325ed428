#!/usr/bin/env python3
"""Soak test for ledmarquee: `make soak` (see docs/testing.md).

Runs the release binary for SOAK_SECONDS (default 600) in a private tmux
server at 200x50, scrolling long messages at 60 frames a second, while it
sends random keys (every key the player knows except the quit keys) and
resizes the window at random intervals. Every second it samples the
process's RSS, open descriptors and threads from /proc. At the end it checks:

- no crash: the process is alive, then quits on `q` with exit status 0;
- no growth: RSS after the warm-up grows less than 10 %, descriptors and
  threads stay flat;
- no hang: whenever the player should be moving (its state followed through
  the --events log: `policy`, `pause` and `key` records), the screen changes;
  every key sent is logged as a `key` record;
- the terminal is restored: alternate screen left, cursor visible, cooked
  mode with echo, the shell's text back and no LEDs left on it.

Writes a JSON report with the per-second series (SOAK_REPORT, default
.build/soak-report.json) and prints a summary; exit status 0 when every
check passed. Python 3 standard library and tmux only; nothing leaves the
machine; the tmux server (-L soak-<pid>) and the temporary directory are
removed afterwards, whatever happens.
"""

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

# The /proc readers and the polling wait are the benchmark's (one copy).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from bench import alive, proc_cpu_ticks, proc_status, run_tmux, wait_until  # noqa: E402
from soak_sources import AllSources  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")
COLS, ROWS = 200, 50
# At 200x50 the sign is 100 LEDs wide: 120 LED columns a second moves the
# picture on every tick of the 60 fps grid (the loop ticks only when the
# picture changes, docs/motion-policy.md).
START_SPEED = 20.0  # characters a second: the fastest
MAX_SPEED = 20.0  # PlayerSettings.maximumSpeed
MIN_SPEED = 1.0  # PlayerSettings.minimumSpeed: - never goes below it
START_FROM_STILL = 2.0  # PlayerSettings.startSpeed
MESSAGES = [
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG WHILE THE LED SIGN KEEPS SCROLLING",
    "SOAK TEST: KEYS, RESIZES AND SIXTY FRAMES A SECOND FOR AS LONG AS IT TAKES",
    "0123456789 !?#%&*+-=/<> ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz",
]
# tmux key name -> what the player logs in its `key` record (docs/events-log.md),
# with a weight: motion stoppers (t b m) and pause are rarer, so the sign
# spends most of the run scrolling.
KEYS = [
    ("n", "n", 3), ("p", "p", 3), ("l", "l", 3), ("h", "h", 3),
    ("Right", "right", 2), ("Left", "left", 2),
    ("+", "+", 2), ("=", "=", 2), ("Up", "up", 2),
    ("-", "-", 2), ("_", "_", 2), ("Down", "down", 2),
    ("r", "r", 3), ("?", "?", 2), ("Space", "space", 2),
    ("t", "t", 1), ("b", "b", 1), ("m", "m", 1),
]
FASTER = {"+", "=", "up"}
SLOWER = {"-", "_", "down"}


def log(message):
    print(f"[soak {time.strftime('%H:%M:%S')}] {message}", flush=True)


def median(values):
    s = sorted(values)
    return s[len(s) // 2] if s else None


class PlayerModel:
    """What the player is doing, followed from its events log: whether it
    should be moving. Speed is not logged, so it is replayed from the `key`
    records with the player's own rule (PlayerState.changeSpeed)."""

    def __init__(self, speed):
        self.speed = speed
        self.paused = False
        self.animation = True
        self.fps = 60
        self.keys_logged = 0
        self.quit_logged = False
        self.changed_at = time.monotonic()
        self.policy = {}

    def apply(self, event):
        was_moving = self.moving
        name = event.get("event")
        if name == "key":
            self.keys_logged += 1
            key = event.get("name")
            if key in FASTER:
                self.speed = START_FROM_STILL if self.speed == 0 else min(self.speed * 1.25, MAX_SPEED)
            elif key in SLOWER:
                self.speed = self.speed if self.speed <= MIN_SPEED else max(self.speed / 1.25, MIN_SPEED)
        elif name == "pause":
            self.paused = bool(event.get("paused"))
        elif name == "policy":
            self.animation = bool(event.get("animation"))
            self.fps = event.get("fps", 0)
            self.policy = event
        elif name == "quit":
            self.quit_logged = True
        if self.moving != was_moving:
            self.changed_at = time.monotonic()

    @property
    def moving(self):
        return self.animation and self.fps > 0 and not self.paused and self.speed > 0


class EventTail:
    """Reads the events log as it grows (whole lines only)."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.partial = b""
        self.malformed = []

    def read(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return []
        self.offset += len(data)
        lines = (self.partial + data).split(b"\n")
        self.partial = lines.pop()
        events = []
        for line in lines:
            try:
                event = json.loads(line)
                if not isinstance(event, dict) or "t" not in event or "event" not in event:
                    raise ValueError
                events.append(event)
            except ValueError:
                self.malformed.append(line.decode("utf-8", "replace")[:200])
        return events


class Soak:
    def __init__(self, binary, seconds, seed, report_path, all_sources=False):
        self.binary = os.path.abspath(binary)
        self.seconds = seconds
        self.random = random.Random(seed)
        self.seed = seed
        self.report_path = report_path
        self.socket = f"soak-{os.getpid()}"
        self.socket_path = None
        self.dir = tempfile.mkdtemp(prefix="ledmarquee-soak-")
        self.events_path = os.path.join(self.dir, "events.jsonl")
        self.model = PlayerModel(START_SPEED)
        self.tail = EventTail(self.events_path)
        self.samples = []
        self.keys_sent = []
        self.resizes = []
        self.hang_checks = []
        self.problems = []
        self.help_open = False
        self.started = False
        self.last_key_at = 0.0
        self.pid = None
        self.size = (COLS, ROWS)
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/tmp"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "tmux-256color",
        }
        if "TERMINFO_DIRS" in os.environ:
            self.env["TERMINFO_DIRS"] = os.environ["TERMINFO_DIRS"]
        # The sign's control socket stays in the soak's directory (removed with it).
        self.env["XDG_RUNTIME_DIR"] = self.dir
        # SOAK_ALL=1: a fleet broker, control traffic, a watcher and a live field too.
        self.sources = AllSources(self) if all_sources else None

    # ------------------------------------------------------------ tmux

    def tmux(self, *args, check=True):
        return run_tmux(self.socket, self.env, args, check)

    def start(self):
        cues = os.path.join(self.dir, "cues.txt")
        with open(cues, "w") as f:
            f.write("\n".join(self.sources.messages(MESSAGES) if self.sources else MESSAGES) + "\n")
        # An empty sysfs tree: thermal and power unknown, played as nominal,
        # so the only motion stops are the ones the soak's keys cause.
        sysfs = os.path.join(self.dir, "sysfs")
        os.makedirs(os.path.join(sysfs, "class"))
        q = shlex.quote
        argv = [self.binary, "--events", self.events_path, "--sysfs-root", sysfs, "-f", cues,
                "-s", "2", "--speed", str(int(START_SPEED))]
        if self.sources:
            extra, environment = self.sources.arguments()
            argv += extra
            self.env.update(environment)
        # As the end-to-end harness does (Tests/EndToEndTests/Support/Session.swift):
        # the pane's shell records the program's pid, its exit status and the
        # terminal modes after it ends, then stays so the pane can be read.
        script = f"""cd {q(self.dir)} || exit 1
trap ':' INT HUP TERM QUIT
echo soak-before-marker
sh -c 'echo $$ > pid; exec "$@"' sh {' '.join(q(a) for a in argv)}
st=$?
stty -a > stty-after 2>&1
echo "$st" > exit.tmp && mv exit.tmp exit
exec sleep 600
"""
        with open(os.path.join(self.dir, "run.sh"), "w") as f:
            f.write(script)
        self.tmux("new-session", "-d", "-s", "soak", "-x", str(COLS), "-y", str(ROWS),
                  "-e", "TERM=tmux-256color", "-e", "LANG=C.UTF-8",
                  "sh " + q(os.path.join(self.dir, "run.sh")))
        path = self.tmux("display-message", "-p", "#{socket_path}").strip()
        # Only a file named for this server is ever removed.
        self.socket_path = path if os.path.basename(path) == self.socket else None
        pid_file = os.path.join(self.dir, "pid")

        def program_pid():
            try:
                pid = int(open(pid_file).read().strip())
                return pid if os.readlink(f"/proc/{pid}/exe").endswith("ledmarquee") else None
            except (OSError, ValueError):
                return None

        self.pid = wait_until(program_pid, 10)
        if not self.pid:
            raise RuntimeError("ledmarquee did not start; pane:\n" + self.capture_text())
        if not wait_until(lambda: self.poll_events(), 10):
            raise RuntimeError("no start event; pane:\n" + self.capture_text())
        if self.sources:
            self.sources.started()

    def close(self):
        """Kills the server and every process of the pane, removes the files."""
        try:
            self.tmux("kill-server", check=False)
        except (subprocess.TimeoutExpired, OSError):
            pass
        if self.pid and alive(self.pid):
            try:
                os.kill(self.pid, 9)
            except ProcessLookupError:
                pass
        if self.socket_path:
            try:
                os.unlink(self.socket_path)
            except FileNotFoundError:
                pass
        if self.sources:
            self.sources.close()
        # The pane's shell, hung up by the kill, may still write its `exit`
        # file while the folder goes (seen once, after a failed start): try
        # again until the folder is gone.
        for _ in range(20):
            shutil.rmtree(self.dir, ignore_errors=True)
            if not os.path.exists(self.dir):
                break
            time.sleep(0.1)

    def capture_text(self):
        return self.tmux("capture-pane", "-p", "-t", "soak", check=False)

    # ------------------------------------------------------------ state

    def poll_events(self):
        """Applies the new records; returns whether `start` was ever seen."""
        for event in self.tail.read():
            self.model.apply(event)
            self.started = self.started or event.get("event") == "start"
        return self.started

    def sample(self, t0):
        try:
            status = proc_status(self.pid)
            fds = len(os.listdir(f"/proc/{self.pid}/fd"))
            threads = len(os.listdir(f"/proc/{self.pid}/task"))
            ticks = proc_cpu_ticks(self.pid)
        except (FileNotFoundError, ProcessLookupError):
            return False
        self.samples.append({
            "t": round(time.monotonic() - t0, 3),
            "rss_kb": int(status["VmRSS"].split()[0]),
            "fds": fds,
            "threads": threads,
            "cpu_ticks": ticks,
        })
        return True

    # ------------------------------------------------------------ actions

    def send_key(self):
        if self.help_open and self.random.random() < 0.5:
            # Esc quits unless the help is open: send it only when the
            # screen shows the help, else close the help with `?`.
            if "Esc closes it" in self.capture_text():
                self.send("Escape", "escape")
                self.help_open = False
                time.sleep(0.15)  # a lone Esc waits 40 ms for a sequence
                return
            self.problems.append(f"help overlay expected but not on screen at key {len(self.keys_sent)}")
        key, logged = self.choose_key()
        self.send(key, logged)
        if logged == "?":
            self.help_open = not self.help_open

    def choose_key(self):
        # Nudge a sign stopped for long back to scrolling, and its speed
        # towards START_SPEED, so most of the run is spent at 60 fps.
        stopped_for = time.monotonic() - self.model.changed_at
        if not self.model.moving and stopped_for > 8:
            policy = self.model.policy
            if self.model.paused and self.model.animation:
                return "Space", "space"
            if policy.get("reduceMotion"):
                return "m", "m"
            if policy.get("lowPower"):
                return "b", "b"
            if policy.get("thermal") in ("serious", "critical", "fair"):
                return "t", "t"
            if self.model.speed == 0:
                return "+", "+"
        key = self.random.choices(KEYS, weights=[w for _, _, w in KEYS])[0]
        if key[1] in FASTER | SLOWER and self.random.random() < 0.6:
            towards_faster = self.model.speed < START_SPEED
            key = ("Up", "up") if towards_faster else ("Down", "down")
        return key[0], key[1]

    def send(self, key, logged):
        self.tmux("send-keys", "-t", "soak", key)
        self.keys_sent.append(logged)
        self.last_key_at = time.monotonic()

    def resize(self):
        if self.random.random() < 0.3:
            cols, rows = COLS, ROWS
        else:
            cols, rows = self.random.randint(60, 240), self.random.randint(16, 60)
        self.tmux("resize-window", "-t", "soak", "-x", str(cols), "-y", str(rows))
        self.size = (cols, rows)
        self.resizes.append([cols, rows])

    def check_moving(self, t0):
        """Three captures 150 ms apart of the rows above the controls line:
        at least two must differ."""
        rows = self.size[1] - 2
        shots = []
        for i in range(3):
            if i:
                time.sleep(0.15)
            # With colours (-e): lit and unlit LEDs are the same glyph in
            # two shades.
            shots.append(self.tmux("capture-pane", "-p", "-e", "-t", "soak", check=False).split("\n")[:rows])
        self.poll_events()
        if not self.model.moving:
            return  # the state changed under the check
        moved = shots[0] != shots[1] or shots[1] != shots[2]
        self.hang_checks.append({"t": round(time.monotonic() - t0, 1), "moved": moved,
                                 "speed": round(self.model.speed, 1), "fps": self.model.fps,
                                 "size": list(self.size)})
        if not moved:
            self.problems.append(f"screen did not change while moving at t={time.monotonic() - t0:.1f}s "
                                 f"(speed {self.model.speed:.1f}, fps {self.model.fps})")

    # ------------------------------------------------------------ run

    def run(self):
        log(f"binary {self.binary}, {self.seconds} s, seed {self.seed}")
        self.start()
        t0 = time.monotonic()
        end = t0 + self.seconds
        next_sample = t0
        next_key = t0 + 1
        next_resize = t0 + self.random.uniform(3, 20)
        next_check = t0 + 2
        next_report = t0 + 60
        while True:
            now = time.monotonic()
            if now >= end:
                break
            self.poll_events()
            if self.sources:
                self.sources.tick(now)
            if now >= next_sample:
                if not self.sample(t0):
                    self.problems.append(f"ledmarquee is gone at t={now - t0:.1f}s")
                    break
                next_sample += 1
            # A motion check is due: while the sign should be moving, keys
            # hold off until it has been left alone for 0.6 s, then three
            # captures are compared. Not while the help is open: its strip
            # may be too low for LEDs, and plain text there stands still.
            checkable = self.model.moving and not self.help_open
            holding = now >= next_check and checkable
            if holding and now - self.last_key_at >= 0.6 and now - self.model.changed_at >= 0.6:
                self.check_moving(t0)
                next_check = time.monotonic() + 5
                holding = False
            elif now >= next_check and not checkable:
                next_check = now + 1
            if now >= next_key and not holding:
                self.send_key()
                next_key = time.monotonic() + self.random.uniform(0.05, 0.8)
            if now >= next_resize:
                self.resize()
                next_resize = time.monotonic() + self.random.uniform(3, 20)
            if now >= next_report:
                s = self.samples[-1]
                log(f"t={now - t0:.0f}s rss {s['rss_kb']} kB, fds {s['fds']}, threads {s['threads']}, "
                    f"keys {len(self.keys_sent)}, resizes {len(self.resizes)}")
                next_report += 60
            time.sleep(0.02)
        return self.finish(t0)

    def finish(self, t0):
        was_alive = alive(self.pid)
        if not was_alive:
            self.problems.append("ledmarquee was not running at the end of the soak")
        exit_status = None
        restored = {}
        if was_alive:
            # Let the last keys be logged before counting them.
            wait_until(lambda: self.poll_events() and self.model.keys_logged >= len(self.keys_sent), 5)
            self.send("q", "q")
            exit_path = os.path.join(self.dir, "exit")
            if wait_until(lambda: os.path.exists(exit_path), 5):
                exit_status = int(open(exit_path).read().strip())
            else:
                self.problems.append("ledmarquee did not exit within 5 s of q")
            self.poll_events()
            restored = self.check_restored()
        keys_logged = self.model.keys_logged
        if keys_logged != len(self.keys_sent):
            self.problems.append(f"{len(self.keys_sent)} keys sent, {keys_logged} key records logged")
        if exit_status is not None and exit_status != 0:
            self.problems.append(f"exit status {exit_status}, expected 0")
        if exit_status == 0 and not self.model.quit_logged:
            self.problems.append("no quit record at the end of the events log")
        if self.tail.malformed:
            self.problems.append(f"{len(self.tail.malformed)} malformed events-log lines, e.g. {self.tail.malformed[0]!r}")
        growth = self.growth()
        self.problems.extend(growth.pop("problems"))
        moved = [c for c in self.hang_checks if c["moved"]]
        if len(self.hang_checks) < self.seconds / 30:
            self.problems.append(f"only {len(self.hang_checks)} checks of motion ran")
        cpu = None
        if len(self.samples) >= 2:
            a, b = self.samples[0], self.samples[-1]
            cpu = round(100.0 * (b["cpu_ticks"] - a["cpu_ticks"]) / CLK_TCK / max(1e-6, b["t"] - a["t"]), 2)
        report = {
            "generated": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "binary": self.binary,
            "seconds": self.seconds,
            "seed": self.seed,
            "size": [COLS, ROWS],
            "passed": not self.problems,
            "problems": self.problems,
            "exit_status": exit_status,
            "terminal_restored": restored,
            "keys_sent": len(self.keys_sent),
            "keys_logged": keys_logged,
            "key_counts": {k: self.keys_sent.count(k) for k in sorted(set(self.keys_sent))},
            "resizes": len(self.resizes),
            "resize_sizes": self.resizes,
            "motion_checks": len(self.hang_checks),
            "motion_checks_moved": len(moved),
            "cpu_pct_of_one_core": cpu,
            "growth": growth,
            "hang_checks": self.hang_checks,
            "series": {
                "t": [s["t"] for s in self.samples],
                "rss_kb": [s["rss_kb"] for s in self.samples],
                "fds": [s["fds"] for s in self.samples],
                "threads": [s["threads"] for s in self.samples],
            },
        }
        if self.sources:
            self.sources.finish(report, self.problems, self.events_path)
            report["passed"] = not self.problems
        os.makedirs(os.path.dirname(os.path.abspath(self.report_path)), exist_ok=True)
        with open(self.report_path, "w") as f:
            json.dump(report, f, indent=1)
        self.print_summary(report)
        return 0 if report["passed"] else 1

    def growth(self):
        """RSS after the warm-up (the first 10 % of the run, 10..60 s) must
        grow less than 10 %, from the median of the 30 samples after the
        warm-up to the median of the last 30; descriptors and threads must
        not rise above what they were in those first 30 samples."""
        problems = []
        warmup = min(60.0, max(10.0, self.seconds * 0.1))
        after = [s for s in self.samples if s["t"] >= warmup]
        if len(after) < 10:
            return {"warmup_s": warmup, "problems": ["too few samples after the warm-up to judge growth"]}
        window = min(30, len(after) // 2)
        first, last = after[:window], after[-window:]
        rss_a, rss_b = median([s["rss_kb"] for s in first]), median([s["rss_kb"] for s in last])
        rss_growth = 100.0 * (rss_b - rss_a) / rss_a
        # With every source, a control connection just answered may still be
        # open when a sample is taken, and a deck being read (or a broker
        # connect) may hold a thread of its own for a moment: compare the
        # windows' medians, which a leak moves and a sample caught in the
        # middle of one does not.
        of = median if self.sources else max
        fds_a, fds_b = of([s["fds"] for s in first]), of([s["fds"] for s in last])
        thr_a, thr_b = of([s["threads"] for s in first]), of([s["threads"] for s in last])
        if rss_growth >= 10:
            problems.append(f"RSS grew {rss_growth:.1f} % after the warm-up ({rss_a} -> {rss_b} kB)")
        if fds_b > fds_a:
            problems.append(f"open descriptors grew from {fds_a} to {fds_b}")
        if thr_b > thr_a:
            problems.append(f"threads grew from {thr_a} to {thr_b}")
        s0, s1 = self.samples[0], self.samples[-1]
        return {
            "warmup_s": warmup,
            "rss_kb_start": s0["rss_kb"], "rss_kb_end": s1["rss_kb"],
            "rss_kb_peak": max(s["rss_kb"] for s in self.samples),
            "rss_kb_after_warmup_median": rss_a, "rss_kb_last_median": rss_b,
            "rss_growth_pct": round(rss_growth, 2),
            "fds_start": s0["fds"], "fds_end": s1["fds"], "fds_max": max(s["fds"] for s in self.samples),
            "threads_start": s0["threads"], "threads_end": s1["threads"],
            "threads_max": max(s["threads"] for s in self.samples),
            "problems": problems,
        }

    def check_restored(self):
        """What Tests/EndToEndTests/Support/Restoration.swift checks."""
        alternate = self.tmux("display-message", "-p", "-t", "soak", "#{alternate_on}").strip()
        cursor = self.tmux("display-message", "-p", "-t", "soak", "#{cursor_flag}").strip()
        try:
            stty = open(os.path.join(self.dir, "stty-after")).read().replace(";", " ").split()
        except FileNotFoundError:
            stty = []
        sane = "icanon" in stty and "echo" in stty and "-icanon" not in stty and "-echo" not in stty
        screen = self.tmux("capture-pane", "-p", "-t", "soak", "-S", "-", check=False)
        result = {
            "alternate_screen_left": alternate == "0",
            "cursor_visible": cursor == "1",
            "cooked_mode_with_echo": sane,
            "shell_text_back": "soak-before-marker" in screen,
            "no_leds_left": "●" not in screen,
        }
        for name, ok in result.items():
            if not ok:
                self.problems.append(f"terminal not restored: {name.replace('_', ' ')} failed")
        return result

    def print_summary(self, r):
        g = r["growth"]
        print()
        print(f"ledmarquee soak: {r['seconds']} s at {COLS}x{ROWS}, seed {r['seed']}")
        if "rss_kb_start" in g:
            print(f"  RSS      {g['rss_kb_start']} -> {g['rss_kb_end']} kB (peak {g['rss_kb_peak']}; "
                  f"after warm-up {g['rss_kb_after_warmup_median']} -> {g['rss_kb_last_median']}, "
                  f"{g['rss_growth_pct']:+.2f} %)")
            print(f"  fds      {g['fds_start']} -> {g['fds_end']} (max {g['fds_max']})")
            print(f"  threads  {g['threads_start']} -> {g['threads_end']} (max {g['threads_max']})")
        print(f"  CPU      {r['cpu_pct_of_one_core']} % of one core (mean over the run)")
        print(f"  keys     {r['keys_sent']} sent, {r['keys_logged']} logged; resizes {r['resizes']}")
        print(f"  motion   {r['motion_checks_moved']} of {r['motion_checks']} checks saw the screen move")
        print(f"  exit     {r['exit_status']}; terminal restored: "
              f"{all(r['terminal_restored'].values()) if r['terminal_restored'] else False}")
        extra = r.get("all_sources")
        if extra:
            print(f"  sources  {extra['control_requests']} control requests ({extra['control_failures']} failed, "
                  f"p50 {extra['control_p50_s']} s, p99 {extra['control_p99_s']} s), {extra['mqtt_commands']} MQTT "
                  f"commands, {extra['decks']} decks, {extra['watch_records']} watched records")
        print(f"  report   {os.path.abspath(self.report_path)}")
        if r["problems"]:
            print("FAILED:")
            for p in r["problems"]:
                print("  - " + p)
        else:
            print("PASSED")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description="ledmarquee soak test (docs/testing.md)")
    parser.add_argument("--binary", default=os.environ.get("LEDMARQUEE_BIN") or os.path.join(root, ".build/release/ledmarquee"))
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("SOAK_SECONDS") or 600))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SOAK_SEED") or time.time()))
    parser.add_argument("--report", default=os.environ.get("SOAK_REPORT") or os.path.join(root, ".build/soak-report.json"))
    parser.add_argument("--all-sources", action="store_true", default=os.environ.get("SOAK_ALL") == "1",
                        help="every source at once: a fleet broker, control traffic, a watcher, a live field")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"soak: no executable at {args.binary}; run 'make build' or set LEDMARQUEE_BIN")
    if shutil.which("tmux") is None:
        sys.exit("soak: tmux is required")
    if args.all_sources and (shutil.which("mosquitto") is None or shutil.which("mosquitto_pub") is None):
        sys.exit("soak: SOAK_ALL=1 needs mosquitto and mosquitto_pub")
    soak = Soak(args.binary, args.seconds, args.seed, args.report, args.all_sources)
    try:
        status = soak.run()
    except KeyboardInterrupt:
        status = 130
    except Exception as error:  # a setup failure: still clean up, then report it
        print(f"soak: {error}", file=sys.stderr)
        status = 1
    finally:
        soak.close()
    sys.exit(status)


if __name__ == "__main__":
    main()
