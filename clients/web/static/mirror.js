// Section 6 and 7 of PROTOCOL.md: the client's copy of the server's view tree.
//
// Frames are atomic: `feed` buffers a frame's lines and applies them all when the `end` line
// arrives, then checks the tree's hash against the server's. The mirror knows nothing of the
// page: it reports what a frame changed, and the painter decides how to show it.

import { tokenize, toThousandths, fromThousandths } from "./tokens.js";
import { placeTerm, layoutTerm, propertyTerm, add, formatHash } from "./hash.js";

/** A frame line the mirror cannot apply (an unknown view, a malformed line). */
export class FrameError extends Error {}

/** One view: its place in the tree, its layout as canonical texts, its render properties. */
class View {
  constructor(id, cls, parent) {
    this.id = id;
    this.cls = cls;
    this.parent = parent;
    this.children = [];
    this.layout = ["0", "0", "0", "0"];
    /** key -> {raw, value, word}: `raw` as written (the hash's), `value` unquoted. */
    this.props = new Map();
    this.term = null;
  }
}

/**
 * What one applied frame changed, for the painter.
 * `structure` holds the views whose children changed; `animated` maps a view to the `anim` value
 * its render line set in this frame.
 */
export class FrameChanges {
  constructor(seq, full) {
    this.seq = seq;
    this.full = full;
    this.removed = [];
    this.created = new Set();
    this.structure = new Set();
    this.layout = new Set();
    this.render = new Map();
    this.animated = new Map();
    this.hash = null;
    this.expectedHash = null;
    this.views = 0;
    this.expectedViews = 0;
  }

  /** Whether the mirror agrees with the server after this frame. */
  get matches() {
    return this.hash === this.expectedHash && this.views === this.expectedViews;
  }
}

export class Mirror {
  constructor() {
    this.views = new Map();
    this.root = null;
    this.lastSeq = 0;
    this.lastFrameHash = null;
    this.pending = null;
  }

  /** Whether a frame has begun and not yet ended. */
  get inFrame() {
    return this.pending !== null;
  }

  /**
   * Takes one server line that belongs to frames. Returns a FrameChanges when the line ended a
   * frame (applied), else null. Throws FrameError when the frame cannot be applied; the mirror
   * is then unreliable until the next full frame.
   */
  feed(line) {
    if (line.startsWith("frame ")) {
      const parts = line.split(" ");
      if (parts[2] === "begin") {
        this.pending = { seq: Number(parts[1]), full: parts[3] === "full", lines: [] };
        return null;
      }
      if (parts[2] === "end") {
        const pending = this.pending;
        this.pending = null;
        if (!pending) throw new FrameError(`an end without a begin: ${line}`);
        const options = {};
        for (const token of tokenize(line)) if (token.kind === "option") options[token.key] = token.value;
        return this.apply(pending, options);
      }
      throw new FrameError(`a bad frame line: ${line}`);
    }
    if (!this.pending) throw new FrameError(`a diff line outside a frame: ${line}`);
    this.pending.lines.push(line);
    return null;
  }

  /** Drops an unfinished frame without applying any of it (a `bye` or a broken connection). */
  dropPending() {
    this.pending = null;
  }

  /** Empties the mirror (a new session). */
  reset() {
    this.views.clear();
    this.root = null;
    this.pending = null;
    this.lastSeq = 0;
    this.lastFrameHash = null;
  }

  apply(pending, options) {
    const changes = new FrameChanges(pending.seq, pending.full);
    if (pending.full) {
      this.views.clear();
      this.root = null;
    }
    for (const line of pending.lines) this.applyLine(line, changes);
    this.lastSeq = pending.seq;
    this.lastFrameHash = options.hash ?? null;
    changes.hash = this.hash();
    changes.expectedHash = options.hash ?? null;
    changes.views = this.views.size;
    changes.expectedViews = Number(options.views);
    return changes;
  }

