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
  const windowsBox = document.getElementById("ex-windows");
  const scoreEl = form.querySelector("[data-testid=score]");
  const errorEl = form.querySelector("[data-testid=check-error]");
  const feedback = form.querySelector("[data-testid=feedback]");
  const steps = [...form.querySelectorAll(".ex-steps li")];
  const noHints = form.querySelector("[data-testid=no-hints]");
  const hintBtn = document.getElementById("ex-hint");
  const storeNote = form.querySelector("[data-testid=storage-note]");
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
    let raw = null;
    try {
      raw = localStorage.getItem(storeKey);
    } catch {
      return; // no storage: nothing to restore
    }
    if (raw === null) return;
    const { state, dropped } = readStored(raw, new Set(answerInputs().map((el) => el.dataset.answer)));
    if (dropped.length > 0) {
      const msg = state === null ? form.dataset.msgStoredAll : form.dataset.msgStored.replace("{parts}", dropped.join(", "));
      storeNote.textContent = msg;
      storeNote.hidden = false;
    }
    if (state === null) {
      try {
        localStorage.removeItem(storeKey);
      } catch {
        // nothing to remove
      }
      return;
    }
    for (const el of answerInputs()) el.value = state.answers[el.dataset.answer] || "";
    for (const el of form.querySelectorAll("input[data-alpha]")) el.value = state.alpha[el.dataset.alpha] || "";
    for (const el of form.querySelectorAll("input[data-beta]")) el.value = state.beta[el.dataset.beta] || "";
    const pruned = new Set(state.pruned);
    for (const g of edges()) setMarked(g, pruned.has(g.dataset.edge));
    windowsBox.checked = state.windows;
    showHints(Math.min(state.hints, steps.length));
    if (dropped.length > 0) save(); // keep what was read, drop the rest
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
    hintBtn.textContent = n >= steps.length ? hintBtn.dataset.done : hintText;
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

  // showVerdict paints the verdict the server wrote (res.feedback): the
  // classes and marks of nodes and edges, a line per node, the score.
  function showVerdict(res) {
    clearVerdict();
    const fb = res.feedback;
    for (const l of fb.lines) {
      const esc = CSS.escape(l.node);
      const node = svg.querySelector(`.ex-node[data-node="${esc}"]`);
      const edge = svg.querySelector(`.ex-edge[data-edge="${esc}"]`);
      if (edge && l.edge_class) edge.classList.add(l.edge_class);
      if (node && l.node_class) node.classList.add(l.node_class);
      const mark = node && node.querySelector(".mark");
      if (mark && l.mark) mark.textContent = l.mark;
      const li = document.createElement("li");
      li.className = l.class;
      li.dataset.node = l.node;
      const head = document.createElement("strong");
      head.textContent = l.head;
      const what = document.createElement("span");
      what.className = "want";
      what.textContent = l.want;
      li.append(head, what);
      for (const n of l.notes || []) {
        const note = document.createElement("span");
        note.className = "note";
        note.textContent = n;
        li.append(note);
      }
      if (l.why) {
        const why = document.createElement("span");
        why.className = "why";
        why.dataset.testid = "why";
        why.textContent = l.why;
        li.append(why);
      }
      feedback.append(li);
    }
    scoreEl.textContent = fb.score;
    scoreEl.classList.toggle("full", fb.full);
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
      res = await fetch("/api/exercise/check?lang=" + encodeURIComponent(document.documentElement.lang || "en"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      showError(form.dataset.msgOffline);
      return;
    }
    const data = await res.json().catch(() => null);
    if (!res.ok || !data) {
      clearVerdict();
      showError(data && data.error ? data.error : form.dataset.msgFailed.replace("{status}", res.status), data && data.field);
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
 * readStored reads an attempt saved in the browser's storage, keeping what
 * has the shape this page saves and leaving out the rest: answers, α and β
 * as strings by the id of a node of this tree, pruned edges as a list of
 * ids, windows as a flag, hints as a count. It returns the state (null when
 * nothing can be read) and the names of the parts left out.
 */
export function readStored(raw, ids) {
  let v;
  try {
    v = JSON.parse(raw);
  } catch {
    return { state: null, dropped: ["all"] };
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { state: null, dropped: ["all"] };
  const dropped = [];
  const state = { answers: {}, alpha: {}, beta: {}, pruned: [], windows: false, hints: 0 };
  for (const name of ["answers", "alpha", "beta"]) {
    const m = v[name];
    if (m === undefined) continue;
    if (m === null || typeof m !== "object" || Array.isArray(m)) {
      dropped.push(name);
      continue;
    }
    for (const [id, x] of Object.entries(m)) {
      if (typeof x === "string" && ids.has(id)) state[name][id] = x;
      else dropped.push(`${name}[${JSON.stringify(id)}]`);
    }
  }
  if (v.pruned !== undefined) {
    if (Array.isArray(v.pruned)) {
      for (const id of v.pruned) {
        if (typeof id === "string") state.pruned.push(id);
        else dropped.push("pruned");
      }
    } else dropped.push("pruned");
  }
  if (v.windows !== undefined) {
    if (typeof v.windows === "boolean") state.windows = v.windows;
    else dropped.push("windows");
  }
  if (v.hints !== undefined) {
    if (Number.isInteger(v.hints) && v.hints >= 0) state.hints = v.hints;
    else dropped.push("hints");
  }
  return { state, dropped: [...new Set(dropped)] };
}
