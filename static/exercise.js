// The fill-in exercise: keeps the student's attempt in the browser's
// storage (keyed by the exercise's parameters), toggles the edges marked
// never followed, posts the attempt to /api/exercise/check and shows the
// verdict on every node, and reveals the search's steps one hint at a time.

const form = document.getElementById("ex-form");
if (form) {
  start(form);
}

function start(form) {
  const storeKey = "abtrace-exercise:" + form.dataset.key;
  const svg = form.querySelector(".ex-svg");
  keepLegible(svg);
  const windowsBox = document.getElementById("ex-windows");
  const scoreEl = form.querySelector("[data-testid=score]");
  const errorEl = form.querySelector("[data-testid=check-error]");
  const feedback = form.querySelector("[data-testid=feedback]");
  const steps = [...form.querySelectorAll(".ex-steps li")];
  const noHints = form.querySelector("[data-testid=no-hints]");
  const hintBtn = document.getElementById("ex-hint");
  let hints = 0;
  const hintText = hintBtn.textContent;

  const answerInputs = () => [...form.querySelectorAll("input[data-answer]")];
  const edges = () => [...form.querySelectorAll(".ex-edge")];

  // What the student has entered, as stored.
  function collect() {
    const state = { answers: {}, alpha: {}, beta: {}, pruned: [], windows: windowsBox.checked, hints };
    for (const el of answerInputs()) {
      if (el.value.trim() !== "") state.answers[el.dataset.answer] = el.value;
    }
    for (const el of form.querySelectorAll("input[data-alpha]")) {
      if (el.value.trim() !== "") state.alpha[el.dataset.alpha] = el.value;
    }
    for (const el of form.querySelectorAll("input[data-beta]")) {
      if (el.value.trim() !== "") state.beta[el.dataset.beta] = el.value;
    }
    for (const g of edges()) {
      if (g.getAttribute("aria-checked") === "true") state.pruned.push(g.dataset.edge);
    }
    return state;
  }

  function save() {
    try {
      localStorage.setItem(storeKey, JSON.stringify(collect()));
    } catch {
      // Storage may be full or off: the attempt then lives as long as the page.
    }
  }

  function load() {
    let state = null;
    try {
      state = JSON.parse(localStorage.getItem(storeKey) || "null");
    } catch {
      state = null;
    }
    if (!state || typeof state !== "object") return;
    for (const el of answerInputs()) el.value = (state.answers || {})[el.dataset.answer] || "";
    for (const el of form.querySelectorAll("input[data-alpha]")) el.value = (state.alpha || {})[el.dataset.alpha] || "";
    for (const el of form.querySelectorAll("input[data-beta]")) el.value = (state.beta || {})[el.dataset.beta] || "";
    const pruned = new Set(state.pruned || []);
    for (const g of edges()) setMarked(g, pruned.has(g.dataset.edge));
    windowsBox.checked = !!state.windows;
    showHints(Math.min(Number(state.hints) || 0, steps.length));
  }

  function setMarked(g, on) {
    g.setAttribute("aria-checked", on ? "true" : "false");
    g.classList.toggle("marked", on);
  }

  function showWindows() {
    form.classList.toggle("with-windows", windowsBox.checked);
  }

  function showHints(n) {
    hints = n;
    steps.forEach((li, i) => {
      li.hidden = i >= n;
    });
    noHints.hidden = n > 0;
    hintBtn.disabled = n >= steps.length;
    hintBtn.textContent = n >= steps.length ? "No more steps" : hintText;
  }

  function clearVerdict() {
    for (const g of form.querySelectorAll(".ex-node, .ex-edge")) {
      g.classList.remove("right", "wrong");
      const mark = g.querySelector(".mark");
      if (mark) mark.textContent = "";
    }
    feedback.replaceChildren();
    scoreEl.textContent = "";
    errorEl.hidden = true;
  }

  function nodeName(id) {
    return id === "" ? "the root" : "node " + id;
  }

  function showVerdict(res) {
    clearVerdict();
    const ids = Object.keys(res.nodes).sort(byId);
    for (const id of ids) {
      const r = res.nodes[id];
      const esc = CSS.escape(id);
      const node = svg.querySelector(`.ex-node[data-node="${esc}"]`);
      const edge = svg.querySelector(`.ex-edge[data-edge="${esc}"]`);
      const cls = r.ok ? "right" : "wrong";
      if (r.want === "pruned" && edge) edge.classList.add(cls);
      else if (r.marked && edge) edge.classList.add(cls);
      if (node && !node.classList.contains("leaf")) {
        // A node never visited is graded on its edge; its input stays plain.
        if (r.want !== "pruned" || r.got !== "") node.classList.add(cls);
        const mark = node.querySelector(".mark");
        if (mark) mark.textContent = r.ok ? "✓" : "✗";
      } else if (node && !r.ok) {
        node.classList.add(cls);
      }
      const li = document.createElement("li");
      li.className = cls;
      li.dataset.node = id;
      const head = document.createElement("strong");
      head.textContent = `${nodeName(id)}: ${r.ok ? "right" : "wrong"}`;
      li.append(head);
      const what = document.createElement("span");
      what.className = "want";
      const valueWrong = (r.mistakes || []).some((m) => m !== "wrong-window" && m !== "missing") ||
        ((r.mistakes || []).includes("missing") && r.got === "");
      what.textContent = valueWrong
        ? ` — expected ${r.want}, you gave ${r.got === "" ? "nothing" : r.got}.`
        : ` — ${r.want}${r.ok ? "." : " is right; the window is not."}`;
      li.append(what);
      if (!r.ok && r.note) {
        const note = document.createElement("span");
        note.className = "note";
        note.textContent = " " + r.note;
        li.append(note);
      }
      for (const [name, w] of [["α", r.alpha], ["β", r.beta]]) {
        if (w && !w.ok && !r.note) {
          const s = document.createElement("span");
          s.className = "note";
          s.textContent = ` ${name}: expected ${w.want}, you gave ${w.got === "" ? "nothing" : w.got}.`;
          li.append(s);
        }
      }
      if (r.why) {
        const why = document.createElement("span");
        why.className = "why";
        why.dataset.testid = "why";
        why.textContent = "Why: " + r.why;
        li.append(why);
      }
      feedback.append(li);
    }
    scoreEl.textContent = res.correct
      ? `Score ${res.score} / ${res.total}: all right!`
      : `Score ${res.score} / ${res.total}`;
    scoreEl.classList.toggle("full", !!res.correct);
  }

  // Node ids in search order: "" first, then by path.
  function byId(a, b) {
    if (a === b) return 0;
    if (a === "") return -1;
    if (b === "") return 1;
    const pa = a.split(".").map(Number);
    const pb = b.split(".").map(Number);
    for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
      if (pa[i] !== pb[i]) return pa[i] - pb[i];
    }
    return pa.length - pb.length;
  }

  async function check() {
    const state = collect();
    const body = {
      tree: form.dataset.tree,
      root: form.dataset.root,
      prune: form.dataset.prune,
      answers: state.answers,
      pruned: state.pruned,
    };
    if (state.windows) {
      const windows = {};
      for (const el of form.querySelectorAll("input[data-alpha]")) {
        const id = el.dataset.alpha;
        const beta = form.querySelector(`input[data-beta="${CSS.escape(id)}"]`);
        if (el.value.trim() !== "" || beta.value.trim() !== "") {
          windows[id] = { alpha: el.value, beta: beta.value };
        }
      }
      if (Object.keys(windows).length > 0) body.windows = windows;
    }
    let res;
    try {
      res = await fetch("/api/exercise/check", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      showError("The server could not be reached. Your answers are kept; try again.");
      return;
    }
    const data = await res.json().catch(() => null);
    if (!res.ok || !data) {
      clearVerdict();
      showError(data && data.error ? data.error : `The check failed (${res.status}).`, data && data.field);
      return;
    }
    showVerdict(data);
  }

  function showError(msg, field) {
    errorEl.textContent = msg;
    errorEl.hidden = false;
    const m = /^answers\["(.*)"\]$/.exec(field || "");
    if (m) {
      const el = form.querySelector(`input[data-answer="${CSS.escape(m[1])}"]`);
      if (el) el.focus();
    }
  }

  for (const g of edges()) {
    g.addEventListener("click", () => {
      setMarked(g, g.getAttribute("aria-checked") !== "true");
      save();
    });
    g.addEventListener("keydown", (ev) => {
      if (ev.key === " " || ev.key === "Enter") {
        ev.preventDefault();
        setMarked(g, g.getAttribute("aria-checked") !== "true");
        save();
      }
    });
  }
  form.addEventListener("input", save);
  windowsBox.addEventListener("change", () => {
    showWindows();
    save();
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    check();
  });
  hintBtn.addEventListener("click", () => {
    showHints(Math.min(hints + 1, steps.length));
    save();
    const li = steps[hints - 1];
    if (li) li.scrollIntoView({ block: "nearest" });
  });
  document.getElementById("ex-reset").addEventListener("click", () => {
    try {
      localStorage.removeItem(storeKey);
    } catch {
      // nothing stored
    }
    for (const el of form.querySelectorAll(".ex-svg input")) el.value = "";
    for (const g of edges()) setMarked(g, false);
    windowsBox.checked = false;
    showWindows();
    showHints(0);
    clearVerdict();
  });

  load();
  showWindows();
  form.dataset.ready = "true";
}

/**
 * keepLegible stops the drawing from shrinking below three quarters of its
 * own size: smaller, the α and β boxes of a 27-leaf tree are too small to
 * read or type in, so the tree scrolls sideways in its frame instead.
 */
function keepLegible(svg) {
  const minScale = 0.75;
  const w = svg && svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0;
  if (w > 0) svg.style.minWidth = Math.round(w * minScale) + "px";
}