  applyLine(line, changes) {
    const tokens = tokenize(line);
    const verb = tokens[0]?.text;
    const word = (i) => {
      const token = tokens[i];
      if (!token || token.kind !== "word") throw new FrameError(`argument ${i} missing in: ${line}`);
      return token.text;
    };
    switch (verb) {
      case "remove": {
        const view = this.view(word(1));
        if (view.parent !== null) {
          const parent = this.view(view.parent);
          parent.children.splice(parent.children.indexOf(view.id), 1);
          this.invalidateChildren(parent);
          changes.structure.add(parent.id);
        } else this.root = null;
        this.forget(view);
        changes.removed.push(view.id);
        break;
      }
      case "create": {
        const id = word(1);
        if (this.views.has(id)) throw new FrameError(`view ${id} exists: ${line}`);
        const parentId = word(3);
        const view = new View(id, word(2), parentId === "-" ? null : parentId);
        this.views.set(id, view);
        if (view.parent === null) this.root = id;
        else this.insert(view, this.view(parentId), Number(word(4)), changes);
        changes.created.add(id);
        break;
      }
      case "move": {
        const view = this.view(word(1));
        const from = this.view(view.parent);
        from.children.splice(from.children.indexOf(view.id), 1);
        this.invalidateChildren(from);
        changes.structure.add(from.id);
        this.insert(view, this.view(word(2)), Number(word(3)), changes);
        break;
      }
      case "layout": {
        const view = this.view(word(1));
        view.layout = [word(2), word(3), word(4), word(5)];
        view.term = null;
        changes.layout.add(view.id);
        break;
      }
      case "shift": {
        const parent = this.view(word(1));
        const from = Number(word(2));
        const count = Number(word(3));
        const dx = toThousandths(word(4));
        const dy = toThousandths(word(5));
        if (from + count > parent.children.length) throw new FrameError(`shift past the end: ${line}`);
        for (const id of parent.children.slice(from, from + count)) {
          const view = this.views.get(id);
          view.layout[0] = fromThousandths(toThousandths(view.layout[0]) + dx);
          view.layout[1] = fromThousandths(toThousandths(view.layout[1]) + dy);
          view.term = null;
          changes.layout.add(id);
        }
        break;
      }
      case "render": {
        const view = this.view(word(1));
        const keys = changes.render.get(view.id) ?? new Set();
        for (const token of tokens.slice(2)) {
          if (token.kind !== "option") throw new FrameError(`a render argument is not KEY=VALUE: ${line}`);
          if (!token.quoted && token.value === "none") view.props.delete(token.key);
          else view.props.set(token.key, { raw: token.raw, value: token.value, word: !token.quoted });
          if (token.key === "anim" && view.props.has("anim")) changes.animated.set(view.id, token.value);
          keys.add(token.key);
        }
        view.term = null;
        changes.render.set(view.id, keys);
        break;
      }
      default:
        throw new FrameError(`an unknown frame line: ${line}`);
    }
  }

  view(id) {
    const view = this.views.get(id);
    if (!view) throw new FrameError(`no view ${id}`);
    return view;
  }

  insert(view, parent, index, changes) {
    if (!(index >= 0 && index <= parent.children.length)) {
      throw new FrameError(`index ${index} out of range for view ${parent.id}`);
    }
    view.parent = parent.id;
    parent.children.splice(index, 0, view.id);
    this.invalidateChildren(parent);
    changes.structure.add(parent.id);
  }

  /** A change among a parent's children changes the `PREV` of the ones after it. */
  invalidateChildren(parent) {
    for (const id of parent.children) this.views.get(id).term = null;
  }

  forget(view) {
    this.views.delete(view.id);
    for (const id of view.children) this.forget(this.views.get(id));
  }

  /** The mirror's hash (section 7), 16 hex digits; walks the tree, reusing unchanged views' terms. */
  hash() {
    let sum = 0n;
    const stack = this.root === null ? [] : [[this.root, null]];
    while (stack.length) {
      const [id, prev] = stack.pop();
      const view = this.views.get(id);
      if (view.term === null) view.term = this.termOf(view, prev);
      sum = add(sum, view.term);
      view.children.forEach((child, i) => stack.push([child, i ? view.children[i - 1] : null]));
    }
    return formatHash(sum);
  }

  termOf(view, prev) {
    let term = add(placeTerm(view.id, view.cls, view.parent, prev), layoutTerm(view.id, ...view.layout));
    for (const [key, prop] of view.props) term = add(term, propertyTerm(view.id, key, prop.raw));
    return term;
  }

  /** Render property `key`'s unquoted value, or `fallback` when absent. */
  prop(id, key, fallback = undefined) {
    return this.views.get(id)?.props.get(key)?.value ?? fallback;
  }
}
