// abtrace room: a viewer page that follows a room of the live classroom.
//
// The page's websocket follows the room instead of loading a scenario of
// its own: the server sends the room's snapshot and then its numbered
// updates (docs/session-protocol.md, "Rooms"), whose pictures are the
// viewer's own frames and patches, applied by the viewer. A gap in the
// numbers asks for a new snapshot. The lecturer's page (it holds the
// secret, from the address's fragment, kept in this browser) steps the
// room with the viewer's own controls and asks questions; a student's page
// answers them, and may explore on its own cursor and come back. Nothing
// here decides what is right: the server grades and explains.

const $ = (sel, root = document) => root.querySelector(sel);

/** token is this tab's random student token, kept across reloads and
 * reconnections (sessionStorage: each tab is one student, even in one
 * browser) so that a reconnect loses no answer. */
function token() {
  let t = sessionStorage.getItem("abtrace-student");
  if (!t || !/^[A-Za-z0-9_-]{8,64}$/.test(t)) {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    t = btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    sessionStorage.setItem("abtrace-student", t);
  }
  return t;
}

/** secretKey is where this tab keeps room code's lecturer secret. */
const secretKey = (code) => "abtrace-room-secret-" + code;

/** lecturerSecret is the lecturer's secret of room code, "" when this tab
 * has none: from the address's fragment the room (or its clicker) was
 * opened with, then kept in this tab and taken out of the address. */
