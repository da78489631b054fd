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
  if (res.line > 0) {
    const line = (text.split("\n")[res.line - 1] || "").replace(/\t/g, " ").replace(/\r$/, "");
    const pre = document.createElement("pre");
    const chars = [...line];
    const start = res.col > 50 ? res.col - 40 : 0;
    pre.textContent = chars.slice(start, start + 80).join("") + "\n" + " ".repeat(Math.max(res.col - 1 - start, 0)) + "^";
    check.append(pre);
  }
}

tree.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(validate, 250);
});
for (const r of form.querySelectorAll("input[name=root], select[name=format]")) r.addEventListener("change", validate);
validate();

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
