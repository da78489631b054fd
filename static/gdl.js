// The panel of a game written in GDL: the current node's board, facts and
// moves, and why a fact holds. The server renders the node's part for each
// node (/api/gdl/node) and derives every answer (/api/gdl/why): this
// script only puts what it sent in place and marks the lines it named in
// the rules.

const panel = document.getElementById("gdl-panel");
const nodeBox = document.getElementById("gdl-node");
const whyBox = document.getElementById("gdl-why");
const rules = document.getElementById("gdl-rules");
const lang = document.documentElement.lang || "en";
let shown = nodeBox && nodeBox.firstElementChild ? nodeBox.firstElementChild.dataset.node || "" : "";
let asked = 0;

function api(path, params) {
  const q = new URLSearchParams(panel.dataset.query);
  for (const [k, v] of Object.entries(params)) q.set(k, v);
  q.set("lang", lang);
  return fetch(path + "?" + q.toString(), { headers: { Accept: "application/json, text/html" } });
}

function clearLines() {
  for (const li of rules.querySelectorAll("li.hl, li.fired")) li.classList.remove("hl", "fired");
}

// The current node changed: its part of the panel, as the server renders it.
window.addEventListener("abtrace:node", async (ev) => {
  const id = ev.detail.node;
  if (id === shown) return;
  shown = id;
  const n = ++asked;
  const r = await api("/api/gdl/node", { id });
  if (n !== asked || !r.ok) return;
  nodeBox.innerHTML = await r.text();
  whyBox.hidden = true;
  whyBox.replaceChildren();
  clearLines();
});

// "why?": the server's derivation, its lines marked in the rules.
panel.addEventListener("click", async (ev) => {
  const b = ev.target.closest("button.why");
  if (!b) return;
  const params = { id: shown, what: b.dataset.why };
  for (const k of ["role", "move", "fact"]) if (b.dataset[k] !== undefined) params[k] = b.dataset[k];
  const r = await api("/api/gdl/why", params);
  const a = await r.json();
  whyBox.replaceChildren();
  whyBox.hidden = false;
  clearLines();
  if (!r.ok) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = a.error;
    whyBox.append(p);
    return;
  }
  const h = document.createElement("h3");
  h.textContent = a.title;
  const ol = document.createElement("ol");
  ol.className = "derivation";
  ol.dataset.testid = "gdl-derivation";
  for (const s of a.steps) {
    const li = document.createElement("li");
    li.style.setProperty("--depth", String(s.depth));
    li.textContent = s.text;
    if (s.line) li.dataset.line = String(s.line);
    ol.append(li);
  }
  whyBox.append(h, ol);
  for (const l of a.lines) rules.querySelector(`li[data-line="${l}"]`)?.classList.add("hl");
  for (const l of a.fired) rules.querySelector(`li[data-line="${l}"]`)?.classList.add("fired");
  showLine(rules.querySelector("li.fired") || rules.querySelector("li.hl"));
  reveal(whyBox);
  h.tabIndex = -1;
  h.focus({ preventScroll: true });
});

// showLine scrolls the rules so that line li stands near their top.
function showLine(li) {
  if (li) rules.scrollTop += li.getBoundingClientRect().top - rules.getBoundingClientRect().top - 8;
}

// reveal brings the answer to the top of what is seen, the rules it
// highlights right under it: the panels' column scrolls where it scrolls
// on its own (a wide window), else the page (a phone).
function reveal(el) {
  const column = el.closest(".panels");
  if (column && column.scrollHeight > column.clientHeight && getComputedStyle(column).overflowY !== "visible") {
    column.scrollTop += el.getBoundingClientRect().top - column.getBoundingClientRect().top;
    return;
  }
  window.scrollBy(0, el.getBoundingClientRect().top - 4);
}

// A step of the derivation that names a rule shows that rule.
whyBox.addEventListener("click", (ev) => {
  const li = ev.target.closest("li[data-line]");
  showLine(li && rules.querySelector(`li[data-line="${li.dataset.line}"]`));
});
