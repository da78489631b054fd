// abtrace viewer: keeps the server-rendered page in step with the search.
//
// This script holds no search logic. It sends the viewer's commands (step,
// back, seek, next cutoff, play, pause) over the websocket and applies the
// frames and patches the server sends back: it sets each node's data-state
// and data-value, its labels and classes, highlights the pseudocode line,
// and updates the narration, the call stack, the statistics and the
// scrubber. The page is already right for its step before this script runs.

const init = JSON.parse(document.getElementById("abtrace-init").textContent);

const $ = (id) => document.getElementById(id);
const svg = $("tree"); // the stack of SVG layers that draws the tree
const layers = [...svg.querySelectorAll("svg.layer")];
const wrap = $("tree-wrap");
const narration = $("narration");
const stackList = $("stack");
const stepOut = $("step");
const scrubber = $("scrubber");
const playBtn = $("play");
const speedSel = $("speed");
const conn = $("conn");
const formToggle = $("form-toggle");

// The drawing: node groups, edges and fold glyphs by node id.
const nodes = new Map();
const edges = new Map();
const folds = new Map();
const children = new Map();
for (const g of svg.querySelectorAll("g[data-node]")) {
  nodes.set(g.dataset.node, {
    g,
    v: g.querySelector(".v"),
    a: g.querySelector(".ab .a"),
    b: g.querySelector(".ab .b"),
    who: g.querySelector(".who"),
    player: Number(g.dataset.player || 0),
    leaf: g.classList.contains("g-leaf"),
  });
}
// Probabilities written on the edges out of CHANCE nodes, by child id.
const probs = new Map();
for (const t of svg.querySelectorAll("text[data-prob]")) probs.set(t.dataset.prob, t);
for (const l of svg.querySelectorAll("line[data-edge]")) edges.set(l.dataset.edge, l);
for (const f of svg.querySelectorAll("[data-fold]")) folds.set(f.dataset.fold, f);
for (const id of nodes.keys()) {
  const p = parentOf(id);
  if (p === null) continue;
  if (!children.has(p)) children.set(p, []);
  children.get(p).push(id);
}
const cutLayer = $("cuts");
const cuts = new Map();
for (const c of cutLayer.querySelectorAll("[data-cut]")) cuts.set(c.dataset.cut, c);

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
  views: null, // Map id → node view, once the first frame arrived
  current: null,
  stack: [],
  line: "",
  playing: false,
  zoom: 1,
};

// What the page showed when it was rendered: the current node and stack.
{
  const cur = svg.querySelector("g.cur[data-node]");
  state.current = cur ? cur.dataset.node : null;
  state.stack = [...svg.querySelectorAll("g.on-stack[data-node]")].map((g) => g.dataset.node);
  const li = document.querySelector(".lines li.current");
  state.line = li ? (li.dataset.keys.split(" ")[0] || "") : "";
}

const NSVG = "http://www.w3.org/2000/svg";

function parentOf(id) {
  if (id === "") return null;
  const i = id.lastIndexOf(".");
  return i < 0 ? "" : id.slice(0, i);
}

function childId(parent, i) {
  return parent === "" ? String(i) : parent + "." + i;
}

/** num writes a value, α or β as the server does: −∞, +∞, a true minus. */
function num(x) {
  if (x === "inf" || x === "+inf") return "+∞";
  if (x === "-inf") return "−∞";
  if (x === null || x === undefined) return "?";
  if (Object.is(x, -0) || x === 0) return "0";
  return String(x).replace("-", "−");
}

/** shortText shortens the numbers of a value for the label beside a node,
 * as the server does: 7.666666666666666 is written 7.67. */
function shortText(s) {
  return s.replace(/[0-9]+\.[0-9]{3,}/g, (d) => String(Number(Number(d).toFixed(2))));
}

/** whoText says whose component a max^n node maximised: "P2: 5". */
function whoText(k, vec) {
  if (!k || !vec || k > vec.length) return "";
  return "P" + k + ": " + num(vec[k - 1]);
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}

/** stateOf is a node's state: listed nodes say it; below a pruned node
 * everything is pruned; anything else is unvisited (docs/trace-format.md). */
