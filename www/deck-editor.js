// The retained deck (PREFIX/deck) as a list of messages to edit, checked
// with the sign's own rules (deck-rules.js) before it is published, and an
// undo to the deck before. Keys the list does not show (speed, static,
// blink, brightness, unknown ones), feed entries and a deck's epoch and
// zones are kept as they were.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const { checkDeck, checkDeckText, COLOURS, STYLES, STAY_MODES, TRANSITIONS, DeckError } = LedMarquee.deckRules;
  const { setText, TEXT_CHARACTERS } = LedMarquee.text;
  const FIELDS = ["text", "caption", "seconds", "color", "style", "mode", "enter", "exit", "days", "hours", "from", "until"];
  // The lists a select offers (docs/display.md, "Display modes").
  const CHOICES = { style: STYLES, mode: STAY_MODES, enter: TRANSITIONS, exit: TRANSITIONS };
  /** How long the broker has to send a published deck back before the page
   *  says it was not taken (an ACL that denies the publish still acknowledges it). */
  const ECHO_WAIT_MS = 3000;

  class DeckEditor {
    constructor(fleet) {
      this.fleet = fleet;
      this.rows = document.getElementById("deck-rows");
      this.error = document.getElementById("deck-error");
      this.state = document.getElementById("deck-state");
      this.json = document.getElementById("deck-json");
      this.undo = document.getElementById("deck-undo");
      this.template = document.getElementById("row-template");
      this.history = []; // decks seen on the broker, oldest first (text)
      this.current = null; // the retained deck's text
      this.epoch = undefined; // the deck object's epoch, kept
      this.zones = undefined; // the deck object's zones, kept as written
      const names = document.getElementById("colour-names");
      for (const name of COLOURS) names.append(new Option(name, name));
      document.getElementById("deck-add").addEventListener("click", () => { this.addRow({ text: "" }); this.changed(); });
      document.getElementById("deck-publish").addEventListener("click", () => this.publish(this.collect()));
      this.undo.addEventListener("click", () => this.undoDeck());
      document.getElementById("deck-json-check").addEventListener("click", () => this.fromJSON());
      this.rows.addEventListener("input", () => this.changed());
    }

    /** The retained deck as the broker sends it (text; "" when deleted). */
    retained(text) {
      const ours = this.waiting?.text === text;
      if (ours) { this.waiting.taken(); this.waiting = null; }
      if (text === this.current) return;
      // An undo's deck replaces the current one without keeping it: undo
      // goes back, not round in circles.
      if (this.current && text !== this.undone) this.history.push(this.current);
      this.undone = undefined;
      this.current = text;
      this.undo.disabled = this.history.length === 0;
      if (text === "") { this.state.textContent = "No deck on the broker."; this.load([]); return; }
      try {
        checkDeckText(text, `${this.fleet.prefix}/deck`); // the sign's size and NUL checks too
        const root = JSON.parse(text);
        this.state.textContent = ours ? "Published. The deck on the broker:" : "The deck on the broker:";
        this.load(root);
        this.error.textContent = "";
      } catch (error) {
        // A deck the signs refuse: say it as they do, and leave the editor.
        this.state.textContent = "The deck on the broker is refused by the signs:";
        this.showError(error);
        this.json.value = text;
      }
    }

    check(root) { return checkDeck(root, `${this.fleet.prefix}/deck`); }

    load(root) {
      this.epoch = Array.isArray(root) ? undefined : root.epoch;
      this.zones = Array.isArray(root) ? undefined : root.zones;
      const entries = Array.isArray(root) ? root : root.deck;
      this.rows.replaceChildren();
      for (const entry of entries) this.addRow(typeof entry === "string" ? { text: entry } : entry);
      this.changed();
    }

    addRow(entry) {
      const row = this.template.content.firstElementChild.cloneNode(true);
      row.entry = entry;
      const feed = typeof entry === "object" && entry !== null && "feed" in entry;
      for (const [key, names] of Object.entries(CHOICES)) {
        const select = row.querySelector(`.f-${key}`);
        for (const name of names) select.append(new Option(name, name));
      }
      if (feed) {
        // A feed entry is kept as it is; the list shows its URL.
        row.querySelector(".fields").hidden = true;
        setText(row.querySelector(".row-note"), `news feed ${String(entry.feed)} (kept as it is)`, TEXT_CHARACTERS);
      } else {
        for (const key of FIELDS) {
          const input = row.querySelector(`.f-${key}`);
          const value = key === "color" ? entry.color ?? entry.colour : entry[key];
          if (value === undefined || value === null) continue;
          // A value the list lacks (the deck came from elsewhere) is offered as it is, as text.
          if (CHOICES[key] && typeof value === "string" && !CHOICES[key].includes(value)) {
            input.append(new Option(value, value));
          }
          input.value = String(value);
        }
      }
      row.querySelector(".up").addEventListener("click", () => { row.previousElementSibling?.before(row); this.changed(); row.querySelector(".up").focus(); });
      row.querySelector(".down").addEventListener("click", () => { row.nextElementSibling?.after(row); this.changed(); row.querySelector(".down").focus(); });
      row.querySelector(".remove").addEventListener("click", () => { const next = row.nextElementSibling ?? row.previousElementSibling; row.remove(); this.changed(); next?.querySelector(".f-text")?.focus(); });
      this.rows.append(row);
    }

    /** The deck the list says, with what the list does not show kept. */
    collect() {
      const entries = [...this.rows.children].map((row) => {
        const entry = row.entry;
        if (typeof entry === "object" && entry !== null && "feed" in entry) return entry;
        const out = typeof entry === "object" && entry !== null ? { ...entry } : {};
        delete out.colour;
        for (const key of FIELDS) {
          const raw = row.querySelector(`.f-${key}`).value;
          delete out[key];
          if (raw.trim() === "" && key !== "text") continue;
          out[key] = key === "seconds" ? Number(raw) : raw;
        }
        const keys = Object.keys(out);
        return keys.length === 1 && keys[0] === "text" ? out.text : out;
      });
      if (this.epoch === undefined && this.zones === undefined) return entries;
      const deck = {};
      if (this.epoch !== undefined) deck.epoch = this.epoch;
      deck.deck = entries;
      if (this.zones !== undefined) deck.zones = this.zones;
      return deck;
    }

    /** Numbers the rows, refreshes the JSON box and the schedule. */
    changed() {
      [...this.rows.children].forEach((row, i) => { row.querySelector(".row-title").textContent = `Message ${i + 1}`; });
      const deck = this.collect();
      this.json.value = JSON.stringify(deck, null, 1);
      try {
        this.fleet.schedule(this.check(deck).cues);
        this.error.textContent = "";
      } catch (error) {
        if (!(error instanceof DeckError)) throw error;
        this.fleet.schedule(null);
      }
    }

    fromJSON() {
      try {
        const result = checkDeckText(this.json.value, `${this.fleet.prefix}/deck`);
        this.load(JSON.parse(this.json.value));
        this.error.textContent = result.notes.length ? `Notes: ${result.notes.join("; ")}` : "";
      } catch (error) {
        this.showError(error);
      }
    }

    showError(error) {
      if (!(error instanceof DeckError) && !(error instanceof SyntaxError)) throw error;
      setText(this.error, error.message, 4 * TEXT_CHARACTERS);
      this.error.title = "";
      this.error.dataset.message = error.message; // whole, for a test or a copy
    }

    publish(deck) {
      try {
        this.check(deck);
      } catch (error) {
        this.showError(error);
        return;
      }
      const text = JSON.stringify(deck);
      this.error.textContent = "";
      this.state.textContent = "Publishing…";
      const timer = setTimeout(() => {
        if (this.waiting?.text !== text) return;
        this.waiting = null;
        this.showError(new DeckError("The broker did not take the deck (no permission to publish on the deck topic?)"));
        this.state.textContent = "The deck on the broker:";
      }, ECHO_WAIT_MS);
      this.waiting = { text, taken: () => { clearTimeout(timer); this.state.textContent = "Published. The deck on the broker:"; } };
      this.fleet.client.publish(`${this.fleet.prefix}/deck`, text, { qos: 1, retain: true }).catch((error) => {
        clearTimeout(timer);
        this.waiting = null;
        this.showError(new DeckError(`Not published: ${error.message}`));
      });
    }

    undoDeck() {
      const previous = this.history.pop();
      this.undo.disabled = this.history.length === 0;
      if (previous === undefined) return;
      let deck;
      try {
        deck = JSON.parse(previous);
      } catch (error) {
        this.showError(error);
        return;
      }
      this.undone = JSON.stringify(deck);
      this.publish(deck);
    }
  }

  LedMarquee.deckEditor = { DeckEditor };
})();
