// abtrace viewer: keeps the server-rendered page in step with the search.
//
// This script holds no search logic and no view rule. It sends the
// viewer's commands (step, back, seek, next cutoff, play, pause) over the
// websocket and writes what the server decided into the page: each drawn
// node's attributes, labels, classes, cut mark and fold counts (the
// message's "draw"), and the narration, call stack and statistics (its
// "panels"). The page is already right for its step before this script
// runs.

import { painter, patchFocus, setAttr, setText } from "./paint.js";
import { session } from "./session.js";
import { room } from "./room.js";
import { plainKey, stepKeys } from "./keys.js";

const init = JSON.parse(document.getElementById("abtrace-init").textContent);
// "Start a room" sends the page's scenario; a form whose query was too long
// to repeat in the page (templates.MaxInlineRoomQuery) takes it from the
// page's starting state.
const startRoomForm = document.querySelector("form.start-room");
if (startRoomForm) {
  startRoomForm.addEventListener("submit", () => {
    const input = startRoomForm.querySelector('input[name="scenario"]');
    if (input && !input.value) input.value = init.query;
  });
}
// The sentences this script writes, in the page's language (the server
// words them; a few fill in what only the page knows, such as {error}).
const textsEl = document.getElementById("abtrace-texts");
const texts = textsEl ? JSON.parse(textsEl.textContent) : {};
const say = (key, fallback, fill = {}) =>
  (texts[key] || fallback).replace(/\{(\w+)\}/g, (m, k) => (k in fill ? fill[k] : m));

const $ = (id) => document.getElementById(id);
const svg = $("tree"); // the stack of SVG layers that draws the tree
const wrap = $("tree-wrap");
const narration = $("narration");
const stackList = $("stack");
const stepOut = $("step");
const scrubber = $("scrubber");
const playBtn = $("play");
const speedSel = $("speed");
const conn = $("conn");
const formToggle = $("form-toggle");
const presentBtn = $("present");
const layoutBtn = $("layout-switch");
const byButtons = [...document.querySelectorAll(".by [data-by]")];

// The drawing's painter: writes the server's patches into the tree.
const paintTree = painter(svg);

// The tree's layers take the tree's box in pixels, whenever it changes
// (a resize, a zoom, presenter mode): a layer sized in percent is laid out
// again, every label in it, each time anything on the page is laid out,
// which on a tree of 2,000 nodes cost more than the step itself.
function fitLayers() {
  const box = svg.getBoundingClientRect();
  svg.style.setProperty("--layer-w", box.width + "px");
  svg.style.setProperty("--layer-h", box.height + "px");
}
if (window.ResizeObserver) new ResizeObserver(fitLayers).observe(svg);
// The outline (the tree as a list, for screen readers) by node id.
const outline = new Map();
for (const li of document.querySelectorAll("[data-outline]")) {
  outline.set(li.dataset.outline, {
    state: li.querySelector(":scope > .o-state"),
    value: li.querySelector(":scope > .o-value"),
    cut: li.querySelector(":scope > .o-cut"),
  });
}

// Pseudocode lines by trace line key, in every listing.
const linesByKey = new Map();
for (const li of document.querySelectorAll(".lines li[data-keys]")) {
  for (const k of li.dataset.keys.split(" ")) {
    if (!k) continue;
    if (!linesByKey.has(k)) linesByKey.set(k, []);
    linesByKey.get(k).push(li);
  }
}

// The viewer's state, as last reported by the server.
const state = {
  step: init.step,
  total: init.total > 0 ? init.total : null,
  end: init.end,
  form: init.form || "textbook",
  line: "",
  playing: false,
  // Zoom is relative to the whole tree fitted in the pane (1).
  zoom: 1,
  by: init.by || "event",
  present: !!init.present,
};

// What the page showed when it was rendered: the current pseudocode line.
{
  const li = document.querySelector(".lines li.current");
  state.line = li ? (li.dataset.keys.split(" ")[0] || "") : "";
}

/** writeOutline writes what the server says of the nodes that changed
 * into the outline (view.OutlineOf). */
function writeOutline(list) {
  for (const e of list) {
    const o = outline.get(e.id);
    if (!o) continue;
    setText(o.state, e.state);
    setText(o.value, e.value || "");
    setText(o.cut, e.cut || "");
  }
}

// The print of the drawing the page was rendered with, until the page
// applies a message: the first load names it, and a first frame whose
// drawing is that one comes without it (the server decides; "kept").
let rendered = init.drawn || "";

/** apply writes a frame's or a patch's drawing and panels into the page,
 * at once: nothing waits for the animation of the step before. */
