#!/usr/bin/env python3
"""Whole-process benchmark for ledmarquee (issue 6; see bench/README.md).

Runs the release binary the way a user does -- in a tmux pane of a fixed size,
or on a bare pseudo-terminal for start-up time -- and measures it from the
outside only: /proc for CPU, wake-ups and RSS, tmux pipe-pane for the bytes
written to the terminal, the --events log for cue timing, and the
LEDMARQUEE_FRAME_TRACE file for frame lateness.

Standard library only. Every wait is bounded by a deadline. Nothing leaves
the machine: tmux runs on its own private socket (-L bench-<pid>-<n>).
"""

import argparse
import base64
import datetime
import fcntl
import json
import os
import platform
import pty
import re
import select
import shlex
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

from feed_bench import run_feed
from modes_bench import measure_modes, report_modes
from zones_bench import measure_zones, report_zones
from fleet_bench import run_fleet

CLK_TCK = os.sysconf("SC_CLK_TCK")
MESSAGE = "HELLO WORLD FROM THE LED MARQUEE"
# Signs in the fleet row (docs/fleet.md): a venue's worth, on one machine.
FLEET_SIGNS = 200
UNIFONT_MESSAGE = "こんにちは 世界"
# Right-to-left and joined: the FriBidi reordering and Arabic shaping path.
BIDI_MESSAGE = "ON AIR שלום עולם مرحبا بكم"
UNIFONT_HEX = "/usr/share/unifont/unifont.hex"
# LED steps a second of a scroll at the default --speed on 200x50, the size
# of the traced runs: 5 characters a second of half the letter height (5.5
# font pixels) at the automatic scale 2 (docs/scroll-clock.md, "Speed").
DEFAULT_STEPS = 55
FPS = 60  # nominal full-screen rate (docs/motion-policy.md)
# LED glyphs the styles draw: dots (U+25CF, U+00B7), blocks/half (U+2588,
# U+2580, U+2584) and the braille block (U+2800..U+28FF, lead bytes e2 a0..a3).
# Looks measured scrolling beside the plain sign (bench/README.md).
LOOKS = [("--leds round", ["--leds", "round"]),
         ("--glow", ["--glow"]),
         ("--font 'DejaVu Sans'", ["--font", "DejaVu Sans"])]
# An outline font for the start-up row: Debian's fonts-dejavu-core.
OUTLINE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
LED_MARKERS = ("●".encode(), "·".encode(), "█".encode(), "▀".encode(), "▄".encode(), "▗".encode(), "▝".encode(),
               b"\xe2\xa0", b"\xe2\xa1", b"\xe2\xa2", b"\xe2\xa3")


PRIORITY = 0  # --priority: nice levels above normal for everything the benchmark starts


def boost(pid):
    """With --priority, favours `pid`: its threads' nice value, and its
    session's autogroup nice (with kernel.sched_autogroup_enabled, CPU is
    shared between sessions first, so a process in a session of its own --
    a tmux pane, the tmux server -- needs its autogroup raised too)."""
    if not PRIORITY:
        return
    try:
        with open(f"/proc/{pid}/autogroup", "w") as f:
            f.write(str(-PRIORITY))
    except OSError:
        pass
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                os.setpriority(os.PRIO_PROCESS, int(tid), -PRIORITY)
            except OSError:
                pass
    except FileNotFoundError:
        pass


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- /proc

