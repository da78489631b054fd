// abtrace export menu: an export's address is the page's own address with
// the export route as its path (plus the export's parameters). The viewer
// and the comparison keep the address bar on the step they show, so the
// links are brought up to date when they are used. Nothing is decided
// here: the server draws every export.

function current(path, extra) {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(extra || "")) q.set(k, v);
  return path + "?" + q.toString();
}

function refresh(a) {
  a.href = current(a.dataset.export, a.dataset.extra);
}

for (const a of document.querySelectorAll("a[data-export]")) {
  refresh(a);
  for (const ev of ["pointerdown", "focus", "mouseenter"]) a.addEventListener(ev, () => refresh(a));
}

const embed = document.querySelector("input[data-export='/embed']");
function refreshEmbed() {
  const src = new URL(current("/embed"), location.href).href;
  embed.value = embed.value.replace(/src="[^"]*"/, 'src="' + src + '"');
}
if (embed) {
  refreshEmbed();
  embed.addEventListener("focus", () => {
    refreshEmbed();
    embed.select();
  });
}
