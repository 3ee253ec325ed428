"""Zones' rows of `make bench` (docs/zones.md, "Cost"): the CPU of a
200x50 sign with a label at the left and the message scrolling beside it,
and of two LED lines (the main line and a bottom zone too long to stand,
both scrolling), beside the same sign without zones. Run by bench.py
(`./bench/run.sh --only zones`); the measuring is modes_bench's
(`measure_sign`, bench.py's `TmuxRun.measure_window`)."""

# The display modes' wide message, so the rows compare with theirs.
from modes_bench import WIDE, measure_sign

LAYOUTS = {
    # The same message and size without zones: what the zones add is the difference.
    "none (the same scroll)": [],
    "left label + scroll": ["--zones", "left:OPEN"],
    # At the right the main sign's steps reach the screen as steps (docs/zones.md, "Drawing").
    "right label + scroll": ["--zones", "right:OPEN"],
    "two LED lines": ["--zones", "bottom:TODAY'S SPECIALS: SOUP, BREAD AND A SLICE OF CAKE"],
}


def run_zones(cfg, tmux_run, zones):
    """One sign at 200x50 with `zones`, the controls line hidden at once,
    measured after a warm-up, for cfg.scroll_window seconds."""
    return measure_sign(cfg, tmux_run, ["--idle-timeout", "0"] + zones + [WIDE])


def measure_zones(cfg, results, repeat, tmux_run, log):
    results["zones"] = {}
    for label, zones in LAYOUTS.items():
        log(f"zones: {label} at 200x50 ({cfg.scroll_window:g} s window)")
        results["zones"][label] = repeat(cfg, f"zones {label}", run_zones, tmux_run, zones)


def report_zones(raw, add, col):
    """Each layout's CPU, held to the 3 % of a core the modes are; its wake-ups."""
    for label, runs in (raw.get("zones") or {}).items():
        key = label.split(" (")[0].replace(" ", "_").replace("+", "and")
        add(f"zones_{key}_cpu", f"zones: {label} at 200x50: CPU (one core)", col(runs, "cpu_pct"), "%", "< 3 %",
            lambda v: v < 3.0, fmt="{:.2f}")
        add(f"zones_{key}_wakeups", f"zones: {label} at 200x50: wake-ups", col(runs, "wakeups_per_s"), "/s", fmt="{:.1f}")
