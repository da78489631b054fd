// abtrace: the comparison page, stepped over the websocket.
//
// The page is rendered once, at its step. This script sends the viewer's
// commands (step, back, start, end, next cutoff, play) over the websocket
// and writes each answer into the page: every pane's drawing patch (with
// the viewer's own painter), its counters and status, the shared step,
// the chart's line and dots, and whether the summary shows. The server
// words every text and places every point; nothing here decides how
// anything looks. Without a connection the step buttons are plain links
// to the server-rendered step.

import { crumb, painter, setAttr, setText } from "./paint.js";
import { session } from "./session.js";
import { room } from "./room.js";
import { plainKey, stepKeys } from "./keys.js";


const root = document.getElementById("compare");
const conn = document.getElementById("conn");
const stepOut = document.getElementById("step");
const playBtn = document.getElementById("play");
const summary = root.querySelector('[data-testid="summary"]');
const nowLine = root.querySelector('[data-testid="chart-now"]');
const dots = [...root.querySelectorAll('[data-testid="chart-dot"]')];

// Each pane: its section, its painter and its counters.
const panes = [...root.querySelectorAll('[data-testid="pane"]')].map((sec) => ({
  sec,
  paint: painter(sec.querySelector('[data-testid="pane-tree"]')),
  status: sec.querySelector('[data-testid="pane-status"]'),
  layers: [...sec.querySelectorAll('[data-testid="pane-tree"] svg.layer')],
  trail: sec.querySelector('[data-testid="pane-trail"]'),
  stats: {
    nodes: sec.querySelector('[data-stat="nodes"]'),
    leaves: sec.querySelector('[data-stat="leaves"]'),
    cutoffs: sec.querySelector('[data-stat="cutoffs"]'),
  },
}));

/** playSpeed is the steps per second while playing. */
const playSpeed = 2.5;

const state = {
  step: Number(root.dataset.step),
  total: Number(root.dataset.total),
  playing: false,
};

// The websocket (static/session.js); see the end of this script.
let link = null;

function send(msg) {
  return link ? link.send(msg) : false;
}

/** zoom shows the window of a pane's tree the server chose (its view box)
 * and the trail naming the ancestors outside it, as the server worded
 * them. The window glides there unless the reader asked for less motion. */
function zoom(pane, z) {
  const to = z.box.split(" ").map(Number);
  const from = (pane.layers[0]?.getAttribute("viewBox") || z.box).split(" ").map(Number);
  const set = (b) => pane.layers.forEach((l) => l.setAttribute("viewBox", b.map((v) => +v.toFixed(1)).join(" ")));
  cancelAnimationFrame(pane.glide || 0);
  if (reduced.matches || from.length !== 4 || from[2] !== to[2] || from[3] !== to[3]) {
    set(to);
  } else {
    const t0 = performance.now();
    const frame = (t) => {
      const u = Math.min(1, Math.max(0, t - t0) / glideMs), e = u * (2 - u);
      set(u < 1 ? from.map((v, i) => v + (to[i] - v) * e) : to);
      if (u < 1) pane.glide = requestAnimationFrame(frame);
    };
    pane.glide = requestAnimationFrame(frame);
  }
  if (!pane.trail) return;
  const trail = z.trail || [];
  pane.trail.querySelector("ol").replaceChildren(...trail.map(crumb));
  pane.trail.hidden = trail.length === 0;
  pane.trail.classList.toggle("zoomed", !z.whole);
}

/** glideMs is how long a pane's window takes to follow the current node. */
const glideMs = 220;
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

/** apply writes a comparison step into the page. */
function apply(s) {
  state.step = s.step;
  state.total = s.total;
  root.dataset.step = String(s.step);
  root.dataset.total = String(s.total);
  root.dataset.done = String(s.done);
  setText(stepOut, s.text);
  for (const [name, href] of Object.entries(s.links)) {
    const a = root.querySelector(`.controls a[data-cmd="${name}"]`);
    if (a) setAttr(a, "href", href);
  }
  setAttr(nowLine, "x1", s.nowX);
  setAttr(nowLine, "x2", s.nowX);
  s.panes.forEach((p, i) => {
    const pane = panes[i];
    if (!pane) return;
    pane.paint(p.draw?.nodes || []);
    if (p.zoom) zoom(pane, p.zoom);
    setAttr(pane.sec, "data-step", p.step);
    setAttr(pane.sec, "data-nodes", String(p.counts[0]));
    setAttr(pane.sec, "data-leaves", String(p.counts[1]));
    setAttr(pane.sec, "data-cutoffs", String(p.counts[2]));
    setAttr(pane.sec, "data-done", String(p.done));
    pane.sec.classList.toggle("done", p.done);
    setText(pane.stats.nodes, p.nodes);
    setText(pane.stats.leaves, p.leaves);
    setText(pane.stats.cutoffs, p.cutoffs);
    setText(pane.status, p.status);
    if (dots[i]) {
      setAttr(dots[i], "cx", p.dotX);
      setAttr(dots[i], "cy", p.dotY);
    }
  });
  if (summary) summary.hidden = !s.done;
  // A room's page keeps the room's address.
  if (!inRoom) history.replaceState(null, "", s.url);
  window.dispatchEvent(new CustomEvent("abtrace:update", { detail: { step: s.step } }));
}

