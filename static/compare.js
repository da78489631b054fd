// abtrace: the comparison page's keys and play button. The server renders
// every step (the panes, the chart, the summary); this script only fetches
// the next step's page and swaps the comparison in, so stepping does not
// flash. Without it the step buttons are plain links and still work.

/** typing reports whether a key event belongs to a text field. */
function typing(ev) {
  const t = ev.target;
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || t.matches("input, textarea, select");
}

/** playDelay is the time between two steps while playing, in ms. */
const playDelay = 450;

let busy = false;
let pending = "";
let timer = 0;

const root = () => document.getElementById("compare");

/** load fetches the comparison at href and puts it in place. */
async function load(href) {
  busy = true;
  try {
    const res = await fetch(href, { headers: { Accept: "text/html" } });
    if (!res.ok) {
      location.assign(href);
      return;
    }
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const next = doc.getElementById("compare");
    if (!next) {
      location.assign(href);
      return;
    }
    root().replaceWith(document.adoptNode(next));
    history.replaceState(null, "", href);
    if (timer && finished()) stop();
    syncPlay();
    window.dispatchEvent(new CustomEvent("abtrace:update"));
  } catch {
    location.assign(href);
  } finally {
    busy = false;
  }
  if (pending) {
    const p = pending;
    pending = "";
    command(p);
  }
}

/** resolve is the address a link leads to. A page whose scenario is too
 * large to repeat in every link has links that name only what they change,
 * as fragments ("#step=6", "#by=event&step=0", "#open=2.1"); the page's
 * address, which holds the whole query, adds the rest. */
function resolve(href) {
  if (!href.startsWith("#")) return href;
  const q = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(href.slice(1))) {
    const open = q.get("open");
    q.set(k, k === "open" && open ? open + "," + v : v);
  }
  return location.pathname + "?" + q.toString();
}

/** command follows one of the step links: start, back, step or end. */
function command(name) {
  if (busy) {
    pending = name;
    return;
  }
  const a = root()?.querySelector(`a[data-cmd="${name}"]`);
  if (a) load(resolve(a.getAttribute("href")));
}

function finished() {
  const r = root();
  return !r || r.dataset.step === r.dataset.total;
}

function syncPlay() {
  const b = document.getElementById("play");
  if (!b) return;
  b.setAttribute("aria-pressed", String(timer !== 0));
  b.classList.toggle("on", timer !== 0);
}

function stop() {
  clearInterval(timer);
  timer = 0;
  syncPlay();
}

function togglePlay() {
  if (timer) {
    stop();
    return;
  }
  if (finished()) command("start");
  timer = setInterval(() => {
    if (busy) return;
    if (finished()) {
      stop();
      return;
    }
    command("step");
  }, playDelay);
  syncPlay();
}

const keys = { ArrowRight: "step", ArrowLeft: "back", Home: "start", End: "end" };

document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev)) return;
  if (keys[ev.key]) {
    ev.preventDefault();
    if (ev.key !== "ArrowRight") stop();
    command(keys[ev.key]);
  } else if (ev.key === " ") {
    ev.preventDefault();
    togglePlay();
  }
});

document.addEventListener("click", (ev) => {
  const short = ev.target instanceof Element ? ev.target.closest('a[href^="#"]:not([data-cmd])') : null;
  if (short && root()?.contains(short) && short.getAttribute("href").includes("=")) {
    ev.preventDefault();
    stop();
    location.assign(resolve(short.getAttribute("href")));
    return;
  }
  const t = ev.target instanceof Element ? ev.target.closest("[data-cmd]") : null;
  if (!t || !root()?.contains(t)) return;
  ev.preventDefault();
  if (t.dataset.cmd === "play") {
    togglePlay();
  } else {
    stop();
    command(t.dataset.cmd);
  }
});
