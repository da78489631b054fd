// Predict mode: before each step of the search the student says what
// happens next — which node is entered, whether a node cuts off, or what
// α or β becomes when a child's value moves it — and
// hears at once whether that was right, and why. A streak counter keeps
// score. Progress is kept in the browser's storage, keyed by the
// exercise's parameters, so a reload resumes where the student was.

const root = document.getElementById("pr");
if (root) {
  start(root);
}

function start(root) {
  const storeKey = "abtrace-predict:" + root.dataset.key;
  const questions = [...root.querySelectorAll(".pr-questions li")];
  const prompt = root.querySelector("[data-testid=prompt]");
  const verdict = root.querySelector("[data-testid=verdict]");
  const streakEl = root.querySelector("[data-testid=streak]");
  const yes = document.getElementById("pr-yes");
  const no = document.getElementById("pr-no");
  const yesno = root.querySelector(".pr-yesno");
  const windowForm = document.getElementById("pr-window");
  const windowInput = document.getElementById("pr-input");
  const which = document.getElementById("pr-which");
  const nodes = [...root.querySelectorAll(".pr-node")];
  const esc = (s) => CSS.escape(s);
  let st = { q: 0, streak: 0, best: 0, right: 0, answered: 0 };

  function save() {
    try {
      localStorage.setItem(storeKey, JSON.stringify(st));
    } catch {
      // no storage: progress lasts as long as the page
    }
  }

  // apply shows what the search did after question i: the node entered,
  // the values returned, the children a cutoff skipped.
  function apply(i) {
    const li = questions[i];
    if (li.dataset.kind === "enter") {
      const g = root.querySelector(`.pr-node[data-node="${esc(li.dataset.answer)}"]`);
      if (g) g.classList.add("entered");
    }
    for (const pair of (li.dataset.reveal || "").split(";")) {
      if (pair === "") continue;
      const k = pair.indexOf("=");
      const id = pair.slice(0, k);
      const g = root.querySelector(`.pr-node[data-node="${esc(id)}"]`);
      if (!g) continue;
      g.classList.add("entered", "done");
      const t = g.querySelector(".ws-answer");
      if (t) t.textContent = pair.slice(k + 1);
    }
    for (const id of (li.dataset.pruned || "").split(" ")) {
      if (id === "") continue;
      const e = root.querySelector(`.ws-edge[data-edge="${esc(id)}"]`);
      if (e) e.classList.add("cut");
    }
  }

  function showStreak() {
    streakEl.textContent = `Streak ${st.streak} · best ${st.best} · ${st.right} / ${st.answered} right`;
  }

  function ask() {
    for (const g of nodes) g.classList.remove("here");
    if (st.q >= questions.length) {
      prompt.textContent = `The search is over: ${st.right} of ${st.answered} predictions right, best streak ${st.best}.`;
      yesno.hidden = true;
      windowForm.hidden = true;
      root.dataset.done = "true";
      return;
    }
    root.dataset.done = "false";
    const li = questions[st.q];
    const at = root.querySelector(`.pr-node[data-node="${esc(li.dataset.at)}"]`);
    if (at) at.classList.add("here");
    prompt.textContent = `${st.q + 1} / ${questions.length}. ${li.dataset.prompt}`;
    yesno.hidden = li.dataset.kind !== "cut";
    const wasHidden = windowForm.hidden;
    windowForm.hidden = li.dataset.kind !== "window";
    if (li.dataset.kind === "window") {
      which.textContent = li.dataset.which;
      windowInput.value = "";
      if (wasHidden && document.activeElement !== document.body) windowInput.focus();
    }
    root.dataset.kind = li.dataset.kind;
  }

  // readValue reads a typed α or β: 3, 3.0, −3, -3, +∞, ∞, inf, -inf. It
  // returns null for anything else. (Only the spelling: the value to
  // compare with comes from the server's trace.)
  function readValue(s) {
    let t = s.trim().replace(/\u2212/g, "-").replace(/\s+/g, "").toLowerCase();
    let sign = 1;
    if (t.startsWith("+")) t = t.slice(1);
    else if (t.startsWith("-")) {
      sign = -1;
      t = t.slice(1);
    }
    if (t === "∞" || t === "inf" || t === "infinity") return sign * Infinity;
    if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return null;
    return sign * Number(t);
  }

  function answer(given) {
    if (st.q >= questions.length) return;
    const li = questions[st.q];
    const ok =
      li.dataset.kind === "window"
        ? readValue(given) === readValue(li.dataset.answer)
        : given === li.dataset.answer;
    st.answered++;
    if (ok) {
      st.right++;
      st.streak++;
      st.best = Math.max(st.best, st.streak);
    } else {
      st.streak = 0;
    }
    const want =
      li.dataset.kind === "enter"
        ? `It enters ${li.dataset.answer === "" ? "the root" : "node " + li.dataset.answer}.`
        : li.dataset.kind === "window"
          ? `${li.dataset.which} becomes ${li.dataset.shown}.`
          : li.dataset.answer === "yes"
            ? "It cuts off."
            : "It goes on.";
    verdict.textContent = `${ok ? "Right!" : "Not quite."} ${want} ${li.textContent}`;
    verdict.className = "pr-feedback " + (ok ? "right" : "wrong");
    apply(st.q);
    st.q++;
    save();
    showStreak();
    ask();
  }

  for (const g of nodes) {
    g.addEventListener("click", () => {
      if (root.dataset.kind === "enter") answer(g.dataset.node);
    });
    g.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && root.dataset.kind === "enter") {
        ev.preventDefault();
        answer(g.dataset.node);
      }
    });
  }
  windowForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (root.dataset.kind !== "window") return;
    const given = windowInput.value;
    if (readValue(given) === null) {
      // Not a value at all: say so, and do not count it.
      verdict.textContent = `“${given.trim()}” is not a value: write a number such as 3 or −2.5, or ∞ or −∞.`;
      verdict.className = "pr-feedback note";
      windowInput.focus();
      return;
    }
    answer(given);
  });
  yes.addEventListener("click", () => answer("yes"));
  no.addEventListener("click", () => answer("no"));
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || root.dataset.kind !== "cut") return;
    if (ev.key === "y") answer("yes");
    if (ev.key === "n") answer("no");
  });
  document.getElementById("pr-reset").addEventListener("click", () => {
    try {
      localStorage.removeItem(storeKey);
    } catch {
      // nothing stored
    }
    location.reload();
  });

  try {
    const saved = JSON.parse(localStorage.getItem(storeKey) || "null");
    if (saved && typeof saved === "object") st = { ...st, ...saved };
  } catch {
    // a broken entry: start afresh
  }
  st.q = Math.min(Math.max(0, Number(st.q) || 0), questions.length);
  for (let i = 0; i < st.q; i++) apply(i);
  showStreak();
  ask();
  root.dataset.ready = "true";
}
