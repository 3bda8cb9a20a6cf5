// The built-in images of PROTOCOL.md section 6 ("Controls' geometry"), as SVG drawn by this client.
//
// Each is drawn in its own size (24×24, `photo` 120×80) with `currentColor` as its tint, so an
// image view scales it as its content mode says and colours it with CSS.

const SYMBOLS = {
  star: '<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"/>',
  heart:
    '<path d="M12 21s-7.5-4.6-9.3-9.1C1.4 8.6 3.5 5 7 5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.5 0 5.6 3.6 4.3 6.9C19.5 16.4 12 21 12 21z"/>',
  circle: '<circle cx="12" cy="12" r="10"/>',
  square: '<rect x="3" y="3" width="18" height="18" rx="2"/>',
  checkmark:
    '<path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
  person: '<circle cx="12" cy="7.5" r="4.5"/><path d="M3.5 21c0-4.7 3.8-8 8.5-8s8.5 3.3 8.5 8z"/>',
  gear:
    '<path fill-rule="evenodd" d="M10.3 2h3.4l.5 2.6 1.8.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.8 2.6.5v3.4l-2.6.5-.8 1.8 1.5 2.2-2.4 2.4-2.2-1.5-1.8.8-.5 2.6h-3.4l-.5-2.6-1.8-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.8L2 13.7v-3.4l2.6-.5.8-1.8-1.5-2.2 2.4-2.4 2.2 1.5 1.8-.8zM12 8.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7z"/>',
};

const PHOTO =
  '<rect width="120" height="80" rx="6" fill="#dce6f0"/>' +
  '<circle cx="88" cy="22" r="9" fill="#ffcc00"/>' +
  '<path d="M0 80l38-42 26 28 14-14 42 28z" fill="#34c759"/>' +
  '<path d="M0 80l38-42 26 28 14-14 42 28" fill="none" stroke="#248a3d" stroke-width="2"/>';

/** The size an image view takes by itself for image `name` (section 6), or null for an unknown name. */
export function imageSize(name) {
  if (name === "photo") return [120, 80];
  return Object.hasOwn(SYMBOLS, name) ? [24, 24] : null;
}

/**
 * An SVG element drawing image `name`, filling its box with `preserveAspectRatio` `fit`
 * (an SVG value such as `xMidYMid meet`). Unknown names draw a crossed box, so a missing image
 * shows as missing rather than as nothing.
 */
export function imageElement(name, fit) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const known = imageSize(name);
  const [w, h] = known ?? [24, 24];
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("preserveAspectRatio", fit);
  svg.setAttribute("fill", "currentColor");
  svg.innerHTML =
    name === "photo"
      ? PHOTO
      : (SYMBOLS[name] ??
        '<rect x="2" y="2" width="20" height="20" fill="none" stroke="currentColor"/><path d="M2 2l20 20M22 2L2 22" stroke="currentColor"/>');
  return svg;
}