def proc_cpu_ticks(pid):
    """utime + stime of the whole process (all threads, live and dead), in ticks."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        data = f.read().decode()
    # comm may contain spaces; fields after the closing parenthesis are fixed.
    rest = data[data.rindex(")") + 2:].split()
    return int(rest[11]) + int(rest[12])  # fields 14 and 15 of stat(5)


def proc_cpu_seconds(pid):
    """CPU time of the process's threads in seconds, to the nanosecond:
    the sum of /proc/PID/task/*/schedstat (time on a CPU). Ticks are 10 ms,
    a tenth of a percent over a 10 s window, which is all the C reference
    spends; falls back to them where schedstat is missing."""
    total, found = 0, False
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
                    found = True
            except (OSError, ValueError, IndexError):
                pass
    except OSError:
        pass
    return total / 1e9 if found else proc_cpu_ticks(pid) / CLK_TCK


def proc_status(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            out[key] = value.strip()
    return out


def proc_thread_switches(pid):
    """{tid: (voluntary, involuntary)} context switches of every live thread."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            st = proc_status(f"{pid}/task/{tid}")
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended between listdir and open
        out[tid] = (int(st.get("voluntary_ctxt_switches", "0")),
                    int(st.get("nonvoluntary_ctxt_switches", "0")))
    return out


class SwitchCounter:
    """Context switches of a process over a window, summed over its threads.

    /proc/PID/task/*/status only lists live threads, and the Swift runtime's
    worker pool starts and ends threads while the program runs: a plain
    before/after sum would lose the switches of a thread that ended (or count
    a new one's whole history). So the threads are polled during the window
    (poll() every few hundred ms; reading /proc does not wake the target) and
    each thread contributes its own increase since it was first seen -- a
    thread first seen mid-window contributes all of its count. Switches of a
    thread between its last poll and its end are the only ones missed.
    """

    def __init__(self, pid):
        self.pid = pid
        self.first = proc_thread_switches(pid)
        self.last = dict(self.first)
        self.base = dict(self.first)

    def poll(self):
        for tid, counts in proc_thread_switches(self.pid).items():
            if tid not in self.base:
                self.base[tid] = (0, 0)
            self.last[tid] = counts

    def totals(self):
        vol = sum(self.last[t][0] - self.base[t][0] for t in self.last)
        invol = sum(self.last[t][1] - self.base[t][1] for t in self.last)
        return vol, invol, len(self.last)


def system_cpu():
    """(busy, total) jiffies of all CPUs from /proc/stat."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return sum(fields) - idle, sum(fields)


def proc_io(pid):
    try:
        with open(f"/proc/{pid}/io") as f:
            return {k: int(v) for k, v in (line.split(":") for line in f)}
    except OSError:
        return {}


def proc_threads(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def kb_field(status, key):
    return int(status[key].split()[0])


def proc_smaps_rollup(pid):
    """/proc/PID/smaps_rollup as {field: kB}: Private_Dirty is the memory
    the process has of its own (heap, stacks, written data), which no
    other process shares -- what one more sign costs the machine."""
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            key, _, value = line.partition(":")
            parts = value.split()
            if len(parts) == 2 and parts[1] == "kB":
                out[key] = int(parts[0])
    return out


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return False


def run_tmux(socket_name, env, args, check=True):
    """One command to the private tmux server `socket_name`, with no config; its stdout."""
    r = subprocess.run(["tmux", "-L", socket_name, "-f", "/dev/null"] + list(args),
                       env=env, capture_output=True, text=True, timeout=10)
    if check and r.returncode != 0:
        raise RuntimeError(f"tmux {' '.join(args)}: {r.stderr.strip()}")
    return r.stdout


def wait_until(predicate, timeout, step=0.005):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


# ---------------------------------------------------------------- stats

def percentile(values, p):
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "n": len(values),
        "runs": values,
    }


# ---------------------------------------------------------------- environment

def clean_env(term="tmux-256color"):
    """A predictable environment: no COLORTERM, NO_COLOR, TMUX or locale surprises."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
        "TERM": term,
    }
    if "TERMINFO_DIRS" in os.environ:
        env["TERMINFO_DIRS"] = os.environ["TERMINFO_DIRS"]
    return env


# ---------------------------------------------------------------- tmux

class TmuxRun:
    """One ledmarquee in a fresh detached tmux server of a fixed size.

    The pane's shell waits on a FIFO before exec'ing the binary, so
    pipe-pane is connected before the program writes its first byte and the
    pane's pid *is* the program's pid after the exec.
    """

    counter = 0

    def __init__(self, binary, args, cols, rows, workdir, extra_env=None, trace=False, plain=False):
        TmuxRun.counter += 1
        # `plain`: another program (the scroll reference), run as it is: no
        # --events, and released once it has exec'd.
        self.plain = plain
        self.exe_name = os.path.basename(binary)
        self.socket = f"bench-{os.getpid()}-{TmuxRun.counter}"
        self.dir = tempfile.mkdtemp(prefix=f"run{TmuxRun.counter}-", dir=workdir)
        self.events = os.path.join(self.dir, "events.jsonl")
        self.pipe_file = os.path.join(self.dir, "pane-output.bin")
        self.trace_file = os.path.join(self.dir, "frame-trace.txt") if trace else None
        self.fifo = os.path.join(self.dir, "go.fifo")
        os.mkfifo(self.fifo)
        # Held open read-write: the pane shell's open of the FIFO then never
        # blocks, and its `read` waits for our line (opening the FIFO write-only
        # later would hand the shell an EOF and release it too early).
        self.gate = os.open(self.fifo, os.O_RDWR)
        self.env = clean_env()
        envs = dict(extra_env or {})
        # The control socket goes in the run's own directory: never among a
        # real sign's, and never refused because another sign has the name.
        envs.setdefault("XDG_RUNTIME_DIR", self.dir)
        if self.trace_file:
            envs["LEDMARQUEE_FRAME_TRACE"] = self.trace_file
        exports = "".join(f"export {k}={shlex.quote(v)}; " for k, v in envs.items())
        argv = [binary] + list(args) if plain else [binary, "--events", self.events] + list(args)
        inner = f"read _go < {shlex.quote(self.fifo)}; {exports}exec {' '.join(shlex.quote(a) for a in argv)}"
        self.cols, self.rows = cols, rows
        try:
            self._open(cols, rows, inner)
        except BaseException:
            self.tmux("kill-server", check=False)
            os.close(self.gate)
            raise
        self.spawned_at = None

    def _open(self, cols, rows, inner):
        self.tmux("new-session", "-d", "-s", "bench", "-x", str(cols), "-y", str(rows),
                  "-e", "TERM=tmux-256color", "-e", "LANG=C.UTF-8",
                  inner)
        self.tmux("pipe-pane", "-O", "cat >> " + shlex.quote(self.pipe_file))
        open(self.pipe_file, "ab").close()
        self.socket_path = self.tmux("display-message", "-p", "#{socket_path}").strip()
        self.server_pid = int(self.tmux("display-message", "-p", "#{pid}").strip())
        self.pid = int(self.tmux("display-message", "-p", "#{pane_pid}").strip())
        boost(self.server_pid)
        boost(self.pid)  # the pane shell: its session and nice carry over the exec
        size = self.tmux("display-message", "-p", "#{pane_width}x#{pane_height}").strip()
        if size != f"{cols}x{rows}":
            raise RuntimeError(f"tmux pane is {size}, wanted {cols}x{rows}")

    def tmux(self, *args, check=True):
        return run_tmux(self.socket, self.env, args, check)

    def release(self, timeout=10):
        """Lets the pane exec the binary; returns once the `start` event is logged."""
        self.spawned_at = time.monotonic()
        os.write(self.gate, b"go\n")
        if not wait_until(lambda: self._exec_done(), 5):
            raise RuntimeError(f"pane shell did not exec {self.exe_name}")
        os.close(self.gate)
        self.gate = None
        if self.plain:
            return
        if not wait_until(lambda: self.find_events("start"), timeout, 0.01):
            raise RuntimeError("ledmarquee logged no start event; screen:\n" + self.capture())
        exe = os.readlink(f"/proc/{self.pid}/exe")
        if not exe.endswith("ledmarquee"):
            raise RuntimeError(f"pane pid {self.pid} is {exe}, not ledmarquee")

    def _exec_done(self):
        try:
            return os.readlink(f"/proc/{self.pid}/exe").endswith(self.exe_name)
        except OSError:
            return False

    def events_list(self):
        try:
            with open(self.events) as f:
                return [json.loads(line) for line in f if line.endswith("\n")]
        except FileNotFoundError:
            return []

    def find_events(self, name, **fields):
        return [e for e in self.events_list()
                if e.get("event") == name and all(e.get(k) == v for k, v in fields.items())]

    def output_bytes(self):
        return os.path.getsize(self.pipe_file)

    def capture(self):
        return self.tmux("capture-pane", "-p", check=False)

    def send(self, *keys):
        self.tmux("send-keys", "-t", "bench:", *keys)

    def sample(self):
        return {
            "t": time.monotonic(),
            "cpu": proc_cpu_seconds(self.pid),
            "server_cpu": proc_cpu_seconds(self.server_pid),
            "bytes": self.output_bytes(),
        }

    def measure_window(self, seconds, poll=0.25):
        """CPU of the program and of the tmux server, bytes written and
        wake-ups over `seconds` of wall time."""
        switches = SwitchCounter(self.pid)
        sys_a = system_cpu()
        a = self.sample()
        end = a["t"] + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            time.sleep(min(poll, left))
            switches.poll()
        b = self.sample()
        sys_b = system_cpu()
        switches.poll()
        vol, invol, threads = switches.totals()
        wall = b["t"] - a["t"]
        return {
            "seconds": wall,
            "cpu_pct": 100.0 * (b["cpu"] - a["cpu"]) / wall,
            "tmux_cpu_pct": 100.0 * (b["server_cpu"] - a["server_cpu"]) / wall,
            "bytes_per_s": (b["bytes"] - a["bytes"]) / wall,
            "wakeups_per_s": vol / wall,
            "involuntary_per_s": invol / wall,
            "threads_seen": threads,
            # Whole machine, all cores, this process and tmux included.
            "system_busy_pct": 100.0 * (sys_b[0] - sys_a[0]) / max(1, sys_b[1] - sys_a[1]),
        }

    def wait_output_quiet(self, quiet=0.5, timeout=5.0):
        """Waits until nothing has been written for `quiet` seconds; returns the byte count."""
        deadline = time.monotonic() + timeout
        last, since = self.output_bytes(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.02)
            now = self.output_bytes()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                break
        return last

    def quit(self):
        """Sends q and waits (bounded) for the program to exit."""
        if self.plain:
            return
        if alive(self.pid):
            try:
                self.send("q")
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
            wait_until(lambda: not alive(self.pid), 3.0, 0.01)

    def close(self):
        try:
            self.quit()
        finally:
            self.tmux("kill-server", check=False)
            path = getattr(self, "socket_path", "")
            if path and os.path.basename(path) == self.socket:
                wait_until(lambda: alive(self.server_pid) is False, 2.0, 0.02)
                try:
                    os.unlink(path)  # tmux leaves the socket file behind
                except FileNotFoundError:
                    pass
            if self.gate is not None:
                os.close(self.gate)
                self.gate = None

    def trace_values(self):
        if not self.trace_file or not os.path.exists(self.trace_file):
            return []
        with open(self.trace_file) as f:
            return [int(line) for line in f if line.strip().lstrip("-").isdigit()]


# ---------------------------------------------------------------- scenarios

REFERENCE_TIMER = r"""
import json, sys, time
# A plain 60 Hz sleep loop: how late this machine wakes any process right now.
interval, end = 1 / 60, time.monotonic() + float(sys.argv[1])
deadline, late = time.monotonic() + interval, []
while deadline < end:
    pause = deadline - time.monotonic()
    if pause > 0:
        time.sleep(pause)
    late.append(int((time.monotonic() - deadline) * 1e6))
    deadline += interval
    while deadline < time.monotonic():
        deadline += interval
print(json.dumps(late))
"""


def long_deck(cfg):
    """A one-entry deck whose message and caption are each as long as a cue
    line may be (64 KiB): per-frame work must not grow with either."""
    path = os.path.join(cfg.workdir, "long-deck.json")
    if not os.path.exists(path):
        words = ("LONG MESSAGE " * 6000)[:65536]
        caption = ("a caption that goes on " * 3000)[:65536]
        with open(path, "w") as f:
            json.dump([{"text": words, "caption": caption}], f)
    return ["-f", path]


def run_scroll(cfg, cols, rows, reference=False, args=None):
    """Scrolling MESSAGE (or `args`), default style and speed, for cfg.scroll_window seconds.

    With `reference`, a plain Python 60 Hz sleep loop runs in its own process
    during the same window: its lateness is the machine's scheduling noise,
    the floor under the program's frame jitter."""
    r = TmuxRun(cfg.binary, args or [MESSAGE], cols, rows, cfg.workdir, trace=True)
    ref = None
    try:
        r.release()
        time.sleep(cfg.warmup)
        if reference:
            ref = subprocess.Popen([sys.executable, "-c", REFERENCE_TIMER, str(cfg.scroll_window)],
                                   stdout=subprocess.PIPE, text=True)
        result = r.measure_window(cfg.scroll_window)
        if ref is not None:
            try:
                out, _ = ref.communicate(timeout=5)
                result["reference_late_us"] = json.loads(out)
            except (subprocess.TimeoutExpired, ValueError):
                ref.kill()
                ref.wait()
        threads = proc_threads(r.pid)
        rss = kb_field(proc_status(r.pid), "VmHWM")
        r.quit()
        trace = r.trace_values()
        # Drop the ticks of the warm-up second, like the CPU window (the loop
        # ticks once per LED step: min(60, 55) a second at the defaults).
        skip = int(cfg.warmup * min(FPS, DEFAULT_STEPS))
        result["trace_ticks"] = len(trace)
        result["jitter_us"] = trace[skip:] if len(trace) > skip + 10 else trace
        result["threads"] = threads
        result["vmhwm_kb"] = rss
        result["exited"] = not alive(r.pid)
        return result
    finally:
        if ref is not None and ref.poll() is None:
            ref.kill()
            ref.wait()
        r.close()


STRACE_WRITE = re.compile(r'^(\d+\.\d+) write\(1, "((?:\\x[0-9a-f]{2})*)"(?:\.\.\.)?, \d+\) = (\d+)')


def reference_binary(cfg):
    """bench/reference/scroll_reference.c, compiled once per run."""
    path = os.path.join(cfg.workdir, "scroll-reference")
    if not os.path.exists(path):
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference", "scroll_reference.c")
        subprocess.run(["cc", "-O2", "-o", path, source], check=True)
    return path


def record_steps(cfg, cols, rows):
    """ledmarquee scrolling MESSAGE at cols x rows, every write(2) it makes
    to the terminal from its first byte recorded by strace (attached to the
    pane's shell before it execs the sign), as the reference's steps file:
    u64 ns since the first write, u32 length, the bytes."""
    r = TmuxRun(cfg.binary, [MESSAGE], cols, rows, cfg.workdir)
    trace = os.path.join(r.dir, "writes.strace")
    tracer = subprocess.Popen(["strace", "-qq", "-p", str(r.pid), "-e", "trace=write", "-e", "signal=none",
                               "-xx", "-s", "4194304", "-ttt", "-o", trace],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.3)  # strace attached before the exec
        r.release()
        time.sleep(cfg.warmup + cfg.scroll_window + 0.5)
    finally:
        tracer.send_signal(signal.SIGINT)
        tracer.wait(timeout=10)
        r.close()
    steps = []
    with open(trace) as f:
        for line in f:
            match = STRACE_WRITE.match(line)
            if match:
                data = bytes.fromhex(match.group(2).replace("\\x", ""))[:int(match.group(3))]
                steps.append((float(match.group(1)), data))
    if len(steps) < 10:
        raise RuntimeError(f"strace recorded {len(steps)} writes (is ptrace allowed?)")
    path = os.path.join(cfg.workdir, f"steps-{cols}x{rows}.bin")
    first = steps[0][0]
    with open(path, "wb") as out:
        for at, data in steps:
            out.write(struct.pack("<QI", int((at - first) * 1e9), len(data)) + data)
    return path, len(steps)


def run_reference_scroll(cfg, cols, rows, steps_path):
    """The reference replaying the recorded steps in a pane of the same size:
    CPU, tmux CPU and bytes/s over the same window as the sign's."""
    r = TmuxRun(reference_binary(cfg), [steps_path], cols, rows, cfg.workdir, plain=True)
    try:
        r.release()
        time.sleep(cfg.warmup)
        return r.measure_window(cfg.scroll_window)
    finally:
        r.close()


def run_limit(cfg, cols, rows):
    """Round after round, the sign scrolling and the reference replaying the
    sign's own recorded steps, one after the other in the same run."""
    steps_path, count = record_steps(cfg, cols, rows)
    log(f"  {cols}x{rows}: recorded {count} writes")
    rounds = []
    for i in range(cfg.repeats):
        log(f"  limit {cols}x{rows}: round {i + 1}/{cfg.repeats}")
        try:
            sign = run_scroll(cfg, cols, rows)
            reference = run_reference_scroll(cfg, cols, rows, steps_path)
            rounds.append({"sign": sign, "reference": reference})
        except Exception as exc:
            log(f"  limit {cols}x{rows}: round {i + 1} FAILED: {exc}")
            rounds.append({"error": str(exc)})
    return rounds


def control_socket(r):
    """The run's control socket (TmuxRun gives each sign its own runtime dir)."""
    path = os.path.join(r.dir, "ledmarquee", "default.sock")
    if not wait_until(lambda: os.path.exists(path), 5.0, 0.01):
        raise RuntimeError(f"no control socket at {path}")
    return path


def read_reply(conn):
    reply = b""
    while not reply.endswith(b"\n"):
        chunk = conn.recv(4096)
        if not chunk:
            raise RuntimeError("the sign closed the control connection")
        reply += chunk
    return reply


def run_control_latency(cfg):
    """A `--static` 200x50 sign, quiet between requests: the time from a `say`
    written to its socket until the reply is read, and until the output
    to the terminal grows (the interrupt's frame being written)."""
    r = TmuxRun(cfg.binary, ["--static", "--idle-timeout", "0.5", MESSAGE], 200, 50, cfg.workdir)
    try:
        r.release()
        path = control_socket(r)
        r.wait_output_quiet(quiet=1.0, timeout=8.0)
        replies, frames = [], []
        for i in range(10 if cfg.quick else 100):
            with socket.socket(socket.AF_UNIX) as conn:
                conn.connect(path)
                before = r.output_bytes()
                start = time.perf_counter()
                conn.sendall(b'{"cmd":"say","text":"SAY %d","for":60}\n' % i)
                if b'"ok":true' not in read_reply(conn):
                    raise RuntimeError("say refused")
                replies.append((time.perf_counter() - start) * 1000)
                if not wait_until(lambda: r.output_bytes() > before, 2.0, 0.0002):
                    raise RuntimeError("no frame after a say")
                frames.append((time.perf_counter() - start) * 1000)
            r.wait_output_quiet(quiet=0.15, timeout=3.0)
        r.quit()
        return {"reply_ms": replies, "frame_ms": frames}
    finally:
        r.close()


def run_control_burst(cfg):
    """A scrolling 200x50 sign (60 fps grid) while one client writes 10,000
    `say` requests as fast as it can: frame-start lateness through the burst,
    and how long the sign takes to answer them all."""
    count = 1000 if cfg.quick else 10_000
    r = TmuxRun(cfg.binary, [MESSAGE], 200, 50, cfg.workdir, trace=True)
    try:
        r.release()
        path = control_socket(r)
        time.sleep(cfg.warmup)
        with socket.socket(socket.AF_UNIX) as conn:
            conn.connect(path)
            answered = [0]

            def reader():
                while answered[0] < count:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    answered[0] += chunk.count(b"\n")

            thread = threading.Thread(target=reader)
            thread.start()
            start = time.perf_counter()
            for i in range(count):
                conn.sendall(b'{"cmd":"say","text":"BURST %d","for":60}\n' % i)
            thread.join(120)
            seconds = time.perf_counter() - start
        r.quit()
        # The trace is written at the end: drop the warm-up's ticks, as the
        # scrolling rows do (one a LED step before the burst).
        trace = r.trace_values()
        skip = int(cfg.warmup * min(FPS, DEFAULT_STEPS))
        if answered[0] != count:
            raise RuntimeError(f"{answered[0]} of {count} requests answered")
        return {"burst_seconds": seconds, "requests": count, "jitter_us": trace[skip:] if len(trace) > skip + 10 else trace}
    finally:
        r.close()


def run_full_paint(cfg, cols, rows, args):
    """Bytes of one full paint: a run stopped by policy draws exactly one frame."""
    r = TmuxRun(cfg.binary, args + [MESSAGE], cols, rows, cfg.workdir)
    try:
        r.release()
        return r.wait_output_quiet(quiet=0.4, timeout=5.0)
    finally:
        r.close()


# A seconds clock at rest: a live field whose text changes every second.
CLOCK_MESSAGE = "{time:%H:%M:%S}"


def run_idle(cfg, mode):
    """Stopped by policy (--low-power on), at rest (--static: the message laid
    out whole, nothing moving), paused with space, or a seconds clock at rest
    (--static "{time:%H:%M:%S}": one refresh a second), at 200x50."""
    args = {"stopped": ["--low-power", "on"], "rest": ["--static"], "clock": ["--static"]}.get(mode, [])
    if cfg.idle_timeout is not None:
        args += ["--idle-timeout", str(cfg.idle_timeout)]
    message = CLOCK_MESSAGE if mode == "clock" else MESSAGE
    r = TmuxRun(cfg.binary, args + [message], 200, 50, cfg.workdir)
    try:
        r.release()
        full_paint = None
        if mode == "stopped":
            pol = wait_until(lambda: r.find_events("policy"), 3.0, 0.01)
            if not pol or pol[-1].get("fps") != 0:
                raise RuntimeError(f"--low-power on did not stop the frame loop: {pol}")
            full_paint = r.wait_output_quiet(quiet=0.4, timeout=5.0)
        elif mode == "rest":
            r.wait_output_quiet(quiet=0.4, timeout=5.0)
        elif mode == "clock":
            # Past the controls line shown at start: only the clock changes.
            time.sleep((cfg.idle_timeout if cfg.idle_timeout is not None else 3) + 0.7)
        else:
            time.sleep(cfg.warmup)
            r.send("Space")
            if not wait_until(lambda: r.find_events("pause", paused=True), 3.0, 0.01):
                raise RuntimeError("space did not pause: " + json.dumps(r.events_list()[-3:]))
            # The key reveals the controls line; it hides after --idle-timeout.
            time.sleep((cfg.idle_timeout if cfg.idle_timeout is not None else 3) + 0.7)
        result = r.measure_window(cfg.idle_window)
        r.quit()
        result["full_paint_bytes"] = full_paint
        return result
    finally:
        r.close()


def hours_around(before_h, after_h):
    """A window `HH:MM-HH:MM` (UTC, minutes) from `before_h` hours before now
    to `after_h` hours after: negative `before_h` starts it in the future."""
    now = time.gmtime()
    minute = now.tm_hour * 60 + now.tm_min
    start = (minute - int(before_h * 60)) % 1440
    end = (minute + int(after_h * 60)) % 1440
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


def run_schedule(cfg, mode):
    """A sign dark for the night, at 200x50: `quiet` is quiet hours with
    --quiet-mode off around now; `idle` is a deck whose one message's hours
    start two hours from now (no --idle-message: dark). Either way only the
    power probe (every 2 s) and the next edge, hours away, may wake it."""
    env = {"TZ": "UTC"}
    if mode == "quiet":
        args = ["--quiet", hours_around(1, 2), "--quiet-mode", "off", MESSAGE]
    else:
        deck = os.path.join(cfg.workdir, "later-deck.json")
        with open(deck, "w") as f:
            json.dump([{"text": "LATER", "hours": hours_around(-2, 3)}], f)
        args = ["-f", deck]
    if cfg.idle_timeout is not None:
        args += ["--idle-timeout", str(cfg.idle_timeout)]
    r = TmuxRun(cfg.binary, args, 200, 50, cfg.workdir, extra_env=env)
    try:
        r.release()
        want = ("quiet", {"on": True}) if mode == "quiet" else ("idle", {"showing": "dark"})
        if not wait_until(lambda: r.find_events(want[0], **want[1]), 3.0, 0.01):
            raise RuntimeError(f"the sign did not go dark ({mode}): " + json.dumps(r.events_list()[-4:]))
        # Past the controls line shown at start.
        time.sleep((cfg.idle_timeout if cfg.idle_timeout is not None else 3) + 0.7)
        r.wait_output_quiet(quiet=0.4, timeout=5.0)
        result = r.measure_window(cfg.idle_window)
        r.quit()
        return result
    finally:
        r.close()


def run_headless(cfg):
    """A headless sign scrolling MESSAGE (docs/headless.md): a plain process
    in a session of its own (no controlling terminal), standard input,
    output and error on files, found through its events log and control
    socket. Nothing draws, so only the scroll's pass and advance timers and
    the power probe (every 2 s) may wake it: no frame ticks."""
    events = os.path.join(cfg.workdir, "headless-events.jsonl")
    sock = os.path.join(cfg.workdir, "headless.sock")
    out_path = os.path.join(cfg.workdir, "headless-out")
    for path in (events, out_path):
        if os.path.exists(path):
            os.unlink(path)
    env = clean_env()
    del env["TERM"]  # as under a service manager: nothing names a terminal
    with open(out_path, "wb") as out, open(os.devnull, "rb") as null:
        proc = subprocess.Popen([cfg.binary, "--headless", "--events", events, "--control", sock, MESSAGE],
                                stdin=null, stdout=out, stderr=out, env=env, start_new_session=True)
    try:
        boost(proc.pid)

        def records():
            try:
                with open(events) as f:
                    return [json.loads(line) for line in f if line.strip()]
            except (OSError, ValueError):
                return []
        if not wait_until(lambda: any(e.get("event") == "cue" for e in records()), 5.0, 0.01):
            raise RuntimeError("the headless sign wrote no cue record: " + json.dumps(records()[-3:]))
        time.sleep(cfg.warmup)
        switches = SwitchCounter(proc.pid)
        a_t, a_cpu = time.monotonic(), proc_cpu_ticks(proc.pid)
        end = a_t + cfg.idle_window
        while (left := end - time.monotonic()) > 0:
            time.sleep(min(0.25, left))
            switches.poll()
        b_t, b_cpu = time.monotonic(), proc_cpu_ticks(proc.pid)
        switches.poll()
        status = proc_status(proc.pid)
        vol, invol, threads = switches.totals()
        wall = b_t - a_t
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=5)
        if code != -signal.SIGTERM:
            raise RuntimeError(f"SIGTERM: the headless sign ended with {code}, not by the signal")
        if not any(e.get("event") == "quit" for e in records()):
            raise RuntimeError("no quit record after SIGTERM")
        return {
            "seconds": wall,
            "cpu_pct": 100.0 * (b_cpu - a_cpu) / CLK_TCK / wall,
            "wakeups_per_s": vol / wall,
            "involuntary_per_s": invol / wall,
            "threads_seen": threads,
            "rss_kb": kb_field(status, "VmRSS"),
            "hwm_kb": kb_field(status, "VmHWM"),
            # Standard output and error: a headless sign writes to neither.
            "output_bytes": os.path.getsize(out_path),
        }
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def run_cue(cfg):
    """-s 2 on a 3-line cue file: gaps between automatic cue events minus 2 s.
    The messages fit the sign at LED scale 2, so each is held for exactly its
    seconds (a wider one would first scroll until its end is in view)."""
    cue_file = os.path.join(cfg.workdir, "three-cues.txt")
    with open(cue_file, "w") as f:
        f.write("ONE\nTWO\nSIX\n")
    need = cfg.cue_gaps + 1
    r = TmuxRun(cfg.binary, ["-s", "2", "--scale", "2", "-f", cue_file], 200, 50, cfg.workdir)
    try:
        r.release()
        got = wait_until(lambda: len(r.find_events("cue", automatic=True)) >= need,
                         2.0 * need + 10, 0.05)
        autos = r.find_events("cue", automatic=True)
        r.quit()
        if not got:
            raise RuntimeError(f"only {len(autos)} automatic cue events")
        times = [e["t"] for e in autos[:need]]
        errors_ms = [(b - a - 2.0) * 1000.0 for a, b in zip(times, times[1:])]
        return {
            "errors_ms": errors_ms,
            "mean_ms": statistics.mean(errors_ms),
            "worst_ms": max(errors_ms, key=abs),
            "first_auto_t": times[0],
        }
    finally:
        r.close()


