"""Display modes' rows of `make bench` (docs/display.md, "Display modes"):
the CPU of a 200x50 sign in each stay mode, of a flow that comes and goes
with a transition per message, and of a stopped sign whose modes would
move (it must not tick at all). Run by bench.py (`./bench/run.sh --only
modes`); the measuring is bench.py's own (`TmuxRun.measure_window`)."""

import json
import os
import time

# The stay modes, each on a message wider than the sign at 200x50 (bounce
# moves only then; the others lay it out whole at rest).
STAY_MODES = ["scroll", "hold", "flash", "bounce", "cycle", "twinkle", "vertical"]
WIDE = "THE LED MARQUEE SAYS HELLO TO THE WHOLE WIDE WORLD"
# The same message with inline markup (docs/display.md, "Inline markup"):
# three colour spans and a blink span.
MARKED = "THE {red}LED{/} {green}MARQUEE{/} SAYS {blink}HELLO{/} TO THE {#00A0FF}WHOLE{/} WIDE WORLD"
# A flow whose every message comes and goes with a transition: 2 s each,
# so a 10 s window holds five enters and five exits.
FLOW = [{"text": t, "seconds": 2} for t in ("OPEN", "FRESH BREAD", "SALE", "BACK SOON", "TODAY ONLY")]


def flow_deck(workdir):
    path = os.path.join(workdir, "modes-flow.json")
    with open(path, "w") as f:
        json.dump(FLOW, f)
    return path


def run_mode(cfg, tmux_run, mode, flow=False, stopped=False, text=WIDE):
    """One sign at 200x50: `mode` on WIDE (or the flow with random
    transitions), the controls line hidden at once, measured after a
    warm-up, for cfg.scroll_window seconds."""
    args = ["--idle-timeout", "0", "--mode", mode]
    if flow:
        args += ["--enter", "random", "--exit", "random", "-f", flow_deck(cfg.workdir)]
    if stopped:
        args += ["--low-power", "on", "--enter", "dissolve"]
    return measure_sign(cfg, tmux_run, args + ([] if flow else [text]))


def measure_sign(cfg, tmux_run, args):
    """One sign at 200x50 with `args`, measured after a warm-up for
    cfg.scroll_window seconds (the zones' rows use it too)."""
    r = tmux_run(cfg.binary, args, 200, 50, cfg.workdir)
    try:
        r.release()
        time.sleep(cfg.warmup)
        result = r.measure_window(cfg.scroll_window)
        r.quit()
        return result
    finally:
        r.close()


def measure_modes(cfg, results, repeat, tmux_run, log):
    results["modes"] = {}
    for mode in STAY_MODES:
        log(f"mode {mode} at 200x50 ({cfg.scroll_window:g} s window)")
        results["modes"][mode] = repeat(cfg, f"mode {mode}", run_mode, tmux_run, mode)
    log(f"a flow with a random transition in and out of every message at 200x50 ({cfg.scroll_window:g} s window)")
    results["modes"]["flow with transitions"] = repeat(cfg, "mode transitions", run_mode, tmux_run, "hold", True)
    log(f"markup: 3 colour spans and a blink span, scrolling and held, at 200x50 ({cfg.scroll_window:g} s window)")
    results["modes"]["markup scrolling"] = repeat(cfg, "markup scrolling", run_mode, tmux_run, "scroll", False, False, MARKED)
    results["modes"]["markup hold"] = repeat(cfg, "markup hold", run_mode, tmux_run, "hold", False, False, MARKED)
    log(f"flash with a dissolve, stopped by --low-power on ({cfg.scroll_window:g} s window)")
    results["modes"]["flash, stopped"] = repeat(cfg, "mode stopped", run_mode, tmux_run, "flash", False, True)


def report_modes(raw, add, col):
    """Each row's CPU, held to 3 % of a core; the stopped row's wake-ups too."""
    for label, runs in (raw.get("modes") or {}).items():
        key = label.replace(" ", "_").replace(",", "")
        add(f"mode_{key}_cpu", f"mode {label} at 200x50: CPU (one core)", col(runs, "cpu_pct"), "%", "< 3 %",
            lambda v: v < 3.0, fmt="{:.2f}")
        add(f"mode_{key}_wakeups", f"mode {label} at 200x50: wake-ups", col(runs, "wakeups_per_s"), "/s", fmt="{:.1f}")
