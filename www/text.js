// Text from signs and decks is hostile (names, messages, errors all come
// from whoever may publish on the broker). It reaches the page only here:
// as textContent, never as HTML, with the characters that reorder or hide
// what follows shown as escapes, and cut with an ellipsis.
//
// Lengths (docs/fleet-page.md, "Hostile text"): a sign's name at most 64
// characters shown, a message or an answer at most 200; the whole text is
// in the element's title only when it was cut (as text, too).
globalThis.LedMarquee ??= {};
(() => {
  "use strict";
  const NAME_CHARACTERS = 64;
  const TEXT_CHARACTERS = 200;

  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

  /** The user-perceived characters of `text` (Swift's Characters). */
  function characters(text) {
    return Array.from(segmenter.segment(text), (s) => s.segment);
  }

  const hex = (value, digits) => value.toString(16).toUpperCase().padStart(digits, "0");

  /** The sign's `TerminalText.visible`: controls and format characters (bidi
   *  overrides and isolates, zero-width spaces, the BOM) as escapes. */
  function visible(text) {
    let out = "";
    for (const ch of text) {
      const v = ch.codePointAt(0);
      if (v === 0x1b) out += "\\e";
      else if (v === 0x0a) out += "\\n";
      else if (v === 0x0d) out += "\\r";
      else if (v === 0x09) out += "\\t";
      else if (v <= 0x1f || (v >= 0x7f && v <= 0x9f)) out += "\\x" + hex(v, 2);
      else if (v === 0x2028 || v === 0x2029 || /\p{Cf}/u.test(ch)) out += "\\u{" + hex(v, 4) + "}";
      else out += ch;
    }
    return out;
  }

  /** `text` cut to `limit` characters, an ellipsis added when cut. */
  function cut(text, limit) {
    const chars = characters(text);
    return chars.length > limit ? chars.slice(0, limit).join("") + "…" : text;
  }

  /** Puts hostile `text` into `element` as text: escaped, cut, isolated
   *  (dir=auto, so a right-to-left name does not turn its neighbours). */
  function setText(element, text, limit = TEXT_CHARACTERS) {
    const shown = visible(String(text ?? ""));
    const short = cut(shown, limit);
    element.textContent = short;
    element.dir = "auto";
    if (short !== shown) element.title = cut(shown, 4 * limit);
    else element.removeAttribute("title");
  }

  /** A new element with text set as above. */
  function textElement(tag, text, limit, className) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    setText(element, text, limit);
    return element;
  }

  LedMarquee.text = { NAME_CHARACTERS, TEXT_CHARACTERS, characters, visible, cut, setText, textElement };
})();