class PtyRun:
    """ledmarquee on a bare pseudo-terminal, its output read by this process.

    Used for start-up figures: the parent reads the pty master in a select()
    loop, so a write by the program is timestamped within one select wake-up
    (tens of microseconds) -- finer than polling a pipe-pane file, and with no
    tmux in between.
    """

    def __init__(self, cfg, args, cols=200, rows=50):
        time.sleep(cfg.settle)  # let the previous scenario's processes wind down
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        argv = [cfg.binary] + list(args)
        self.t0 = time.monotonic()
        # A process group of its own, but our session (and so our autogroup).
        group = {"process_group": 0} if sys.version_info >= (3, 11) else {"start_new_session": True}
        env = clean_env()
        # As TmuxRun: the control socket stays in the bench's own directory.
        env["XDG_RUNTIME_DIR"] = cfg.workdir
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     close_fds=True, **group)
        os.close(slave)
        self.total = 0
        self.eof = False

    def read(self, timeout):
        """Reads what is there within `timeout` s; returns (timestamp, chunk) or None."""
        if self.eof:
            return None
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the slave side closed (the program exited)
            chunk = b""
        if not chunk:
            self.eof = True
            return None
        self.total += len(chunk)
        return time.monotonic(), chunk

    def drain_until_quiet(self, quiet, timeout):
        deadline = time.monotonic() + timeout
        last = time.monotonic()
        while time.monotonic() < deadline and not self.eof:
            if self.read(0.02):
                last = time.monotonic()
            elif time.monotonic() - last >= quiet:
                break
        return self.total

    def drain_for(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.eof:
            self.read(min(0.05, max(0.0, end - time.monotonic())))

    def quit(self):
        """Sends q, drains until the program exits (bounded), then escalates."""
        try:
            os.write(self.master, b"q")
        except OSError:
            pass
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline and self.proc.poll() is None:
            self.read(0.02)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.master)
        return self.proc.returncode


def run_startup(cfg, message_args):
    """Spawn -> first byte and -> first LED cell on a pty; peak RSS.

    VmHWM is read after cfg.rss_settle s of scrolling, just before sending q.
    """
    r = PtyRun(cfg, list(message_args))
    first_byte = first_led = None
    hwm = rchar = private_dirty = None
    tail = b""
    try:
        deadline = r.t0 + 10.0
        while time.monotonic() < deadline and not r.eof:
            got = r.read(0.05)
            if got:
                ts, chunk = got
                if first_byte is None:
                    first_byte = ts
                if first_led is None:
                    window = tail + chunk  # a glyph may straddle two reads
                    if any(m in window for m in LED_MARKERS):
                        first_led = ts
                    tail = chunk[-3:]
            if first_led is not None and time.monotonic() - r.t0 >= cfg.rss_settle:
                hwm = kb_field(proc_status(r.proc.pid), "VmHWM")
                private_dirty = proc_smaps_rollup(r.proc.pid).get("Private_Dirty")
                rchar = proc_io(r.proc.pid).get("rchar")
                break
    finally:
        status = r.quit()
    ms = lambda t: None if t is None else (t - r.t0) * 1000.0
    return {
        "first_byte_ms": ms(first_byte),
        "first_led_ms": ms(first_led),
        "vmhwm_mb": None if hwm is None else hwm / 1024.0,
        "private_dirty_mb": None if private_dirty is None else private_dirty / 1024.0,
        "rchar": rchar,
        "exit_status": status,
    }