function apply(m) {
  rendered = "";
  paintTree(m.draw.nodes || []);
  writeOutline(m.outline || []);
  // The panels of the table, passes and learned orderings come rendered
  // by the server.
  if (typeof m.real === "string" && realBox && realBox.innerHTML !== m.real) realBox.innerHTML = m.real;
  // So does the evaluation panel, when it changed.
  if (typeof m.eval === "string" && evalBox) evalBox.innerHTML = m.eval;
  // And the mark of the card game's information set in the whole tree.
  if (typeof m.set === "string" && overviewSet) overviewSet.innerHTML = m.set;
  panels(m.panels);
  // The Monte-Carlo panel comes as HTML the server rendered for the step,
  // or as what changed in the HTML the page has (web.htmlEdit).
  if (mctsBody && (m.mcts || m.mctsd)) {
    mctsHTML = m.mcts || editHTML(mctsHTML, m.mctsd);
    mctsBody.innerHTML = mctsHTML;
  }
  // So does the focus of a large tree (view.FocusOf).
  if (focusWrap && typeof m.focus === "string") {
    focusWrap.innerHTML = m.focus;
    keepFocus = true;
  }
  // A step sends what changed in it (web.FocusPatch).
  if (focusWrap && m.fpatch) {
    patchFocus(focusWrap, m.fpatch);
    keepFocus = true;
  }
}
const focusWrap = $("focus-wrap");
const overviewSet = document.querySelector("#tree .layer.base > g.iset");
let keepFocus = !!focusWrap;
// A fold of the focus opens in the whole tree.
focusWrap?.addEventListener("click", (ev) => {
  const f = ev.target instanceof Element ? ev.target.closest("[data-ffold]") : null;
  if (!f) return;
  ev.preventDefault();
  location.assign(viewURL(state.step, f.dataset.ffold));
});

/** showFocus keeps the current node of the focus in view, with its
 * parent when the pane holds both; it scrolls the focus's pane only, and
 * only when the node is out of view. */
function showFocus() {
  if (!focusWrap || !keepFocus || focusWrap.clientHeight === 0) return;
  keepFocus = false;
  const cur = focusWrap.querySelector("g.cur, g.path:last-of-type");
  if (!cur) return;
  const box = focusWrap.getBoundingClientRect();
  const r = cur.getBoundingClientRect();
  const margin = 24;
  if (r.top < box.top + margin || r.bottom > box.bottom - margin) {
    // The current node's row low in the pane, the rows above it over it.
    focusWrap.scrollTop += r.bottom - (box.top + focusWrap.clientHeight * 0.8);
  }
  if (r.left < box.left + margin || r.right > box.right - margin) {
    focusWrap.scrollLeft += (r.left + r.right) / 2 - (box.left + focusWrap.clientWidth / 2);
  }
}

/** setOverview shows the whole tree (on) or the focus over it (off), where
 * the server drew a focus. */
function setOverview(on) {
  document.body.classList.toggle("overview", on);
  if (!on) {
    keepFocus = true;
    settle();
  }
}
const mctsBody = $("mcts-body");
// The Monte-Carlo panel's body as the server last sent it.
let mctsHTML = "";

/** editHTML applies an edit the server made (web.htmlEdit) to the HTML
 * it was made from: a number ≥ 0 keeps that many characters, one < 0
 * drops them, a string is inserted. */
function editHTML(old, edit) {
  let out = "";
  let at = 0;
  for (const x of edit) {
    if (typeof x === "string") out += x;
    else if (x >= 0) {
      out += old.slice(at, at + x);
      at += x;
    } else at -= x;
  }
  return out;
}
const evalBox = $("eval-box");

// The panels of the searches on real games: their step links (the step
// where a table entry was stored, where a pass began) seek there.
const realBox = $("real-games");
if (realBox) {
  realBox.addEventListener("click", (ev) => {
    // The table's pager asks for a page of its entries.
    const p = ev.target.closest("button[data-ttpage]");
    if (p) {
      send({ cmd: "ttpage", n: Number(p.dataset.ttpage) });
      return;
    }
    const a = ev.target.closest("a[data-seek]");
    if (!a) return;
    ev.preventDefault();
    send({ cmd: "seek", step: Number(a.dataset.seek) });
  });
}

