// A small MQTT 3.1.1 client over WebSocket, for the fleet page (docs/fleet-page.md,
// "The MQTT client"). Debian packages no browser MQTT library and the page
// has no build step, so it carries this one: what the page needs and no more.
//
// - CONNECT with a user name and password (held by the caller, in memory
//   only), a clean session, a keepalive (default 30 s, as the signs').
// - SUBSCRIBE (QoS 0 or 1 granted), PUBLISH at QoS 0 or 1 (a QoS 1 publish
//   resolves on its PUBACK), an incoming QoS 1 PUBLISH is acknowledged.
// - PINGREQ when nothing was sent for a keepalive; no packet at all from the
//   broker for 1.5 keepalives closes the connection (a silent broker).
// - Reconnect after a connection that was up is lost: waits of 1, 2, 4, …
//   up to 30 s, each with a random part, and the subscriptions made again;
//   the waits start over only after a connection that lasted a minute.
//   A refused CONNECT (a wrong password) is not retried: the caller says so.
// - The WebSocket subprotocol is "mqtt" (Mosquitto's `protocol websockets`).
//   Packets may be split across WebSocket messages or share one: the reader
//   joins bytes and cuts packets by their remaining length (a varint of at
//   most 4 bytes, 7 bits each, low first).
// - Caps: an incoming packet larger than `maxPacketBytes` (default 1 MiB +
//   1 KiB, the signs' own bound: a deck is at most 1 MiB) closes the
//   connection before it is buffered whole, with an error saying its size;
//   a remaining length of more than 4 bytes is malformed and closes it too.
//
// Not here: QoS 2, will messages, MQTT 5, persistent sessions.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const TYPE = { CONNECT: 1, CONNACK: 2, PUBLISH: 3, PUBACK: 4, SUBSCRIBE: 8, SUBACK: 9, PINGREQ: 12, PINGRESP: 13, DISCONNECT: 14 };

  const DEFAULT_MAX_PACKET_BYTES = 1_048_576 + 1_024;

  // What a CONNACK's return code means (MQTT 3.1.1, 3.2.2.3).
  const CONNACK_REASONS = [
    "accepted",
    "the broker does not speak MQTT 3.1.1",
    "the client ID was refused",
    "the broker is unavailable",
    "wrong user name or password",
    "not authorised",
  ];

  const encoder = new TextEncoder();
  const decoder = new TextDecoder("utf-8", { fatal: false });

  /** The remaining-length varint of `n` (0 … 268,435,455). */
  function encodeLength(n) {
    if (!Number.isInteger(n) || n < 0 || n > 268_435_455) throw new RangeError(`remaining length ${n} out of range`);
    const bytes = [];
    do {
      let byte = n % 128;
      n = Math.floor(n / 128);
      if (n > 0) byte |= 0x80;
      bytes.push(byte);
    } while (n > 0);
    return Uint8Array.from(bytes);
  }

  /** Reads a remaining length at `offset`: {value, size}, or null when the
   *  bytes end before it does. Throws on a fifth length byte (malformed). */
  function decodeLength(bytes, offset) {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 4; i++) {
      if (offset + i >= bytes.length) return null;
      const byte = bytes[offset + i];
      value += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) return { value, size: i + 1 };
      scale *= 128;
    }
    throw new Error("malformed packet: a remaining length longer than 4 bytes");
  }

  function utf8String(text) {
    const bytes = encoder.encode(text);
    if (bytes.length > 65_535) throw new RangeError("a string over 65,535 bytes");
    return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
  }

  function packet(type, flags, body) {
    const length = encodeLength(body.length);
    const out = new Uint8Array(1 + length.length + body.length);
    out[0] = (type << 4) | flags;
    out.set(length, 1);
    out.set(body, 1 + length.length);
    return out;
  }

  function encodeConnect({ clientId, username, password, keepalive }) {
    let flags = 0x02; // clean session
    const payload = [...utf8String(clientId)];
    if (username != null) { flags |= 0x80; payload.push(...utf8String(username)); }
    if (password != null) { flags |= 0x40; payload.push(...utf8String(password)); }
    const header = [...utf8String("MQTT"), 4, flags, keepalive >> 8, keepalive & 0xff];
    return packet(TYPE.CONNECT, 0, Uint8Array.from([...header, ...payload]));
  }

  function encodeSubscribe(id, filters) {
    const body = [id >> 8, id & 0xff];
    for (const { topic, qos } of filters) body.push(...utf8String(topic), qos);
    return packet(TYPE.SUBSCRIBE, 0x02, Uint8Array.from(body));
  }

  function encodePublish(topic, payload, { qos = 0, retain = false, id = 0 } = {}) {
    const data = typeof payload === "string" ? encoder.encode(payload) : payload;
    const head = utf8String(topic);
    if (qos > 0) head.push(id >> 8, id & 0xff);
    const body = new Uint8Array(head.length + data.length);
    body.set(head, 0);
    body.set(data, head.length);
    return packet(TYPE.PUBLISH, (qos << 1) | (retain ? 1 : 0), body);
  }

  const simple = (type, flags, body = []) => packet(type, flags, Uint8Array.from(body));

  /** Cuts a byte stream into MQTT packets, whatever the WebSocket messages'
   *  boundaries; refuses a packet over `maxPacketBytes` as soon as its header
   *  says so. */
  class PacketReader {
    constructor(maxPacketBytes = DEFAULT_MAX_PACKET_BYTES) {
      this.max = maxPacketBytes;
      this.buffer = new Uint8Array(0);
    }

    /** Adds bytes; returns the whole packets now available. */
    push(chunk) {
      const joined = new Uint8Array(this.buffer.length + chunk.length);
      joined.set(this.buffer, 0);
      joined.set(chunk, this.buffer.length);
      const packets = [];
      let offset = 0;
      while (joined.length - offset >= 2) {
        const length = decodeLength(joined, offset + 1);
        if (length === null) break;
        const total = 1 + length.size + length.value;
        if (total > this.max) throw new Error(`a packet of ${total} bytes refused (at most ${this.max})`);
        if (joined.length - offset < total) break;
        const start = offset + 1 + length.size;
        packets.push({ type: joined[offset] >> 4, flags: joined[offset] & 0x0f, body: joined.slice(start, start + length.value) });
        offset += total;
      }
      this.buffer = joined.slice(offset);
      return packets;
    }
  }

  function decodePublish(flags, body) {
    const topicLength = (body[0] << 8) | body[1];
    const topic = decoder.decode(body.subarray(2, 2 + topicLength));
    const qos = (flags >> 1) & 3;
    let offset = 2 + topicLength;
    let id = 0;
    if (qos > 0) { id = (body[offset] << 8) | body[offset + 1]; offset += 2; }
    return { topic, qos, id, retain: (flags & 1) === 1, payload: body.slice(offset) };
  }

  /** A connection that reconnects by itself once it has been up. Callbacks:
   *  onMessage(topic, bytes, retained), onState(state, detail) with state
   *  "connecting", "up", "down" (a retry will follow) or "refused". */
  class MqttClient {
    // Private: only the CONNECT packet reads it, nothing outside this object can.
    #password;

    constructor(url, { username, password, clientId, keepalive = 30, maxPacketBytes = DEFAULT_MAX_PACKET_BYTES } = {}) {
      this.url = url;
      this.#password = password;
      this.options = { username, keepalive, clientId: clientId ?? `ledmarquee-page-${randomHex(8)}` };
      this.maxPacketBytes = maxPacketBytes;
      this.onMessage = () => {};
      this.onState = () => {};
      this.subscriptions = new Map(); // topic filter -> qos, made again on reconnect
      this.pending = new Map(); // packet id -> {resolve, reject}
      this.nextId = 1;
      this.attempt = 0;
      this.closed = false;
      this.bytesIn = 0;
      this.bytesOut = 0;
    }

    /** Resolves once the broker accepted the CONNECT; rejects with its reason
     *  (then nothing is retried) or when the socket closes first. */
    connect() {
      return new Promise((resolve, reject) => this.open(resolve, reject));
    }

    open(resolve, reject) {
      this.onState("connecting");
      const socket = new WebSocket(this.url, ["mqtt"]);
      socket.binaryType = "arraybuffer";
      this.socket = socket;
      const reader = new PacketReader(this.maxPacketBytes);
      let accepted = false;
      socket.onopen = () => {
        this.send(encodeConnect({ ...this.options, password: this.#password }));
        this.lastReceived = Date.now();
        this.startTimer();
      };
      socket.onmessage = (event) => {
        const bytes = new Uint8Array(event.data);
        this.bytesIn += bytes.length;
        this.lastReceived = Date.now();
        let packets;
        try {
          packets = reader.push(bytes);
        } catch (error) {
          this.drop(error.message);
          return;
        }
        for (const p of packets) {
          if (p.type === TYPE.CONNACK) {
            const code = p.body[1];
            if (code !== 0) {
              this.closed = true;
              socket.close();
              const reason = CONNACK_REASONS[code] ?? `refused (code ${code})`;
              this.onState("refused", reason);
              reject?.(new Error(reason));
              resolve = reject = null; // the close that follows has nothing more to say
              return;
            }
            accepted = true;
            this.upSince = Date.now();
            this.resubscribe();
            this.onState("up");
            resolve?.();
            resolve = reject = null;
          } else {
            this.handle(p);
          }
        }
      };
      socket.onclose = (event) => {
        this.stopTimer();
        for (const { reject: fail } of this.pending.values()) fail(new Error("the connection was lost"));
        this.pending.clear();
        if (!accepted && reject) {
          // No CONNACK: Mosquitto closes the socket on a refused login over
          // WebSocket before sending one in some versions; say what we know.
          this.closed = true;
          const reason = event.code === 1006 ? "the broker closed the connection (wrong user name or password, or no broker)" : `closed (${event.code})`;
          this.onState("refused", reason);
          reject(new Error(reason));
          return;
        }
        if (this.closed) return;
        // As the signs do (LinkLiveness): only a connection that was up for a
        // minute starts the waits over, so a broker that accepts and drops at
        // once is not tried every second for ever.
        if (accepted && Date.now() - this.upSince >= 60_000) this.attempt = 0;
        const wait = Math.min(30_000, 1000 * 2 ** this.attempt) * (1 + Math.random());
        this.attempt = Math.min(this.attempt + 1, 5);
        this.onState("down", Math.round(wait / 100) / 10);
        this.retry = setTimeout(() => this.open(null, null), wait);
      };
    }

    handle(p) {
      switch (p.type) {
        case TYPE.PUBLISH: {
          const message = decodePublish(p.flags, p.body);
          if (message.qos === 1) this.send(simple(TYPE.PUBACK, 0, [message.id >> 8, message.id & 0xff]));
          this.onMessage(message.topic, message.payload, message.retain);
          break;
        }
        case TYPE.PUBACK:
        case TYPE.SUBACK: {
          const id = (p.body[0] << 8) | p.body[1];
          const waiter = this.pending.get(id);
          this.pending.delete(id);
          waiter?.resolve(p.type === TYPE.SUBACK ? Array.from(p.body.subarray(2)) : undefined);
          break;
        }
        default:
          break; // PINGRESP: only its arrival counts (lastReceived)
      }
    }

    send(bytes) {
      if (this.socket?.readyState !== WebSocket.OPEN) return false;
      this.socket.send(bytes);
      this.bytesOut += bytes.length;
      this.lastSent = Date.now();
      return true;
    }

    packetId() {
      do { this.nextId = (this.nextId % 65_535) + 1; } while (this.pending.has(this.nextId));
      return this.nextId;
    }

    awaitAck(id, bytes) {
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        if (!this.send(bytes)) { this.pending.delete(id); reject(new Error("not connected")); }
      });
    }

    /** Subscribes (and again after every reconnect); resolves with the
     *  granted QoS of each filter (0x80: refused, e.g. by an ACL). */
    subscribe(topics, qos = 1) {
      for (const topic of topics) this.subscriptions.set(topic, qos);
      const id = this.packetId();
      return this.awaitAck(id, encodeSubscribe(id, topics.map((topic) => ({ topic, qos }))));
    }

    resubscribe() {
      if (this.subscriptions.size === 0) return;
      const id = this.packetId();
      const filters = [...this.subscriptions].map(([topic, qos]) => ({ topic, qos }));
      this.awaitAck(id, encodeSubscribe(id, filters)).catch(() => {});
    }

    /** QoS 0 resolves once handed to the socket; QoS 1 on the PUBACK. An ACL
     *  that denies a publish still gets a PUBACK from Mosquitto (MQTT 3.1.1
     *  has no way to say no): the caller checks the effect. */
    publish(topic, payload, { qos = 1, retain = false } = {}) {
      if (qos === 0) return this.send(encodePublish(topic, payload, { retain })) ? Promise.resolve() : Promise.reject(new Error("not connected"));
      const id = this.packetId();
      return this.awaitAck(id, encodePublish(topic, payload, { qos, retain, id }));
    }

    startTimer() {
      const period = this.options.keepalive * 1000;
      this.timer = setInterval(() => {
        const now = Date.now();
        if (now - this.lastReceived > period * 1.5) { this.drop(`no answer from the broker for ${Math.round(period * 1.5 / 1000)} s`); return; }
        if (now - (this.lastSent ?? 0) >= period - 1000) this.send(simple(TYPE.PINGREQ, 0));
      }, 1000);
    }

    stopTimer() { clearInterval(this.timer); }

    drop(reason) {
      this.lastError = reason;
      this.socket?.close();
    }

    /** DISCONNECT and no more reconnects. */
    close() {
      this.closed = true;
      clearTimeout(this.retry);
      this.send(simple(TYPE.DISCONNECT, 0));
      this.socket?.close();
    }
  }

  function randomHex(bytes) {
    return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  LedMarquee.mqtt = { DEFAULT_MAX_PACKET_BYTES, encodeLength, decodeLength, encodeConnect, encodeSubscribe, encodePublish, PacketReader, decodePublish, MqttClient, randomHex };
})();
