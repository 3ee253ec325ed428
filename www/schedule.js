// What shows when, from the deck's schedules as a sign reads them
// (docs/schedules.md; Schedule.contains in Sources/MarqueeCore/Schedule/):
// civil time, a night window belongs to the day it starts on, `until` as a
// date takes in that whole day. The page reads the browser's clock and zone,
// as a sign reads its own: a sign in another zone shifts with its clock.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  /** Schedule.contains on civil seconds (seconds from 1970-01-01 00:00 on the wall clock). */
  function contains(schedule, seconds) {
    if (!schedule) return true;
    if (schedule.from !== null && seconds < schedule.from) return false;
    if (schedule.untilBound !== null && seconds >= schedule.untilBound) return false;
    const day = Math.floor(seconds / 86_400);
    const weekday = (((day + 3) % 7) + 7) % 7; // Monday 0
    const allowed = (d) => schedule.days === null || (schedule.days & (1 << d)) !== 0;
    if (schedule.hours === null) return allowed(weekday);
    const minute = Math.floor((seconds - day * 86_400) / 60);
    const yesterday = (weekday + 6) % 7;
    return schedule.hours.some((w) =>
      w.end <= w.start
        ? (minute >= w.start && allowed(weekday)) || (minute < w.end && allowed(yesterday))
        : minute >= w.start && minute < w.end && allowed(weekday));
  }

  /** Civil seconds of a Date on this browser's wall clock. */
  function civilSeconds(date) {
    return Math.floor((date.getTime() - date.getTimezoneOffset() * 60_000) / 1000);
  }

  /** The spans of `days` days from the midnight of `start`: each {at, cues},
   *  `cues` the deck entries in window from `at` until the next span. A span
   *  begins only where the answer changes (touching windows are one). */
  function spans(cues, start, days) {
    const first = Math.floor(civilSeconds(start) / 86_400) * 86_400;
    const last = first + days * 86_400;
    const minutes = new Set([0]);
    const moments = new Set();
    for (const { schedule } of cues) {
      if (!schedule) continue;
      for (const w of schedule.hours ?? []) { minutes.add(w.start); minutes.add(w.end % 1440); }
      if (schedule.from !== null) moments.add(schedule.from);
      if (schedule.untilBound !== null) moments.add(schedule.untilBound);
    }
    const candidates = new Set();
    for (let day = first; day < last; day += 86_400) for (const m of minutes) candidates.add(day + m * 60);
    for (const m of moments) if (m > first && m < last) candidates.add(m);
    const result = [];
    let previous = null;
    for (const at of [...candidates].sort((a, b) => a - b)) {
      const showing = cues.filter((c) => contains(c.schedule, at));
      const key = showing.map((c) => c.index).join(",");
      if (key !== previous) result.push({ at, cues: showing });
      previous = key;
    }
    return result;
  }

  const DAY = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const pad = (n) => String(n).padStart(2, "0");

  /** "Fri 2026-12-04" and "09:00" of civil seconds. */
  function dayAndTime(seconds) {
    const days = Math.floor(seconds / 86_400);
    const date = new Date(days * 86_400_000);
    const rest = seconds - days * 86_400;
    return {
      day: `${DAY[(((days + 3) % 7) + 7) % 7]} ${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
      time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor(rest / 60) % 60)}`,
    };
  }

  LedMarquee.schedule = { contains, civilSeconds, spans, dayAndTime };
})();
