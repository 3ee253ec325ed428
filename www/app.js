// The fleet page (docs/fleet-page.md): log in to the broker over WebSocket,
// then follow the signs' statuses, answers and pictures, and the deck.
// The password lives only in the MQTT client's private field (the form's
// field is emptied once used), never in storage, the URL or the DOM.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const { MqttClient, randomHex } = LedMarquee.mqtt;
  const { Cards } = LedMarquee.cards;
  const { Say } = LedMarquee.say;
  const { DeckEditor } = LedMarquee.deckEditor;
  const { renderSchedule } = LedMarquee.scheduleView;
  const decoder = new TextDecoder();
  /** A status or an answer larger than this is not read (as `send` reads at most 64 KiB). */
  const MAXIMUM_STATUS_BYTES = 65_536;
  const PREFIX_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

  class Fleet {
    constructor(client, prefix) {
      this.client = client;
      this.prefix = prefix;
      this.answerWaiters = new Map();
      this.cards = new Cards(this, document.getElementById("cards"));
      this.say = new Say(this);
      this.deck = new DeckEditor(this);
      this.lastCues = [];
      client.onMessage = (topic, bytes, retained) => this.message(topic, bytes, retained);
    }

    start() {
      const p = this.prefix;
      return this.client.subscribe([`${p}/sign/+/status`, `${p}/sign/+/reply`, `${p}/sign/+/snapshot`, `${p}/deck`]);
    }

    message(topic, bytes) {
      if (topic === `${this.prefix}/deck`) { this.deck.retained(decoder.decode(bytes)); return; }
      const rest = topic.startsWith(`${this.prefix}/sign/`) ? topic.slice(this.prefix.length + 6).split("/") : [];
      if (rest.length !== 2) return;
      const [name, kind] = rest;
      if (kind === "snapshot") { this.cards.picture(name, bytes); return; }
      if (bytes.length > MAXIMUM_STATUS_BYTES) return;
      if (kind === "status") {
        this.cards.status(name, bytes.length === 0 ? null : parseObject(bytes) ?? { online: false, text: "(a status that is not JSON)" });
      } else if (kind === "reply") {
        const answer = parseObject(bytes);
        if (answer && typeof answer.id === "string") this.answerWaiters.get(answer.id)?.(name, answer);
      }
    }

    /** The list of names and the count follow the cards, once for a burst
     *  of statuses (200 retained ones come at once): rebuilding the one-sign
     *  list for each was most of a status's cost. */
    signsChanged() {
      if (this.namesPending) return;
      this.namesPending = setTimeout(() => {
        this.namesPending = null;
        this.listNames();
      }, 50);
    }

    listNames() {
      const names = this.cards.names();
      this.say.signs(names);
      document.getElementById("sign-count").textContent = `(${this.cards.online().length} online of ${names.length})`;
    }

    /** A command to one sign, with an id (a new one unless given); resolves
     *  with the id once the broker has it. */
    command(name, command, id = randomHex(8)) {
      return this.client.publish(`${this.prefix}/sign/${name}/cmd`, JSON.stringify({ ...command, id }), { qos: 1 }).then(() => id);
    }

    commandAll(command, id = randomHex(8)) {
      return this.client.publish(`${this.prefix}/cmd`, JSON.stringify({ ...command, id }), { qos: 1 }).then(() => id);
    }

    onAnswer(id, handler) { this.answerWaiters.set(id, handler); }
    offAnswer(id) { this.answerWaiters.delete(id); }

    /** As `ledmarquee send forget NAME`: an empty retained status. */
    forget(name) {
      this.client.publish(`${this.prefix}/sign/${name}/status`, new Uint8Array(0), { qos: 1, retain: true });
    }

    schedule(cues) {
      this.lastCues = cues;
      renderSchedule(cues);
    }
  }

  function parseObject(bytes) {
    try {
      const value = JSON.parse(decoder.decode(bytes));
      return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
    } catch {
      return null;
    }
  }

  function defaultURL() {
    // Mosquitto serves this page and MQTT on one listener: connect back to it.
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return location.host ? `${scheme}//${location.host}/` : "ws://localhost:9001/";
  }

  function setConnection(state, detail) {
    const text = {
      connecting: "connecting…",
      up: "connected",
      down: `connection lost; trying again in ${detail} s`,
      refused: `refused: ${detail}`,
    }[state] ?? state;
    document.getElementById("connection").textContent = text;
  }

  function login(event) {
    event.preventDefault();
    const form = event.target;
    const error = document.getElementById("login-error");
    const prefix = form.prefix.value.trim();
    if (!PREFIX_PATTERN.test(prefix)) { error.textContent = "A prefix is letters, digits, '.', '_' and '-', in levels separated by '/'."; return; }
    const user = form.user.value;
    const password = form.password.value;
    form.password.value = "";
    error.textContent = "";
    const button = form.querySelector("button");
    button.disabled = true;
    const client = new MqttClient(form.url.value.trim(), { username: user || undefined, password: password || undefined });
    client.onState = setConnection;
    client.connect().then(async () => {
      const fleet = new Fleet(client, prefix);
      window.ledmarqueeFleet = fleet; // for the tests and the console; the password is a private field of the client
      const granted = await fleet.start();
      if (granted.includes(0x80)) error.textContent = "The broker refused a subscription (its ACL): some of the fleet is not shown.";
      document.getElementById("login").hidden = true;
      document.getElementById("fleet").hidden = false;
      // Where a keyboard or a screen reader goes on from.
      document.getElementById("signs-title").focus();
    }, (reason) => {
      error.textContent = `Login refused: ${reason.message}.`;
      button.disabled = false;
      form.password.focus();
    });
  }

  document.getElementById("login-url").value = defaultURL();
  document.getElementById("login-form").addEventListener("submit", login);
})();
