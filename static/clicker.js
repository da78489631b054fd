// abtrace clicker: the lecturer's phone in a room of the live classroom.
//
// It follows the room with the lecturer's secret (from the address's
// fragment, then kept in this tab like the lecturer's page keeps it) and
// sends the lecturer's commands: a step forward or back, or, in a room
// opened on a deck, the next or the previous slide; and the reveal. The
// server decides everything; this page only shows where the room is.

import { session } from "./session.js";
import { lecturerSecret } from "./room.js";

const $ = (sel) => document.querySelector(sel);
const box = $("#clicker");
const code = box.dataset.code;
const texts = JSON.parse(document.getElementById("abtrace-clicker-texts").textContent);
const say = (k, fill = {}) => (texts[k] || k).replace(/\{(\w+)\}/g, (m, x) => (x in fill ? fill[x] : m));
const where = $('[data-testid="clicker-where"]');

const secret = lecturerSecret(code);

let slide = null; // the deck's slide the room shows, null without a deck
let step = 0;

function show() {
  where.textContent = slide ? say("slide", { n: slide.n + 1, of: slide.of, step }) : say("step", { step });
  box.dataset.step = String(step);
  box.dataset.slide = slide ? String(slide.n) : "";
}

function receive(m) {
  if (m.type !== "room") return;
  if (m.kind === "closed") {
    where.textContent = say("closed");
    return;
  }
  if (typeof m.step === "number") step = m.step;
  if (m.slide) slide = m.slide;
  show();
}

function move(by) {
  if (!link) return;
  if (slide) {
    const n = slide.n + by;
    if (n >= 0 && n < slide.of) link.send({ cmd: "slide", n });
    return;
  }
  link.send(by > 0 ? { cmd: "step", n: 1 } : { cmd: "back", n: 1 });
}

// Without the secret the clicker opens no connection: it could not drive.
const link = secret
  ? session({
      path: "/ws",
      badge: $("#conn"),
      live: say("live"),
      offline: say("offline"),
      server: say("server"),
      open: (send) => send({ cmd: "follow", code, secret }),
      receive,
      closed: () => {},
    })
  : null;

if (!link) {
  where.textContent = say("noSecret");
  for (const b of document.querySelectorAll("button")) b.disabled = true;
}
$('[data-testid="clicker-next"]').addEventListener("click", () => move(1));
$('[data-testid="clicker-back"]').addEventListener("click", () => move(-1));
$('[data-testid="clicker-reveal"]').addEventListener("click", () => link && link.send({ cmd: "reveal" }));
