// Predict mode: before each step of the search the student says what
// happens next — which node is entered, whether a node cuts off, or what
// α or β becomes when a child's value moves it — and
// hears at once whether that was right, and why. A streak counter keeps
// score. Progress is kept in the browser's storage, keyed by the
// exercise's parameters, so a reload resumes where the student was.
import { plainKey } from "./keys.js";

const root = document.getElementById("pr");
if (root) {
  start(root);
}

async function start(root) {
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
  const storeNote = root.querySelector("[data-testid=storage-note]");
  let st = { q: 0, streak: 0, best: 0, right: 0, answered: 0 };

  function save() {
    try {
      localStorage.setItem(storeKey, JSON.stringify(st));
    } catch {
      // no storage: progress lasts as long as the page
    }
  }

  // apply shows what the search did after a question, as the server
  // sent it once the question was answered (exercise.Shows): the node
  // entered, the values returned, the windows passed in or moved, the
  // children a cutoff skipped. The page holds none of it beforehand.
  function apply(sh) {
    if (!sh) return;
    if (sh.entered) {
      const g = root.querySelector(`.pr-node[data-node="${esc(sh.entered)}"]`);
      if (g) g.classList.add("entered");
    }
    for (const r of sh.reveal || []) {
      const g = root.querySelector(`.pr-node[data-node="${esc(r.node)}"]`);
      if (!g) continue;
      g.classList.add("entered", "done");
      const t = g.querySelector(".ws-answer");
      if (t) t.textContent = r.text;
    }
    for (const r of sh.windows || []) {
      const t = root.querySelector(`.pr-node[data-node="${esc(r.node)}"] .pr-window`);
      if (!t) continue;
      // α above β, as the server draws them ("α=3 β=+∞").
      const [a, b] = r.text.split(" ");
      t.querySelector(".pr-a").textContent = a;
      t.querySelector(".pr-b").textContent = b || "";
    }
    for (const id of sh.pruned || []) {
      const e = root.querySelector(`.ws-edge[data-edge="${esc(id)}"]`);
      if (e) e.classList.add("cut");
    }
  }

  // post sends a request of predict mode to the server and answers its
  // JSON, or null after showing why there is none.
  async function post(body) {
    try {
      const res = await fetch("/api/exercise/predict?lang=" + encodeURIComponent(document.documentElement.lang || "en"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ query: root.dataset.key, ...body }),
      });
      const data = await res.json().catch(() => null);
      if (!res.ok || !data) {
        showNote(data && data.error ? data.error : root.dataset.msgFailed.replace("{status}", res.status));
        return null;
      }
      return data;
    } catch {
      showNote(root.dataset.msgOffline);
      return null;
    }
  }

  function showStreak() {
    streakEl.textContent = fill(root.dataset.msgStreak, st);
  }

  function ask() {
    for (const g of nodes) g.classList.remove("here");
    if (st.q >= questions.length) {
      prompt.textContent = fill(root.dataset.msgDone, st);
      yesno.hidden = true;
      windowForm.hidden = true;
      root.dataset.done = "true";
      return;
    }
    root.dataset.done = "false";
    const li = questions[st.q];
    const at = root.querySelector(`.pr-node[data-node="${esc(li.dataset.at)}"]`);
    if (at) {
      at.classList.add("here");
      centre(at);
    }
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

  // answer posts the student's answer to question st.q and shows the
  // server's verdict; an answer that is not one (a word for α) is shown
  // and not counted.
  let busy = false;
  async function answer(given) {
    if (st.q >= questions.length || busy) return;
    busy = true;
    const i = st.q;
    const v = await post({ question: i, answer: given });
    busy = false;
    if (!v) return;
    verdict.textContent = v.text;
    verdict.className = "pr-feedback " + v.class;
    if (!v.counted) {
      windowInput.focus();
      return;
    }
    st.answered++;
    if (v.right) {
      st.right++;
      st.streak++;
      st.best = Math.max(st.best, st.streak);
    } else {
      st.streak = 0;
    }
    apply(v.shows);
    st.q = i + 1;
    save();
    showStreak();
    ask();
  }

  // centre scrolls a tree wider than its frame (on a phone) sideways so
  // that node g, the one asked about, is in the middle.
  function centre(g) {
    const frame = g.closest(".ex-tree");
    if (!frame || frame.scrollWidth <= frame.clientWidth) return;
    const f = frame.getBoundingClientRect();
    const r = g.getBoundingClientRect();
    frame.scrollLeft += r.left + r.width / 2 - (f.left + f.width / 2);
  }

  function showNote(msg) {
    verdict.textContent = msg;
    verdict.className = "pr-feedback note";
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
    answer(windowInput.value);
  });
  yes.addEventListener("click", () => answer("yes"));
  no.addEventListener("click", () => answer("no"));
  document.addEventListener("keydown", (ev) => {
    if (!plainKey(ev) || root.dataset.kind !== "cut") return;
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

  let raw = null;
  try {
    raw = localStorage.getItem(storeKey);
  } catch {
    // no storage: start afresh
  }
  if (raw !== null) {
    const { state, dropped } = readProgress(raw, questions.length);
    st = state;
    if (dropped.length > 0) {
      storeNote.textContent = dropped.includes("all")
        ? root.dataset.msgStoredAll
        : root.dataset.msgStored.replace("{parts}", dropped.join(", "));
      storeNote.hidden = false;
      save();
    }
  }
  showStreak();
  if (st.q > 0) {
    // What the search showed after the questions answered before the
    // reload: the server sends it, the page never held it.
    const r = await post({ replay: st.q });
    for (const sh of r ? r.shows : []) apply(sh);
  }
  ask();
  root.dataset.ready = "true";
}

// fill puts the counts into a message of the page: {streak}, {best},
// {right}, {answered}.
function fill(msg, st) {
  return msg.replace(/\{(streak|best|right|answered)\}/g, (_, k) => String(st[k]));
}

/**
 * readProgress reads the progress saved in the browser's storage: the
 * question reached and the counts, each a whole number ≥ 0 (the question at
 * most n, answered at most the question, right at most answered). A part
 * that is not is left out (counted from 0) and named; an entry that is not
 * an object at all is dropped whole ("all").
 */
export function readProgress(raw, n) {
  const st = { q: 0, streak: 0, best: 0, right: 0, answered: 0 };
  let v;
  try {
    v = JSON.parse(raw);
  } catch {
    return { state: st, dropped: ["all"] };
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { state: st, dropped: ["all"] };
  const dropped = [];
  for (const k of Object.keys(st)) {
    if (v[k] === undefined) continue;
    if (Number.isInteger(v[k]) && v[k] >= 0) st[k] = v[k];
    else dropped.push(k);
  }
  if (st.q > n) {
    st.q = n;
    dropped.push("q");
  }
  if (st.answered > st.q || st.right > st.answered || st.streak > st.right || st.best < st.streak) {
    // Counts that cannot come from answering: count afresh from here.
    Object.assign(st, { answered: 0, right: 0, streak: 0, best: 0 });
    dropped.push("counts");
  }
  return { state: st, dropped };
}