function stateOf(id) {
  const v = state.views.get(id);
  if (v) return v.state;
  for (let p = parentOf(id); p !== null; p = parentOf(p)) {
    const pv = state.views.get(p);
    if (pv) return pv.state === "pruned" ? "pruned" : "unvisited";
  }
  return "unvisited";
}

/** paint brings one drawn node, and the edge into it, up to date. */
function paint(id, onStack) {
  const n = nodes.get(id);
  if (!n) return;
  const v = state.views.get(id);
  const st = stateOf(id);
  const text = v && v.text ? v.text : "";
  setAttr(n.g, "data-state", st);
  setAttr(n.g, "data-value", text);
  setText(n.v, n.leaf && text === (n.g.dataset.text || "") ? "" : shortText(text));
  if (n.who) setText(n.who, whoText(n.player, v && v.vec));
  const cur = id === state.current && state.step > 0;
  n.g.classList.toggle("cur", cur);
  n.g.classList.toggle("on-stack", onStack.has(id));
  const win = onStack.has(id) && v && v.alpha !== undefined;
  setText(n.a, win ? "α=" + shortText(num(v.alpha)) : "");
  setText(n.b, win ? "β=" + shortText(num(v.beta)) : "");
  const e = edges.get(id);
  if (e) {
    setAttr(e, "data-state", st);
    e.classList.toggle("cur", cur);
  }
  const pr = probs.get(id);
  if (pr) setAttr(pr, "data-state", st);
  paintCut(id, v, e);
}

/** paintCut draws or removes the cut mark on the edge into a node pruned
 * by its parent's cutoff; the test is written beside the first such cut. */
function paintCut(id, v, e) {
  let c = cuts.get(id);
  if (!(v && v.state === "pruned" && v.test && e)) {
    if (c) {
      c.remove();
      cuts.delete(id);
    }
    return;
  }
  const x1 = +e.getAttribute("x1"), y1 = +e.getAttribute("y1");
  const x2 = +e.getAttribute("x2"), y2 = +e.getAttribute("y2");
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  if (!c) {
    c = document.createElementNS(NSVG, "g");
    c.setAttribute("class", "cut fresh");
    c.dataset.cut = id;
    const l = document.createElementNS(NSVG, "line");
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const px = (-(y2 - y1) / len) * 9, py = ((x2 - x1) / len) * 9;
    l.setAttribute("x1", mx - px);
    l.setAttribute("y1", my - py);
    l.setAttribute("x2", mx + px);
    l.setAttribute("y2", my + py);
    c.append(l);
    cutLayer.append(c);
    cuts.set(id, c);
  }
  let t = c.querySelector("text");
  const parent = parentOf(id);
  if (firstPruned(parent) === id) {
    if (!t) {
      t = document.createElementNS(NSVG, "text");
      t.dataset.testid = "cut-test";
      c.append(t);
    }
    // Under the cut marks of every child this cutoff pruned, centred.
    let lo = Infinity, hi = -Infinity, low = -Infinity;
    for (const sib of children.get(parent) || []) {
      const sv = state.views.get(sib);
      const se = edges.get(sib);
      if (!sv || sv.state !== "pruned" || !sv.test || !se) continue;
      const x = (+se.getAttribute("x1") + +se.getAttribute("x2")) / 2;
      const y = (+se.getAttribute("y1") + +se.getAttribute("y2")) / 2;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      low = Math.max(low, y);
    }
    t.setAttribute("x", String(Math.round(((lo + hi) / 2) * 10) / 10));
    t.setAttribute("y", String(Math.round((low + cutLabelGap) * 10) / 10));
    setText(t, shortText(v.test));
  } else if (t) {
    t.remove();
  }
}

// cutLabelGap matches templates.cutLabelGap: the test sits this far under
// the cut marks.
const cutLabelGap = 24;

/** firstPruned is the first child, in search order, that parent pruned. */
function firstPruned(parent) {
  const pv = state.views.get(parent);
  if (!pv || !pv.order) return null;
  for (const i of pv.order) {
    const id = childId(parent, i);
    const cv = state.views.get(id);
    if (cv && cv.state === "pruned") return id;
  }
  return null;
}

