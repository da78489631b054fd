// abtrace: writes a drawing patch into a tree drawn by the server.
//
// The viewer and every pane of the comparison draw their trees with the
// same markup (templates' treeLayers) and receive the same patches (the
// server's view.DrawingPatch), so one painter serves both. It holds no
// view rule: every attribute, class and text comes from the server.
//
// A patch is written at once, the moment it arrives: it never waits for
// the animation of the step before, which it interrupts. While the steps
// come faster than their animation (a lecturer holding a key), the tree
// is marked "brisk" and CSS leaves the animation out, so no transition
// is running when the next key is pressed: a browser holds back network
// messages after a key press until the frame it expects is drawn, and a
// running transition always has a frame coming, which made every such
// step a whole frame later. A pause as long as the animation brings it
// back.

const NSVG = "http://www.w3.org/2000/svg";

/** The data attributes of a drawing's nodes, edges, probabilities, fold
 * glyphs and cut marks, and the test id of a cut's test: the tree's, and
 * the focus's (templates.focusNames). */
const treeNames = { node: "node", edge: "edge", prob: "prob", fold: "fold", cut: "cut", test: "cut-test" };
const focusNames = { node: "fnode", edge: "fedge", prob: "fprob", fold: "ffold", cut: "fcut", test: "focus-cut-test" };

/** patchFocus writes a step's focus patch (the server's web.FocusPatch)
 * into the focus drawn in wrap: its size, the nodes gone, the markup of
 * the nodes added or redrawn moved into the focus's layers (edges, nodes,
 * cut marks), then the attributes of the nodes changed in place. */
export function patchFocus(wrap, p) {
  const svg = wrap.querySelector("svg");
  if (!svg) return;
  const trail = wrap.querySelector(".focus-trail");
  const was = svg.getBoundingClientRect().top;
  if (trail && p.trail) {
    trail.querySelector("ol").replaceChildren(...p.trail.map(crumb));
    trail.hidden = p.trail.length === 0;
  }
  if (p.box) {
    svg.setAttribute("viewBox", p.box);
    svg.setAttribute("width", p.w);
    svg.setAttribute("height", p.h);
  }
  if (p.slide && !reducedMotion.matches) {
    // The drawing moved up by p.slide (a row left out above it, the trail
    // grown over it): shown where it was, it slides there.
    const dy = Number(p.slide) + was - svg.getBoundingClientRect().top;
    svg.animate([{ transform: `translateY(${dy}px)` }, { transform: "none" }], { duration: slideMs, easing: "ease-out" });
  }
  const drop = (id) => {
    const v = CSS.escape(id);
    for (const el of svg.querySelectorAll(`[data-fnode="${v}"],[data-fedge="${v}"],[data-fprob="${v}"],[data-fcut="${v}"]`)) el.remove();
  };
  for (const id of p.gone || []) drop(id);
  if (p.markup) {
    const parsed = document.createElementNS(NSVG, "svg");
    parsed.innerHTML = p.markup;
    for (const g of parsed.querySelectorAll("g[data-fnode]")) drop(g.dataset.fnode);
    for (const layer of ["edges", "nodes", "cuts"]) {
      const from = parsed.querySelector(`:scope > g.${layer}`);
      const to = svg.querySelector(`:scope > g.${layer}`);
      if (from && to) to.append(...from.childNodes);
    }
  }
  if (typeof p.set === "string") {
    // The information set's mark (view.SetMark), as the server drew it.
    const set = svg.querySelector(":scope > g.iset");
    if (set) set.innerHTML = p.set;
  }
  if (p.nodes) painter(svg, focusNames)(p.nodes);
}

/** slideMs is how long the focus slides to its new place (patchFocus). */
const slideMs = 300;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** crumb is one ancestor in a trail (a comparison pane's, the focus's),
 * as the server worded it (view.Crumb). */
export function crumb(c) {
  const li = document.createElement("li");
  li.dataset.crumb = c.id;
  for (const [tag, cls, text] of [["span", "kind", c.kind], ["b", "name", c.name], ["span", "val", c.value], ["span", "win", c.window]]) {
    if (!text) continue;
    const el = document.createElement(tag);
    el.className = cls;
    el.textContent = text;
    li.append(el);
  }
  return li;
}

export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}

/** briskMs is how soon after the last patch a patch counts as brisk: a
 * little longer than the longest animation in abtrace.css (the cut mark's
 * .3 s), so the next key never lands on a running one. */
export const briskMs = 350;

/** painter finds the drawn nodes, edges, probabilities, fold glyphs and
 * cut marks in tree (the element that holds the SVG layers) and returns
 * paint, which writes a patch's nodes (each node's attributes as the
 * server decided them) into the drawing. */