export function lecturerSecret(code) {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("secret")) {
    sessionStorage.setItem(secretKey(code), frag.get("secret"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(secretKey(code)) || "";
}

/**
 * room wires the room's bar into a viewer page and returns the viewer's
 * hooks: opened(send) follows the room on every (re)connection;
 * receive(m) takes the room's messages (true when m was one);
 * exploring() says the student shows their own cursor.
 * - code, nick: the room's code, the student's nickname from the address.
 * - apply(m): the viewer's own receive, for a frame or a patch.
 * - step(): the step the page shows.
 * - send(m): the page's websocket.
 * - query: the scenario the student explores on their own cursor, with
 *   explore(query, step), the command that loads it (the viewer's load by
 *   default; a comparison's compare).
 * - trees: the drawn trees a node is tapped in (the viewer's one, or a
 *   comparison's panes: a node has the same id in every pane).
 * - leave(): ends the page's websocket for good (before a slide's page is
 *   swapped in, which opens its own).
 */
export function room({ code, nick, apply, step, send, query, explore: exploreCmd, trees, leave }) {
  exploreCmd = exploreCmd || ((q, at) => ({ cmd: "load", query: q, step: at }));
  trees = trees || [document.getElementById("tree")];
  const texts = JSON.parse(document.getElementById("abtrace-room-texts").textContent);
  const say = (k, fill = {}) => (texts[k] || k).replace(/\{(\w+)\}/g, (m, x) => (x in fill ? fill[x] : m));
  const box = $("#room");
  const qBox = $("#room-question");
  const tools = $("#room-tools");
  const explore = $("#room-explore");
  const back = $("#room-back");
  const count = $('[data-testid="room-count"]');
  const role = $('[data-testid="room-role"]');
  const prompt = $('[data-testid="room-prompt"]');
  const choices = $('[data-testid="room-choices"]');
  const form = $('[data-testid="room-answer-form"]');
  const input = $('[data-testid="room-answer"]');
  const mine = $('[data-testid="room-mine"]');
  const bars = $('[data-testid="room-bars"]');
  const explain = $('[data-testid="room-explain"]');

  const key = secretKey(code);
  const secret = lecturerSecret(code);
  const lecturer = !!secret;
  if (!lecturer) {
    nick = nick || sessionStorage.getItem("abtrace-nick") || "";
    if (!nick) {
      location.assign("/join?code=" + encodeURIComponent(code) + "&lang=" + encodeURIComponent(document.documentElement.lang));
    }
    sessionStorage.setItem("abtrace-nick", nick);
  }
  const student = lecturer ? "" : token();
  document.body.classList.add(lecturer ? "room-lecturer" : "room-student");
  role.textContent = lecturer ? say("lecturer") : say("student", { nick });
  $("#room-qr").hidden = !lecturer;
  tools.hidden = !lecturer;
  explore.hidden = lecturer;

  // The fold button folds the panel to its first line, as the browser
  // keeps it; a new question opens it again for a student.
  const fold = $("#room-fold");
  const foldKey = "abtrace-room-folded";
  function setFolded(on, keep) {
    box.classList.toggle("folded", on);
    fold.setAttribute("aria-expanded", String(!on));
    fold.textContent = on ? fold.dataset.show : fold.dataset.hide;
    if (!keep) return;
    try {
      localStorage.setItem(foldKey, on ? "1" : "0");
    } catch {
      // no storage: folded as long as the page lasts
    }
  }
  let folded = null;
  try {
    folded = localStorage.getItem(foldKey);
  } catch {
    // no storage: open
  }
  setFolded(folded === "1", false);
  fold.addEventListener("click", () => setFolded(!box.classList.contains("folded"), true));
  let asked = ""; // the open question's prompt, to tell a new one

  let seq = -1; // the number of the last update applied
  let lecturerStep = 0;
  let exploring = false;
  let question = null; // the open question, as the server showed it
  let revealed = null;

  function opened(sendNow) {
    seq = -1;
    sendNow({ cmd: "follow", code, nick: lecturer ? undefined : nick, student: student || undefined, secret: secret || undefined });
  }

  function showCount(n) {
    if (typeof n === "number") count.textContent = say("followers", { n });
  }

  function showQuestion(q, rv, given) {
    question = q;
    revealed = rv || null;
    qBox.hidden = !q;
    const now = q && !rv ? q.kind + "\n" + q.prompt : "";
    if (now && now !== asked && !lecturer && box.classList.contains("folded")) setFolded(false, false);
    asked = now;
    if (!q) return;
    prompt.textContent = q.prompt;
    choices.replaceChildren();
    const open = !rv && !lecturer;
    form.hidden = !open || q.taps || q.kind === "choice";
    if (q.kind === "choice") {
      q.options.forEach((o, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "btn small";
        b.textContent = o;
        b.dataset.option = String(i);
        b.dataset.testid = "room-option";
        b.disabled = !open || !!given;
        b.addEventListener("click", () => answer(String(i)));
        choices.append(b);
      });
    }
    mine.dataset.given = given || "";
    mine.textContent = given ? say("answered", { answer: label(given) }) : open && q.taps ? say("tap") : "";
    explain.textContent = rv ? rv.explain : "";
    if (rv) drawBars(rv.bars, rv.answers);
    else if (!lecturer) bars.replaceChildren();
    document.body.classList.toggle("room-tapping", open && !given && !!q.taps);
  }

  /** label is how an answer is shown: an option's text, or as given. */
  function label(a) {
    if (question && question.kind === "choice" && question.options[Number(a)] !== undefined) return question.options[Number(a)];
    if (question && question.taps) {
      // A node is named as the tree draws it: its letter, or a leaf's value.
      const g = trees[0].querySelector(`[data-node="${CSS.escape(a)}"]`);
      const t = g && (g.dataset.text || (g.querySelector("text") || {}).textContent);
      if (t) return t;
    }
    return a;
  }

  function drawBars(list, n) {
    const max = Math.max(1, ...list.map((b) => b.count));
    bars.replaceChildren(
      ...list.map((b) => {
        const li = document.createElement("li");
        li.dataset.testid = "room-bar";
        li.dataset.answer = b.answer;
        if (b.right) li.classList.add("right");
        const name = document.createElement("span");
        name.className = "bar-name";
        // The server names each answer (a node in words, never its id).
        name.textContent = (b.label || label(b.answer)) + (b.right ? " ✓" : "");
        const bar = document.createElement("span");
        bar.className = "bar";
        bar.style.setProperty("--w", String(b.count / max));
        const c = document.createElement("span");
        c.className = "bar-count";
        c.textContent = String(b.count);
        li.append(name, bar, c);
        return li;
      }),
    );
    bars.dataset.answers = String(n);
  }

  function answer(a) {
    if (!question || revealed) return;
    send({ cmd: "answer", question: question.id, answer: a });
  }

  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (input.value.trim()) answer(input.value.trim());
  });

  // The lecturer picks the node a question asks about by tapping it.
  const kindBox = $('[data-testid="room-kind"]');
  const nodeBox = $('[data-testid="room-node"]');
  const asksNode = () => ["value", "alpha", "beta"].includes(kindBox.value);
  const showNodeBox = () => {
    nodeBox.hidden = !asksNode();
    document.body.classList.toggle("room-picking", lecturer && asksNode());
  };
  kindBox.addEventListener("change", showNodeBox);
  showNodeBox();
  const onTrees = (f) => trees.forEach((t) => t.addEventListener("click", f, { capture: true }));
  onTrees(
    (ev) => {
      if (!lecturer || !asksNode()) return;
      const g = ev.target instanceof Element ? ev.target.closest("[data-node]") : null;
      if (!g) return;
      ev.preventDefault();
      ev.stopPropagation();
      nodeBox.dataset.node = g.dataset.node;
      nodeBox.value = g.dataset.text || (g.querySelector("text") || {}).textContent || "";
    },
  );

  // A student taps a node to answer a question of the tapping kind.
  onTrees(
    (ev) => {
      if (lecturer || exploring || !question || !question.taps || revealed) return;
      const g = ev.target instanceof Element ? ev.target.closest("[data-node]") : null;
      if (!g) return;
      ev.preventDefault();
      ev.stopPropagation();
      answer(g.dataset.node);
    },
  );

  explore.addEventListener("click", () => {
    exploring = true;
    explore.hidden = true;
    back.hidden = false;
    document.body.classList.add("room-exploring");
    send(exploreCmd(query, step()));
  });
  back.addEventListener("click", () => {
    exploring = false;
    explore.hidden = false;
    back.hidden = true;
    document.body.classList.remove("room-exploring");
    send({ cmd: "rejoin" });
  });

  // The lecturer's tools.
  tools.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const kind = $('[data-testid="room-kind"]').value;
    const ask = { kind };
    if (asksNode()) ask.node = nodeBox.dataset.node || "";
    if (kind === "choice") {
      ask.prompt = $('[data-testid="room-ask-prompt"]').value.trim();
      ask.options = $('[data-testid="room-options"]').value.split("|").map((s) => s.trim()).filter(Boolean);
      ask.correct = Number($('[data-testid="room-correct"]').value);
    }
    send({ cmd: "ask", ask });
  });
  $("#room-reveal").addEventListener("click", () => send({ cmd: "reveal" }));
  for (const b of tools.querySelectorAll("[data-by]")) {
    b.addEventListener("click", async () => {
      const body = new URLSearchParams({ secret, by: b.dataset.by });
      const r = await fetch("/api/rooms/" + code + "/answers.csv", { method: "POST", body });
      if (!r.ok) return;
      const a = document.createElement("a");
      a.href = URL.createObjectURL(await r.blob());
      a.download = "abtrace-" + code + "-" + b.dataset.by + ".csv";
      a.click();
    });
  }
  $("#room-clicker").href = "/room/" + encodeURIComponent(code) + "/clicker?lang=" + encodeURIComponent(document.documentElement.lang) + "#secret=" + encodeURIComponent(secret);
  $("#room-delete").addEventListener("click", async () => {
    const r = await fetch("/api/rooms/" + code, { method: "DELETE", headers: { "X-Abtrace-Secret": secret } });
    if (r.ok) {
      sessionStorage.removeItem(key);
      prompt.textContent = say("deleted");
    }
  });

  /** swapIn replaces the page by the room's page of another scenario,
   * as the server rendered it: the page's websocket ends, the new page's
   * scripts run (under addresses of their own: a module runs once per
   * address) and follow the room on a websocket of their own. The join
   * link the projector shows is the page's. */
  function swapIn(html, n) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    for (const el of doc.querySelectorAll('script[type="module"][src]')) {
      const u = new URL(el.getAttribute("src"), location.href);
      u.searchParams.set("scene", String(n));
      el.setAttribute("src", u.pathname + u.search);
    }
    const join = $(".room-join", doc);
    if (join) join.textContent = $(".room-join").textContent;
    if (leave) leave();
    document.open();
    document.write("<!DOCTYPE html>" + doc.documentElement.outerHTML);
    document.close();
  }

  function receive(m) {
    if (m.type === "histogram") {
      if (question && m.question === question.id && !revealed) {
        drawBars(m.bars, m.answers);
        mine.textContent = say("answers", { n: m.answers });
      }
      return true;
    }
    if (m.type === "answered") {
      mine.dataset.given = m.answer;
      mine.textContent = say("answered", { answer: label(m.answer) });
      for (const b of choices.querySelectorAll("button")) b.disabled = true;
      document.body.classList.remove("room-tapping");
      box.dataset.answered = String(m.question);
      return true;
    }
    if (m.type !== "room") return false;
    if (m.kind === "closed") {
      prompt.textContent = say("closed");
      qBox.hidden = false;
      return true;
    }
    if (m.kind !== "snapshot" && m.seq !== seq + 1) {
      send({ cmd: "snapshot" });
      return true;
    }
    // A slide with another scenario brings that scenario's whole page,
    // drawn by the server ("scene"): the page swaps it in.
    if (m.kind === "slide" && m.picture && m.picture.type === "scene") {
      swapIn(m.picture.html, m.seq);
      return true;
    }
    // A snapshot of another scenario than the page draws (the page missed
    // a slide while offline): the page of the room as it stands.
    if (m.kind === "snapshot" && m.scenario && box.dataset.scenario && m.scenario !== box.dataset.scenario) {
      location.reload();
      return true;
    }
    seq = m.seq;
    lecturerStep = m.step;
    box.dataset.seq = String(seq);
    box.dataset.step = String(m.step);
    if (m.scenario) box.dataset.scenario = m.scenario;
    showCount(m.followers);
    switch (m.kind) {
      case "snapshot":
        if (!exploring && m.picture) apply(m.picture);
        showQuestion(m.question || null, m.reveal, m.mine);
        break;
      case "step":
      case "slide":
        if (!exploring && m.picture) apply(m.picture);
        break;
      case "ask":
        showQuestion(m.question, null, "");
        break;
      case "reveal":
        showQuestion(m.question, m.reveal, mine.dataset.given || "");
        break;
    }
    if (exploring) mine.dataset.lecturer = say("exploring", { step: lecturerStep });
    return true;
  }

  return { opened, receive, exploring: () => exploring, lecturer };
}
