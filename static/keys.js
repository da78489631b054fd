// abtrace: the keys of the pages, in one place.
//
// typing tells a key that belongs to a field (text typed, a choice
// made) from a key for the page; stepKeys are the keys of the pages that
// step a search (the viewer and the comparison), by the command each
// sends. A page acts on a key only when plainKey says it is its own.

/** typing reports whether a key event belongs to a field: a text field,
 * a list, a check box or a radio button (space and the arrows act on
 * those), or editable text. A slider is not a field: its arrows are
 * handled by the page that has one. */
export function typing(ev) {
  const t = ev.target;
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || t.matches("input:not([type=range]), textarea, select");
}

/** plainKey reports whether a key event is the page's: no modifier held
 * (the browser's shortcuts stay the browser's) and no field focused. */
export function plainKey(ev) {
  return !ev.ctrlKey && !ev.metaKey && !ev.altKey && !typing(ev);
}

/** stepKeys are the keys that move a stepped search, by command: a
 * presenter's clicker sends PageDown and PageUp. o asks for the tree
 * drawn the other way. */
export const stepKeys = {
  ArrowRight: "step",
  ArrowLeft: "back",
  PageDown: "step",
  PageUp: "back",
  Home: "start",
  End: "end",
  n: "next-cutoff",
  N: "next-cutoff",
  " ": "play",
  o: "layout",
  O: "layout",
};