def package_deb(cfg):
    """The .deb of `make deb` (scripts/make-deb.sh), made from the binary
    under test (about 20 s: it strips the binary and asks dpkg-shlibdeps)."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    out = subprocess.run([os.path.join(root, "scripts", "make-deb.sh"), cfg.binary], cwd=root,
                         capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"make-deb.sh: {out.stderr.strip()}")
    return os.path.join(root, out.stdout.strip().splitlines()[-1])


def run_package(cfg, deb):
    """The package unpacked in a scratch root (`dpkg -x`): the .deb's size,
    and `--snapshot` run from there, spawn to exit, without the toolchain on
    PATH (the first frame of a sign that draws one and stops)."""
    root = tempfile.mkdtemp(prefix="deb-", dir=cfg.workdir)
    try:
        subprocess.run(["dpkg", "-x", deb, root], check=True, timeout=60)
        binary = os.path.join(root, "usr", "bin", "ledmarquee")
        env = {"PATH": "/usr/bin:/bin", "HOME": cfg.workdir, "LANG": "C.UTF-8"}
        times = []
        for _ in range(3 if cfg.quick else 20):
            started = time.perf_counter()
            out = subprocess.run([binary, "--snapshot", "--cols", "40", "--rows", "9", "HI"], env=env,
                                 capture_output=True, timeout=10)
            times.append((time.perf_counter() - started) * 1000.0)
            if out.returncode != 0 or "\u25cf".encode() not in out.stdout:
                raise RuntimeError(f"the packaged binary's snapshot failed: {out.stderr.decode(errors='replace')}")
        return {"deb_kb": os.path.getsize(deb) / 1024.0, "binary_kb": os.path.getsize(binary) / 1024.0,
                "snapshot_ms": statistics.median(times), "snapshot_min_ms": min(times)}
    finally:
        shutil.rmtree(root, ignore_errors=True)


def measure_package(cfg, results):
    log("the package: make deb's .deb, and --snapshot run from it unpacked")
    try:
        deb = package_deb(cfg)
    except Exception as exc:
        log(f"  package FAILED: {exc}")
        results["package"] = [{"error": str(exc)}]
        return
    results["package"] = repeat(cfg, "package", run_package, deb)


# ---------------------------------------------------------------- power news

DEBIAN_PYTHON = "/usr/bin/python3"  # python3-dbusmock is installed for it
NO_BUS = "unix:path=/nonexistent-ledmarquee-bench-bus"
UEVENT_AC = ("change@/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0ACTION=change\0"
             "SUBSYSTEM=power_supply\0POWER_SUPPLY_NAME=AC\0POWER_SUPPLY_ONLINE={online}\0SEQNUM={seq}\0")
# Sets power-profiles-daemon's profile for each line read, printing the
# CLOCK_MONOTONIC time (the same clock as time.monotonic here) just before
# the call is sent: no process start inside the measured interval.
PROFILE_SETTER = r"""
import sys, time, dbus
bus = dbus.bus.BusConnection(sys.argv[1])
props = dbus.Interface(bus.get_object('net.hadess.PowerProfiles', '/net/hadess/PowerProfiles', introspect=False),
                       'org.freedesktop.DBus.Properties')
print('ready', flush=True)
for line in sys.stdin:
    started = time.monotonic()
    props.Set('net.hadess.PowerProfiles', 'ActiveProfile', dbus.String(line.strip()))
    print(started, flush=True)
"""
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/>
  </policy>
</busconfig>
"""


class PrivateBus:
    """A dbus-daemon of the benchmark's own standing in for the system bus,
    with python-dbusmock's power_profiles_daemon template on it."""

    def __init__(self, workdir):
        self.dir = tempfile.mkdtemp(prefix="bus-", dir=workdir)
        self.socket = os.path.join(self.dir, "system_bus_socket")
        self.address = "unix:path=" + self.socket
        self.procs = []
        config = os.path.join(self.dir, "bus.conf")
        with open(config, "w") as f:
            f.write(BUS_CONFIG.format(socket=self.socket))
        try:
            self._spawn(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile"], "dbus-daemon")
            if not wait_until(lambda: os.path.exists(self.socket), 10.0, 0.01):
                raise RuntimeError("the private dbus-daemon did not listen")
            env = dict(clean_env(), DBUS_SYSTEM_BUS_ADDRESS=self.address)
            self._spawn([DEBIAN_PYTHON, "-m", "dbusmock", "--system", "--template", "power_profiles_daemon"],
                        "dbusmock", env)
            if not wait_until(self._mock_ready, 15.0, 0.05):
                raise RuntimeError("dbusmock did not take net.hadess.PowerProfiles")
        except BaseException:
            self.close()
            raise

    def _spawn(self, argv, name, env=None):
        log = open(os.path.join(self.dir, name + ".log"), "wb")
        self.procs.append(subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                           env=env or clean_env()))
        log.close()

    def _mock_ready(self):
        out = subprocess.run(["dbus-send", f"--bus={self.address}", "--print-reply", "--dest=org.freedesktop.DBus",
                              "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                              "string:net.hadess.PowerProfiles"], capture_output=True, text=True, timeout=10)
        return "boolean true" in out.stdout

    def setter(self):
        return subprocess.Popen([DEBIAN_PYTHON, "-c", PROFILE_SETTER, self.address], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True, env=clean_env())

    def close(self):
        for proc in reversed(self.procs):
            proc.kill()
            proc.wait(10)
        self.procs = []
        shutil.rmtree(self.dir, ignore_errors=True)


def watch_records(r):
    """A `watch` connection to the run's control socket: records as the sign
    writes them, so their arrival is timed without polling a file."""
    conn = socket.socket(socket.AF_UNIX)
    conn.connect(control_socket(r))
    conn.sendall(b'{"cmd":"watch"}\n')
    stream = conn.makefile("rb")
    if b'"ok":true' not in stream.readline():
        raise RuntimeError("watch refused")
    return conn, stream


def next_policy(conn, stream, low_power, timeout=5.0):
    """Reads records until a policy with `lowPower` == low_power; returns
    the time.monotonic() of its arrival."""
    conn.settimeout(timeout)
    while True:
        line = stream.readline()
        if not line:
            raise RuntimeError("the watch connection closed")
        record = json.loads(line)
        if record.get("event") == "policy" and record.get("lowPower") == low_power:
            return time.monotonic()


def write_battery(root, online):
    """The laptop of the uevent rows: a battery at 15 %, charging while the
    AC adapter is online, discharging (low power) while it is not."""
    for rel, value in (("class/power_supply/BAT0/type", "Battery"), ("class/power_supply/BAT0/capacity", "15"),
                       ("class/power_supply/BAT0/status", "Charging" if online else "Discharging"),
                       ("class/power_supply/AC/type", "Mains"), ("class/power_supply/AC/online", "1" if online else "0")):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "w") as f:
            f.write(value + "\n")
        os.replace(path + ".tmp", path)


def run_uevent_latency(cfg):
    """--probe-interval 3600, so only the uevent can explain a change: the
    fixture's AC adapter is switched, then a crafted power_supply uevent is
    written to the sign's test socket (LEDMARQUEE_TEST_UEVENT_SOCKET); the
    time until the `policy` record arrives on a `watch` connection."""
    sysfs = tempfile.mkdtemp(prefix="sysfs-", dir=cfg.workdir)
    write_battery(sysfs, online=True)
    uevents = os.path.join(sysfs, "..", os.path.basename(sysfs) + ".sock")
    r = TmuxRun(cfg.binary, ["--sysfs-root", sysfs, "--probe-interval", "3600", "--static", MESSAGE], 200, 50,
                cfg.workdir, extra_env={"LEDMARQUEE_TEST_UEVENT_SOCKET": uevents, "DBUS_SYSTEM_BUS_ADDRESS": NO_BUS})
    try:
        r.release()
        conn, stream = watch_records(r)
        with conn, socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            if not wait_until(lambda: os.path.exists(uevents), 5.0, 0.01):
                raise RuntimeError("no uevent test socket")
            r.wait_output_quiet(quiet=0.5, timeout=5.0)
            latencies = []
            for i in range(4 if cfg.quick else cfg.news_changes):
                online = i % 2 == 1  # unplug first
                write_battery(sysfs, online)
                start = time.monotonic()
                sender.sendto(UEVENT_AC.format(online=int(online), seq=i).encode(), uevents)
                latencies.append((next_policy(conn, stream, not online) - start) * 1000)
                time.sleep(0.1)
        r.quit()
        return {"latency_ms": latencies}
    finally:
        r.close()


def run_profile_latency(cfg):
    """power-profiles-daemon (python-dbusmock on a private bus): the time
    from the Set of ActiveProfile (power-saver, then balanced, ...) being
    sent to the `policy` record arriving on a `watch` connection."""
    bus = PrivateBus(cfg.workdir)
    setter = None
    r = None
    try:
        setter = bus.setter()
        if setter.stdout.readline().strip() != "ready":
            raise RuntimeError("the profile setter did not connect")
        empty = tempfile.mkdtemp(prefix="sysfs-", dir=cfg.workdir)
        os.makedirs(os.path.join(empty, "class"))
        r = TmuxRun(cfg.binary, ["--sysfs-root", empty, "--probe-interval", "3600", "--static", MESSAGE], 200, 50,
                    cfg.workdir, extra_env={"DBUS_SYSTEM_BUS_ADDRESS": bus.address})
        r.release()
        if not wait_until(lambda: any("power-profiles-daemon" in e.get("source", "") for e in r.find_events("power")),
                          5.0, 0.01):
            raise RuntimeError("the sign never heard the daemon: " + json.dumps(r.events_list()[-3:]))
        conn, stream = watch_records(r)
        with conn:
            r.wait_output_quiet(quiet=0.5, timeout=5.0)
            latencies = []
            for i in range(4 if cfg.quick else cfg.news_changes):
                saver = i % 2 == 0
                setter.stdin.write(("power-saver" if saver else "balanced") + "\n")
                setter.stdin.flush()
                arrived = next_policy(conn, stream, saver)
                started = float(setter.stdout.readline())
                latencies.append((arrived - started) * 1000)
                time.sleep(0.1)
        r.quit()
        return {"latency_ms": latencies}
    finally:
        if r:
            r.close()
        if setter:
            setter.stdin.close()
            setter.kill()
            setter.wait(10)
        bus.close()


def run_idle_news(cfg, sources):
    """--static at 200x50 over the idle window, with the real netlink
    socket and a D-Bus connection to a daemon (sources=True), or with
    neither (a test socket nobody writes to, and no bus)."""
    bus = PrivateBus(cfg.workdir) if sources else None
    try:
        env = {"DBUS_SYSTEM_BUS_ADDRESS": bus.address} if bus else {
            "DBUS_SYSTEM_BUS_ADDRESS": NO_BUS, "LEDMARQUEE_TEST_UEVENT_SOCKET": os.path.join(cfg.workdir, "idle.sock")}
        r = TmuxRun(cfg.binary, ["--static", MESSAGE], 200, 50, cfg.workdir, extra_env=env)
        try:
            r.release()
            r.wait_output_quiet(quiet=0.4, timeout=5.0)
            opened = r.find_events("powerSources")
            result = r.measure_window(cfg.idle_window)
            r.quit()
            result["sources"] = opened[0] if opened else None
            return result
        finally:
            r.close()
    finally:
        if bus:
            bus.close()


def measure_powernews(cfg, results):
    log(f"power news: uevent and D-Bus profile change -> policy ({cfg.news_changes} changes each), "
        f"--static wake-ups with and without the sources ({cfg.idle_window:g} s windows)")
    results["uevent_latency"] = repeat(cfg, "uevent latency", run_uevent_latency)
    results["profile_latency"] = repeat(cfg, "profile latency", run_profile_latency)
    results["idle_news"] = repeat(cfg, "idle with netlink + D-Bus", run_idle_news, True)
    results["idle_no_news"] = repeat(cfg, "idle without", run_idle_news, False)


# ---------------------------------------------------------------- driver

class Config:
    def __init__(self, args):
        self.binary = os.path.abspath(args.binary)
        self.quick = args.quick
        self.repeats = 1 if args.quick else max(3, args.repeats)
        self.warmup = 0.3 if args.quick else 1.0
        self.scroll_window = 1.0 if args.quick else 10.0
        self.idle_window = 1.0 if args.quick else 30.0
        self.idle_timeout = 1 if args.quick else None  # None: the default 3 s
        self.cue_gaps = 1 if args.quick else 20
        self.news_changes = 20  # power changes per run of each power-news row
        self.rss_settle = 0.4 if args.quick else 1.5
        self.settle = 0.1 if args.quick else 0.5
        self.sizes = [(200, 50), (80, 24), (300, 80)]
        self.only = args.only
        self.workdir = None


def repeat(cfg, label, fn, *args):
    out = []
    for i in range(cfg.repeats):
        log(f"  {label}: run {i + 1}/{cfg.repeats}")
        try:
            out.append(fn(cfg, *args))
        except Exception as exc:  # one failed run must not lose the others
            log(f"  {label}: run {i + 1} FAILED: {exc}")
            out.append({"error": str(exc)})
    return out


def col(runs, key):
    return [r[key] for r in runs if "error" not in r and r.get(key) is not None]


def measure_control(cfg, results):
    log("control socket: say latency on a quiet sign, then a burst of requests while scrolling")
    results["control_latency"] = repeat(cfg, "control latency", run_control_latency)
    results["control_burst"] = repeat(cfg, "control burst", run_control_burst)


def measure_clock(cfg, results):
    log(f"a seconds clock at rest, --static \"{CLOCK_MESSAGE}\" ({cfg.idle_window:g} s window)")
    results["clock"] = repeat(cfg, "clock", run_idle, "clock")


def measure_schedule(cfg, results):
    log(f"dark for the night: quiet hours off, then no message in window ({cfg.idle_window:g} s windows)")
    results["dark_quiet"] = repeat(cfg, "dark (quiet hours off)", run_schedule, "quiet")
    results["dark_idle"] = repeat(cfg, "dark (none in window)", run_schedule, "idle")


def run_export(cfg, kind):
    """`--export` (docs/export.md): a 10 s animation of a 200x50-cell sign
    scrolling MESSAGE, asked at 60 fps (a GIF is capped at 50), written to
    the work folder; wall time, CPU and peak RSS of the process (wait4's
    rusage), the file's size, and how much faster than the 10 s it shows."""
    seconds = 2.0 if cfg.quick else 10.0
    path = os.path.join(cfg.workdir, f"export.{kind}")
    args = [cfg.binary, "--export", path, "--cols", "200", "--rows", "50", "--duration", f"{seconds:g}", "--fps", "60", MESSAGE]
    # The peak RSS from GNU time (Debian `time`), the child's parent: a
    # child forked from this Python would start with Python's peak as its
    # own (ru_maxrss survives fork and exec), 22 MB whatever it does.
    peak_file = os.path.join(cfg.workdir, "export-peak")
    gnu_time = "/usr/bin/time"
    if os.access(gnu_time, os.X_OK):
        args = [gnu_time, "-f", "%M", "-o", peak_file] + args
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=clean_env())
    boost(proc.pid)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"--export {kind} exited {proc.returncode}: {err.strip()}")
    size = os.path.getsize(path)
    os.unlink(path)
    peak = None
    if os.path.exists(peak_file):
        with open(peak_file) as f:
            peak = int(f.read().split()[-1]) / 1024.0
        os.unlink(peak_file)
    return {"wall_s": elapsed, "cpu_s": usage.ru_utime + usage.ru_stime, "rss_mb": peak,
            "file_kb": size / 1024.0, "realtime_ratio": seconds / elapsed}