function descendants(id, out) {
  for (const c of children.get(id) || []) {
    out.add(c);
    descendants(c, out);
  }
}

/** applyFrame replaces the whole view (after load, back and seek). */
function applyFrame(f) {
  state.views = new Map(Object.entries(f.nodes || {}));
  state.current = f.current;
  state.stack = f.stack || [];
  const onStack = new Set(state.stack);
  for (const id of nodes.keys()) paint(id, onStack);
  panels(f);
}

/** applyPatch moves the view forward; false if it does not fit. */
function applyPatch(p) {
  if (!state.views || p.from !== state.step) return false;
  const dirty = new Set();
  if (state.current !== null) dirty.add(state.current);
  for (const id of state.stack) dirty.add(id);
  for (const [id, v] of Object.entries(p.nodes || {})) {
    state.views.set(id, v);
    dirty.add(id);
    if (v.state === "pruned") descendants(id, dirty);
  }
  state.current = p.current;
  state.stack = p.stack || [];
  dirty.add(p.current);
  for (const id of state.stack) dirty.add(id);
  const onStack = new Set(state.stack);
  for (const id of dirty) paint(id, onStack);
  panels(p);
  return true;
}

/** panels updates everything around the tree from a frame or patch. */
function panels(f) {
  state.step = f.step;
  setText(narration, f.step === 0 ? "Nothing searched yet. Press → to take the first step." : shortText(f.narration || ""));
  highlightLine(f.line || "");
  renderStack();
  const s = f.stats || {};
  stat("nodes", String(s.nodes || 0));
  stat("leaves", String(s.leaves || 0));
  stat("cutoffs", String(s.cutoffs || 0));
  if (init.minimaxLeaves >= 0) {
    let spared = "—";
    if (f.done) {
      const n = init.minimaxLeaves - (s.leaves || 0);
      spared = n + " of " + init.minimaxLeaves;
      if (init.minimaxLeaves > 0) spared += " (" + Math.round((n * 100) / init.minimaxLeaves) + "%)";
    }
    stat("spared", spared);
  }
  const res = document.querySelector(".stats .result");
  if (res) {
    res.hidden = !f.done;
    stat("value", f.done && f.result ? (f.result.vec ? "(" + f.result.vec.map(num).join(", ") + ")" : num(f.result.value)) : "");
  }
  markInside();
  counter();
  keepVisible();
  scrollToCurrent();
}

