// Connect Four against the engine: the keys of the page. The server drew
// the board and decided every move's link; this script only follows the
// link whose data-key is the key pressed (1–7 a column, u undo, n new
// game, v the engine's search in the viewer).
import { plainKey } from "./keys.js";

document.addEventListener("keydown", (ev) => {
  if (!plainKey(ev)) return;
  const link = document.querySelector(`a[data-key="${CSS.escape(ev.key)}"]`);
  if (!link) return;
  ev.preventDefault();
  link.click();
});