def run_snapshot(cfg):
    """`send snapshot` on a running sign (docs/control.md, "Snapshots"): a
    300x80 sign scrolling MESSAGE is asked for a PNG over its control
    socket every 70 ms. The time from the request to its reply, the sign's
    CPU per picture (its CPU over the requests less that of as long a
    window of plain scrolling just before), the picture's size, and the
    sign's threads once the requests are over (the picture's thread ends).
    CPU here is in clock ticks (/proc/PID/stat), which keep the time of
    threads that have ended: schedstat's per-thread sums would lose each
    picture's thread. 10 ms ticks over 100 pictures: 0.1 ms a picture."""
    count = 10 if cfg.quick else 100
    pace = 0.07
    r = TmuxRun(cfg.binary, [MESSAGE], 300, 80, cfg.workdir)
    try:
        r.release()
        path = control_socket(r)
        time.sleep(cfg.warmup)
        threads_before = proc_threads(r.pid)
        base_a = proc_cpu_ticks(r.pid)
        time.sleep(count * pace)
        base_cpu = (proc_cpu_ticks(r.pid) - base_a) / CLK_TCK
        replies, sizes = [], []
        with socket.socket(socket.AF_UNIX) as conn:
            conn.connect(path)
            cpu_a = proc_cpu_ticks(r.pid)
            start = time.perf_counter()
            for i in range(count):
                sent = time.perf_counter()
                conn.sendall(b'{"cmd":"snapshot"}\n')
                reply = json.loads(read_reply(conn))
                replies.append((time.perf_counter() - sent) * 1000)
                picture = base64.b64decode(reply.get("png", ""))
                if not reply.get("ok") or not picture.startswith(b"\x89PNG\r\n\x1a\n"):
                    raise RuntimeError(f"snapshot {i} refused: {reply.get('error')}")
                sizes.append(len(picture) / 1024.0)
                time.sleep(max(0.0, start + (i + 1) * pace - time.perf_counter()))
            cpu = (proc_cpu_ticks(r.pid) - cpu_a) / CLK_TCK
            window = time.perf_counter() - start
        # The picture's thread is gone once the last reply is read; give it a moment to be reaped.
        wait_until(lambda: proc_threads(r.pid) <= threads_before, 1.0, 0.01)
        threads_after = proc_threads(r.pid)
        r.quit()
        per_picture = (cpu - base_cpu * window / (count * pace)) / count * 1000
        return {"reply_ms": replies, "cpu_ms_per_picture": per_picture, "png_kb": statistics.median(sizes),
                "threads_before": threads_before, "threads_after": threads_after}
    finally:
        r.close()


def measure_export(cfg, results):
    log("export: a 10 s, 60 fps (GIF: 50), 200x50-cell animation as GIF, WebP and asciicast")
    for kind in ("gif", "webp", "cast"):
        results[f"export_{kind}"] = repeat(cfg, f"export {kind}", run_export, kind)
    log("snapshot: a PNG of a scrolling 300x80 sign over its control socket, every 70 ms")
    results["snapshot"] = repeat(cfg, "snapshot", run_snapshot)


def measure_headless(cfg, results):
    log(f"headless, scrolling, no terminal ({cfg.idle_window:g} s window)")
    results["headless"] = repeat(cfg, "headless", run_headless)


def measure_fleet(cfg, results):
    log(f"a fleet: {FLEET_SIGNS} headless signs on one local mosquitto (say, deck, RSS, reconnect)")
    results["fleet"] = repeat(cfg, "fleet", lambda cfg: run_fleet(cfg.binary, cfg.workdir, clean_env(),
                                                                  signs=10 if cfg.quick else FLEET_SIGNS))