/** panels updates everything around the tree, as the server wrote it. */
function panels(p) {
  state.step = p.step;
  follow = p.follow || null;
  // Panels about the current node's state (a GDL game's) follow it.
  if (typeof p.node === "string") window.dispatchEvent(new CustomEvent("abtrace:node", { detail: { node: p.node } }));
  setText(narration, p.narration);
  highlightLine(p.line || "");
  renderStack(p.stack || []);
  const w = p.written || {};
  stat("nodes", w.nodes);
  stat("leaves", w.leaves);
  stat("cutoffs", w.cutoffs);
  stat("q_nodes", w.q_nodes || "0");
  stat("extensions", w.extensions || "0");
  stat("forward_pruned", w.forward_pruned || "0");
  stat("spared", p.spared);
  setText(stepOut, lateCounters.get(p.step) || p.counter || "");
  const res = document.querySelector(".stats .result");
  if (res) {
    res.hidden = !p.done;
    stat("value", p.value);
  }
  counter();
  settle();
}

// settle scrolls what must stay in view (the pseudocode line, the current
// node) once per frame, at its start: reading the layout right after the
// update's writes would make the browser lay the page out twice.
let settling = false;
function settle() {
  if (settling) return;
  settling = true;
  requestAnimationFrame(() => {
    settling = false;
    keepVisible();
    scrollToCurrent();
    showFocus();
  });
}

function stat(name, text) {
  const el = document.querySelector(`.stats [data-stat="${name}"]`);
  if (el) setText(el, text);
}

function highlightLine(key) {
  if (key === state.line) return;
  for (const li of linesByKey.get(state.line) || []) {
    li.classList.remove("current");
    li.removeAttribute("data-line-current");
  }
  for (const li of linesByKey.get(key) || []) {
    li.classList.add("current");
    li.setAttribute("data-line-current", "true");
    if (!li.closest(".listing").hidden) lineToShow = li;
  }
  state.line = key;
}

// keepVisible scrolls the side panel, and only it, so the current
// pseudocode line is in view. It reads the layout, so it runs once a
// frame (settle).
const panelBox = document.querySelector(".panels");
let lineToShow = null;
function keepVisible() {
  const li = lineToShow;
  lineToShow = null;
  if (!li || !panelBox || panelBox.scrollHeight <= panelBox.clientHeight) return;
  const box = panelBox.getBoundingClientRect();
  const r = li.getBoundingClientRect();
  const margin = 24;
  if (r.top < box.top + margin) panelBox.scrollTop -= box.top + margin - r.top;
  else if (r.bottom > box.bottom - margin) panelBox.scrollTop += r.bottom - (box.bottom - margin);
}

function renderStack(stack) {
  const items = stack.map((e) => {
    const li = document.createElement("li");
    li.dataset.id = e.id;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = e.kind;
    const name = document.createElement("b");
    name.className = "name";
    name.textContent = e.name;
    const win = document.createElement("span");
    win.className = "win";
    win.textContent = e.window;
    const val = document.createElement("span");
    val.className = "val";
    val.textContent = e.value;
    li.append(kind, " ", name, " ", win, " ", val);
    return li;
  });
  stackList.replaceChildren(...items);
}

// The step counters a total message brought, by step (a total, once
// known, does not change).
const lateCounters = new Map();

/** counter moves the scrubber and the step links to the step shown; the
 * step counter's text comes with the panels (and with a total for the
 * step shown). */
function counter() {
  const max = state.total || Math.max(state.step, Number(scrubber.max) || 1);
  setAttr(scrubber, "max", String(max));
  if (!scrubbing) scrubber.value = String(state.step);
  for (const a of document.querySelectorAll(".controls a[data-cmd]")) {
    const to = { start: 0, back: Math.max(state.step - 1, 0), step: state.step + 1, end: "end" }[a.dataset.cmd];
    if (to !== undefined) setAttr(a, "href", init.short ? shortURL(to) : viewURL(to));
  }
  if (layoutBtn && !init.short) setAttr(layoutBtn, "href", viewURL(state.step, undefined, layoutBtn.dataset.layout));
  remember();
}

// The address always names the step shown, so it can be copied as a
// permalink; it is written at most a few times a second while playing.
let rememberTimer = 0;
function remember() {
  // A room's page keeps the room's address.
  if (rememberTimer || init.room) return;
  rememberTimer = setTimeout(() => {
    rememberTimer = 0;
    history.replaceState(null, "", viewURL(state.step));
  }, 250);
}

// A page whose scenario is too large to repeat in every link (init.short)
// has links that name only what they change, as fragments ("#step=6"); the
// script adds the scenario's query when it follows one.
function shortURL(step) {
  const f = new URLSearchParams({ step: String(step) });
  if (state.form !== "textbook") f.set("form", state.form);
  return "#" + f.toString();
}

