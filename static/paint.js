// abtrace: writes a drawing patch into a tree drawn by the server.
//
// The viewer and every pane of the comparison draw their trees with the
// same markup (templates' treeLayers) and receive the same patches (the
// server's view.DrawingPatch), so one painter serves both. It holds no
// view rule: every attribute, class and text comes from the server.

const NSVG = "http://www.w3.org/2000/svg";

export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}

/** painter finds the drawn nodes, edges, probabilities, fold glyphs and
 * cut marks in tree (the element that holds the SVG layers) and returns
 * paint, which writes one node's attributes as the server decided them. */
export function painter(tree) {
  const nodes = new Map();
  const edges = new Map();
  const probs = new Map();
  const folds = new Map();
  const cuts = new Map();
  for (const g of tree.querySelectorAll("g[data-node]")) {
    nodes.set(g.dataset.node, {
      g,
      v: g.querySelector(".v"),
      a: g.querySelector(".ab .a"),
      b: g.querySelector(".ab .b"),
      who: g.querySelector(".who"),
    });
  }
  for (const t of tree.querySelectorAll("text[data-prob]")) probs.set(t.dataset.prob, t);
  for (const l of tree.querySelectorAll("line[data-edge]")) edges.set(l.dataset.edge, l);
  for (const f of tree.querySelectorAll("[data-fold]")) folds.set(f.dataset.fold, f);
  const cutLayer = tree.querySelector("g.cuts");
  for (const c of cutLayer.querySelectorAll("[data-cut]")) cuts.set(c.dataset.cut, c);

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
      c.setAttribute("class", "cut fresh");
      c.dataset.cut = id;
      c.append(document.createElementNS(NSVG, "line"));
      cutLayer.append(c);
      cuts.set(id, c);
    }
    const l = c.querySelector("line");
    setAttr(l, "x1", cut.x1);
    setAttr(l, "y1", cut.y1);
    setAttr(l, "x2", cut.x2);
    setAttr(l, "y2", cut.y2);
    let t = c.querySelector("text");
    if (!cut.test) {
      if (t) t.remove();
      return;
    }
    if (!t) {
      t = document.createElementNS(NSVG, "text");
      t.dataset.testid = "cut-test";
      c.append(t);
    }
    setAttr(t, "x", cut.tx);
    setAttr(t, "y", cut.ty);
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

  /** paint writes one drawn node's attributes: the node, the edge into
   * it, the probability on that edge, its cut mark and its fold glyph. */
  return function paint(a) {
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
  };
}