function receive(m) {
  if (inRoom && inRoom.receive(m)) return;
  switch (m.type) {
    case "panes":
      apply(m.compare);
      break;
    case "playing":
      setPlaying(!!m.playing);
      break;
    case "layout":
      // The server draws these trees the other way for this pane: the
      // page shows the address it gave, at the step shown.
      location.replace(location.pathname + "?" + m.query);
      break;
  }
}

/** opened asks for the comparison the page shows, at its step, on every
 * (re)connection. The page's address holds the whole comparison (the
 * script keeps it the permalink of the step shown). */
function opened(send) {
  if (inRoom) {
    inRoom.opened(send);
    return;
  }
  const params = new URLSearchParams(location.search);
  params.delete("step");
  let query = params.toString();
  if (root.dataset.lang && !new URLSearchParams(query).has("lang")) query += "&lang=" + encodeURIComponent(root.dataset.lang);
  send({ cmd: "compare", query, step: state.step, pane: paneSize() });
}

/** paneSize measures the first pane's tree: as wide as it is drawn, and
 * as tall as the window leaves below its top; the server chooses how to
 * draw the trees from it when the address names no layout=. */
function paneSize() {
  const t = root.querySelector(".cpane .tree") || root;
  const h = Math.max(1, window.innerHeight - Math.max(0, t.getBoundingClientRect().top));
  return { w: Math.max(1, t.clientWidth), h, across: h };
}

function setPlaying(on) {
  state.playing = on;
  playBtn.setAttribute("aria-pressed", String(on));
  playBtn.classList.toggle("on", on);
}

/** command sends one of the controls' commands; it reports whether it
 * went out (else the control's link is followed). */
function command(name) {
  switch (name) {
    case "step":
      return state.step >= state.total || send({ cmd: "step", n: 1 });
    case "back":
      return state.step === 0 || send({ cmd: "back", n: 1 });
    case "start":
      return send({ cmd: "seek", step: 0 });
    case "end":
      return send({ cmd: "seek", step: "end" });
    case "next-cutoff":
      return state.step >= state.total || send({ cmd: "next-cutoff" });
    case "play":
      if (state.playing) return send({ cmd: "pause" });
      if (state.step >= state.total) send({ cmd: "seek", step: 0 });
      return send({ cmd: "play", speed: playSpeed });
  }
  return false;
}

/** resolve is the address a link leads to. A comparison whose scenario is
 * too large to repeat in every link has links that name only what they
 * change, as fragments ("#step=6", "#by=event&step=0"); the page's
 * address, which holds the whole query, adds the rest. */
function resolve(href) {
  if (!href.startsWith("#")) return href;
  const q = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(href.slice(1))) q.set(k, v);
  return location.pathname + "?" + q.toString();
}

// (o and the layout control follow the control's address: the server
// draws the trees the other way on the page it loads.)
/** toChart shows the chart of leaves evaluated below the panes, whole,
 * or, when it is in view already, the top of the page again. */
function toChart() {
  const chart = document.getElementById("chart");
  if (!chart) return;
  const r = chart.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= innerHeight + 1) window.scrollTo({ top: 0 });
  else chart.scrollIntoView({ block: r.height > innerHeight ? "start" : "end" });
}

document.addEventListener("keydown", (ev) => {
  if (!plainKey(ev)) return;
  if (ev.key === "g" || ev.key === "G") {
    ev.preventDefault();
    toChart();
    return;
  }
  const name = stepKeys[ev.key];
  if (!name) return;
  ev.preventDefault();
  if (name !== "play" && state.playing) send({ cmd: "pause" });
  if (!command(name)) {
    const a = root.querySelector(`.controls a[data-cmd="${name}"]`);
    if (a) location.assign(resolve(a.getAttribute("href")));
  }
});

document.getElementById("to-chart")?.addEventListener("click", (ev) => {
  ev.preventDefault();
  toChart();
});

document.addEventListener("click", (ev) => {
  const el = ev.target instanceof Element ? ev.target : null;
  const short = el?.closest('a[href^="#"]:not([data-cmd])');
  if (short && root.contains(short) && short.getAttribute("href").includes("=")) {
    ev.preventDefault();
    location.assign(resolve(short.getAttribute("href")));
    return;
  }
  const t = el?.closest("[data-cmd]");
  if (!t || !root.contains(t)) return;
  const name = t.dataset.cmd;
  if (name !== "play" && state.playing) send({ cmd: "pause" });
  if (command(name)) {
    ev.preventDefault();
  } else if (t.getAttribute("href")?.startsWith("#")) {
    ev.preventDefault();
    location.assign(resolve(t.getAttribute("href")));
  }
});

// inRoom is the room the page follows (the live classroom: a room on a
// comparison), null for a comparison of its own. The room's pictures are
// panes messages, applied as the page's own.
const roomBox = document.getElementById("room");
const inRoom = roomBox
  ? room({
      code: roomBox.dataset.code,
      nick: roomBox.dataset.nick,
      apply: (m) => receive(m),
      step: () => state.step,
      send: (m) => send(m),
      query: roomBox.dataset.query,
      explore: (query, step) => ({ cmd: "compare", query, step }),
      trees: panes.map((p) => p.sec.querySelector('[data-testid="pane-tree"]')),
      leave: () => link.end(),
    })
  : null;

link = session({
  path: "/ws",
  badge: conn,
  live: conn.dataset.live,
  offline: conn.dataset.offline,
  server: conn.dataset.server,
  open: opened,
  receive,
  closed: () => setPlaying(false),
});