/** hrefOf is the address a control link leads to, a short link resolved. */
function hrefOf(a) {
  const h = a.getAttribute("href") || "";
  if (!h.startsWith("#")) return a.href;
  const f = new URLSearchParams(h.slice(1));
  if (f.get("form")) state.form = f.get("form");
  return viewURL(f.get("step") ?? state.step, undefined, f.get("layout") || undefined);
}

// A short link opened in a new tab or typed: the page loads at its own
// step, then goes to the fragment's.
const hashStep = init.short ? new URLSearchParams(location.hash.slice(1)).get("step") : null;
let pendingHash = hashStep !== null && hashStep !== "";

// viewURL is the page's address at a step; extraOpen opens one more fold,
// layout draws the tree the other way, and query (the server's) replaces
// the page's scenario query.
function viewURL(step, extraOpen, layout, query = init.query) {
  const q = new URLSearchParams(query);
  if (layout) q.set("layout", layout);
  if (extraOpen !== undefined) {
    const open = q.get("open");
    q.set("open", open ? open + "," + extraOpen : extraOpen);
  }
  q.set("step", String(step));
  if (state.form !== "textbook") q.set("form", state.form);
  if (state.by !== "event") q.set("by", state.by);
  if (state.present) q.set("present", "1");
  return "/view?" + q.toString();
}

// Zoom: at 1 the whole drawing fits the pane in both directions (the SVG
// keeps its aspect); below 1 it is smaller, above 1 it scrolls and can be
// dragged or moved with w, a, s, d. The current node is kept in view
// with its path from the root (see scrollToCurrent).
const zooms = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];
function zoom(dir) {
  // Zooming is the overview's: it shows the whole tree.
  if (focusWrap) setOverview(true);
  const i = zooms.indexOf(state.zoom) + dir;
  if (i < 0 || i >= zooms.length) return;
  setZoom(zooms[i]);
}

function setZoom(z) {
  // Keep the point at the middle of the pane where it is.
  const cx = (wrap.scrollLeft + wrap.clientWidth / 2) / (wrap.scrollWidth || 1);
  const cy = (wrap.scrollTop + wrap.clientHeight / 2) / (wrap.scrollHeight || 1);
  state.zoom = z;
  svg.style.setProperty("--zoom", String(z));
  wrap.classList.toggle("zoomed", z > 1);
  // The layers take the new size now, before the scroll is measured.
  fitLayers();
  wrap.scrollLeft = cx * wrap.scrollWidth - wrap.clientWidth / 2;
  wrap.scrollTop = cy * wrap.scrollHeight - wrap.clientHeight / 2;
  scrollToCurrent();
}

function pan(dx, dy) {
  wrap.scrollLeft += dx * wrap.clientWidth * 0.25;
  wrap.scrollTop += dy * wrap.clientHeight * 0.25;
}

// Dragging the drawing pans it (a click on a fold still opens it).
{
  let drag = null;
  wrap.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 || state.zoom <= 1) return;
    drag = { x: ev.clientX, y: ev.clientY, left: wrap.scrollLeft, top: wrap.scrollTop, moved: false, id: ev.pointerId };
  });
  wrap.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    if (!drag.moved) wrap.setPointerCapture(ev.pointerId);
    drag.moved = true;
    wrap.classList.add("dragging");
    wrap.scrollLeft = drag.left - dx;
    wrap.scrollTop = drag.top - dy;
  });
  const end = (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (drag.moved) {
      // The click that ends a drag opens nothing.
      wrap.addEventListener("click", (e) => e.stopPropagation(), { capture: true, once: true });
    }
    drag = null;
    wrap.classList.remove("dragging");
  };
  wrap.addEventListener("pointerup", end);
  wrap.addEventListener("pointercancel", end);
}

// scrollToCurrent follows the current node when the drawing is larger than
// the pane, as the server's follow says (view.Follow): the whole path from
// the root when the pane holds it; else its last follow.keep nodes (the
// current node and its parent) and as many more ancestors, deepest first,
// as fit under the trail, which then names the ancestors out of view. It
// scrolls the pane only, never the page.
const trailBox = $("trail");
const trailList = trailBox ? trailBox.querySelector("ol") : null;
let follow = init.follow || null;
let trailFor = null; // the follow the trail's crumbs were written from
const followMargin = 16;

