// Turns the browser's input into protocol commands (PROTOCOL.md sections 5 and 8).
//
// Pointer: a press that lifts without moving is one `tap X Y`; a press that moves (or is held
// long enough for a long press) becomes `down`, `move`s and `up`. Only one `move` is in flight at
// a time and the latest position wins, so a fast mouse never queues more than the server answers.
// Keys: while the mirror shows a focused text field, a hidden textarea holds the browser's focus;
// typed and composed text (IME: Chinese, Russian...) goes out as `text`, editing keys as `key`.
// Accessibility: activating an element the page exposes (a11y.js) is a `tap` at its centre.

import { canonical, quote } from "./tokens.js";

/** How long a press may stay still before it is sent as `down` (a long press), in ms. */
const HOLD_MS = 300;
/** How far (CSS pixels) a press may wander and still be a tap. */
const SLOP = 2;

const KEYS = { Enter: "return", Backspace: "backspace", Tab: "tab", Escape: "escape" };

export class Input {
  /**
   * @param stage the element that is the window (its top-left is the window's 0 0)
   * @param send sends one command line, returns a Promise of its Reply
   * @param keys the hidden textarea that takes key and IME input
   */
  constructor(stage, send, keys) {
    this.stage = stage;
    this.send = send;
    this.keys = keys;
    this.press = null;
    this.enabled = false;
    stage.addEventListener("pointerdown", (e) => this.pointerDown(e));
    stage.addEventListener("pointermove", (e) => this.pointerMove(e));
    stage.addEventListener("pointerup", (e) => this.pointerUp(e));
    stage.addEventListener("pointercancel", (e) => this.pointerUp(e));
    stage.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    stage.addEventListener("contextmenu", (e) => e.preventDefault());
    // A press on the window must not take the focus from the key input (a field stays focused
    // until the server says otherwise).
    stage.addEventListener("mousedown", (e) => e.preventDefault());
    // Assistive technology activates an element with a click that no pointer made (a screen
    // reader's default action, `element.click()`: `detail` 0), or Enter and Space on the focused
    // element: either is a tap at the element's centre (section 14, "Accessibility").
    stage.addEventListener("click", (e) => {
      const target = e.detail === 0 ? e.target.closest?.("[data-a11y-action]") : null;
      if (target) this.activate(target, e);
    });
    stage.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target.dataset?.a11yAction !== undefined) this.activate(e.target, e);
    });
    keys.addEventListener("keydown", (e) => this.keyDown(e));
    keys.addEventListener("input", (e) => this.typed(e));
    keys.addEventListener("compositionend", (e) => this.composed(e));
  }

  /**
   * The window point of a pointer event. A touch must start inside the window, [0, W) × [0, H)
   * (section 5), so `inside` clamps it there; a finger already down may leave it (`move`, `up`).
   */
  point(event, inside = true) {
    const box = this.stage.getBoundingClientRect();
    const clamp = (v, size) => (inside ? Math.min(Math.max(v, 0), Math.max(0, size - 0.001)) : v);
    const x = clamp(event.clientX - box.left, box.width);
    const y = clamp(event.clientY - box.top, box.height);
    return { x, y, text: `${canonical(x)} ${canonical(y)}` };
  }

  pointerDown(event) {
    if (!this.enabled || event.button !== 0 || this.press) return;
    // A touch on the keyboard's area belongs to the keyboard and is not sent (section 14).
    if (event.target.closest?.(".vw-keyboard")) return;
    event.preventDefault();
    this.stage.setPointerCapture(event.pointerId);
    const start = this.point(event);
    this.press = { id: event.pointerId, start, last: start, downSent: false, moveInFlight: false, nextMove: null };
    this.press.timer = setTimeout(() => this.sendDown(), HOLD_MS);
  }

  sendDown() {
    const press = this.press;
    if (!press || press.downSent) return;
    clearTimeout(press.timer);
    press.downSent = true;
    this.command(`down ${press.start.text}`);
  }

  pointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    const at = this.point(event, false);
    if (!press.downSent) {
      if (Math.hypot(at.x - press.start.x, at.y - press.start.y) < SLOP) return;
      this.sendDown();
    }
    press.last = at;
    press.nextMove = at.text;
    this.flushMove(press);
  }

  flushMove(press) {
    if (press.moveInFlight || press.nextMove === null || this.press !== press) return;
    const text = press.nextMove;
    press.nextMove = null;
    press.moveInFlight = true;
    this.command(`move ${text}`).finally(() => {
      press.moveInFlight = false;
      this.flushMove(press);
    });
  }

  pointerUp(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    clearTimeout(press.timer);
    this.press = null;
    const at = event.type === "pointercancel" ? press.last : this.point(event, false);
    if (press.downSent) this.command(`up ${at.text}`);
    else this.command(`tap ${press.start.text}`);
  }

  /**
   * A mouse wheel over a scroll view (any view with `contentSize`: tables too) scrolls it the way
   * a finger would (section 6, "Controls' geometry": a drag that starts inside a scroll view
   * scrolls it): one `drag` from the pointer, against the wheel's direction. Deltas that come while a drag is in flight are added up.
   */
  wheel(event) {
    if (!this.enabled || this.press) return;
    const scroller = event.target.closest?.("[data-scrolls]");
    if (!scroller || event.target.closest('[data-class="Slider"], [data-class="Switch"]')) return;
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 17 : event.deltaMode === 2 ? this.stage.clientHeight : 1;
    const at = this.point(event);
    this.wheelDelta = (this.wheelDelta ?? [0, 0]).map((d, i) => d + [event.deltaX, event.deltaY][i] * unit);
    this.wheelAt = at;
    this.flushWheel();
  }

  flushWheel() {
    if (this.wheelInFlight || !this.wheelDelta) return;
    const [dx, dy] = this.wheelDelta;
    const { x, y } = this.wheelAt;
    this.wheelDelta = null;
    if (!dx && !dy) return;
    this.wheelInFlight = true;
    const to = `${canonical(x - dx)} ${canonical(y - dy)}`;
    this.command(`drag ${canonical(x)} ${canonical(y)} ${to} steps=1`).finally(() => {
      this.wheelInFlight = false;
      this.flushWheel();
    });
  }

  /**
   * Activates an accessibility element: a `tap` at the centre of its rectangle on screen,
   * clamped into the window, as if a finger had tapped there (UIKit's activation point).
   */
  activate(element, event) {
    event.preventDefault();
    if (!this.enabled || this.press) return;
    const box = element.getBoundingClientRect();
    const centre = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    this.command(`tap ${this.point(centre).text}`);
  }

  /** Called after each frame: key input follows the mirror's focused field. */
  focusChanged(focusedElement) {
    if (focusedElement) {
      const box = focusedElement.getBoundingClientRect();
      const s = this.keys.style;
      s.left = `${box.left}px`;
      s.top = `${box.top}px`;
      s.width = `${Math.max(1, box.width)}px`;
      s.height = `${Math.max(1, box.height)}px`;
      if (document.activeElement !== this.keys) this.keys.focus({ preventScroll: true });
    } else if (document.activeElement === this.keys) this.keys.blur();
  }

  keyDown(event) {
    if (event.isComposing || event.keyCode === 229) return;
    const key = KEYS[event.key];
    if (!key) return;
    event.preventDefault();
    this.command(`key ${key}`);
  }

  typed(event) {
    if (event.isComposing) return;
    if (event.inputType === "insertText" || event.inputType === "insertFromPaste" || event.inputType === "insertReplacementText") {
      const text = event.data ?? this.keys.value;
      this.keys.value = "";
      if (text) this.sendText(text);
    } else this.keys.value = "";
  }

  composed(event) {
    this.keys.value = "";
    if (event.data) this.sendText(event.data);
  }

  /**
   * Sends typed text as `text` commands. A paste may be longer than a line may be (4096 bytes,
   * section 1), so it goes in pieces of at most 400 code points (at most 8 bytes each, quoted).
   */
  sendText(text) {
    const points = Array.from(text);
    for (let i = 0; i < points.length; i += 400) this.command(`text ${quote(points.slice(i, i + 400).join(""))}`);
  }

  /** Sends one command; its failure (a point outside the window after a resize...) is not fatal. */
  command(line) {
    return this.send(line).catch(() => undefined);
  }
}
