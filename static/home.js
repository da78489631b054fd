// abtrace home page: shows one source at a time, checks a typed tree as
// you type (the server parses it: /api/validate), and edits a tic-tac-toe
// position by clicking cells. The form works without this script too.

const form = document.getElementById("scenario");

// Sources: show the chosen one, and of the options only those the server
// marked as applying to the chosen source and algorithm (data-sources,
// data-algos: space-separated, empty for every one).
const algo = form.querySelector("select[name=algo]");

function marked(el, key, value) {
  const list = el.dataset[key];
  return !list || list.split(" ").includes(value);
}

function showSource() {
  const chosen = form.querySelector("input[name=source]:checked");
  const src = chosen ? chosen.value : "tree";
  for (const el of form.querySelectorAll(".src[data-src]")) el.classList.toggle("active", el.dataset.src === src);
  // The algorithms this source offers; when the chosen one is not among
  // them, the source's first.
  const offered = [...algo.options].filter((o) => marked(o, "sources", src));
  for (const o of algo.options) o.hidden = !offered.includes(o);
  if (algo.selectedOptions[0] && algo.selectedOptions[0].hidden && offered.length > 0) algo.value = offered[0].value;
  const a = algo.value;
  for (const el of form.querySelectorAll(".opt[data-opt]")) el.hidden = !(marked(el, "sources", src) && marked(el, "algos", a));
  for (const o of form.querySelectorAll(".opt select option")) {
    if (o.parentElement !== algo) o.hidden = !marked(o, "algos", a);
  }
}
for (const r of form.querySelectorAll("input[name=source]")) r.addEventListener("change", showSource);
algo.addEventListener("change", showSource);
showSource();

// Live validation of the tree text, debounced; the newest answer wins.
const tree = document.getElementById("tree");
const check = document.getElementById("tree-check");
let timer = 0;
let asked = 0;

function rootValue() {
  const r = form.querySelector("input[name=root]:checked");
  return r ? r.value : "";
}

async function validate() {
  const text = tree.value;
  const mine = ++asked;
  if (text.trim() === "") {
    show(null, "");
    return;
  }
  const q = new URLSearchParams({ tree: text });
  if (rootValue()) q.set("root", rootValue());
  const format = form.querySelector("select[name=format]");
  if (format && format.value) q.set("format", format.value);
  q.set("lang", document.documentElement.lang || "en");
  let res;
  try {
    const r = await fetch("/api/validate?" + q.toString(), { headers: { Accept: "application/json" } });
    res = await r.json();
  } catch {
    return; // The server is away; the form still submits.
  }
  if (mine === asked) show(res, text);
}

function show(res, text) {
  check.replaceChildren();
  check.className = "check";
  tree.removeAttribute("aria-invalid");
  if (!res) return;
  if (res.ok) {
    check.classList.add("ok");
    check.append((res.summary || "✓ " + res.nodes) + " ");
    const code = document.createElement("code");
    code.textContent = res.canonical;
    check.append(code);
    return;
  }
  check.classList.add("bad");
  tree.setAttribute("aria-invalid", "true");
  check.append(res.error);
  if (res.line > 0) check.append(excerpt(text, res.line, res.col));
}

tree.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(validate, 250);
});
for (const r of form.querySelectorAll("input[name=root], select[name=format]")) r.addEventListener("change", validate);
validate();

// A game written in GDL: checked as it is typed (the server reads and
// checks it: /api/validate?gdl=), every error at its line and column; a
// shipped game or a .kif file fills the box.
const gdlText = document.getElementById("gdl");
const gdlCheck = document.getElementById("gdl-check");
const gdlGame = document.getElementById("gdl-game");
const gdlFile = document.getElementById("gdl-file");
let gdlTimer = 0;
let gdlAsked = 0;

// excerpt is the line of text at an error, its column marked with ^.
function excerpt(text, line, col) {
  const l = (text.split("\n")[line - 1] || "").replace(/\t/g, " ").replace(/\r$/, "");
  const pre = document.createElement("pre");
  const chars = [...l];
  const start = col > 50 ? col - 40 : 0;
  pre.textContent = chars.slice(start, start + 80).join("") + "\n" + " ".repeat(Math.max(col - 1 - start, 0)) + "^";
  return pre;
}