function scrollToCurrent() {
  const path = follow ? follow.path : [];
  const gs = path.map((c) => glyphOf(c.id));
  if (!gs.length || !gs[gs.length - 1] || (wrap.scrollWidth <= wrap.clientWidth && wrap.scrollHeight <= wrap.clientHeight)) {
    showCrumbs([]);
    return;
  }
  const rs = gs.map((g) => (g ? g.getBoundingClientRect() : null));
  const union = (a, q) =>
    q ? { left: Math.min(a.left, q.left), right: Math.max(a.right, q.right), top: Math.min(a.top, q.top), bottom: Math.max(a.bottom, q.bottom) } : a;
  const fits = (u, top) => u.right - u.left <= wrap.clientWidth - 2 * followMargin && u.bottom - u.top <= wrap.clientHeight - 2 * followMargin - top;
  const last = rs[rs.length - 1];
  let want = { left: last.left, right: last.right, top: last.top, bottom: last.bottom };
  const whole = rs.reduce((u, q) => union(u, q), want);
  let top = 0;
  if (fits(whole, 0)) {
    want = whole;
    if (trailBox) trailBox.hidden = true;
  } else {
    // The trail covers the top of the pane: what must stay in view goes under it.
    writeCrumbs();
    trailBox.hidden = false;
    top = trailList.getBoundingClientRect().height;
    for (let i = rs.length - 2; i >= 0; i--) {
      const u = union(want, rs[i]);
      if (rs.length - 1 - i >= follow.keep && !fits(u, top)) break;
      want = u;
    }
  }
  const box = wrap.getBoundingClientRect();
  const view = { left: box.left, top: box.top, right: box.left + wrap.clientWidth, bottom: box.top + wrap.clientHeight };
  let dx = 0;
  let dy = 0;
  if (want.left < view.left + followMargin || want.right > view.right - followMargin) {
    dx = (want.left + want.right) / 2 - (view.left + view.right) / 2;
  }
  if (want.top < view.top + followMargin + top || want.bottom > view.bottom - followMargin) {
    dy = (want.top + want.bottom) / 2 - (view.top + top + view.bottom) / 2;
  }
  if (dx) wrap.scrollLeft += dx;
  if (dy) wrap.scrollTop += dy;
  markCrumbs();
}

/** markCrumbs shows the crumbs of the followed node's ancestors that are
 * out of the pane's view (or under the trail), and the trail when there
 * are any. It measures only; the pane is scrolled by the viewer or by
 * scrollToCurrent. */
function markCrumbs() {
  if (!trailBox) return;
  const path = follow ? follow.path : [];
  if (path.length < 2 || (wrap.scrollWidth <= wrap.clientWidth && wrap.scrollHeight <= wrap.clientHeight)) {
    showCrumbs([]);
    return;
  }
  const box = wrap.getBoundingClientRect();
  const top = trailBox.hidden ? 0 : trailList.getBoundingClientRect().height;
  const view = { left: box.left, top: box.top + top, right: box.left + wrap.clientWidth, bottom: box.top + wrap.clientHeight };
  const out = [];
  for (const c of path.slice(0, -1)) {
    const g = glyphOf(c.id);
    const r = g ? g.getBoundingClientRect() : null;
    if (!r || r.left < view.left - 1 || r.right > view.right + 1 || r.top < view.top - 1 || r.bottom > view.bottom + 1) out.push(c.id);
  }
  showCrumbs(out);
}

// Panning by hand keeps the trail true to what the pane shows.
{
  let marking = false;
  wrap.addEventListener("scroll", () => {
    if (marking) return;
    marking = true;
    requestAnimationFrame(() => {
      marking = false;
      markCrumbs();
    });
  });
}

/** glyphOf is the shape that draws a node (its labels aside), or null. */
function glyphOf(id) {
  const g = svg.querySelector(`g[data-node="${CSS.escape(id)}"]`);
  return g ? g.querySelector(":scope > .s") || g : null;
}

/** writeCrumbs writes the trail's crumbs from the follow, as the server
 * worded them: one per ancestor of the followed node, root first. */
function writeCrumbs() {
  if (!trailList || trailFor === follow) return;
  trailFor = follow;
  const path = follow ? follow.path.slice(0, -1) : [];
  trailList.replaceChildren(
    ...path.map((c) => {
      const li = document.createElement("li");
      li.dataset.crumb = c.id;
      li.hidden = true;
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = c.kind;
      const name = document.createElement("b");
      name.className = "name";
      name.textContent = c.name;
      li.append(kind, name);
      for (const [cls, text] of [["val", c.value], ["win", c.window]]) {
        if (!text) continue;
        const el = document.createElement("span");
        el.className = cls;
        el.textContent = text;
        li.append(el);
      }
      return li;
    }),
  );
}

