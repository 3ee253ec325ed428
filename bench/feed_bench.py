"""A sign playing a news feed against the same sign with a static deck
(bench/README.md, "News feeds"): two headless signs, one after the other,
each for a window of WINDOW seconds: one plays ["A", "B"], the other
["A", {"feed": URL, "every": "10s"}], URL served by the tests' own feed
server (Tests/Fixtures/feeds/feed_server.py) on 127.0.0.1, a feed with no
ttl or max-age, so it is fetched every 10 s. Then the time from start to
the first cue record of a `--feed` sign whose copy is on disk, against a
sign given a message."""
import json
import os
import shutil
import signal
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "..", "Tests", "Fixtures", "feeds", "feed_server.py")


def _records(path):
    try:
        with open(path) as f:
            return [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError):
        return []


def _server(workdir):
    directory = os.path.join(workdir, "feed-server")
    os.makedirs(directory, exist_ok=True)
    proc = subprocess.Popen(["python3", SERVER, "--dir", directory], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    port = int(proc.stdout.readline())
    return proc, port, directory


def _sign(binary, workdir, name, args, env):
    events = os.path.join(workdir, f"{name}-events.jsonl")
    if os.path.exists(events):
        os.unlink(events)
    with open(os.devnull, "rb") as null, open(os.path.join(workdir, f"{name}-out"), "wb") as out:
        started = time.monotonic()
        proc = subprocess.Popen([binary, "--headless", "--no-control", "--events", events] + args,
                                stdin=null, stdout=out, stderr=out, env=env, start_new_session=True)
    return proc, events, started


def _stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run_feed(binary, workdir, env, window, helpers):
    """One round: the static deck, then the feed deck, then the start-up
    pair. `helpers` gives bench.py's /proc readers and waits (SwitchCounter,
    proc_cpu_ticks, proc_status, kb_field, CLK_TCK, wait_until)."""
    env = dict(env, XDG_CACHE_HOME=os.path.join(workdir, "feed-cache"), no_proxy="127.0.0.1,localhost")
    env.pop("TERM", None)
    server, port, server_dir = _server(workdir)
    url = f"http://127.0.0.1:{port}/changing"
    result = {}
    try:
        for mode, deck in (("static", ["A", "B"]), ("feed", ["A", {"feed": url, "every": "10s"}])):
            path = os.path.join(workdir, f"feed-bench-{mode}.json")
            with open(path, "w") as f:
                json.dump(deck, f)
            proc, events, _ = _sign(binary, workdir, f"feed-{mode}", ["-s", "20", "-f", path], env)
            try:
                if not helpers["wait_until"](lambda: any(e.get("event") in ("cue", "reload") for e in _records(events))
                             and (mode == "static" or any(e.get("event") == "reload" for e in _records(events))), 10):
                    raise RuntimeError(f"{mode}: the sign did not start: {_records(events)[-3:]}")
                time.sleep(1.0)
                fetches_before = _count_requests(server_dir)
                switches = helpers["SwitchCounter"](proc.pid)
                a_t, a_cpu = time.monotonic(), helpers["proc_cpu_ticks"](proc.pid)
                live_threads = []
                end = a_t + window
                while (left := end - time.monotonic()) > 0:
                    time.sleep(min(0.25, left))
                    switches.poll()
                    live_threads.append(len(os.listdir(f"/proc/{proc.pid}/task")))
                b_t, b_cpu = time.monotonic(), helpers["proc_cpu_ticks"](proc.pid)
                switches.poll()
                status = helpers["proc_status"](proc.pid)
                vol, _, seen = switches.totals()
                wall = b_t - a_t
                result[mode] = {
                    "seconds": wall,
                    "cpu_pct": 100.0 * (b_cpu - a_cpu) / helpers["CLK_TCK"] / wall,
                    "wakeups_per_s": vol / wall,
                    "rss_kb": helpers["kb_field"](status, "VmRSS"),
                    "threads_seen": seen,
                    # Sampled every 0.25 s: the threads alive between fetches.
                    "threads_idle": min(live_threads) if live_threads else None,
                    "threads_max": max(live_threads) if live_threads else None,
                    "fetches": _count_requests(server_dir) - fetches_before,
                    "errors": [e.get("message") for e in _records(events) if e.get("event") == "error"],
                }
            finally:
                _stop(proc)
        # Start-up: a --feed sign whose copy is on disk, against a message.
        for mode, args in (("first_cue_cached_feed", ["--feed", url]), ("first_cue_message", ["HELLO"])):
            proc, events, started = _sign(binary, workdir, mode, args, env)
            try:
                if not helpers["wait_until"](lambda: any(e.get("event") == "cue" for e in _records(events)), 10, 0.001):
                    raise RuntimeError(f"{mode}: no cue record")
                result[mode + "_ms"] = (time.monotonic() - started) * 1000
            finally:
                _stop(proc)
        if not os.listdir(os.path.join(workdir, "feed-cache", "ledmarquee", "feeds")):
            raise RuntimeError("no copy of the feed was kept on disk")
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(server_dir, ignore_errors=True)
    return result


def _count_requests(directory):
    try:
        with open(os.path.join(directory, "requests.jsonl")) as f:
            return sum(1 for line in f if '"/changing"' in line)
    except OSError:
        return 0
