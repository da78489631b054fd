// abtrace: the page's websocket to its session on the server, shared by
// the viewer and the comparison.
//
// It connects, reconnects with backoff when the connection drops (a
// flaky classroom network), shows the connection's state in the page's
// live badge, and hands every message from the server to the page. On
// every (re)connection the page says what it shows (its own "load" or
// "compare" command), so the server resumes there. The protocol is
// docs/session-protocol.md.

/** firstBackoff and maxBackoff bound the wait before a reconnection: it
 * doubles after each failed attempt and starts again after a success. */
const firstBackoff = 500;
const maxBackoff = 8000;

/** tryAgainLater is the close code of a session the server refuses
 * because too many are open (RFC 6455's 1013). */
const tryAgainLater = 1013;

/** errorShownMs is how long a server's error stays in the badge. */
const errorShownMs = 4000;

/** moving are the commands that move what the page shows: the page and
 * the server count them alike on each connection, and a ready patch (a
 * step the server made ahead) is tagged with the server's count when it
 * made it (docs/session-protocol.md, "Steps made ahead"). */
const moving = new Set(["load", "compare", "step", "back", "seek", "next-cutoff"]);

/**
 * session opens the page's websocket and returns {send, moves}: send
 * writes one command and reports whether it went out (false while
 * disconnected); moves is the number of moving commands sent on the
 * current connection, to compare with a ready patch's tag.
 *
 * - path: the websocket's path on this host ("/ws").
 * - badge: the element that shows the connection; its text is live or
 *   offline, and data-conn is "on" or "off". A session the server refuses
 *   (too many open: close code 1013) shows the reason the server gave, in
 *   the page's language, until the next attempt succeeds; such a reason,
 *   like a server's error, marks the badge data-note.
 * - server: how the badge introduces a server's error, with {error} where
 *   the error goes (the page's language).
 * - open(send): called on every (re)connection, to load what the page
 *   shows.
 * - receive(m): every message but "error", parsed; an error is shown in
 *   the badge for a while.
 * - closed(): called when the connection drops.
 * It returns send(msg), moves() (the moving commands sent since the
 * connection opened) and end() (no more reconnecting).
 */
export function session({ path, badge, live, offline, server, open, receive, closed }) {
  let ws = null;
  let backoff = firstBackoff;
  let moves = 0;

  // show writes the connection's state in the badge; a text of its own
  // (a server's error, the reason of a refusal) marks the badge
  // data-note, which the stylesheet shows even where the plain badge is
  // hidden (a phone's one-line header).
  function show(on, text) {
    badge.dataset.conn = on ? "on" : "off";
    badge.textContent = text || (on ? live : offline);
    badge.toggleAttribute("data-note", !!text);
  }

  function send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ v: 1, ...msg }));
    if (moving.has(msg.cmd)) moves++;
    return true;
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let sock;
    try {
      // The page's language, for the server to word its errors in.
      const lang = encodeURIComponent(document.documentElement.lang || "en");
      sock = new WebSocket(proto + "//" + location.host + path + (path.includes("?") ? "&" : "?") + "lang=" + lang);
    } catch {
      retry();
      return;
    }
    ws = sock;
    sock.addEventListener("open", () => {
      backoff = firstBackoff;
      moves = 0;
      show(true);
      open(send);
    });
    sock.addEventListener("message", (ev) => {
      let m;
      try {
        m = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (m.type === "error") {
        show(true, (server || "{error}").replace("{error}", () => m.error));
        setTimeout(() => show(!!ws), errorShownMs);
        return;
      }
      receive(m);
    });
    sock.addEventListener("close", (ev) => {
      if (ws !== sock) return;
      ws = null;
      show(false, ev.code === tryAgainLater && ev.reason ? ev.reason : "");
      if (closed) closed();
      retry();
    });
  }

  let ended = false;
  function retry() {
    if (ended) return;
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, maxBackoff);
  }

  /** end closes the connection for good (a room's page that swaps in
   * another scenario's page, which opens its own). */
  function end() {
    ended = true;
    const sock = ws;
    ws = null;
    if (sock) sock.close(1000);
  }

  connect();
  return { send, moves: () => moves, end };
}
