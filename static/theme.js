// abtrace: the light or dark theme, remembered in this browser. Light (dark
// text on a light ground) is the default: it projects best in a lit room.

import { plainKey } from "./keys.js";

const key = "abtrace-theme";
const root = document.documentElement;

function stored() {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function apply(theme) {
  root.dataset.theme = theme === "dark" ? "dark" : "light";
}

/** toggleTheme switches theme and remembers the choice. */
export function toggleTheme() {
  const next = root.dataset.theme === "dark" ? "light" : "dark";
  apply(next);
  try {
    localStorage.setItem(key, next);
  } catch {
    // Private windows may refuse storage; the theme still changes.
  }
}


apply(stored());
root.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("theme-toggle")?.addEventListener("click", toggleTheme);
});

document.addEventListener("keydown", (ev) => {
  if (ev.key === "t" && plainKey(ev)) {
    toggleTheme();
  }
});
