"""The fleet page's end-to-end checks (docs/fleet-page.md, "Tests"), run by
Tests/EndToEndTests/FleetPageTests.swift: a real Mosquitto serving www/ over
WebSockets (fleet_page_rig.py), two real headless signs, and Debian's
chromium driven headless by Playwright. One broker and one browser for all
the checks; each prints one line, `ok NAME: details` or `FAIL NAME: why`,
and a check that fails does not stop the others.

usage: fleet_page.py --binary PATH --www DIR [--screenshots DIR]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fleet_page_rig import PREFIX, USERS, Rig, wait  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

DECK = [{"text": "FLEET ONE", "seconds": 20}, {"text": "FLEET TWO", "seconds": 20}]

# Decks a sign refuses, each for another rule; the page must say what the sign says.
BAD_DECKS = [
    [{"text": "A", "color": "purple"}],
    [{"text": "A", "days": "Mon-Fru"}],
    [{"text": "A", "hours": "9-5"}],
    [{"text": "A", "hours": "09:00-09:00"}],
    [{"text": "A", "from": "2026-12-02", "until": "2026-12-01"}],
    [{"text": "A", "until": "2026-02-30"}],
    [{"text": "A", "speed": 24}],
    ["OK", {"text": " \t "}],
    [{"text": "A", "brightness": 0}],
    [{"text": "A", "style": "<b>\u202eblink"}],
    {"deck": "x"},
    {"epoch": "yesterday", "deck": ["A"]},
    {"epoch": -5, "deck": ["A"]},
    {"deck": ["A"], "zones": ["left:OK", "middle:x"]},
    {"deck": ["A"], "zones": ["\u202eleft=300:" + "w" * 80]},
    {"deck": ["A"], "zones": ["left:a", "left:b"]},
    [{"text": "A", "color": "\U0001F469\u200d\U0001F469\u200d\U0001F467" * 40}],
    [{"text": "A", "color": "red", "colour": "red"}],
    [{"text": "A", "static": "yes"}],
    [{"text": "A", "caption": 5}],
    [{"text": "A", "seconds": "5"}],
    [{"caption": "no text"}],
    ["A", 7],
    [{"text": "A", "days": "Mon-Tue-Wed"}],
    [{"text": "A", "hours": ",".join(["01:00-02:00"] * 49)}],
    [{"feed": "ftp://example.org/rss"}],
    [{"feed": "https://example.org/rss", "items": 0}],
    [{"feed": "https://example.org/rss", "every": "5x"}],
    ["A"] * 1001,
    [],
    [{"text": "A", "mode": "spin"}],
    [{"text": "A", "enter": "Wipe-Left ", "exit": "hold"}],
    [{"text": "A", "mode": 3}],
    [{"text": "A", "enter": "\x1b[2J\u202e" + "w" * 60}],
]

INIT_SCRIPT = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""

CODEC_TEST = """() => {
  const m = LedMarquee.mqtt, failures = [];
  const eq = (what, a, b) => { if (JSON.stringify(a) !== JSON.stringify(b)) failures.push(`${what}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`); };
  const cases = [[0, [0]], [127, [127]], [128, [128, 1]], [16383, [255, 127]], [16384, [128, 128, 1]],
                 [2097151, [255, 255, 127]], [2097152, [128, 128, 128, 1]], [268435455, [255, 255, 255, 127]]];
  for (const [n, bytes] of cases) {
    eq(`encode ${n}`, Array.from(m.encodeLength(n)), bytes);
    eq(`decode ${n}`, m.decodeLength(Uint8Array.from([9, ...bytes]), 1), { value: n, size: bytes.length });
    eq(`truncated ${n}`, m.decodeLength(Uint8Array.from(bytes.slice(0, -1)), 0), bytes.length === 1 ? null : null);
  }
  try { m.encodeLength(268435456); failures.push("encoded 268435456"); } catch {}
  try { m.decodeLength(Uint8Array.from([255, 255, 255, 255, 1]), 0); failures.push("read a 5-byte length"); } catch {}
  // A PUBLISH of 300 bytes of payload, fed one byte at a time: one packet, at its last byte.
  const payload = new Uint8Array(300).map((_, i) => i & 255);
  const publish = m.encodePublish("t/é", payload, { qos: 1, id: 7 });
  const reader = new m.PacketReader();
  let got = [];
  publish.forEach((b, i) => { const p = reader.push(Uint8Array.of(b)); if (p.length && i !== publish.length - 1) failures.push(`packet before its end at ${i}`); got = got.concat(p); });
  eq("one packet", got.length, 1);
  const d = m.decodePublish(got[0].flags, got[0].body);
  eq("topic", d.topic, "t/é"); eq("qos", d.qos, 1); eq("id", d.id, 7); eq("payload", Array.from(d.payload), Array.from(payload));
  // Two packets and half of a third in one chunk, the rest in another.
  const ping = Uint8Array.of(0xd0, 0);
  const joined = new Uint8Array([...publish, ...ping, ...publish.slice(0, 5)]);
  eq("two and a half", reader.push(joined).length, 2);
  eq("the rest", reader.push(publish.slice(5)).length, 1);
  // Too large: refused from the header, before the body arrives.
  const small = new m.PacketReader(100);
  try { small.push(Uint8Array.of(0x30, 0xe8, 0x07)); failures.push("a 1000-byte packet was not refused"); }
  catch (e) { if (!/1003 bytes refused \\(at most 100\\)/.test(e.message)) failures.push(`oversize message: ${e.message}`); }
  eq("connect", Array.from(m.encodeConnect({ clientId: "c", username: "u", password: "p", keepalive: 30 })),
     [0x10, 19, 0, 4, 77, 81, 84, 84, 4, 0xc2, 0, 30, 0, 1, 99, 0, 1, 117, 0, 1, 112]);
  eq("subscribe", Array.from(m.encodeSubscribe(1, [{ topic: "a/#", qos: 1 }])), [0x82, 8, 0, 1, 0, 3, 97, 47, 35, 1]);
  return failures;
}"""

# A client of its own against the broker: QoS 1 round trip and keepalive pings.
CLIENT_TEST = """async ([url, user, password]) => {
  const c = new LedMarquee.mqtt.MqttClient(url, { username: user, password, keepalive: 2 });
  await c.connect();
  const granted = await c.subscribe(["ledmarquee/codec-test"], 1);
  const got = new Promise(resolve => { c.onMessage = (topic, bytes) => resolve(new TextDecoder().decode(bytes)); });
  await c.publish("ledmarquee/codec-test", "x".repeat(70000), { qos: 1 });
  const text = await got;
  const before = c.bytesIn;
  await new Promise(r => setTimeout(r, 3500));
  const pings = c.bytesIn - before;
  c.close();
  return { granted, length: text.length, pings };
}"""


class Checks:
    def __init__(self, args):
        self.args, self.failed = args, 0

    def run(self, name, body):
        started = time.monotonic()
        try:
            detail = body()
            print(f"ok {name}: {detail or ''} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception as error:  # one check's failure is reported, the others still run
            self.failed += 1
            reason = f"{type(error).__name__}: {error}".replace("\n", " | ")
            print(f"FAIL {name}: {reason[:2000]}", flush=True)
            traceback.print_exc(file=sys.stderr)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def login(page, rig, user, password):
    page.goto(rig.page_url)
    page.fill("#login-user", user)
    page.fill("#login-password", password)
    page.click("#login-form button")
    page.wait_for_function("() => !document.getElementById('fleet').hidden || document.getElementById('login-error').textContent",
                           timeout=10_000)


def card(page, name):
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    return page.locator(f'#cards li[data-sign="{quoted}"]')


def logged(log, predicate, timeout=10):
    return wait(lambda: log.find(predicate), timeout)


def interrupt(text):
    return lambda r: r.get("event") == "interrupt" and r.get("text") == text


def answered(page, line, timeout=8000):
    page.wait_for_function("line => [...document.querySelectorAll('#answers li')].some(li => li.textContent === line)",
                           arg=line, timeout=timeout)


def say(page, text, to, one=None, select=(), color="green", seconds="30"):
    for name in select:
        card(page, name).locator(".select").check()
    page.fill("#say-text", text)
    page.fill("#say-for", seconds)
    page.select_option("#say-color", color)
    page.check(f'input[name=say-to][value={to}]')
    if one:
        page.select_option("#say-one", one)
        page.check('input[name=say-to][value=one]')
    page.click("#say-form button")
    for name in select:
        card(page, name).locator(".select").uncheck()


def deck_error(page, previous):
    page.wait_for_function("prev => { const e = document.getElementById('deck-error'); return e.dataset.message && e.dataset.message !== prev; }",
                           arg=previous, timeout=10_000)
    return page.eval_on_selector("#deck-error", "e => e.dataset.message")


def row(page, n):
    return page.locator("#deck-rows > li").nth(n)


def schedule_lines_of_sign(binary, deck, now):
    """`ledmarquee -f deck.json --schedule --now` as (day, time, entries) lines."""
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"lm-page-deck-{os.getpid()}.json")
    with open(path, "w") as f:
        f.write(deck)
    try:
        out = subprocess.run([binary, "-f", path, "--schedule", "--now", now], capture_output=True, text=True,
                             env=dict(os.environ, TZ="UTC"), timeout=30)
    finally:
        os.remove(path)
    expect(out.returncode == 0, f"--schedule: {out.stderr}")
    lines, day = [], None
    for line in out.stdout.splitlines():
        if re.match(r"^[A-Z][a-z]{2} \d{4}-\d\d-\d\d$", line):
            day = line
        elif m := re.match(r"^  (\d\d:\d\d)  (.*)$", line):
            lines.append((day, m.group(1), re.findall(r"#(\d+)", m.group(2))))
    return lines


def schedule_lines_of_page(page):
    lines, day = [], None
    for text in page.eval_on_selector_all("#schedule-week li", "els => els.map(e => e.textContent)"):
        m = re.match(r"^(?:([A-Z][a-z]{2} \d{4}-\d\d-\d\d) )?(\d\d:\d\d)  (.*)$", text)
        expect(m, f"a schedule line the test cannot read: {text!r}")
        day = m.group(1) or day
        lines.append((day, m.group(2), re.findall(r"#(\d+)", m.group(3))))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--www", required=True)
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    checks = Checks(args)
    rig = Rig(args.binary, args.www)
    try:
        rig.start_broker()
        rig.publish(f"{PREFIX}/deck", json.dumps(DECK), retain=True)
        logs = {name: rig.start_sign(name) for name in ("a", "b")}
        for name in logs:
            rig.wait_link(name)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            try:
                run_checks(checks, rig, logs, browser, args)
            finally:
                browser.close()
    finally:
        rig.close()
    print(f"fleet page: {checks.failed} failed", flush=True)
    return 1 if checks.failed else 0


def run_checks(checks, rig, logs, browser, args):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, timezone_id="UTC")
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def codec():
        page.goto(rig.page_url)
        failures = page.evaluate(CODEC_TEST)
        expect(failures == [], "; ".join(failures))
        result = page.evaluate(CLIENT_TEST, [rig.ws_url, "operator", USERS["operator"]])
        expect(result["granted"] == [1] and result["length"] == 70000, f"{result}")
        # PINGRESP is 2 bytes: at least one a keepalive of 2 s over 3.5 s.
        expect(result["pings"] >= 2 and result["pings"] % 2 == 0, f"pings: {result}")
        return f"varints, fragments, oversize, CONNECT bytes; QoS 1 round trip of 70,000 bytes; {result['pings'] // 2} PINGRESPs"
    checks.run("codec", codec)

    def wrong_password():
        other = browser.new_context(timezone_id="UTC").new_page()
        login(other, rig, "operator", "not-the-password")
        message = other.text_content("#login-error")
        expect(message.startswith("Login refused:"), f"login error: {message!r}")
        expect(other.is_hidden("#fleet"), "the fleet showed")
        # The refusal stays the broker's reason (the close after it adds nothing), and no retry follows.
        other.wait_for_timeout(1500)
        state = other.text_content("#connection")
        expect(state == "refused: not authorised", f"the connection state says {state!r}")
        expect(other.evaluate("() => localStorage.length + sessionStorage.length") == 0, "something was stored")
        other.context.close()
        return message
    checks.run("wrong-password", wrong_password)

    def cards():
        login(page, rig, "operator", USERS["operator"])
        for name in ("a", "b"):
            card(page, name).locator(".online", has_text="online").wait_for(timeout=10_000)
        expect(page.input_value("#login-password") == "", "the password stayed in the form")
        held = page.evaluate("() => JSON.stringify(window.ledmarqueeFleet.client) + document.body.innerHTML + location.href")
        expect(USERS["operator"] not in held, "the password is readable from the page")
        expect(page.evaluate("() => document.activeElement.id") == "signs-title", "the focus did not move to the signs")
        shows = card(page, "a").locator(".showing").text_content()
        return f"a and b online, a shows {shows!r}"
    checks.run("cards", cards)

    def say_one_group_all():
        say(page, "ONLY A", "one", one="a")
        answered(page, "a: ok")
        expect(logged(logs["a"], interrupt("ONLY A")), "a did not show ONLY A")
        say(page, "GROUP B", "selected", select=["b"], color="amber")
        answered(page, "b: ok")
        expect(logged(logs["b"], interrupt("GROUP B")), "b did not show GROUP B")
        say(page, "EVERYONE", "all")
        for name in ("a", "b"):
            expect(logged(logs[name], interrupt("EVERYONE")), f"{name} did not show EVERYONE")
        answered(page, "a: ok")
        # Commands reach a sign in order: EVERYONE logged means the others have been.
        expect(not logs["b"].find(interrupt("ONLY A")), "b showed ONLY A")
        expect(not logs["a"].find(interrupt("GROUP B")), "a showed GROUP B")
        record = logs["b"].find(interrupt("GROUP B"))
        return f"one, a group, all; each only where sent (b's record: {json.dumps(record)[:120]})"
    checks.run("say", say_one_group_all)

    def keyboard():
        # From the signs' heading (where login leaves the focus) to the say
        # form by Tab alone, the text typed, Enter: every sign shows it.
        page.focus("#signs-title")
        for _ in range(30):
            if page.evaluate("() => document.activeElement.id") == "say-text":
                break
            page.keyboard.press("Tab")
        expect(page.evaluate("() => document.activeElement.id") == "say-text", "Tab never reached the say text")
        page.keyboard.press("Control+A")
        page.keyboard.type("KEYS ONLY")
        page.keyboard.press("Enter")
        for name in ("a", "b"):
            expect(logged(logs[name], interrupt("KEYS ONLY")), f"{name} did not show the text typed")
        return "Tab from the signs to the say form, typed, Enter: both signs showed it"
    checks.run("keyboard", keyboard)

    def loads(count, after):
        return lambda r: r.get("event") == "load" and r.get("count") == count

    def deck_edit():
        page.wait_for_function("() => document.querySelectorAll('#deck-rows > li').length === 2", timeout=10_000)
        skip = {name: log.count() for name, log in logs.items()}
        # A colour the sign would refuse: refused in the page, nothing published.
        row(page, 0).locator(".f-color").fill("purple")
        page.click("#deck-publish")
        refused = deck_error(page, "")
        expect(refused.startswith(f"{PREFIX}/deck: entry 1: unknown colour \"purple\""), f"the page said {refused!r}")
        expect(json.loads(rig.retained(f"{PREFIX}/deck")) == DECK, "a refused deck was published")
        row(page, 0).locator(".f-color").fill("")
        row(page, 0).locator(".f-text").fill("PAGE ONE")
        row(page, 1).locator(".f-days").fill("Fri")
        row(page, 1).locator(".f-hours").fill("22:00-02:00")
        page.click("#deck-add")
        new = row(page, 2)
        new.locator(".f-text").fill("PAGE THREE")
        new.locator(".f-color").fill("amber")
        new.locator(".f-days").fill("Mon-Fri")
        new.locator(".f-hours").fill("09:00-12:00,13:00-17:30")
        new.locator(".f-until").fill("2030-12-24")
        # Display modes from the lists (docs/display.md): what the sign takes.
        new.locator(".f-mode").select_option("flash")
        new.locator(".f-enter").select_option("wipe-left")
        page.click("#deck-publish")
        for name, log in logs.items():
            expect(wait(lambda: log.find(loads(3, 0), skip[name]), 10), f"{name} did not load the page's deck")
        page.wait_for_function("() => document.getElementById('deck-state').textContent.startsWith('Published')", timeout=5000)
        deck = json.loads(rig.retained(f"{PREFIX}/deck"))
        expect(deck[0] == {"text": "PAGE ONE", "seconds": 20} and deck[2]["color"] == "amber" and deck[1]["seconds"] == 20
               and deck[2]["mode"] == "flash" and deck[2]["enter"] == "wipe-left" and "exit" not in deck[2], f"retained: {deck}")
        return ("a deck with an unknown colour refused in the page, unpublished; the edited one (a mode and an enter from the lists): "
                "both signs loaded 3 messages")
    checks.run("deck-edit", deck_edit)

    def schedule():
        today = time.strftime("%Y-%m-%dT00:00", time.gmtime())
        sign = schedule_lines_of_sign(args.binary, rig.retained(f"{PREFIX}/deck"), today)
        shown = schedule_lines_of_page(page)
        expect(sign == shown, f"the sign says {sign}, the page {shown}")
        return f"{len(shown)} lines this week, as `--schedule --now {today}` prints them"
    checks.run("schedule", schedule)

    def picture():
        a = card(page, "a")
        a.locator(".picture summary").click()
        page.wait_for_function("""() => { const i = document.querySelector('#cards li[data-sign="a"] img.snapshot');
                                          return i.src.startsWith('blob:') && i.naturalWidth > 0; }""", timeout=8000)
        size = page.eval_on_selector('#cards li[data-sign="a"] img.snapshot', "i => `${i.naturalWidth}x${i.naturalHeight}`")
        return f"a's PNG, {size}"
    checks.run("picture", picture)

    def screenshots():
        if not args.screenshots:
            return "not asked for"
        os.makedirs(args.screenshots, exist_ok=True)
        sizes = []
        for label, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(200)
            path = os.path.join(args.screenshots, f"fleet-page-{label}.png")
            page.screenshot(path=path)
            sizes.append(f"{label} {width}x{height} {os.path.getsize(path) // 1024} KiB")
        page.set_viewport_size({"width": 1280, "height": 900})
        card(page, "a").locator(".picture summary").click()
        return ", ".join(sizes)
    checks.run("screenshots", screenshots)

    def undo():
        skip = {name: log.count() for name, log in logs.items()}
        page.click("#deck-undo")
        for name, log in logs.items():
            expect(wait(lambda: log.find(loads(2, 0), skip[name]), 10), f"{name} did not load the deck before")
        expect(json.loads(rig.retained(f"{PREFIX}/deck")) == DECK, "the retained deck is not the one before")
        return "both signs back on 2 messages"
    checks.run("undo", undo)

    def refused_decks():
        previous, compared = "", 0
        for bad in BAD_DECKS:
            skip = logs["a"].count()
            rig.publish(f"{PREFIX}/deck", json.dumps(bad), retain=True)
            record = wait(lambda: logs["a"].find(lambda r: r.get("event") == "error" and r.get("message", "").startswith(f"{PREFIX}/deck"), skip), 10)
            expect(record, f"sign a logged no error for {bad}")
            shown = deck_error(page, previous)
            expect(shown == record["message"], f"for {json.dumps(bad)}: the sign says {record['message']!r}, the page {shown!r}")
            # The same deck typed into the JSON box: the same message.
            page.click("#deck-json-box summary") if not page.is_visible("#deck-json") else None
            page.fill("#deck-json", json.dumps(bad, indent=2))
            page.eval_on_selector("#deck-error", "e => { e.dataset.message = ''; }")
            page.click("#deck-json-check")
            typed = deck_error(page, "")
            expect(typed == record["message"], f"typed {json.dumps(bad)}: the sign says {record['message']!r}, the page {typed!r}")
            previous = shown
            compared += 1
        rig.publish(f"{PREFIX}/deck", json.dumps(DECK), retain=True)
        return f"{compared} decks, each refused with the sign's own message (last: {previous!r})"
    checks.run("refused-decks", refused_decks)

    def deck_zones():
        zones = ["left:{file:/etc/hostname}", "bottom@5:9-5|Sat 10-4"]
        skip = {name: log.count() for name, log in logs.items()}
        rig.publish(f"{PREFIX}/deck", json.dumps({"deck": DECK, "zones": zones}), retain=True)
        for name, log in logs.items():
            expect(wait(lambda: log.find(loads(2, 0), skip[name]), 10), f"{name} did not load the deck with zones")
        page.wait_for_function("() => document.getElementById('deck-json').value.includes('\"zones\"')", timeout=10_000)
        skip = {name: log.count() for name, log in logs.items()}
        row(page, 0).locator(".f-text").fill("ZONED")
        page.click("#deck-publish")
        for name, log in logs.items():
            expect(wait(lambda: log.find(loads(2, 0), skip[name]), 10), f"{name} did not load the page's deck")
        deck = json.loads(rig.retained(f"{PREFIX}/deck"))
        expect(deck.get("zones") == zones and deck["deck"][0] == {"text": "ZONED", "seconds": 20}, f"retained: {deck}")
        skip = {name: log.count() for name, log in logs.items()}
        rig.publish(f"{PREFIX}/deck", json.dumps(DECK), retain=True)
        for name, log in logs.items():
            expect(wait(lambda: log.find(loads(2, 0), skip[name]), 10), f"{name} did not load the deck without zones")
        return "a deck's zones kept as written when the page edited and republished it; both signs loaded it"
    checks.run("deck-zones", deck_zones)


    def hostile():
        evil = '<img src=x onerror="window.__pwned=1">'
        bidi = "\u202eevil-sign"
        rig.publish(f"{PREFIX}/sign/{evil}/status", json.dumps({
            "name": evil, "online": True, "run": "0", "index": 0, "count": 1, "link": "up<script>window.__pwned=2</script>",
            "text": '<script>window.__pwned=3</script>"onerror=window.__pwned=4 \u202etxet', "tier": "<b>full</b>"}), retain=True)
        rig.publish(f"{PREFIX}/sign/{bidi}/status", json.dumps({"name": bidi, "online": True, "text": "W" * 10_000,
                                                                    "index": 0, "count": 1}), retain=True)
        card(page, evil).wait_for(timeout=5000)
        card(page, bidi).wait_for(timeout=5000)
        name = card(page, evil).locator(".name").text_content()
        expect(name == evil, f"the name shows as {name!r}")
        showing = card(page, evil).locator(".showing").text_content()
        expect(showing == '<script>window.__pwned=3</script>"onerror=window.__pwned=4 \\u{202E}txet', f"text: {showing!r}")
        shown_bidi = card(page, bidi).locator(".name").text_content()
        expect(shown_bidi == "\\u{202E}evil-sign", f"bidi name: {shown_bidi!r}")
        long = card(page, bidi).locator(".showing").text_content()
        expect(long == "W" * 200 + "…", f"10,000 characters show as {len(long)}")
        # Say to the hostile name: its name is in the one-sign list as text.
        page.wait_for_function("name => [...document.querySelectorAll('#say-one option')].some(o => o.textContent === name)",
                               arg=evil, timeout=5000)
        # A phone's width: the 10,000 characters and the long names wrap, nothing scrolls sideways.
        page.set_viewport_size({"width": 390, "height": 844})
        width = page.evaluate("() => document.documentElement.scrollWidth")
        page.set_viewport_size({"width": 1280, "height": 900})
        expect(width <= 390, f"the page is {width} px wide at 390")
        injected = page.evaluate("() => document.querySelectorAll('#cards img:not(.snapshot), #cards script, #cards b').length")
        expect(injected == 0, f"{injected} elements made of sign text")
        expect(page.evaluate("() => window.__pwned") is None, "a script ran")
        expect(page.evaluate("() => window.__violations") == [], f"CSP violations: {page.evaluate('() => window.__violations')}")
        for name in (evil, bidi):
            rig.publish(f"{PREFIX}/sign/{name}/status", "", retain=True)
            card(page, name).wait_for(state="detached", timeout=5000)
        return "names and texts shown as text, the bidi override escaped, 10,000 characters cut to 200, no script, no CSP violation"
    checks.run("hostile", hostile)

    def offline_and_forget():
        started = time.monotonic()
        rig.kill_sign("b")
        page.wait_for_selector('#cards li[data-sign="b"].is-offline', timeout=5000)
        took = time.monotonic() - started
        expect(took <= 2.0, f"offline after {took:.2f} s")
        seen = card(page, "b").locator(".seen").text_content()
        card(page, "b").locator(".forget").click()
        card(page, "b").wait_for(state="detached", timeout=5000)
        expect(wait(lambda: rig.retained(f"{PREFIX}/sign/b/status") is None, 5), "b's status is still retained")
        return f"offline on the page {took:.2f} s after SIGKILL (last seen: {seen}); forgotten"
    checks.run("offline", offline_and_forget)

    def reconnect():
        rig.stop_broker()
        page.wait_for_function("() => document.getElementById('connection').textContent.startsWith('connection lost; trying again in')",
                               timeout=5000)
        lost = page.text_content("#connection")
        started = time.monotonic()
        rig.start_broker()
        page.wait_for_function("() => document.getElementById('connection').textContent === 'connected'", timeout=15_000)
        back = time.monotonic() - started
        # Subscribed again: a reconnects and is online on the page; a new status reaches the page.
        up = lambda r: r.get("event") == "link" and r.get("up") is True
        expect(wait(lambda: logs["a"].count() and len([r for r in logs["a"].records if up(r)]) >= 2, 20), "a did not reconnect")
        card(page, "a").locator(".online", has_text="online").wait_for(timeout=5000)
        rig.publish(f"{PREFIX}/sign/ghost/status", json.dumps({"name": "ghost", "online": False}), retain=True)
        card(page, "ghost").wait_for(timeout=5000)
        rig.publish(f"{PREFIX}/sign/ghost/status", "", retain=True)
        card(page, "ghost").wait_for(state="detached", timeout=5000)
        return f"{lost!r}; connected again {back:.1f} s after the broker came back, subscriptions made again"
    checks.run("reconnect", reconnect)

    def viewer():
        other = browser.new_context(timezone_id="UTC").new_page()
        login(other, rig, "viewer", USERS["viewer"])
        card(other, "a").wait_for(timeout=10_000)
        other.wait_for_function("() => document.querySelectorAll('#deck-rows > li').length === 2", timeout=10_000)
        skip = logs["a"].count()
        other.click("#deck-add")
        row(other, 2).locator(".f-text").fill("VIEWER WAS HERE")
        other.click("#deck-publish")
        message = deck_error(other, "")
        expect("did not take" in message, f"viewer's publish: {message!r}")
        expect(json.loads(rig.retained(f"{PREFIX}/deck")) == DECK, "the viewer changed the deck")
        expect(not logs["a"].find(lambda r: r.get("event") == "load", skip), "a loaded a deck from the viewer")
        other.context.close()
        return message
    checks.run("viewer", viewer)

    def no_errors():
        expect(errors == [], f"page errors: {errors}")
        expect(page.evaluate("() => window.__violations") == [], "CSP violations")
        return "no page error, no CSP violation"
    checks.run("page-errors", no_errors)
    context.close()


if __name__ == "__main__":
    sys.exit(main())