/** showCrumbs shows the crumbs of the nodes named, and the trail when
 * there are any. */
function showCrumbs(ids) {
  if (!trailBox) return;
  if (ids.length) writeCrumbs();
  const on = new Set(ids);
  for (const li of trailList.children) li.hidden = !on.has(li.dataset.crumb);
  trailBox.hidden = ids.length === 0;
}

// setBy chooses the step size of the arrow keys and step buttons; b goes
// through the sizes in the order of their buttons.
function setBy(by) {
  if (by !== state.by) {
    ready = null;
    send({ cmd: "ahead", by });
  }
  state.by = by;
  for (const a of byButtons) {
    const on = a.dataset.by === by;
    a.classList.toggle("on", on);
    if (on) a.setAttribute("aria-current", "true");
    else a.removeAttribute("aria-current");
  }
  counter();
}

function nextBy() {
  if (!byButtons.length) return;
  const i = byButtons.findIndex((a) => a.dataset.by === state.by);
  setBy(byButtons[(i + 1) % byButtons.length].dataset.by);
}

// setPresent turns presenter mode on or off: the tree takes the screen,
// the narration large under it, the panels on the key i.
function setPresent(on) {
  state.present = on;
  document.body.classList.toggle("present", on);
  document.body.classList.remove("panels-flip");
  if (presentBtn) {
    presentBtn.setAttribute("aria-pressed", on ? "true" : "false");
    state.present = !on;
    presentBtn.setAttribute("href", viewURL(state.step));
    state.present = on;
  }
  remember();
  requestAnimationFrame(() => {
    fitLayers();
    scrollToCurrent();
  });
}

// switchForm shows the other pseudocode form; an algorithm with one form
// has no toggle, and p does nothing.
function switchForm() {
  if (!formToggle) return;
  state.form = state.form === "textbook" ? "negamax" : "textbook";
  for (const l of document.querySelectorAll(".listing[data-form]")) l.hidden = l.dataset.form !== state.form;
  setText(
    formToggle.querySelector("span"),
    state.form === "textbook" ? say("formNegamax", "negamax form") : say("formTextbook", "textbook form"),
  );
  remember();
}

// The websocket (static/session.js), reconnected with backoff; on every
// (re)connection the script loads its scenario at the step it shows, and
// resumes there.
let link = null;

// ready is the patch of the next step forward in the step size shown,
// which the server made ahead (a "ready" message): the step key applies
// it at once, in its own handler, so the step is painted in the very
// next frame, and tells the server it did. It holds only while nothing
// has moved since the server made it: its tag is the number of moving
// commands the server had received, and it starts from the step shown.
let ready = null;

function send(msg) {
  // Any command but these may move the server away from the ready step.
  if (msg.cmd !== "count" && msg.cmd !== "ahead" && !msg.ready) ready = null;
  return link ? link.send(msg) : false;
}

/** paneSize measures the tree pane as it is, and as tall as the
 * stylesheet makes it for a tree drawn sideways. */
function paneSize() {
  const was = wrap.classList.contains("across");
  wrap.classList.add("across");
  const across = wrap.clientHeight;
  wrap.classList.toggle("across", was);
  // The narration's width in ems of its font: the server fits the card
  // game's narration to it (view.NarrationWith).
  const s = getComputedStyle(narration);
  const say = (narration.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)) / parseFloat(s.fontSize);
  return { w: wrap.clientWidth, h: wrap.clientHeight, across, say: say > 0 ? say : undefined };
}

// The pane's size, reported again when it changed (the window resized,
// presenter mode, a panel shown or hidden, the page's text wrapped) once
// it has kept still for paneQuietMs: the server fits the focus to it.
const paneQuietMs = 250;
let paneSent = "";
let paneTimer = 0;
function paneKey(p) {
  return `${p.w}x${p.h}x${p.across}x${Math.round((p.say || 0) * 10)}`;
}
if (typeof ResizeObserver === "function") {
  new ResizeObserver(() => {
    clearTimeout(paneTimer);
    paneTimer = setTimeout(() => {
      if (!paneSent || inRoom) return;
      const p = paneSize();
      if (paneKey(p) === paneSent) return;
      paneSent = paneKey(p);
      send({ cmd: "pane", pane: p });
    }, paneQuietMs);
  }).observe(wrap);
}

