// The browser's traits for `hello` (PROTOCOL.md section 3, "Appearance, safe area and text
// size"; section 14 says how a browser tells them): its colour scheme and the safe-area insets
// of its screen, read from CSS, and a way to hear when either changes.
//
// The browser has no text-size preference to read, so `content-size` is never sent.

import { canonical } from "./tokens.js";

const darkQuery = matchMedia("(prefers-color-scheme: dark)");

/** `dark` when the browser prefers a dark colour scheme, else `light`. */
export function appearance() {
  return darkQuery.matches ? "dark" : "light";
}

let probe = null;

/** An invisible element padded by the four `env(safe-area-inset-*)`, so their values can be read. */
function insetProbe() {
  if (probe) return probe;
  probe = document.createElement("div");
  probe.setAttribute("aria-hidden", "true");
  probe.style.cssText =
    "position: fixed; top: 0; left: 0; width: 0; height: 0; visibility: hidden; pointer-events: none;" +
    "padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px)" +
    " env(safe-area-inset-left, 0px);";
  document.body.append(probe);
  return probe;
}

/**
 * The safe area as `hello` writes it, `T,L,B,R` in points (CSS pixels): what the device's chrome
 * covers of the window. The window starts below the page's header (`windowTop` pixels down), so
 * only what the top inset covers below that counts.
 */
export function safeArea(windowTop = 0) {
  const style = getComputedStyle(insetProbe());
  const px = (value) => Math.max(0, parseFloat(value) || 0);
  const top = Math.max(0, px(style.paddingTop) - windowTop);
  return [top, px(style.paddingLeft), px(style.paddingBottom), px(style.paddingRight)].map(canonical).join(",");
}

/** The `hello` options for these traits. */
export function traitOptions(windowTop = 0) {
  return [`appearance=${appearance()}`, `safe-area=${safeArea(windowTop)}`];
}

/**
 * Calls `changed()` when the colour scheme changes, or when the safe area may have (a resize or
 * a turn of the device), so the page can say `hello` again with the options that differ.
 */
export function watchTraits(changed) {
  darkQuery.addEventListener("change", changed);
  addEventListener("resize", changed);
  addEventListener("orientationchange", changed);
}