function stat(name, text) {
  setText(document.querySelector(`.stats [data-stat="${name}"]`), text);
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
// pseudocode line is in view. It reads the layout, so it runs once, after
// everything else has changed.
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

function renderStack() {
  const items = state.stack.map((id) => {
    const v = state.views.get(id) || {};
    const li = document.createElement("li");
    li.dataset.id = id;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = (v.kind || "").toUpperCase();
    const name = document.createElement("b");
    name.className = "name";
    name.textContent = v.label || (id === "" ? "root" : id);
    const win = document.createElement("span");
    win.className = "win";
    win.textContent = v.alpha !== undefined ? "α=" + num(v.alpha) + " β=" + num(v.beta) : "";
    const val = document.createElement("span");
    val.className = "val";
    val.textContent = v.text || "";
    li.append(kind, " ", name, " ", win, " ", val);
    return li;
  });
  stackList.replaceChildren(...items);
}

function counter() {
  setText(stepOut, "step " + count(state.step) + (state.total ? " of " + count(state.total) : ""));
  const max = state.total || Math.max(state.step, Number(scrubber.max) || 1);
  setAttr(scrubber, "max", String(max));
  if (!scrubbing) scrubber.value = String(state.step);
  for (const a of document.querySelectorAll(".controls a[data-cmd]")) {
    const to = { start: 0, back: Math.max(state.step - 1, 0), step: state.step + 1, end: "end" }[a.dataset.cmd];
    if (to !== undefined) setAttr(a, "href", viewURL(to));
  }
  remember();
}

/** count writes a number with thousands separated: 2,199,784. */
function count(n) {
  return n.toLocaleString("en-US");
}

function updateFolds(m) {
  for (const [id, c] of Object.entries(m || {})) {
    const f = folds.get(id);
    if (!f) continue;
    const total = c.total !== undefined ? c.total : Number(f.dataset.total);
    setAttr(f, "data-visited", String(c.visited));
    setAttr(f, "data-pruned", String(c.pruned));
    setAttr(f, "data-total", String(total));
    setText(f.querySelector(".fc-vp"), compact(c.visited) + " / " + compact(c.pruned));
    setText(f.querySelector(".fc-t"), "of " + compact(total));
  }
}

function compact(n) {
  if (n < 10000) return String(n);
  if (n < 1000000) return Math.floor(n / 1000) + "k";
  return Math.floor(n / 100000) / 10 + "M";
}

// The address always names the step shown, so it can be copied as a
// permalink; it is written at most a few times a second while playing.
let rememberTimer = 0;
function remember() {
  if (rememberTimer) return;
  rememberTimer = setTimeout(() => {
    rememberTimer = 0;
    history.replaceState(null, "", viewURL(state.step));
  }, 250);
}

function viewURL(step, extraOpen) {
  const q = new URLSearchParams(init.query);
  if (extraOpen !== undefined) {
    const open = q.get("open");
    q.set("open", open ? open + "," + extraOpen : extraOpen);
  }
  q.set("step", String(step));
  if (state.form !== "textbook") q.set("form", state.form);
  return "/view?" + q.toString();
}

// Zoom: the drawing fits the pane at 1; larger values scroll, and the
// current node is kept in view.
const zooms = [1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];
function zoom(dir) {
  const i = zooms.indexOf(state.zoom) + dir;
  if (i < 0 || i >= zooms.length) return;
  state.zoom = zooms[i];
  for (const l of layers) l.setAttribute("width", state.zoom * 100 + "%");
  scrollToCurrent();
}

/** shownCurrent is the drawn node that stands for the current one: itself,
 * or the folded node whose hidden subtree holds it. */
function shownCurrent() {
  let id = state.current;
  while (id !== null && !nodes.has(id)) id = parentOf(id);
  return id;
}

// markInside rings the fold that holds the current node when that node is
// not drawn.
let insideId = null;
function markInside() {
  const id = state.step > 0 ? shownCurrent() : null;
  const inside = id !== null && id !== state.current ? id : null;
  if (inside === insideId) return;
  if (insideId !== null) nodes.get(insideId)?.g.classList.remove("inside");
  if (inside !== null) nodes.get(inside).g.classList.add("inside");
  insideId = inside;
}

// scrollToCurrent keeps the current node in the middle of the pane when the
// drawing is larger than it. It scrolls the pane only, never the page.
function scrollToCurrent() {
  if (wrap.scrollWidth <= wrap.clientWidth && wrap.scrollHeight <= wrap.clientHeight) return;
  const id = shownCurrent();
  const n = id === null ? null : nodes.get(id);
  if (!n) return;
  const box = wrap.getBoundingClientRect();
  const r = n.g.getBoundingClientRect();
  const dx = r.left + r.width / 2 - (box.left + box.width / 2);
  const dy = r.top + r.height / 2 - (box.top + box.height / 2);
  if (Math.abs(dx) > box.width / 4) wrap.scrollLeft += dx;
  if (Math.abs(dy) > box.height / 4) wrap.scrollTop += dy;
}

// A drawing too wide to read at the pane's width starts zoomed in, at the
// first level where its text is at least half size, on the current node.
function initialZoom() {
  const w = Number(layers[0]?.viewBox.baseVal.width) || 0;
  if (!w || !wrap.clientWidth) return;
  const scale = wrap.clientWidth / w;
  if (scale >= 0.25) return;
  let z = zooms[0];
  for (const x of zooms) {
    z = x;
    if (scale * x >= 0.5) break;
  }
  state.zoom = z;
  for (const l of layers) l.setAttribute("width", z * 100 + "%");
  requestAnimationFrame(scrollToCurrent);
}

function switchForm() {
  state.form = state.form === "textbook" ? "negamax" : "textbook";
  for (const l of document.querySelectorAll(".listing[data-form]")) l.hidden = l.dataset.form !== state.form;
  setText(formToggle.querySelector("span"), (state.form === "textbook" ? "negamax" : "textbook") + " form");
  remember();
}

// The websocket, reconnected with backoff; on every (re)connection the
// script loads its scenario at the step it shows, and resumes there.
let ws = null;
let backoff = 500;
const maxBackoff = 8000;

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let sock;
  try {
    sock = new WebSocket(proto + "//" + location.host + init.ws);
  } catch {
    retry();
    return;
  }
  ws = sock;
  sock.addEventListener("open", () => {
    backoff = 500;
    setConn(true);
    send({ cmd: "load", query: init.query, step: state.step });
  });
  sock.addEventListener("message", (ev) => receive(ev.data));
  sock.addEventListener("close", () => {
    if (ws !== sock) return;
    ws = null;
    setConn(false);
    setPlaying(false);
    retry();
  });
}