function opened(send) {
  ready = null;
  if (inRoom) {
    inRoom.opened(send);
    return;
  }
  // The pane's size lets the server choose how to draw the tree when the
  // address names no layout= (a "layout" answer).
  const pane = paneSize();
  paneSent = paneKey(pane);
  send({ cmd: "load", query: init.query, step: state.step, pane, drawn: rendered || undefined });
  if (pendingHash) {
    pendingHash = false;
    send({ cmd: "seek", step: hashStep === "end" ? "end" : Number(hashStep) || 0 });
  }
  // The number of steps, when the page could not tell it.
  if (!state.total) send({ cmd: "count" });
  // The next step made ahead, in the step size shown.
  send({ cmd: "ahead", by: state.by });
}

/** takeReady applies the ready patch for a step forward, if it is the
 * one for the step shown, and tells the server; it reports whether it
 * did (else the step takes the round trip). */
function takeReady() {
  const m = ready;
  ready = null;
  if (!m || !link || state.playing || m.by !== state.by || m.draw.from !== state.step || m.tag !== link.moves()) return false;
  if (!send({ cmd: "step", n: 1, by: state.by, ready: m.tag })) return false;
  if (m.total !== undefined && m.total !== null) state.total = m.total;
  state.end = !!m.end;
  apply(m);
  window.dispatchEvent(new CustomEvent("abtrace:update", { detail: { step: state.step, ready: true } }));
  return true;
}

function receive(m) {
  if (inRoom && inRoom.receive(m)) return;
  if (m.total !== undefined && m.total !== null) state.total = m.total;
  switch (m.type) {
    case "ready":
      if (link && m.tag === link.moves() && m.draw.from === state.step && m.by === state.by) ready = m;
      return;
    case "frame":
      ready = null;
      // end is left out of a frame or patch that is not at the last step.
      state.end = !!m.end;
      apply(m);
      break;
    case "patch":
      ready = null;
      // A patch that does not start from the step shown (a message was
      // lost) is replaced by the whole frame.
      if (m.draw.from !== state.step) {
        // A room's page asks the room for its snapshot; a page of its own
        // for the step.
        send(inRoom && !inRoom.exploring() ? { cmd: "snapshot" } : { cmd: "seek", step: m.draw.step });
        return;
      }
      state.end = !!m.end;
      apply(m);
      break;
    case "focus":
      // The focus fitted afresh to the pane reported again (the pane
      // command).
      if (focusWrap && typeof m.focus === "string") {
        focusWrap.innerHTML = m.focus;
        keepFocus = true;
      }
      break;
    case "real":
      // Another page of the table's entries (the ttpage command).
      if (realBox && typeof m.real === "string") realBox.innerHTML = m.real;
      return;
    case "layout":
      // The server draws this tree the other way for this pane: the page
      // shows the address it gave, at the step shown.
      location.replace(viewURL(state.step, undefined, undefined, m.query));
      return;
    case "total":
      // The counters of the steps the page may show, with the total: a
      // step made ahead came before it.
      for (const c of m.counters || []) lateCounters.set(c.step, c.text);
      if (lateCounters.has(state.step)) setText(stepOut, lateCounters.get(state.step));
      counter();
      return;
    case "playing":
      setPlaying(!!m.playing);
      return;
    default:
      return;
  }
  window.dispatchEvent(new CustomEvent("abtrace:update", { detail: { step: state.step } }));
}

function setPlaying(on) {
  state.playing = on;
  playBtn.setAttribute("aria-pressed", on ? "true" : "false");
  playBtn.setAttribute("aria-label", on ? say("pause", "Pause (space)") : say("play", "Play (space)"));
}

// Commands. Without a connection the step buttons fall back to their
// links, which the server renders at the wanted step.
function command(name, link) {
  let sent = false;
  switch (name) {
    case "step":
      if (state.end || takeReady()) return;
      sent = send({ cmd: "step", n: 1, by: state.by });
      break;
    case "back":
      if (state.step === 0) return;
      sent = send({ cmd: "back", n: 1, by: state.by });
      break;
    case "start":
      sent = send({ cmd: "seek", step: 0 });
      break;
    case "end":
      sent = send({ cmd: "seek", step: "end" });
      break;
    case "next-cutoff":
      // The server offers the button only where the search makes cutoffs.
      if (state.end || !document.querySelector('[data-cmd="next-cutoff"]')) return;
      sent = send({ cmd: "next-cutoff" });
      break;
    case "play":
      if (state.playing) {
        send({ cmd: "pause" });
      } else {
        // Play from the start again once the end is reached.
        if (state.end) send({ cmd: "seek", step: 0 });
        send({ cmd: "play", speed: Number(speedSel.value) || 2 });
      }
      return;
    default:
      return;
  }
  if (!sent) {
    const a = link || document.querySelector(`.controls a[data-cmd="${name}"]`);
    if (a) location.assign(hrefOf(a));
  }
}

