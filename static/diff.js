// abtrace trace diff: steps the two drawings the server made for every
// step, side by side, up to the first departure. Nothing is decided here.
import { plainKey } from "./keys.js";

const steps = [...document.querySelectorAll("template.diff-step")];
const ref = document.getElementById("d-ref");
const st = document.getElementById("d-st");
const refSay = document.getElementById("d-ref-say");
const stSay = document.getElementById("d-st-say");
const count = document.getElementById("d-count");
let at = 0;

function show(k) {
  if (steps.length === 0) return;
  at = Math.max(0, Math.min(steps.length - 1, k));
  const t = steps[at];
  ref.replaceChildren(...t.content.querySelector(".r").cloneNode(true).childNodes);
  st.replaceChildren(...t.content.querySelector(".s").cloneNode(true).childNodes);
  refSay.textContent = t.dataset.refSay;
  stSay.textContent = t.dataset.stSay;
  count.textContent = "step " + at + " of " + (steps.length - 1) + (t.dataset.departure === "true" ? " — they part here" : "");
}

document.getElementById("d-first").addEventListener("click", () => show(0));
document.getElementById("d-back").addEventListener("click", () => show(at - 1));
document.getElementById("d-next").addEventListener("click", () => show(at + 1));
document.getElementById("d-last").addEventListener("click", () => show(steps.length - 1));
document.addEventListener("keydown", (e) => {
  if (!plainKey(e)) return;
  if (e.key === "ArrowRight") show(at + 1);
  else if (e.key === "ArrowLeft") show(at - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(steps.length - 1);
});
show(steps.length - 1);