function retry() {
  setTimeout(connect, backoff);
  backoff = Math.min(backoff * 2, maxBackoff);
}

function setConn(on, text) {
  conn.dataset.conn = on ? "on" : "off";
  conn.textContent = text || (on ? "live" : "offline — reconnecting");
}

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify({ v: 1, ...msg }));
  return true;
}

function receive(data) {
  let m;
  try {
    m = JSON.parse(data);
  } catch {
    return;
  }
  if (m.total !== undefined && m.total !== null) state.total = m.total;
  switch (m.type) {
    case "frame":
      // end is left out of a frame or patch that is not at the last step.
      state.end = !!m.end;
      updateFolds(m.folds);
      applyFrame(m.frame);
      break;
    case "patch":
      state.end = !!m.end;
      updateFolds(m.folds);
      if (!applyPatch(m.patch)) {
        send({ cmd: "seek", step: m.patch.step });
        return;
      }
      break;
    case "total":
      counter();
      return;
    case "playing":
      setPlaying(!!m.playing);
      return;
    case "error":
      setConn(true, "server: " + m.error);
      setTimeout(() => setConn(!!ws), 4000);
      return;
    default:
      return;
  }
  window.dispatchEvent(new CustomEvent("abtrace:update", { detail: { step: state.step } }));
}

function setPlaying(on) {
  state.playing = on;
  playBtn.setAttribute("aria-pressed", on ? "true" : "false");
  playBtn.setAttribute("aria-label", on ? "Pause (space)" : "Play (space)");
}

// Commands. Without a connection the step buttons fall back to their
// links, which the server renders at the wanted step.
function command(name, link) {
  let sent = false;
  switch (name) {
    case "step":
      if (state.end) return;
      sent = send({ cmd: "step", n: 1 });
      break;
    case "back":
      if (state.step === 0) return;
      sent = send({ cmd: "back", n: 1 });
      break;
    case "start":
      sent = send({ cmd: "seek", step: 0 });
      break;
    case "end":
      sent = send({ cmd: "seek", step: "end" });
      break;
    case "next-cutoff":
      if (state.end) return;
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
    if (a) location.assign(a.href);
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

formToggle.addEventListener("click", (ev) => {
  ev.preventDefault();
  switchForm();
});

svg.addEventListener("click", (ev) => {
  const f = ev.target instanceof Element ? ev.target.closest("[data-fold]") : null;
  if (!f) return;
  ev.preventDefault();
  location.assign(viewURL(state.step, f.dataset.fold));
});

function typing(ev) {
  const t = ev.target;
  return t instanceof HTMLElement && (t.isContentEditable || t.matches("input:not([type=range]), textarea, select"));
}

const keys = {
  ArrowRight: "step",
  ArrowLeft: "back",
  Home: "start",
  End: "end",
  n: "next-cutoff",
  N: "next-cutoff",
  " ": "play",
};

document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev)) return;
  if (ev.target === scrubber && (ev.key.startsWith("Arrow") || ev.key === "Home" || ev.key === "End")) return;
  const cmd = keys[ev.key];
  if (cmd) {
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
    default:
      return;
  }
  ev.preventDefault();
});

// A space on a focused button would click it when released; the key is
// play/pause here, so its release does nothing more.
document.addEventListener("keyup", (ev) => {
  if (ev.key === " " && !typing(ev)) ev.preventDefault();
});

initialZoom();
connect();