for (const el of document.querySelectorAll(".controls [data-cmd]")) {
  el.addEventListener("click", (ev) => {
    ev.preventDefault();
    command(el.dataset.cmd, el.tagName === "A" ? el : null);
  });
}

speedSel.addEventListener("change", () => {
  if (state.playing) send({ cmd: "play", speed: Number(speedSel.value) || 2 });
});

let scrubbing = false;
let scrubTimer = 0;
scrubber.addEventListener("pointerdown", () => (scrubbing = true));
scrubber.addEventListener("pointerup", () => (scrubbing = false));
scrubber.addEventListener("input", () => {
  if (scrubTimer) return;
  scrubTimer = setTimeout(() => {
    scrubTimer = 0;
    send({ cmd: "seek", step: Number(scrubber.value) });
  }, 80);
});
scrubber.addEventListener("change", () => send({ cmd: "seek", step: Number(scrubber.value) }));

$("zoom-in").addEventListener("click", () => zoom(1));
$("zoom-out").addEventListener("click", () => zoom(-1));
$("zoom-fit").addEventListener("click", () => setZoom(1));
$("panels-toggle").addEventListener("click", () => document.body.classList.toggle("panels-flip"));
layoutBtn?.addEventListener("click", (ev) => {
  ev.preventDefault();
  location.assign(hrefOf(layoutBtn));
});
presentBtn?.addEventListener("click", (ev) => {
  ev.preventDefault();
  setPresent(!state.present);
});
for (const a of byButtons) {
  a.addEventListener("click", (ev) => {
    ev.preventDefault();
    setBy(a.dataset.by);
  });
}

formToggle?.addEventListener("click", (ev) => {
  ev.preventDefault();
  switchForm();
});

svg.addEventListener("click", (ev) => {
  const f = ev.target instanceof Element ? ev.target.closest("[data-fold]") : null;
  if (!f) return;
  ev.preventDefault();
  location.assign(viewURL(state.step, f.dataset.fold));
});

document.addEventListener("keydown", (ev) => {
  if (!plainKey(ev)) return;
  if (ev.target === scrubber && (ev.key.startsWith("Arrow") || ev.key === "Home" || ev.key === "End")) return;
  const cmd = stepKeys[ev.key];
  if (cmd && cmd !== "layout") {
    ev.preventDefault();
    command(cmd);
    return;
  }
  switch (ev.key) {
    case "p":
    case "P":
      switchForm();
      break;
    case "+":
    case "=":
      zoom(1);
      break;
    case "-":
    case "_":
      zoom(-1);
      break;
    case "0":
      setZoom(1);
      break;
    case "b":
    case "B":
      nextBy();
      break;
    case "f":
    case "F":
      setPresent(!state.present);
      break;
    case "o":
    case "O":
      if (layoutBtn) location.assign(hrefOf(layoutBtn));
      break;
    case "v":
    case "V":
      if (focusWrap) setOverview(!document.body.classList.contains("overview"));
      break;
    case "i":
    case "I":
      document.body.classList.toggle("panels-flip");
      break;
    case "?": {
      const k = $("keys");
      if (k) {
        k.open = !k.open;
        if (k.open) {
          // The panels show, in presenter mode as out of it.
          document.body.classList.toggle("panels-flip", state.present);
          k.scrollIntoView({ block: "nearest" });
        }
      }
      break;
    }
    case "w":
    case "W":
      pan(0, -1);
      break;
    case "s":
    case "S":
      pan(0, 1);
      break;
    case "a":
    case "A":
      pan(-1, 0);
      break;
    case "d":
    case "D":
      pan(1, 0);
      break;
    default:
      return;
  }
  ev.preventDefault();
});

// A space on a focused button would click it when released; the key is
// play/pause here, so its release does nothing more.
document.addEventListener("keyup", (ev) => {
  if (ev.key === " " && plainKey(ev)) ev.preventDefault();
});

// inRoom is the room the page follows (the live classroom), null for a
// viewer of its own.
const inRoom = init.room
  ? room({ code: init.room.code, nick: init.room.nick, apply: (m) => receive(m), step: () => state.step, send: (m) => send(m), query: init.query, leave: () => link.end() })
  : null;

link = session({
  path: init.ws,
  badge: conn,
  live: say("live", "live"),
  offline: say("offline", "offline — reconnecting"),
  server: say("server", "server: {error}"),
  open: opened,
  receive,
  closed: () => setPlaying(false),
});