async function validateGDL() {
  const text = gdlText.value;
  const mine = ++gdlAsked;
  if (text.trim() === "") {
    showGDL(null, "");
    return;
  }
  const q = new URLSearchParams({ gdl: text, lang: document.documentElement.lang || "en" });
  let res;
  try {
    const r = await fetch("/api/validate?" + q.toString(), { headers: { Accept: "application/json" } });
    res = await r.json();
  } catch {
    return;
  }
  if (mine === gdlAsked) showGDL(res, text);
}

// checkLink is a link of the GDL check, as the server addressed and worded it.
function checkLink(href, text, testid, className) {
  const a = document.createElement("a");
  a.href = href;
  if (className) a.className = className;
  a.dataset.testid = testid;
  a.textContent = text;
  return a;
}

// para is a paragraph of the GDL check holding parts (texts and elements).
function para(...parts) {
  const p = document.createElement("p");
  p.append(...parts);
  return p;
}

function showGDL(res, text) {
  gdlCheck.replaceChildren();
  gdlCheck.className = "check";
  gdlText.removeAttribute("aria-invalid");
  if (!res) return;
  if (res.ok) {
    gdlCheck.classList.add("ok");
    gdlCheck.append(res.summary + " ");
    const code = document.createElement("code");
    code.textContent = res.canonical;
    gdlCheck.append(code);
    // The server decided the game can be played against the engine.
    if (res.play) gdlCheck.append(para(checkLink(res.play, res.play_text, "gdl-play", "btn small")));
    // The evaluations built from the game's rules, as the server links them.
    if (res.evals) gdlCheck.append(para(checkLink(res.evals, res.evals_text, "gdl-evals", "")));
    if (res.step) {
      // The roles choose at once: the server offers decoupled UCT.
      const p = para(res.step_note + " ", checkLink(res.step, res.step_text, "gdl-duct", "btn small"));
      p.dataset.testid = "gdl-duct-note";
      gdlCheck.append(p);
    }
    return;
  }
  gdlCheck.classList.add("bad");
  gdlText.setAttribute("aria-invalid", "true");
  const problems = res.problems && res.problems.length > 0 ? res.problems : [{ line: 0, col: 0, text: res.error }];
  problems.forEach((p, i) => {
    const el = document.createElement("p");
    el.dataset.testid = "gdl-problem";
    el.textContent = p.text;
    gdlCheck.append(el);
    if (i === 0 && p.line > 0) gdlCheck.append(excerpt(text, p.line, p.col));
  });
}

if (gdlText) {
  gdlText.addEventListener("input", () => {
    clearTimeout(gdlTimer);
    gdlTimer = setTimeout(validateGDL, 300);
  });
  gdlGame.addEventListener("change", async () => {
    if (!gdlGame.value) return;
    const r = await fetch("/api/gdl/game?name=" + encodeURIComponent(gdlGame.value));
    if (!r.ok) return;
    gdlText.value = await r.text();
    validateGDL();
  });
  gdlFile.addEventListener("change", async () => {
    const f = gdlFile.files[0];
    if (!f) return;
    gdlText.value = await f.text();
    gdlGame.value = "";
    validateGDL();
  });
  validateGDL();
}

// The tic-tac-toe board: a click cycles a cell through empty, x and o; the
// position field and the board always agree.
const position = document.getElementById("position");
const cells = [...document.querySelectorAll("#board-editor .cell")];
const next = { ".": "x", x: "o", o: "." };

function readPosition() {
  const p = position.value.toLowerCase();
  return cells.map((_, i) => (p[i] === "x" || p[i] === "o" ? p[i] : "."));
}

function drawBoard(marks) {
  cells.forEach((c, i) => {
    c.dataset.mark = marks[i];
    c.textContent = marks[i] === "." ? "" : marks[i];
    const where = "row " + (Math.floor(i / 3) + 1) + ", column " + ((i % 3) + 1);
    c.setAttribute("aria-label", where + ": " + (marks[i] === "." ? "empty" : marks[i]));
  });
}

cells.forEach((c, i) => {
  c.addEventListener("click", () => {
    const marks = readPosition();
    marks[i] = next[marks[i]];
    const s = marks.join("");
    position.value = s === "........." ? "" : s;
    drawBoard(marks);
  });
});
position.addEventListener("input", () => drawBoard(readPosition()));
drawBoard(readPosition());
