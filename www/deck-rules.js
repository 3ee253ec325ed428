// The sign's deck check, ported rule for rule so the page refuses what a sign
// would refuse, with the same message (docs/fleet-page.md, "Deck editing").
// The Swift it follows: Sources/MarqueeApp/Cues/CueFileParser.swift
// (entries, limits), DeckEntryLook.swift (colour, style, speed, static,
// blink, brightness), DeckEntrySchedule.swift and Sources/MarqueeCore/Schedule/
// (days, hours, from, until), DeckEpoch.swift, DeckZones.swift and
// Sources/MarqueeCore/Zones/SignZone+Parsing.swift (zones), Feeds/DeckFeed.swift and
// FeedEntry.swift, FleetPayload.swift (the 1 MiB bound). The end-to-end test
// Tests/Tools/fleet_page.py publishes bad decks to real signs and compares
// their `error` records with this file's messages.
//
// One difference: text that is not JSON at all. The sign names the line and
// column from its own parser; the page says the browser's reason. The page
// itself only ever publishes JSON it serialised.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const { characters, visible } = LedMarquee.text;
  const DECK_TOPIC_SUFFIX = "deck";
  const MAXIMUM_DECK_BYTES = 1_048_576;
  const MAXIMUM_LINE_BYTES = 65_536;
  const MAXIMUM_CUES = 1_000;
  const MAXIMUM_TEXT_BYTES = 4 * 1_048_576;
  const MAXIMUM_FEEDS = 8;
  const FEED_ITEMS = 100;
  const SECONDS = { minimum: 2, maximum: 20, standard: 5 };
  const MAXIMUM_SPEED = 20;
  const LATEST_EPOCH = 253_402_300_799;

  const COLOURS = ["red", "amber", "green", "blue", "white", "cyan", "magenta", "rainbow"];
  const STYLES = ["dots", "blocks", "half", "braille"];
  // Display modes (DisplayModeTable, docs/display.md "Display modes"): the
  // sign's names in the sign's order, which its refusal lists.
  const STAY_MODES = ["scroll", "hold", "flash", "bounce", "cycle", "twinkle", "vertical"];
  const TRANSITIONS = ["cut", "fade", "wipe-left", "wipe-right", "wipe-up", "wipe-down", "wipe-in", "wipe-out",
    "roll-left", "roll-right", "roll-up", "roll-down", "slide", "typewriter", "sparkle", "snow", "interlock",
    "dissolve", "scan", "random"];
  const MODE_KEYS = ["mode", "enter", "exit"];
  const LOOK_KEYS = ["color", "style", "speed", "static", "blink", "brightness", ...MODE_KEYS];
  const SCHEDULE_KEYS = ["days", "hours", "from", "until"];
  const DECK_KEYS = ["text", "caption", "seconds", ...LOOK_KEYS, ...SCHEDULE_KEYS];
  const FEED_KEYS = ["feed", "items", "every", "caption", "prefix"];
  const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

  class DeckError extends Error {}
  const fail = (message) => { throw new DeckError(message); };
  const utf8Bytes = (text) => new TextEncoder().encode(text).length;

  /** Swift's `Double.plainText`. */
  const plain = (n) => (Number.isInteger(n) && Math.abs(n) < 1e15 ? String(n) : String(n));
  /** FlowLimits.grouped: 1000 as "1,000". */
  const grouped = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

  /** Escaped and cut to 32 characters, in quotes (CueFileParser.quoted,
   *  ScheduleError.quoted). */
  function quoted(text) {
    const chars = characters(text);
    const shown = chars.length > 32 ? chars.slice(0, 32).join("") + "…" : text;
    return `"${visible(shown)}"`;
  }

  const kind = (v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  const given = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const present = (object, key) => given(object, key) && object[key] !== null;

  /** TerminalText.sanitize: what the sign keeps of a text. */
  function sanitize(text) {
    let out = "";
    const chars = Array.from(text);
    for (let i = 0; i < chars.length; i++) {
      const v = chars[i].codePointAt(0);
      if ([0x09, 0x0a, 0x0d, 0x0b, 0x0c, 0x2028, 0x2029].includes(v)) out += " ";
      else if (v === 0x1b) i = skipEscape(chars, i);
      else if (v === 0x9b) i = skipCsiBody(chars, i);
      else if ([0x90, 0x9d, 0x9e, 0x9f, 0x98].includes(v)) i = skipStringBody(chars, i);
      else if (v <= 0x1f || (v >= 0x7f && v <= 0x9f) || (v >= 0x202a && v <= 0x202e) || (v >= 0x2066 && v <= 0x2069) || v === 0x200e || v === 0x200f) continue;
      else out += chars[i];
    }
    return out;
  }
  // The escape-sequence skips of TerminalText (CSI, OSC/DCS strings, two-byte ESC).
  function skipEscape(chars, i) {
    const next = chars[i + 1]?.codePointAt(0);
    if (next === undefined) return i;
    if (next === 0x5b) return skipCsiBody(chars, i + 1);
    if ([0x5d, 0x50, 0x58, 0x5e, 0x5f].includes(next)) return skipStringBody(chars, i + 1);
    return i + 1;
  }
  function skipCsiBody(chars, i) {
    for (let j = i + 1; j < chars.length; j++) {
      const v = chars[j].codePointAt(0);
      if (v >= 0x40 && v <= 0x7e) return j;
    }
    return chars.length;
  }
  function skipStringBody(chars, i) {
    for (let j = i + 1; j < chars.length; j++) {
      const v = chars[j].codePointAt(0);
      if (v === 0x07 || v === 0x9c) return j;
      if (v === 0x1b && chars[j + 1] === "\\") return j + 1;
    }
    return chars.length;
  }

  // ---- Schedules (Weekdays, TimeWindow, LocalMoment, Schedule) ----

  const asciiLower = (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

  function dayIndex(written) {
    const word = written.replace(/[ \t]/g, "");
    if (word === "") fail("a day is missing (write e.g. Mon-Fri or Sat,Sun)");
    const lower = asciiLower(word);
    const index = DAY_NAMES.findIndex((name) => name === lower || (characters(lower).length === 3 && name.startsWith(lower)));
    if (index < 0) fail(`unknown day ${quoted(word)} (use Mon, Tue, Wed, Thu, Fri, Sat, Sun or full names)`);
    return index;
  }

  function parseDays(text) {
    if (utf8Bytes(text) > 1024) fail("longer than 1024 bytes");
    let bits = 0;
    for (const item of text.split(",")) {
      const ends = item.split("-");
      if (ends.length > 2) fail(`a range of days has one '-' (${quoted(item)})`);
      const first = dayIndex(ends[0]);
      const last = ends.length === 2 ? dayIndex(ends[1]) : first;
      for (let day = first; ; day = (day + 1) % 7) {
        bits |= 1 << day;
        if (day === last) break;
      }
    }
    return bits;
  }

  function minutes(written, allowEndOfDay) {
    const text = written.replace(/[ \t]/g, "");
    const bad = () => fail(`${quoted(text)} is not a time (use HH:MM, 00:00 to 24:00)`);
    const bytes = new TextEncoder().encode(text);
    const digit = (b) => (b >= 48 && b <= 57 ? b - 48 : null);
    const n = bytes.length;
    if (n < 4 || n > 5 || bytes[n - 3] !== 58) bad();
    const m1 = digit(bytes[n - 2]), m2 = digit(bytes[n - 1]);
    if (m1 === null || m2 === null) bad();
    let hour = 0;
    for (const b of bytes.subarray(0, n - 3)) {
      const d = digit(b);
      if (d === null) bad();
      hour = hour * 10 + d;
    }
    const minute = m1 * 10 + m2;
    if (hour === 24 && minute === 0 && allowEndOfDay) return 1440;
    if (!(hour < 24 && minute < 60)) bad();
    return hour * 60 + minute;
  }

  function parseHours(text) {
    if (utf8Bytes(text) > 1024) fail("longer than 1024 bytes");
    const items = text.split(",");
    if (items.length > 48) fail("more than 48 windows");
    return items.map((item) => {
      const ends = item.split("-");
      if (ends.length !== 2) fail(`a window is START-END, e.g. 09:00-17:30, not ${quoted(item)}`);
      const start = minutes(ends[0], false);
      const end = minutes(ends[1], true);
      if (!(start !== end % 1440 || (start === 0 && end === 1440))) fail(`the window ${quoted(item)} is empty (it starts where it ends)`);
      return { start, end };
    });
  }

  const daysInMonth = (month, year) =>
    month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

  /** Days from 1970-01-01 (Howard Hinnant's days_from_civil). */
  function daysFromCivil(year, month, day) {
    const y = month <= 2 ? year - 1 : year;
    const era = Math.floor(y / 400);
    const yoe = y - era * 400;
    const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
    const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
    return era * 146_097 + doe - 719_468;
  }

  /** LocalMoment(parsing:) as civil seconds, and whether a date alone. */
  function parseMoment(text) {
    const bytes = new TextEncoder().encode(text);
    const bad = () => fail(`${quoted(text)} is not a date (use YYYY-MM-DD, optionally THH:MM)`);
    if (bytes.length > 64) bad();
    const number = (start, count) => {
      if (start + count > bytes.length) return null;
      let v = 0;
      for (let i = start; i < start + count; i++) {
        if (bytes[i] < 48 || bytes[i] > 57) return null;
        v = v * 10 + bytes[i] - 48;
      }
      return v;
    };
    const is = (i, ...cs) => i < bytes.length && cs.some((c) => c.charCodeAt(0) === bytes[i]);
    const year = number(0, 4), month = number(5, 2), day = number(8, 2);
    if (year === null || !is(4, "-") || month === null || !is(7, "-") || day === null) bad();
    let hour = 0, minute = 0, second = 0;
    if (bytes.length === 16 || bytes.length === 19) {
      const h = number(11, 2), m = number(14, 2);
      if (!is(10, "T", " ") || h === null || !is(13, ":") || m === null) bad();
      [hour, minute] = [h, m];
      if (bytes.length === 19) {
        const s = number(17, 2);
        if (!is(16, ":") || s === null) bad();
        second = s;
      }
    } else if (bytes.length !== 10) bad();
    if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(month, year) && hour < 24 && minute < 60 && second < 60)) bad();
    return { seconds: daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second, dateOnly: bytes.length === 10 };
  }

  const pad = (n, w) => String(n).padStart(w, "0");
  /** LocalMoment.text of civil seconds: YYYY-MM-DDTHH:MM:SS. */
  function momentText(seconds) {
    const days = Math.floor(seconds / 86_400);
    const rest = seconds - days * 86_400;
    const z = days + 719_468;
    const era = Math.floor(z / 146_097);
    const doe = z - era * 146_097;
    const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
    const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
    const mp = Math.floor((5 * doy + 2) / 153);
    const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
    const month = mp < 10 ? mp + 3 : mp - 9;
    const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(Math.floor(rest / 3600), 2)}:${pad(Math.floor(rest / 60) % 60, 2)}:${pad(rest % 60, 2)}`;
  }

  /** The entry's schedule, or null (DeckEntrySchedule.schedule(of:place:)). */
  function schedule(object, place) {
    const texts = {};
    for (const key of SCHEDULE_KEYS) {
      if (!present(object, key)) continue;
      if (typeof object[key] !== "string") fail(`${place}: "${key}" must be a string`);
      texts[key] = object[key];
    }
    if (Object.keys(texts).length === 0) return null;
    const parsed = {};
    for (const key of SCHEDULE_KEYS) {
      if (!(key in texts)) continue;
      try {
        parsed[key] = key === "days" ? parseDays(texts[key]) : key === "hours" ? parseHours(texts[key]) : parseMoment(texts[key]);
      } catch (error) {
        if (!(error instanceof DeckError)) throw error;
        const value = key === "days" || key === "hours" ? ` ${quoted(texts[key])}:` : "";
        fail(`${place}: "${key}"${value} ${error.message}`);
      }
    }
    const untilBound = parsed.until ? parsed.until.seconds + (parsed.until.dateOnly ? 86_400 : 0) : null;
    if (parsed.from && untilBound !== null && parsed.from.seconds >= untilBound) {
      fail(`${place}: "from" ${momentText(parsed.from.seconds)} is not before "until" ${momentText(parsed.until.seconds)}: the message would never show`);
    }
    return { days: parsed.days ?? null, hours: parsed.hours?.length ? parsed.hours : null, from: parsed.from?.seconds ?? null, untilBound };
  }

  // ---- Looks (DeckEntryLook) ----

  function speedRefusal(speed) {
    if (!(Number.isNaN(speed) || Math.abs(speed) > MAXIMUM_SPEED)) return null;
    let text = `speed ${plain(speed)} is out of range: speed is in characters a second now, -${MAXIMUM_SPEED} to ${MAXIMUM_SPEED} (default ${SECONDS.standard})`;
    if (Number.isFinite(speed) && Math.abs(speed) <= 960) {
      const old = Math.round((Math.abs(speed) / 18) * 10) / 10;
      text += `; ${plain(speed)} LED columns a second, the old unit, was about ${plain(old)} at 80x24`;
    }
    return text;
  }

  function look(object, place) {
    if (given(object, "color") && given(object, "colour")) fail(`${place}: "color" and "colour" are one key; give one`);
    const colorKey = given(object, "colour") ? "colour" : "color";
    const string = (key) => {
      if (!present(object, key)) return null;
      if (typeof object[key] !== "string") fail(`${place}: "${key}" must be a string`);
      return object[key];
    };
    const colour = string(colorKey);
    if (colour !== null && !COLOURS.includes(colour.toLowerCase()) && !/^#[0-9a-f]{6}$/.test(colour.toLowerCase())) {
      fail(`${place}: unknown colour ${quoted(colour)} (use ${COLOURS.join(", ")} or #RRGGBB)`);
    }
    const style = string("style");
    if (style !== null && !STYLES.includes(asciiLower(style))) fail(`${place}: unknown style ${quoted(style)} (use ${STYLES.join(", ")})`);
    if (present(object, "speed")) {
      if (typeof object.speed !== "number") fail(`${place}: "speed" must be a number`);
      const refusal = speedRefusal(object.speed);
      if (refusal) fail(`${place}: "speed": ${refusal}`);
    }
    for (const key of ["static", "blink"]) {
      if (present(object, key) && typeof object[key] !== "boolean") fail(`${place}: "${key}" must be true or false`);
    }
    if (present(object, "brightness")) {
      const b = object.brightness;
      if (!(typeof b === "number" && Number.isInteger(b) && b >= 1 && b <= 100)) fail(`${place}: "brightness" must be a whole number from 1 to 100 (percent)`);
    }
    for (const key of MODE_KEYS) {
      const name = string(key);
      if (name === null) continue;
      const names = key === "mode" ? STAY_MODES : TRANSITIONS;
      // ModeNameError: lowercased, blanks around dropped; the name as
      // written, cut at 40 characters and shown as TerminalText.visible does.
      if (names.includes(name.toLowerCase().replace(/^ +| +$/g, ""))) continue;
      const chars = LedMarquee.text.characters(name);
      const shown = LedMarquee.text.visible(chars.slice(0, 40).join(""));
      const more = chars.length > 40 ? "…" : "";
      fail(`${place}: unknown ${key === "mode" ? "mode" : "transition"} '${shown}'${more} for '${key}' (use ${names.join(", ")})`);
    }
  }

  // ---- Feeds (DeckFeed, FeedEntry) ----

  function feedEntry(object, place, notes) {
    const url = object.feed;
    if (typeof url !== "string") fail(`${place}: "feed" must be the feed's URL, a string`);
    const lowered = url.toLowerCase();
    if (!lowered.startsWith("http://") && !lowered.startsWith("https://")) fail(`${place}: a feed's URL must start with http:// or https://`);
    if (utf8Bytes(url) > 2048) fail(`${place}: a feed's URL is longer than 2048 bytes`);
    if (![...url].every((c) => c.codePointAt(0) > 0x20 && c.codePointAt(0) < 0x7f)) fail(`${place}: a feed's URL must be printable ASCII without spaces (percent-encode the rest)`);
    if (present(object, "items")) {
      const n = object.items;
      if (typeof n !== "number") fail(`${place}: "items" must be a number`);
      if (!(Number.isInteger(n) && n >= 1 && n <= FEED_ITEMS)) fail(`${place}: "items" must be a whole number from 1 to ${FEED_ITEMS}`);
    }
    if (present(object, "every")) {
      const every = object.every;
      let seconds;
      if (typeof every === "string") {
        const units = { s: 1, m: 60, h: 3600, d: 86_400 };
        let digits = every, unit = 1;
        const last = characters(every).at(-1);
        if (last in units) { unit = units[last]; digits = every.slice(0, -1); }
        const chars = characters(digits);
        if (chars.length > 12 || chars.length === 0 || !/^[0-9.]+$/.test(digits) || !/^(\d+\.?\d*|\.\d+)$/.test(digits)) {
          fail(`${place}: "every" must be a duration such as "15m", "30s", "2h" or "1d"`);
        }
        seconds = Number(digits) * unit;
      } else if (typeof every === "number") seconds = every;
      else fail(`${place}: "every" must be a duration such as "15m"`);
      if (!(Number.isFinite(seconds) && seconds >= 10 && seconds <= 86_400)) fail(`${place}: "every" must be 10 s to 1 day`);
    }
    if (present(object, "caption") && object.caption !== "summary" && object.caption !== "none") {
      fail(`${place}: "caption" of a feed entry must be "summary" or "none"`);
    }
    if (present(object, "prefix")) {
      if (typeof object.prefix !== "string") fail(`${place}: "prefix" must be a string`);
      if (characters(object.prefix).length > 64) fail(`${place}: "prefix" is longer than 64 characters`);
    }
    const unknown = Object.keys(object).filter((k) => !FEED_KEYS.includes(k)).sort();
    if (unknown.length) notes.push(`${place}: unknown key${unknown.length === 1 ? "" : "s"} ${unknown.map(quoted).join(", ")} ignored (a feed entry has ${FEED_KEYS.map((k) => `"${k}"`).join(", ")})`);
  }

  // ---- The deck ----

  function limits(count, bytes, name) {
    if (count > MAXIMUM_CUES) fail(`${name}: more than ${grouped(MAXIMUM_CUES)} messages; a sign holds at most ${grouped(MAXIMUM_CUES)}`);
    if (bytes > MAXIMUM_TEXT_BYTES) fail(`${name}: more than 4 MiB of text (${grouped(bytes)} bytes so far); a sign holds at most 4 MiB`);
  }

  /** Cuts `text` to 64 KiB of UTF-8 without half a character, as the sign. */
  function bounded(text, field, place, notes) {
    const bytes = new TextEncoder().encode(text);
    if (bytes.length <= MAXIMUM_LINE_BYTES) return text;
    notes.push(`${place}: ${field} cut to ${MAXIMUM_LINE_BYTES} bytes`);
    let end = MAXIMUM_LINE_BYTES;
    while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
    return new TextDecoder().decode(bytes.subarray(0, end));
  }

  function entries(list, name, notes) {
    limits(list.length, 0, name);
    const cues = [];
    let feeds = 0;
    let textBytes = 0;
    list.forEach((entry, index) => {
      const place = `${name}: entry ${index + 1}`;
      if (kind(entry) === "object" && given(entry, "feed")) {
        if (feeds >= MAXIMUM_FEEDS) fail(`${place}: a deck has at most ${MAXIMUM_FEEDS} feeds`);
        feedEntry(entry, place, notes);
        feeds++;
        return;
      }
      let text, caption = null, seconds = SECONDS.standard, sched = null;
      if (typeof entry === "string") {
        text = bounded(entry, "text", place, notes);
      } else if (kind(entry) === "object") {
        if (typeof entry.text !== "string") fail(`${place}: "text" is missing or not a string`);
        text = bounded(entry.text, "text", place, notes);
        if (present(entry, "caption")) {
          if (typeof entry.caption !== "string") fail(`${place}: "caption" must be a string`);
          caption = bounded(entry.caption, "caption", place, notes);
        }
        if (present(entry, "seconds")) {
          if (typeof entry.seconds !== "number") fail(`${place}: "seconds" must be a number`);
          const v = entry.seconds;
          seconds = Number.isFinite(v) ? Math.min(Math.max(v, SECONDS.minimum), SECONDS.maximum) : SECONDS.standard;
          if (seconds !== v) notes.push(`${place}: "seconds" ${plain(v)} is out of range; using ${plain(seconds)} (seconds are ${SECONDS.minimum} to ${SECONDS.maximum})`);
        }
        look(entry, place);
        sched = schedule(entry, place);
        const unknown = Object.keys(entry).filter((k) => !DECK_KEYS.includes(k) && k !== "colour").sort();
        if (unknown.length) notes.push(`${place}: unknown key${unknown.length === 1 ? "" : "s"} ${unknown.map(quoted).join(", ")} ignored (an entry has ${DECK_KEYS.map((k) => `"${k}"`).join(", ")})`);
      } else {
        fail(`${place}: must be a string or an object with "text"`);
      }
      const clean = sanitize(text);
      if (characters(clean).every((c) => c === " ")) fail(`${place}: "text" is empty`);
      const cleanCaption = caption === null ? null : sanitize(caption);
      cues.push({ index, text: clean, seconds, schedule: sched });
      textBytes += utf8Bytes(clean) + (cleanCaption ? utf8Bytes(cleanCaption) : 0);
      limits(cues.length, textBytes, name);
    });
    if (cues.length === 0 && feeds === 0) fail(`${name}: the deck has no entries`);
    return { cues, feeds };
  }

  function epoch(value, name) {
    const problem = `${name}: "epoch" must be Unix seconds or an RFC 3339 UTC time such as "2026-12-01T09:00:00Z"`;
    if (value === null) return null;
    if (typeof value === "number") {
      if (!(Number.isFinite(value) && value >= 0 && value <= LATEST_EPOCH)) {
        fail(`${name}: "epoch" ${Number.isFinite(value) ? plain(value) : String(value)} is out of range (0 to ${LATEST_EPOCH}, years 1970 to 9999)`);
      }
      return value;
    }
    if (typeof value === "string") {
      const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?[Zz]$/.exec(value);
      const ok = m && value.length <= 40 && +m[1] >= 1970 && +m[2] >= 1 && +m[2] <= 12 && +m[3] >= 1 && +m[3] <= daysInMonth(+m[2], +m[1]) && +m[4] <= 23 && +m[5] <= 59 && +m[6] <= 59;
      if (!ok) fail(`${problem}, not ${quoted(value)}`);
      return daysFromCivil(+m[1], +m[2], +m[3]) * 86_400 + +m[4] * 3600 + +m[5] * 60 + +m[6] + (m[7] ? Number(m[7]) : 0);
    }
    fail(problem);
  }

  // A deck's "zones" (DeckZones.swift), each the written form of --zones
  // (SignZone+Parsing.swift): EDGE[=WIDTH][@SECONDS]:TEXT[|TEXT…].
  const ZONE_EDGES = ["left", "right", "top", "bottom"];
  const ZONE = { maximumTexts: 16, maximumTextLength: 256, maximumWidth: 200, minimumSeconds: 0.5, maximumSeconds: 3600 };
  const ZONES_FORM = 'a JSON array of zones written as --zones takes them, such as ["left:OPEN", "bottom:A|B"]';
  /** SignZone.quoted: cut to 64 Unicode scalars, escaped, no quotes. */
  function zoneQuoted(text) {
    const scalars = Array.from(text);
    return visible(scalars.length > 64 ? scalars.slice(0, 64).join("") + "…" : text);
  }
  /** Swift's Double(String) for decimal numbers; null for anything else. */
  const decimal = (word) => (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(word) ? Number(word) : null);

  /** One zone as SignZone(parsing:) reads it: {edge, texts, width, seconds}. */
  function zone(written) {
    const q = zoneQuoted(written);
    const colon = written.indexOf(":");
    if (colon < 0) fail(`zone '${q}' needs EDGE:TEXT (left:OPEN, right:{time:%H:%M}, bottom:A|B)`);
    let head = written.slice(0, colon);
    let seconds = 5;
    const at = head.indexOf("@");
    if (at >= 0) {
      const word = head.slice(at + 1);
      const value = decimal(word.endsWith("s") ? word.slice(0, -1) : word);
      if (value === null || !Number.isFinite(value) || value < ZONE.minimumSeconds || value > ZONE.maximumSeconds) {
        fail(`zone '${q}': @SECONDS must be a number of seconds from ${plain(ZONE.minimumSeconds)} to ${plain(ZONE.maximumSeconds)}, not '${zoneQuoted(word)}'`);
      }
      seconds = value;
      head = head.slice(0, at);
    }
    let width = null;
    const equals = head.indexOf("=");
    if (equals >= 0) {
      const word = head.slice(equals + 1);
      const value = /^[+-]?\d+$/.test(word) ? Number(word) : NaN;
      if (!(value >= 1 && value <= ZONE.maximumWidth)) {
        fail(`zone '${q}': =WIDTH must be a number of cells from 1 to ${ZONE.maximumWidth}, not '${zoneQuoted(word)}'`);
      }
      width = value;
      head = head.slice(0, equals);
    }
    if (!ZONE_EDGES.includes(head)) fail(`zone '${q}': unknown edge '${zoneQuoted(head)}' (use ${ZONE_EDGES.join(", ")})`);
    if (width !== null && head !== "left" && head !== "right") fail(`zone '${q}': only a left or right zone takes =WIDTH`);
    const texts = [];
    let current = "";
    let escaped = false;
    for (const character of characters(written.slice(colon + 1))) {
      if (escaped) {
        if (character !== "|" && character !== "\\") fail(`zone '${q}': '\\' escapes only '|' and '\\'`);
        current += character;
        escaped = false;
      } else if (character === "\\") {
        escaped = true;
      } else if (character === "|") {
        texts.push(current);
        current = "";
      } else {
        current += character;
      }
      if (texts.length >= ZONE.maximumTexts) fail(`zone '${q}': more than ${ZONE.maximumTexts} texts`);
      if (Array.from(current).length > ZONE.maximumTextLength) fail(`zone '${q}': a text longer than ${ZONE.maximumTextLength} characters`);
    }
    if (escaped) fail(`zone '${q}' ends in a lone '\\'`);
    texts.push(current);
    if (!texts.every((text) => !/^ *$/.test(sanitize(text)))) fail(`zone '${q}' has an empty text`);
    return { edge: head, texts, width, seconds };
  }

  /** A deck object's "zones": null for null (the sign's own show). */
  function zones(value, name) {
    if (value === null) return null;
    if (!Array.isArray(value)) fail(`${name}: "zones" must be ${ZONES_FORM}`);
    if (value.length > ZONE_EDGES.length) fail(`${name}: "zones" has ${value.length} zones (at most ${ZONE_EDGES.length}, one an edge)`);
    const list = value.map((written, index) => {
      if (typeof written !== "string") fail(`${name}: "zones" ${index + 1}: must be a string (${ZONES_FORM})`);
      try {
        return zone(written);
      } catch (error) {
        if (error instanceof DeckError) fail(`${name}: "zones" ${index + 1}: ${error.message}`);
        throw error;
      }
    });
    const seen = new Set();
    for (const { edge } of list) {
      if (seen.has(edge)) fail(`${name}: "zones": two zones at the ${edge} edge (one zone an edge, at most ${ZONE_EDGES.length})`);
      seen.add(edge);
    }
    return list;
  }

  /** Checks a parsed deck as a fleet sign checks the retained deck `name`
   *  (its topic). Returns {cues, feeds, epoch, zones, notes}; throws DeckError with
   *  the sign's message. */
  function checkDeck(root, name) {
    const notes = [];
    if (Array.isArray(root)) return { ...entries(root, name, notes), epoch: null, zones: null, notes };
    if (kind(root) === "object") {
      if (!given(root, "deck")) fail(`${name}: a deck object needs "deck", the JSON array of entries`);
      if (!Array.isArray(root.deck)) fail(`${name}: "deck" must be a JSON array of entries`);
      const at = given(root, "epoch") ? epoch(root.epoch, name) : null;
      const result = entries(root.deck, name, notes);
      const shown = given(root, "zones") ? zones(root.zones, name) : null;
      const unknown = Object.keys(root).filter((k) => k !== "epoch" && k !== "deck" && k !== "zones").sort();
      if (unknown.length) notes.unshift(`${name}: unknown key${unknown.length === 1 ? "" : "s"} ${unknown.map(quoted).join(", ")} ignored (a deck object has "epoch", "deck" and "zones")`);
      return { ...result, epoch: at, zones: shown, notes };
    }
    fail(`${name}: a deck must be a JSON array of entries, or an object with "deck" and "epoch"`);
  }

  /** The same, from the text of a retained message or the JSON box. */
  function checkDeckText(text, name) {
    const bytes = utf8Bytes(text);
    if (bytes > MAXIMUM_DECK_BYTES) fail(`${name}: deck of ${bytes} bytes refused (at most ${MAXIMUM_DECK_BYTES})`);
    if (text.includes("\u0000")) fail(`${name}: looks like a binary file (it contains NUL bytes)`);
    let root;
    try {
      root = JSON.parse(text);
    } catch (error) {
      fail(`${name}: not valid JSON (${error.message})`);
    }
    return checkDeck(root, name);
  }

  LedMarquee.deckRules = { DECK_TOPIC_SUFFIX, MAXIMUM_DECK_BYTES, COLOURS, STYLES, STAY_MODES, TRANSITIONS, SCHEDULE_KEYS, DeckError, quoted, parseDays, parseHours, daysFromCivil, parseMoment, momentText, checkDeck, checkDeckText };
})();
