// Section 6 of PROTOCOL.md, "Drawing commands": a view's `draw` property painted on a canvas.
//
// The property is one command per line, each tokenized as a protocol line. Unknown commands are
// skipped (later versions may add some); a malformed line is skipped too, so one bad command
// does not blank a whole drawing.

import { tokenize } from "./tokens.js";
import { lineHeight, widthOf, characters } from "./text.js";
import { fontCss } from "./look.js";

/**
 * Paints `commands` (the unquoted `draw` value) into `canvas`, sized `width`×`height` points at
 * `scale` device pixels per point. Every string drawn by a `text` command is passed to `drewText`,
 * so a test can see what the page drew where the DOM cannot. `stretch` ([sx, sy]) scales the
 * commands' coordinates, for an image's design box stretched to its view.
 */
export function paintDrawing(canvas, commands, width, height, scale, drewText, stretch = [1, 1]) {
  const w = Math.max(0, Math.ceil(width * scale));
  const h = Math.max(0, Math.ceil(height * scale));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const g = canvas.getContext("2d");
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, w, h);
  g.setTransform(scale * stretch[0], 0, 0, scale * stretch[1], 0, 0);
  g.lineCap = "butt";
  g.lineJoin = "miter";
  g.fillStyle = "#000000ff";
  g.strokeStyle = "#000000ff";
  g.lineWidth = 1;
  g.beginPath();
  for (const line of commands.split("\n")) {
    let tokens;
    try {
      tokens = tokenize(line);
    } catch {
      continue;
    }
    if (!tokens.length || tokens[0].kind !== "word") continue;
    const args = tokens.slice(1).map((t) => (t.kind === "word" ? t.text : t.kind === "string" ? t.value : t.raw));
    const n = args.map(Number);
    switch (tokens[0].text) {
      case "fill":
        g.fillStyle = args[0];
        break;
      case "stroke":
        g.strokeStyle = args[0];
        break;
      case "width":
        g.lineWidth = n[0];
        break;
      case "rect":
        g.rect(n[0], n[1], n[2], n[3]);
        break;
      case "rrect":
        g.roundRect(n[0], n[1], n[2], n[3], Math.max(0, Math.min(n[4], n[2] / 2, n[3] / 2)));
        break;
      case "ellipse":
        g.moveTo(n[0] + n[2], n[1] + n[3] / 2);
        g.ellipse(n[0] + n[2] / 2, n[1] + n[3] / 2, Math.abs(n[2] / 2), Math.abs(n[3] / 2), 0, 0, 2 * Math.PI);
        break;
      case "move":
        g.moveTo(n[0], n[1]);
        break;
      case "line":
        g.lineTo(n[0], n[1]);
        break;
      case "quad":
        g.quadraticCurveTo(n[0], n[1], n[2], n[3]);
        break;
      case "curve":
        g.bezierCurveTo(n[0], n[1], n[2], n[3], n[4], n[5]);
        break;
      case "close":
        g.closePath();
        break;
      case "paint":
        if (args[0] === "fill" || args[0] === "both") g.fill("nonzero");
        if (args[0] === "stroke" || args[0] === "both") g.stroke();
        g.beginPath();
        break;
      case "text": {
        // Each line fills its measured box (section 14, "Text"): left-aligned, compressed when
        // the font draws it wider, the em square centred in the line's height.
        const [x, y, size] = n;
        const string = args[4] ?? "";
        g.font = fontCss(size, args[3]);
        g.textBaseline = "middle";
        g.textAlign = "left";
        const step = lineHeight(size);
        string.split("\n").forEach((part, i) => {
          const box = (widthOf(characters(part)) * size) / 2;
          if (box > 0) g.fillText(part, x, y + i * step + step / 2, box);
        });
        drewText(string);
        break;
      }
      default:
        break;
    }
  }
}
