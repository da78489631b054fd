// The tournament and coordinated-search pages: reads the event stream the
// server sends and puts what it decided into the page — the progress bar's
// value and text, and the results as the server rendered them.

const run = document.getElementById("ev-run");
if (run && run.dataset.stream) {
  const bar = document.getElementById("ev-progress");
  const text = document.getElementById("ev-progress-text");
  const results = document.getElementById("ev-results");
  const source = new EventSource(run.dataset.stream);
  const finish = () => {
    source.close();
    run.dataset.state = "done";
  };
  source.addEventListener("progress", (ev) => {
    const p = JSON.parse(ev.data);
    bar.max = p.total;
    bar.value = p.done;
    text.textContent = p.text;
  });
  // Results arrive as HTML rendered on the server.
  const show = (ev) => {
    results.innerHTML = ev.data;
  };
  source.addEventListener("table", show);
  source.addEventListener("result", (ev) => {
    show(ev);
    finish();
  });
  source.addEventListener("done", finish);
  source.addEventListener("failed", (ev) => {
    text.textContent = ev.data;
    run.dataset.state = "failed";
    source.close();
  });
  source.onerror = () => {
    if (run.dataset.state !== "done") {
      text.textContent = run.dataset.lost;
      run.dataset.state = "failed";
    }
    source.close();
  };
}
