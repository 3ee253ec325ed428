// One card per sign, from the retained statuses on PREFIX/sign/+/status
// (docs/fleet.md, "Status and the Last Will"), with a live picture from
// PREFIX/sign/NAME/snapshot while the card's picture is open and on screen.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const { NAME_CHARACTERS, setText, visible, cut } = LedMarquee.text;
  /** A picture asked for a little less than once a second: the sign refuses a second one within a second. */
  const PICTURE_PERIOD_MS = 1200;

  class Cards {
    constructor(fleet, list) {
      this.fleet = fleet;
      this.list = list;
      this.cards = new Map(); // name -> {element, status, pictureURL}
      this.template = document.getElementById("card-template");
      // Pictures only for cards on screen.
      this.visible = new Set();
      this.observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          const name = entry.target.dataset.sign;
          if (entry.isIntersecting) this.visible.add(name); else this.visible.delete(name);
        }
      });
      this.timer = setInterval(() => this.askPictures(), PICTURE_PERIOD_MS);
    }

    /** A retained or live status (an empty payload: a forgotten sign). */
    status(name, status) {
      if (status === null) {
        this.remove(name);
        return;
      }
      let card = this.cards.get(name);
      if (!card) card = this.add(name);
      card.status = status;
      this.render(card);
      this.fleet.signsChanged();
    }

    add(name) {
      const element = this.template.content.firstElementChild.cloneNode(true);
      element.dataset.sign = name;
      const card = { element, name, status: null, pictureURL: null };
      const label = `Select ${visible(cut(name, NAME_CHARACTERS))}`;
      element.querySelector(".select").setAttribute("aria-label", label);
      element.querySelector(".forget").addEventListener("click", () => this.fleet.forget(name));
      // Insert in name order: a stable grid as signs come and go.
      const after = [...this.cards.keys()].filter((other) => other > name).sort()[0];
      this.list.insertBefore(element, after ? this.cards.get(after).element : null);
      this.cards.set(name, card);
      this.observer.observe(element);
      return card;
    }

    remove(name) {
      const card = this.cards.get(name);
      if (!card) return;
      this.observer.unobserve(card.element);
      this.visible.delete(name);
      if (card.pictureURL) URL.revokeObjectURL(card.pictureURL);
      card.element.remove();
      this.cards.delete(name);
      this.fleet.signsChanged();
    }

    render(card) {
      const s = card.status;
      const e = card.element;
      const q = (selector) => e.querySelector(selector);
      const online = s.online === true;
      e.classList.toggle("is-online", online);
      e.classList.toggle("is-offline", !online);
      setText(q(".name"), card.name, NAME_CHARACTERS);
      q(".online").textContent = online ? "online" : "offline";
      q(".seen").textContent = online ? "now" : typeof s.at === "string" ? formatTime(s.at) : "lost (Last Will)";
      setText(q(".showing"), online && typeof s.text === "string" ? s.text : "—");
      q(".position").textContent = online && Number.isInteger(s.index) && Number.isInteger(s.count) ? `${s.index + 1} of ${s.count}` : "—";
      const flags = ["interrupt", "paused", "quiet", "idle"].filter((key) => s[key] === true);
      q(".flags").textContent = online ? (flags.length ? flags.join(", ") : "playing") : "—";
      setText(q(".link"), online && typeof s.link === "string" ? s.link : "—", 16);
      const power = [s.thermal, s.tier].filter((v) => typeof v === "string");
      if (s.lowPower === true) power.push("low power");
      setText(q(".power"), online && power.length ? power.join(", ") : "—", 64);
      q(".forget").hidden = online;
      q(".picture").hidden = !online;
    }

    /** The names of the cards whose box is ticked. */
    selected() {
      return [...this.cards.values()].filter((c) => c.element.querySelector(".select").checked).map((c) => c.name);
    }

    online() {
      return [...this.cards.values()].filter((c) => c.status?.online === true).map((c) => c.name);
    }

    names() { return [...this.cards.keys()].sort(); }

    askPictures() {
      for (const card of this.cards.values()) {
        if (card.status?.online !== true || !this.visible.has(card.name)) continue;
        if (!card.element.querySelector(".picture").open || document.hidden) continue;
        this.fleet.command(card.name, { cmd: "snapshot" }).catch(() => {});
      }
    }

    picture(name, bytes) {
      const card = this.cards.get(name);
      if (!card) return;
      // A PNG from the sign, shown through a Blob URL (CSP img-src blob:).
      const url = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
      const image = card.element.querySelector(".snapshot");
      image.src = url;
      image.alt = `What ${visible(cut(name, NAME_CHARACTERS))} shows`;
      if (card.pictureURL) URL.revokeObjectURL(card.pictureURL);
      card.pictureURL = url;
      card.element.querySelector(".picture-note").textContent = `at ${new Date().toLocaleTimeString()}`;
    }
  }

  function formatTime(at) {
    const date = new Date(at);
    return Number.isNaN(date.getTime()) ? "unknown" : date.toLocaleString();
  }

  LedMarquee.cards = { Cards };
})();
