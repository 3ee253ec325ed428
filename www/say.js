// `say` to one sign, the selected signs or all, with each sign's answer
// (docs/fleet.md, "Answers"): every command carries an `id`; each sign
// answers on PREFIX/sign/NAME/reply. A sign that does not answer within
// 5 s is said to, as `ledmarquee send` says it.
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const { COLOURS } = LedMarquee.deckRules;
  const { randomHex } = LedMarquee.mqtt;
  const { NAME_CHARACTERS, TEXT_CHARACTERS, textElement } = LedMarquee.text;
  const ANSWER_WAIT_MS = 5000;
  /** Answers kept on screen; older ones go. */
  const ANSWERS_SHOWN = 50;

  class Say {
    constructor(fleet) {
      this.fleet = fleet;
      this.form = document.getElementById("say-form");
      this.answers = document.getElementById("answers");
      this.one = document.getElementById("say-one");
      const colour = document.getElementById("say-color");
      for (const name of COLOURS) colour.append(new Option(name, name));
      this.form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.send();
      });
      this.one.addEventListener("change", () => { this.form.querySelector("input[value=one]").checked = true; });
    }

    /** Keeps the one-sign list in step with the cards. */
    signs(names) {
      const chosen = this.one.value;
      this.one.replaceChildren(...names.map((name) => new Option(name, name)));
      if (names.includes(chosen)) this.one.value = chosen;
    }

    send() {
      const text = document.getElementById("say-text").value;
      const seconds = Number(document.getElementById("say-for").value);
      const color = document.getElementById("say-color").value;
      const command = { cmd: "say", text };
      if (Number.isFinite(seconds) && seconds > 0) command.for = seconds;
      if (color) command.color = color;
      const to = this.form.querySelector("input[name=say-to]:checked").value;
      if (to === "all") {
        // Waiting before sending: an answer can never come before its waiter.
        const id = randomHex(8);
        this.collectAnswers(id, this.fleet.cards.online());
        this.fleet.commandAll(command, id).catch((error) => this.line(`not sent: ${error.message}`));
        return;
      }
      const names = to === "one" ? [this.one.value].filter(Boolean) : this.fleet.cards.selected();
      if (names.length === 0) { this.line(to === "one" ? "no sign to say it to" : "no sign is selected"); return; }
      for (const name of names) {
        const id = randomHex(8);
        this.collectAnswers(id, [name]);
        this.fleet.command(name, command, id).catch((error) => this.line(`${name}: not sent: ${error.message}`));
      }
    }

    /** Waits for the answers to request `id` from `expected`. */
    collectAnswers(id, expected) {
      const waiting = new Set(expected);
      this.fleet.onAnswer(id, (name, answer) => {
        waiting.delete(name);
        this.answer(name, answer);
      });
      setTimeout(() => {
        this.fleet.offAnswer(id);
        for (const name of [...waiting].sort()) this.answer(name, null);
      }, ANSWER_WAIT_MS);
    }

    answer(name, answer) {
      const item = document.createElement("li");
      item.append(textElement("bdi", name, NAME_CHARACTERS, "answer-name"), ": ");
      if (answer === null) item.append(`no answer within ${ANSWER_WAIT_MS / 1000} s`);
      else if (answer.ok === true) item.append("ok");
      else item.append("refused: ", textElement("span", String(answer.error ?? "no reason"), TEXT_CHARACTERS));
      item.dataset.sign = name;
      this.prepend(item);
    }

    line(text) {
      const item = document.createElement("li");
      item.textContent = text;
      this.prepend(item);
    }

    prepend(item) {
      this.answers.prepend(item);
      while (this.answers.children.length > ANSWERS_SHOWN) this.answers.lastElementChild.remove();
    }
  }

  LedMarquee.say = { Say };
})();