def run_page(cfg):
    """bench/page_bench.py with the venv's Python (Playwright; docs/fleet-page.md): one JSON object."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    python = os.path.join(root, ".build", "venv", "bin", "python")
    if not os.access(python, os.X_OK) or not os.access("/usr/bin/chromium", os.X_OK):
        raise RuntimeError("needs chromium and Playwright in .build/venv (scripts/install-deps.sh test)")
    idle = 20 if cfg.quick else 60
    done = subprocess.run([python, os.path.join(root, "bench", "page_bench.py"), "--www", os.path.join(root, "www"),
                           "--signs", str(10 if cfg.quick else FLEET_SIGNS), "--idle", str(idle)],
                          capture_output=True, text=True, timeout=idle + 180)
    if done.returncode != 0:
        raise RuntimeError(f"page_bench.py: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def measure_page(cfg):
    log(f"the fleet page with {FLEET_SIGNS} signs' statuses in headless chromium (first render, an update, idle bytes)")
    # One run: its idle minute is most of it, and the figures hardly move.
    return [repeat_once(cfg, "page", run_page)]


def repeat_once(cfg, label, fn):
    log(f"  {label}: one run")
    try:
        return fn(cfg)
    except Exception as exc:
        log(f"  {label}: FAILED: {exc}")
        return {"error": str(exc)}


def measure_feed(cfg, results):
    window = 12 if cfg.quick else 30
    log(f"news feed: a headless sign with a feed fetched every 10 s against a static deck ({window} s windows)")
    helpers = {"SwitchCounter": SwitchCounter, "proc_cpu_ticks": proc_cpu_ticks, "proc_status": proc_status,
               "kb_field": kb_field, "CLK_TCK": CLK_TCK, "wait_until": wait_until}
    results["feed"] = repeat(cfg, "feed", lambda cfg: run_feed(cfg.binary, cfg.workdir, clean_env(), window, helpers))


def measure_limit(cfg, results):
    results["limit"] = {}
    if shutil.which("strace") is None or shutil.which("cc") is None:
        log("against the limit: needs strace and cc; skipped")
        return
    for cols, rows in [(80, 24), (200, 50), (300, 80)]:
        log(f"against the limit at {cols}x{rows}: the sign, then the C reference replaying its steps")
        try:
            results["limit"][f"{cols}x{rows}"] = run_limit(cfg, cols, rows)
        except Exception as exc:
            log(f"  limit {cols}x{rows} FAILED: {exc}")
            results["limit"][f"{cols}x{rows}"] = [{"error": str(exc)}]


def measure(cfg):
    results = {"scroll": {}, "full_paint": {}, "limit": {}}
    if cfg.only in ("control", "fields", "powernews", "schedule", "headless", "fleet", "startup", "limit", "export", "feed",
                    "page", "modes", "zones"):
        for key in ("scroll_long", "stopped", "rest", "paused", "clock", "cue", "startup", "startup_unifont",
                    "startup_bidi", "startup_font", "control_latency", "control_burst", "dark_quiet", "dark_idle", "headless", "fleet",
                    "package", "export_gif", "export_webp", "export_cast", "snapshot", "feed", "page"):
            results[key] = []
        if cfg.only == "limit":
            measure_limit(cfg, results)
        elif cfg.only == "modes":
            measure_modes(cfg, results, repeat, TmuxRun, log)
        elif cfg.only == "zones":
            measure_zones(cfg, results, repeat, TmuxRun, log)
        elif cfg.only == "export":
            measure_export(cfg, results)
        elif cfg.only == "fleet":
            measure_fleet(cfg, results)
        elif cfg.only == "page":
            results["page"] = measure_page(cfg)
        elif cfg.only == "startup":
            measure_startup(cfg, results)
        elif cfg.only == "control":
            measure_control(cfg, results)
        elif cfg.only == "schedule":
            measure_schedule(cfg, results)
        elif cfg.only == "headless":
            measure_headless(cfg, results)
        elif cfg.only == "feed":
            measure_feed(cfg, results)
        elif cfg.only == "fields":
            measure_clock(cfg, results)
        else:
            measure_powernews(cfg, results)
        return results
    for cols, rows in cfg.sizes:
        name = f"{cols}x{rows}"
        log(f"scrolling at {name} ({cfg.scroll_window:g} s window)")
        results["scroll"][name] = repeat(cfg, f"scroll {name}", run_scroll, cols, rows, name == "200x50")
    measure_limit(cfg, results)
    log(f"scrolling a 64 KiB message with a 64 KiB caption at 200x50 ({cfg.scroll_window:g} s window)")
    results["scroll_long"] = repeat(cfg, "scroll long", run_scroll, 200, 50, False, long_deck(cfg))
    # The looks of docs/display.md ("LED grids", "Glow", "Fonts") against the
    # plain scroll of the same run: per-frame cost must not grow with them.
    results["scroll_looks"] = {}
    for label, args in LOOKS:
        log(f"scrolling at 200x50 with {label} ({cfg.scroll_window:g} s window)")
        results["scroll_looks"][label] = repeat(cfg, f"scroll {label}", run_scroll, 200, 50, False, args + [MESSAGE])
    if cfg.only != "scroll":
        measure_control(cfg, results)
    if cfg.only == "scroll":
        # The scrolling rows alone, with their full paints (no stopped runs to take 200x50's from).
        for key in ("stopped", "rest", "paused", "clock", "cue", "startup", "startup_unifont", "startup_bidi", "startup_font",
                    "dark_quiet", "dark_idle", "headless", "fleet", "package", "export_gif", "export_webp", "export_cast", "snapshot",
                    "feed", "page"):
            results[key] = []
        for cols, rows in cfg.sizes:
            results["full_paint"][f"{cols}x{rows}"] = [run_full_paint(cfg, cols, rows, ["--low-power", "on"])]
        return results
    measure_modes(cfg, results, repeat, TmuxRun, log)
    measure_zones(cfg, results, repeat, TmuxRun, log)
    log(f"stopped by policy ({cfg.idle_window:g} s window)")
    results["stopped"] = repeat(cfg, "stopped", run_idle, "stopped")
    log(f"at rest, --static ({cfg.idle_window:g} s window)")
    results["rest"] = repeat(cfg, "rest", run_idle, "rest")
    log(f"paused ({cfg.idle_window:g} s window)")
    results["paused"] = repeat(cfg, "paused", run_idle, "paused")
    measure_clock(cfg, results)
    measure_schedule(cfg, results)
    measure_headless(cfg, results)
    measure_feed(cfg, results)
    measure_export(cfg, results)
    measure_fleet(cfg, results)
    results["page"] = measure_page(cfg)
    # One full paint per size (the 200x50 one also comes from the stopped runs).
    for cols, rows in cfg.sizes:
        name = f"{cols}x{rows}"
        if name == "200x50" and col(results["stopped"], "full_paint_bytes"):
            results["full_paint"][name] = col(results["stopped"], "full_paint_bytes")
            continue
        log(f"full paint at {name}")
        paints = []
        for _ in range(1 if cfg.quick else 3):
            try:
                paints.append(run_full_paint(cfg, cols, rows, ["--low-power", "on"]))
            except Exception as exc:
                log(f"  full paint {name} FAILED: {exc}")
        results["full_paint"][name] = paints
    log(f"cue advance ({cfg.cue_gaps} gaps of 2 s)")
    results["cue"] = repeat(cfg, "cue", run_cue)
    measure_powernews(cfg, results)
    measure_startup(cfg, results)
    return results


def measure_startup(cfg, results):
    log("start-up on a pty")
    results["startup"] = repeat(cfg, "start-up", run_startup, [MESSAGE])
    if os.path.exists(UNIFONT_HEX):
        results["startup_unifont"] = repeat(cfg, "start-up unifont", run_startup, [UNIFONT_MESSAGE])
        results["startup_bidi"] = repeat(cfg, "start-up bidi", run_startup, [BIDI_MESSAGE])
    else:
        results["startup_unifont"] = [{"error": f"{UNIFONT_HEX} not installed"}]
        results["startup_bidi"] = [{"error": f"{UNIFONT_HEX} not installed"}]
    if os.path.exists(OUTLINE_FONT):
        results["startup_font"] = repeat(cfg, "start-up outline font", run_startup, ["--font", "DejaVu Sans", MESSAGE])
    else:
        results["startup_font"] = [{"error": f"{OUTLINE_FONT} not installed (fonts-dejavu-core)"}]
    measure_package(cfg, results)


def build_report(cfg, raw):
    """Turns raw runs into figures: name, value summary, unit, target, status."""
    figures = []

    def add(key, label, values, unit, target=None, ok=None, note=None, fmt="{:.2f}"):
        s = summary(values)
        status = None
        if target is not None and s is not None:
            status = "pass" if ok(s["median"]) else "miss"
        elif target is not None:
            status = "n/a"
        figures.append({"key": key, "label": label, "unit": unit, "summary": s,
                        "target": target, "status": status, "note": note, "fmt": fmt})

    for name, runs in raw["scroll"].items():
        paints = raw["full_paint"].get(name) or []
        paint = statistics.median(paints) if paints else None
        full_rate = paint * FPS if paint else None
        # Per-frame work follows the rows and the new columns, not the area
        # (docs/display.md), so the bigger sign has a target of its own.
        main = name == "200x50"
        limit = {"200x50": 1.0, "300x80": 1.5}.get(name)
        add(f"scroll_{name}_cpu", f"scroll {name}: CPU (one core)", col(runs, "cpu_pct"), "%",
            f"<= {limit} %" if limit else None, (lambda v, limit=limit: v <= limit) if limit else None, fmt="{:.2f}")
        bps = col(runs, "bytes_per_s")
        add(f"scroll_{name}_bytes", f"scroll {name}: bytes/s to terminal", bps, "B/s", fmt="{:,.0f}")
        add(f"scroll_{name}_full_frame", f"scroll {name}: one full paint", paints, "B", fmt="{:,.0f}")
        add(f"scroll_{name}_full_redraw", f"scroll {name}: full redraw @60fps (estimate)",
            [p * FPS for p in paints], "B/s", fmt="{:,.0f}")
        ratios = [full_rate / b for b in bps if b > 0] if full_rate else []
        add(f"scroll_{name}_ratio", f"scroll {name}: full redraw / actual bytes", ratios, "x",
            ">= 5x" if main else None, (lambda v: v >= 5.0), fmt="{:.1f}")
        add(f"scroll_{name}_tmux_cpu", f"scroll {name}: tmux server CPU", col(runs, "tmux_cpu_pct"), "%")
        add(f"scroll_{name}_wakeups", f"scroll {name}: wake-ups/s", col(runs, "wakeups_per_s"), "/s", fmt="{:.0f}")
        add(f"scroll_{name}_system_busy", f"scroll {name}: whole machine busy (all cores)",
            col(runs, "system_busy_pct"), "%", fmt="{:.0f}")
        if main:
            jit = [r["jitter_us"] for r in runs if "error" not in r and r.get("jitter_us")]
            add("jitter_p50", "frame-start lateness p50 @60fps", [percentile(j, 50) / 1000 for j in jit], "ms")
            add("jitter_p99", "frame-start lateness p99 @60fps", [percentile(j, 99) / 1000 for j in jit], "ms",
                "< 2 ms", lambda v: v < 2.0)
            add("jitter_max", "frame-start lateness max @60fps", [max(j) / 1000 for j in jit], "ms")
            refs = [r["reference_late_us"] for r in runs if "error" not in r and r.get("reference_late_us")]
            add("reference_timer_p99", "reference: plain 60 Hz sleep loop lateness p99 (same window)",
                [percentile(j, 99) / 1000 for j in refs], "ms")
            add("scroll_ticks_per_s", "frame ticks/s (trace lines / run)",
                [r["trace_ticks"] / (r["seconds"] + cfg.warmup) for r in runs if "error" not in r],
                "/s", fmt="{:.0f}")
    # Against the limit (bench/README.md): the sign and the C reference
    # replaying the sign's own recorded steps, round after round in one run.
    for name, rounds in (raw.get("limit") or {}).items():
        pairs = [r for r in rounds if "error" not in r and "error" not in r["sign"] and "error" not in r["reference"]]
        target = name in ("200x50", "300x80")
        cpu = [p["sign"]["cpu_pct"] / p["reference"]["cpu_pct"] for p in pairs if p["reference"]["cpu_pct"] > 0]
        add(f"limit_{name}_reference_cpu", f"limit {name}: C reference CPU (one core)",
            [p["reference"]["cpu_pct"] for p in pairs], "%", fmt="{:.3f}")
        add(f"limit_{name}_sign_cpu", f"limit {name}: ledmarquee CPU, same rounds", [p["sign"]["cpu_pct"] for p in pairs],
            "%", fmt="{:.3f}")
        add(f"limit_{name}_cpu_ratio", f"limit {name}: ledmarquee CPU / reference CPU", cpu, "x",
            "<= 3x" if target else None, (lambda v: v <= 3.0) if target else None, fmt="{:.1f}")
        add(f"limit_{name}_bytes_ratio", f"limit {name}: ledmarquee bytes/s / reference bytes/s",
            [p["sign"]["bytes_per_s"] / p["reference"]["bytes_per_s"] for p in pairs if p["reference"]["bytes_per_s"] > 0],
            "x", "0.8-1.2x", lambda v: 0.8 <= v <= 1.2, fmt="{:.2f}")
        add(f"limit_{name}_tmux_ratio", f"limit {name}: tmux CPU with ledmarquee / with the reference",
            [p["sign"]["tmux_cpu_pct"] / p["reference"]["tmux_cpu_pct"] for p in pairs if p["reference"]["tmux_cpu_pct"] > 0],
            "x", "<= 1.1x", lambda v: v <= 1.1, fmt="{:.2f}")
    long_runs = raw.get("scroll_long") or []
    # The length of a message or caption must not show in the cost of a
    # frame; compare with the short message's row. (The caption scrolls in
    # its row, which costs a row's repaint per caption step whatever its
    # length, so this row has no target of its own.)
    add("scroll_long_cpu", "scroll 200x50, 64 KiB message and 64 KiB caption: CPU (one core)",
        col(long_runs, "cpu_pct"), "%", fmt="{:.2f}")
    add("scroll_long_bytes", "scroll 200x50, 64 KiB message and caption: bytes/s to terminal",
        col(long_runs, "bytes_per_s"), "B/s", fmt="{:,.0f}")
    for mode in ("stopped", "rest", "paused"):
        runs = raw[mode]
        add(f"{mode}_cpu", f"{mode}: CPU (one core)", col(runs, "cpu_pct"), "%", "< 0.1 %",
            lambda v: v < 0.1, fmt="{:.3f}")
        add(f"{mode}_wakeups", f"{mode}: wake-ups/s (voluntary csw)", col(runs, "wakeups_per_s"), "/s",
            "< 1 /s", lambda v: v < 1.0)
        add(f"{mode}_bytes", f"{mode}: bytes/s to terminal", col(runs, "bytes_per_s"), "B/s", fmt="{:.1f}")
        add(f"{mode}_tmux_cpu", f"{mode}: tmux server CPU", col(runs, "tmux_cpu_pct"), "%", fmt="{:.3f}")
    clock = raw.get("clock") or []
    # One refresh a second: its wake-up, and the write of the digits that changed.
    add("clock_cpu", f"seconds clock {CLOCK_MESSAGE} at rest: CPU (one core)", col(clock, "cpu_pct"), "%",
        "< 0.3 %", lambda v: v < 0.3, fmt="{:.3f}")
    add("clock_wakeups", f"seconds clock {CLOCK_MESSAGE} at rest: wake-ups/s (voluntary csw)",
        col(clock, "wakeups_per_s"), "/s", "<= 3 /s", lambda v: v <= 3.0)
    add("clock_bytes", f"seconds clock {CLOCK_MESSAGE} at rest: bytes/s to terminal", col(clock, "bytes_per_s"),
        "B/s", fmt="{:,.0f}")
    # Dark for the night: the power probe (every 2 s, 0.5 /s) and the next
    # edge, hours away, are all that may wake it.
    for key, what in (("dark_quiet", "quiet hours off"), ("dark_idle", "none in window")):
        runs = raw.get(key) or []
        add(f"{key}_cpu", f"dark ({what}): CPU (one core)", col(runs, "cpu_pct"), "%", "< 0.1 %",
            lambda v: v < 0.1, fmt="{:.3f}")
        add(f"{key}_wakeups", f"dark ({what}): wake-ups/s (voluntary csw)", col(runs, "wakeups_per_s"), "/s",
            "<= 0.6 /s (the probe's 0.5)", lambda v: v <= 0.6)
        add(f"{key}_wakeups_hour", f"dark ({what}): wake-ups per hour", [v * 3600 for v in col(runs, "wakeups_per_s")],
            "/h", fmt="{:,.0f}")
        add(f"{key}_bytes", f"dark ({what}): bytes/s to terminal", col(runs, "bytes_per_s"), "B/s", fmt="{:.1f}")
    # Headless and scrolling: no frame ticks, so the power probe (every 2 s)
    # and the pass and advance timers are all that wake it.
    headless = raw.get("headless") or []
    add("headless_cpu", "headless, scrolling: CPU (one core)", col(headless, "cpu_pct"), "%", "< 0.1 %",
        lambda v: v < 0.1, fmt="{:.3f}")
    add("headless_wakeups", "headless, scrolling: wake-ups/s (voluntary csw)", col(headless, "wakeups_per_s"), "/s",
        "<= 1 /s", lambda v: v <= 1.0)
    add("headless_rss", "headless, scrolling: RSS", [v / 1024 for v in col(headless, "rss_kb")], "MB",
        "< 20 MB", lambda v: v < 20.0, fmt="{:.1f}")
    add("headless_output", "headless, scrolling: bytes written to stdout and stderr", col(headless, "output_bytes"), "B",
        "0", lambda v: v == 0, fmt="{:.0f}")
    # A news feed fetched every 10 s against the same sign with a static
    # deck (docs/feeds.md): between fetches it costs nothing, so the two
    # differ by the fetches alone; one thread while it waits.
    feed = raw.get("feed") or []
    static = [r["static"] for r in feed if "static" in r]
    fed = [r["feed"] for r in feed if "feed" in r]
    add("feed_static_cpu", "static deck, headless: CPU (one core)", col(static, "cpu_pct"), "%", fmt="{:.3f}")
    add("feed_cpu", "deck with a feed fetched every 10 s: CPU (one core)", col(fed, "cpu_pct"), "%", "< 0.1 %",
        lambda v: v < 0.1, fmt="{:.3f}")
    add("feed_static_wakeups", "static deck, headless: wake-ups/s", col(static, "wakeups_per_s"), "/s")
    quiet = summary(col(static, "wakeups_per_s"))
    add("feed_wakeups", "deck with a feed every 10 s: wake-ups/s", col(fed, "wakeups_per_s"), "/s",
        "<= static + 1 /s" if quiet else None, (lambda v: v <= quiet["median"] + 1) if quiet else None)
    add("feed_fetches", "deck with a feed every 10 s: fetches in the window", col(fed, "fetches"), "", fmt="{:.0f}")
    add("feed_static_rss", "static deck, headless: RSS", [v / 1024 for v in col(static, "rss_kb")], "MB", fmt="{:.1f}")
    add("feed_rss", "deck with a feed every 10 s: RSS", [v / 1024 for v in col(fed, "rss_kb")], "MB", fmt="{:.1f}")
    add("feed_threads_idle", "deck with a feed every 10 s: threads between fetches", col(fed, "threads_idle"), "",
        "1", lambda v: v == 1, fmt="{:.0f}")
    add("feed_first_cue_cached", "--feed with a copy on disk: start to first cue record", col(feed, "first_cue_cached_feed_ms"),
        "ms", fmt="{:.1f}")
    add("feed_first_cue_message", "a message, for comparison: start to first cue record", col(feed, "first_cue_message_ms"),
        "ms", fmt="{:.1f}")
    # --export (docs/export.md): 10 s of a 200x50-cell sign, faster than it plays.
    for kind, label in (("gif", "GIF, 50 fps"), ("webp", "lossless WebP, 60 fps"), ("cast", "asciicast, 60 fps")):
        runs = raw.get(f"export_{kind}") or []
        add(f"export_{kind}_wall", f"export 10 s at 200x50 ({label}): wall time", col(runs, "wall_s"), "s", fmt="{:.2f}")
        add(f"export_{kind}_cpu", f"export 10 s at 200x50 ({label}): CPU time", col(runs, "cpu_s"), "s", fmt="{:.2f}")
        add(f"export_{kind}_ratio", f"export 10 s at 200x50 ({label}): times faster than real time",
            col(runs, "realtime_ratio"), "x", "> 1x", lambda v: v > 1.0, fmt="{:.1f}")
        add(f"export_{kind}_rss", f"export 10 s at 200x50 ({label}): peak RSS", col(runs, "rss_mb"), "MB", fmt="{:.1f}")
        add(f"export_{kind}_size", f"export 10 s at 200x50 ({label}): file size", col(runs, "file_kb"), "KB", fmt="{:,.0f}")
    # send snapshot (docs/control.md, "Snapshots"): a picture off the loop, on a thread that ends.
    shots = [r for r in (raw.get("snapshot") or []) if "error" not in r]
    add("snapshot_reply_p50", "send snapshot at 300x80, scrolling: request to reply p50",
        [percentile(r["reply_ms"], 50) for r in shots], "ms")
    add("snapshot_reply_p95", "send snapshot at 300x80, scrolling: request to reply p95",
        [percentile(r["reply_ms"], 95) for r in shots], "ms")
    add("snapshot_cpu", "send snapshot at 300x80: the sign's CPU per picture", col(shots, "cpu_ms_per_picture"), "ms")
    add("snapshot_size", "send snapshot at 300x80: PNG size", col(shots, "png_kb"), "KB", fmt="{:.1f}")
    add("snapshot_threads", "send snapshot: threads after the pictures, less before",
        [r["threads_after"] - r["threads_before"] for r in shots], "", "0", lambda v: v <= 0, fmt="{:.0f}")
    # A fleet on one local broker (docs/fleet.md): every sign, every say.
    fleet = raw.get("fleet") or []
    n = FLEET_SIGNS if not cfg.quick else 10
    add("fleet_say_p50", f"fleet of {n}: send say -> every sign logged it, p50", [r["say_ms"]["p50"] for r in fleet if "error" not in r],
        "ms", "< 200 ms", lambda v: v < 200)
    add("fleet_say_p99", f"fleet of {n}: send say -> every sign logged it, p99", [r["say_ms"]["p99"] for r in fleet if "error" not in r],
        "ms", "< 500 ms", lambda v: v < 500)
    add("fleet_say_max", f"fleet of {n}: send say -> every sign logged it, max", [r["say_ms"]["max"] for r in fleet if "error" not in r],
        "ms")
    add("fleet_send", f"fleet of {n}: ledmarquee send say alone (start, connect, PUBACK)",
        [r["send_ms"]["p50"] for r in fleet if "error" not in r], "ms")
    add("fleet_deck_p99", f"fleet of {n}: send deck -> every sign logged the load, p99",
        [r["deck_ms"]["p99"] for r in fleet if "error" not in r], "ms", "< 1000 ms", lambda v: v < 1000)
    add("fleet_rss", f"fleet of {n}: RSS per sign, median", [r["rss_kb"]["median"] / 1024 for r in fleet if "error" not in r],
        "MB", "< 20 MB", lambda v: v < 20.0, fmt="{:.1f}")
    add("fleet_broker", f"fleet of {n}: the broker's RSS per connected sign",
        [(r["broker_rss_kb"]["connected"] - r["broker_rss_kb"]["idle"]) / r["signs"] for r in fleet if "error" not in r], "KB",
        fmt="{:.1f}")
    add("fleet_broker_cpu", f"fleet of {n}: the broker's CPU per say delivered (and the status it brings back)",
        [r["broker_cpu_per_delivery_ms"] for r in fleet if "error" not in r and "broker_cpu_per_delivery_ms" in r], "ms",
        fmt="{:.3f}")
    add("fleet_reconnect", f"fleet of {n}: broker back -> the last sign connected again",
        [r["reconnect_s"]["max"] for r in fleet if "error" not in r], "s", "<= 8 s (the 4-8 s backoff step)", lambda v: v <= 8.0,
        fmt="{:.1f}")
    # The fleet page with the fleet's statuses (docs/fleet-page.md).
    page = [r for r in (raw.get("page") or []) if "error" not in r]
    add("page_first_render", f"fleet page, {n} signs: login -> every card drawn", col(page, "first_render_ms"), "ms",
        "< 2000 ms", lambda v: v < 2000, fmt="{:.0f}")
    add("page_update_work", f"fleet page, {n} signs: the page's work for one status, p50",
        [r["update_work_ms"]["p50"] for r in page], "ms", fmt="{:.2f}")
    add("page_update_p99", f"fleet page, {n} signs: status published -> its card drawn, p99",
        [r["update_ms"]["p99"] for r in page], "ms", "< 100 ms", lambda v: v < 100, fmt="{:.0f}")
    add("page_idle_bytes", f"fleet page, {n} signs: WebSocket bytes a minute while idle (frames included)",
        col(page, "idle_ws_bytes_per_min"), "B/min", "< 100 B/min", lambda v: v < 100, fmt="{:.0f}")
    latency = raw.get("control_latency") or []
    replies = [r["reply_ms"] for r in latency if "error" not in r]
    frames = [r["frame_ms"] for r in latency if "error" not in r]
    add("say_reply_p50", "control: say written -> reply read, p50", [percentile(v, 50) for v in replies], "ms")
    add("say_reply_p99", "control: say written -> reply read, p99", [percentile(v, 99) for v in replies], "ms")
    add("say_frame_p50", "control: say written -> its frame on the terminal, p50", [percentile(v, 50) for v in frames], "ms")
    add("say_frame_p99", "control: say written -> its frame on the terminal, p99", [percentile(v, 99) for v in frames], "ms")
    bursts = [r for r in (raw.get("control_burst") or []) if "error" not in r]
    add("burst_lateness_p99", "control: frame-start lateness p99 during a burst of says",
        [percentile(r["jitter_us"], 99) / 1000 for r in bursts if r.get("jitter_us")], "ms", "< 5 ms", lambda v: v < 5.0)
    add("burst_seconds", "control: the burst (10,000 says; 1,000 with --quick) answered in", [r["burst_seconds"] for r in bursts], "s")
    for key, label in (("uevent", "uevent datagram"), ("profile", "D-Bus ActiveProfile Set")):
        runs = [r["latency_ms"] for r in (raw.get(f"{key}_latency") or []) if "error" not in r]
        add(f"{key}_policy_p50", f"power news: {label} -> policy record, p50", [percentile(v, 50) for v in runs], "ms")
        add(f"{key}_policy_p99", f"power news: {label} -> policy record, p99", [percentile(v, 99) for v in runs], "ms",
            "< 100 ms", lambda v: v < 100.0)
    for key, label in (("idle_news", "with netlink and a D-Bus connection"), ("idle_no_news", "without them")):
        runs = raw.get(key) or []
        add(f"{key}_wakeups", f"power news: --static {label}: wake-ups/s", col(runs, "wakeups_per_s"), "/s",
            "< 1 /s", lambda v: v < 1.0)
        add(f"{key}_cpu", f"power news: --static {label}: CPU (one core)", col(runs, "cpu_pct"), "%", fmt="{:.3f}")
    cue = raw["cue"]
    add("cue_mean", "cue advance error mean (gap - 2 s)", col(cue, "mean_ms"), "ms")
    add("cue_worst", "cue advance error worst", col(cue, "worst_ms"), "ms", "|worst| < 20 ms",
        lambda v: abs(v) < 20.0)
    for key, label, runs, t_ms, t_mb in (
            ("startup", "built-in font", raw["startup"], 10, 20),
            ("startup_unifont", "Unifont fallback", raw["startup_unifont"], 150, 40),
            ("startup_bidi", "Hebrew and Arabic, FriBidi", raw["startup_bidi"], 150, 40),
            ("startup_font", "outline font, --font 'DejaVu Sans'", raw.get("startup_font") or [], 30, 30)):
        add(f"{key}_first_byte", f"start-up ({label}): spawn -> first byte (terminal init)",
            col(runs, "first_byte_ms"), "ms")
        add(f"{key}_first_led", f"first frame ({label}): spawn -> first LED cell written",
            col(runs, "first_led_ms"), "ms", f"< {t_ms} ms", lambda v, t=t_ms: v < t)
        note = None
        reads = col(runs, "rchar")
        if key in ("startup_unifont", "startup_bidi") and reads and os.path.exists(UNIFONT_HEX) \
                and statistics.median(reads) < os.path.getsize(UNIFONT_HEX) // 2:
            note = (f"WARNING: the process read only {statistics.median(reads):,.0f} bytes in all "
                    f"(/proc/PID/io rchar) -- {UNIFONT_HEX} ({os.path.getsize(UNIFONT_HEX):,} B) "
                    "was apparently not loaded, so these figures do not cover the Unifont fallback")
        add(f"{key}_rss", f"peak RSS VmHWM ({label})", col(runs, "vmhwm_mb"), "MB", f"< {t_mb} MB",
            lambda v, t=t_mb: v < t, note=note)
        add(f"{key}_private", f"private memory of a sign, Private_Dirty ({label})", col(runs, "private_dirty_mb"), "MB")
        add(f"{key}_rchar", f"bytes read by the process ({label})", reads, "B", fmt="{:,.0f}")
    plain = col(raw["scroll"].get("200x50") or [], "cpu_pct")
    for label, runs in (raw.get("scroll_looks") or {}).items():
        cpu = col(runs, "cpu_pct")
        add(f"scroll_look_{label}_cpu", f"scroll 200x50 with {label}: CPU (one core)", cpu, "%", fmt="{:.2f}")
        if plain and cpu:
            add(f"scroll_look_{label}_ratio", f"scroll 200x50 with {label}: CPU / the plain scroll's",
                [c / statistics.median(plain) for c in cpu], "x", fmt="{:.2f}")
    report_modes(raw, add, col)
    report_zones(raw, add, col)
    package = raw.get("package") or []
    add("package_deb", "package: size of the .deb (make deb)", col(package, "deb_kb"), "KB", fmt="{:,.0f}")
    add("package_snapshot", "package: --snapshot from the unpacked .deb, spawn -> exit (median of 20)",
        col(package, "snapshot_ms"), "ms", "< 10 ms", lambda v: v < 10.0)
    return figures


def fmt_value(fmt, v):
    return "-" if v is None else fmt.format(v)


def print_table(figures, out):
    rows = [("figure", "median", "spread (min..max, n)", "unit", "target", "status")]
    for f in figures:
        s = f["summary"]
        if s is None:
            rows.append((f["label"], "n/a", "", f["unit"], f["target"] or "", f["status"] or ""))
            continue
        spread = f"{fmt_value(f['fmt'], s['min'])}..{fmt_value(f['fmt'], s['max'])}, n={s['n']}"
        rows.append((f["label"], fmt_value(f["fmt"], s["median"]), spread, f["unit"],
                     f["target"] or "", (f["status"] or "").upper()))
    widths = [max(len(r[i]) for r in rows) for i in range(6)]
    for i, r in enumerate(rows):
        line = "  ".join(c.ljust(w) if j in (0, 3, 4, 5) else c.rjust(w)
                         for j, (c, w) in enumerate(zip(r, widths)))
        print(line.rstrip(), file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)


def machine_info(binary):
    info = {"host": platform.node(), "kernel": platform.release(), "cpus": os.cpu_count(),
            "python": platform.python_version(), "binary": binary, "clk_tck": CLK_TCK}
    try:
        info["tmux"] = subprocess.run(["tmux", "-V"], capture_output=True, text=True, timeout=5).stdout.strip()
        info["ledmarquee"] = subprocess.run([binary, "--version"], capture_output=True, text=True,
                                            timeout=5).stdout.strip()
        with open("/proc/loadavg") as f:
            info["loadavg_before"] = f.read().split()[:3]
        git = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "describe", "--always",
                              "--dirty"], capture_output=True, text=True, timeout=5)
        if git.returncode == 0:
            info["commit"] = git.stdout.strip()
    except Exception:
        pass
    return info


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--binary", default=os.environ.get("LEDMARQUEE_BIN", ".build/release/ledmarquee"))
    p.add_argument("--quick", action="store_true", help="one short iteration of each (< 20 s)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--priority", type=int, default=0, metavar="N",
                   help="raise the benchmark's (and so the program's and tmux's) scheduling priority "
                        "by N nice levels; needs root/CAP_SYS_NICE; for shared, overloaded machines")
    p.add_argument("--only", choices=["scroll", "control", "fields", "powernews", "schedule", "headless", "fleet",
                                      "startup", "limit", "export", "feed", "page", "modes", "zones"],
                   help="measure only these rows (scroll: the three scrolling sizes and their full paints; "
                        "control: the control socket's latency and burst rows; fields: the seconds clock row; "
                        "powernews: uevent and D-Bus profile change to policy, and idle wake-ups with and "
                        "without those sources; schedule: a sign dark for the night; "
                        "headless: a headless scrolling sign's CPU, wake-ups and RSS; "
                        "fleet: 200 headless signs on one local broker; "
                        "page: the fleet page with 200 signs' statuses in headless chromium; "
                        "feed: a sign fetching a news feed every 10 s against a static deck, and its start from the copy on disk; "
                        "startup: start-up on a pty, private memory, and the package's size and snapshot time; "
                        "export: --export of 10 s at 200x50 as GIF, WebP and asciicast: time, peak RSS, size; send snapshot of a scrolling 300x80 sign; "
                        "modes: each display mode's CPU at 200x50, a flow with transitions, a stopped mode; "
                        "zones: a left label beside a scroll and two scrolling LED lines at 200x50); "
                        "the results go to .build/bench-partial.json unless --output is given")
    p.add_argument("--output", default=None)
    args = p.parse_args()
    if args.output is None:
        here = os.path.dirname(os.path.abspath(__file__))
        # A partial run must not replace results.json; it goes beside the
        # build, not into /tmp, where it would be left behind.
        args.output = (os.path.join(here, "..", ".build", "bench-partial.json") if args.only
                       else os.path.join(here, "results.json"))
    sys.stdout.reconfigure(line_buffering=True)
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"bench: no executable at {args.binary} (run `make build` or set LEDMARQUEE_BIN)")
    if shutil.which("tmux") is None:
        sys.exit("bench: tmux is not installed")
    cfg = Config(args)
    started = time.monotonic()
    info = machine_info(cfg.binary)
    if args.priority:
        global PRIORITY
        PRIORITY = abs(args.priority)
        try:
            os.setpriority(os.PRIO_PROCESS, 0, -PRIORITY)  # children inherit it
        except OSError as exc:
            sys.exit(f"bench: --priority {args.priority}: {exc}")
        boost(os.getpid())
    info["nice"] = os.getpriority(os.PRIO_PROCESS, 0)
    with tempfile.TemporaryDirectory(prefix="ledmarquee-bench-") as work:
        cfg.workdir = work
        raw = measure(cfg)
    figures = build_report(cfg, raw)
    elapsed = time.monotonic() - started
    with open("/proc/loadavg") as f:
        info["loadavg_after"] = f.read().split()[:3]
    print(f"\nledmarquee benchmark ({'quick' if cfg.quick else 'full'}, {cfg.repeats} run(s) each, "
          f"{info.get('cpus')} CPUs, {info.get('tmux', 'tmux ?')}, {elapsed:.0f} s; "
          f"load average {' '.join(info.get('loadavg_before', []))} before, "
          f"{' '.join(info.get('loadavg_after', []))} after)")
    if info["nice"]:
        print(f"note: run at nice {info['nice']} (--priority)")
    if float(info.get("loadavg_before", ["0"])[0]) > 0.5 * (os.cpu_count() or 1):
        print("warning: the machine was busy when the run started; timing figures are noisy")
    ticks = next((f["summary"] for f in figures if f["key"] == "scroll_ticks_per_s"), None)
    # The frame loop ticks only when the picture changes: at the default
    # speed on 200x50 that is 55 LED steps, so 55 ticks a second on the 60 fps grid.
    expected_ticks = min(FPS, DEFAULT_STEPS)
    if ticks and ticks["median"] < 0.9 * expected_ticks:
        print(f"warning: only {ticks['median']:.0f} frame ticks/s of {expected_ticks}: the program was starved of CPU, "
              "so frames were skipped and the scrolling CPU and bytes figures are understated")
    print()
    print_table(figures, sys.stdout)
    misses = [f["label"] for f in figures if f["status"] == "miss"]
    passes = sum(1 for f in figures if f["status"] == "pass")
    for f in figures:
        if f["note"]:
            print(f"note: {f['label']}: {f['note']}")
    print(f"\n{passes} target(s) met, {len(misses)} missed" + (": " + "; ".join(misses) if misses else ""))
    # Keep the per-tick trace out of the JSON (thousands of numbers); keep the summary.
    for r in raw.get("control_burst") or []:
        if "jitter_us" in r:
            j = r.pop("jitter_us")
            r["jitter_us_summary"] = {"p50": percentile(j, 50), "p99": percentile(j, 99), "max": max(j), "n": len(j)} if j else None
    for runs in raw["scroll"].values():
        for r in runs:
            if "reference_late_us" in r:
                j = r.pop("reference_late_us")
                r["reference_late_us_summary"] = ({"p50": percentile(j, 50), "p99": percentile(j, 99),
                                                   "max": max(j), "n": len(j)} if j else None)
            if "jitter_us" in r:
                j = r.pop("jitter_us")
                r["jitter_us_summary"] = ({"p50": percentile(j, 50), "p99": percentile(j, 99), "max": max(j),
                                           "n": len(j)} if j else None)
    doc = {
        "generated": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "mode": ("quick" if cfg.quick else "full") + (f" (only {cfg.only})" if cfg.only else ""),
        "elapsed_s": round(elapsed, 1),
        "machine": info,
        "settings": {k: v for k, v in vars(cfg).items() if k not in ("workdir",)},
        "figures": [{k: v for k, v in f.items() if k != "fmt"} for f in figures],
        "raw": raw,
    }
    with open(args.output, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"results written to {os.path.relpath(args.output)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
