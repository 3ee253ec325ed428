// Today's and this week's lines of what shows when, as `ledmarquee
// --schedule` prints them: a line where the answer changes, at most six
// messages named a line (`and N more`).
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const { spans, dayAndTime } = LedMarquee.schedule;
  const { cut, visible } = LedMarquee.text;
  const NAMED_PER_LINE = 6;

  function renderSchedule(cues, now = new Date()) {
    const today = document.getElementById("schedule-today");
    const week = document.getElementById("schedule-week");
    if (cues === null) {
      for (const list of [today, week]) list.replaceChildren(item("The deck is refused: no schedule."));
      return;
    }
    today.replaceChildren(...lines(spans(cues, now, 1), false));
    week.replaceChildren(...lines(spans(cues, now, 7), true));
  }

  function lines(list, withDay) {
    let day = null;
    return list.map(({ at, cues }) => {
      const when = dayAndTime(at);
      // The week's lines name their day on the first line of each day.
      const prefix = withDay && when.day !== day ? `${when.day} ` : "";
      day = when.day;
      const named = cues.slice(0, NAMED_PER_LINE).map((c) => `#${c.index + 1} ${visible(cut(c.text, 32))}`);
      if (cues.length > NAMED_PER_LINE) named.push(`and ${cues.length - NAMED_PER_LINE} more`);
      const li = item(`${prefix}${when.time}  ${named.length ? named.join(" · ") : "nothing (idle)"}`);
      if (withDay && prefix) li.classList.add("new-day");
      return li;
    });
  }

  function item(text) {
    const li = document.createElement("li");
    li.textContent = text;
    li.dir = "auto";
    return li;
  }

  LedMarquee.scheduleView = { renderSchedule };
})();
