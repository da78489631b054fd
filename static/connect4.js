// Connect Four against the engine: the keys of the page. The server drew
// the board and decided every move's link; this script only follows the
// link whose data-key is the key pressed (1–7 a column, u undo, n new
// game, v the engine's search in the viewer).
document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName))) return;
  const link = document.querySelector(`a[data-key="${CSS.escape(ev.key)}"]`);
  if (!link) return;
  ev.preventDefault();
  link.click();
});