export function painter(tree, names = treeNames) {
  const nodes = new Map();
  const edges = new Map();
  const probs = new Map();
  const folds = new Map();
  const cuts = new Map();
  for (const g of tree.querySelectorAll(`g[data-${names.node}]`)) {
    nodes.set(g.dataset[names.node], {
      g,
      v: g.querySelector(".v"),
      a: g.querySelector(".ab .a"),
      b: g.querySelector(".ab .b"),
      who: g.querySelector(".who"),
    });
  }
  for (const t of tree.querySelectorAll(`text[data-${names.prob}]`)) probs.set(t.dataset[names.prob], t);
  for (const l of tree.querySelectorAll(`[data-${names.edge}]`)) edges.set(l.dataset[names.edge], l);
  for (const f of tree.querySelectorAll(`[data-${names.fold}]`)) folds.set(f.dataset[names.fold], f);
  const cutLayer = tree.querySelector("g.cuts");
  let fresh = [];
  for (const c of cutLayer.querySelectorAll(`[data-${names.cut}]`)) cuts.set(c.dataset[names.cut], c);

  /** paintCut draws, moves or removes the cut mark on the edge into a
   * node, with the test that fired when the server writes it there. */
  function paintCut(id, cut) {
    let c = cuts.get(id);
    if (!cut) {
      if (c) {
        c.remove();
        cuts.delete(id);
      }
      return;
    }
    if (!c) {
      c = document.createElementNS(NSVG, "g");
      // A new cut mark fades in (CSS) unless the steps are brisk; it is
      // new only until the next patch.
      c.setAttribute("class", tree.classList.contains("brisk") ? "cut" : "cut fresh");
      fresh.push(c);
      c.dataset[names.cut] = id;
      c.append(document.createElementNS(NSVG, "line"));
      cutLayer.append(c);
      cuts.set(id, c);
    }
    const l = c.querySelector("line");
    setAttr(l, "x1", cut.x1);
    setAttr(l, "y1", cut.y1);
    setAttr(l, "x2", cut.x2);
    setAttr(l, "y2", cut.y2);
    // The whole test is the mark's title, also where the drawing writes
    // its short form or leaves it off.
    let title = c.querySelector("title");
    if (!cut.full) {
      if (title) title.remove();
    } else {
      if (!title) {
        title = document.createElementNS(NSVG, "title");
        c.prepend(title);
      }
      setText(title, cut.full);
    }
    let t = c.querySelector("text");
    if (!cut.test) {
      if (t) t.remove();
      return;
    }
    if (!t) {
      t = document.createElementNS(NSVG, "text");
      t.dataset.testid = names.test;
      c.append(t);
    }
    setAttr(t, "x", cut.tx);
    setAttr(t, "y", cut.ty);
    setAttr(t, "font-size", cut.size);
    setText(t, cut.test);
  }

  /** paintFold writes a fold glyph's counts. */
  function paintFold(id, c) {
    const f = folds.get(id);
    if (!f) return;
    setAttr(f, "data-visited", String(c.visited));
    setAttr(f, "data-pruned", String(c.pruned));
    setAttr(f, "data-total", String(c.total));
    setText(f.querySelector(".fc-vp"), c.seen);
    setText(f.querySelector(".fc-t"), c.of);
    setText(f.querySelector("title"), c.title);
  }

  /** paintNode writes one drawn node's attributes: the node, the edge
   * into it, the probability on that edge, its cut mark and its fold
   * glyph. */
  function paintNode(a) {
    const n = nodes.get(a.id);
    if (!n) return;
    setAttr(n.g, "class", a.class);
    setAttr(n.g, "data-state", a.state);
    setAttr(n.g, "data-value", a.value);
    setText(n.v, a.shown);
    if (n.who) setText(n.who, a.who || "");
    setText(n.a, a.alpha || "");
    setText(n.b, a.beta || "");
    const e = edges.get(a.id);
    if (e) {
      setAttr(e, "data-state", a.state);
      setAttr(e, "class", a.edge || "e");
    }
    const pr = probs.get(a.id);
    if (pr) setAttr(pr, "data-state", a.state);
    paintCut(a.id, a.cut);
    if (a.fold) paintFold(a.id, a.fold);
    if (a.at) paintAt(n, a.at);
    if (a.unfold) {
      folds.get(a.id)?.remove();
      folds.delete(a.id);
    }
  }

  /** paintAt moves a node's value and α/β labels where the server now
   * writes them (the focus's nodes only). */
  function paintAt(n, at) {
    if (n.v) {
      setAttr(n.v, "x", at.vx);
      setAttr(n.v, "y", at.vy);
      setAttr(n.v, "text-anchor", at.va);
    }
    const ab = n.a?.parentNode;
    if (!ab) return;
    setAttr(ab, "x", at.ax);
    setAttr(ab, "y", at.ay);
    setAttr(ab, "text-anchor", at.aa);
    setAttr(n.a, "x", at.ax);
    if (n.b) setAttr(n.b, "x", at.ax);
  }

  let last = -Infinity;
  let calm = 0;
  /** paint writes a patch's nodes, all at once. */
  return function paint(list) {
    if (!list || !list.length) return;
    const now = performance.now();
    if (now - last < briskMs) {
      tree.classList.add("brisk");
      clearTimeout(calm);
      calm = setTimeout(() => tree.classList.remove("brisk"), briskMs);
    }
    last = now;
    for (const c of fresh) c.classList.remove("fresh");
    fresh = [];
    for (const a of list) paintNode(a);
  };
}
