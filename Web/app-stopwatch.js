"use strict";

// The stopwatch.

// ---------------------------------------------------------------- stopwatch

// Laps are stored as truncated totals in hundredths, so every difference shown adds up.
const stopwatch = { running: false, startedAt: 0, accumulated: 0, laps: [] };
let stopwatchFrame = 0;

const stopwatchMs = () => stopwatch.accumulated + (stopwatch.running ? performance.now() - stopwatch.startedAt : 0);
const stopwatchHundredths = () => Math.floor(stopwatchMs() / 10);

function hundredthsText(total) {
  const seconds = Math.floor(total / 100);
  const hours = Math.floor(seconds / 3600);
  const rest = `${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(total % 100)}`;
  return hours ? `${hours}:${rest}` : rest;
}

function saveStopwatch() {
  // performance.now() restarts with the page, so a running start is kept as wall-clock time.
  const startEpoch = stopwatch.running ? Date.now() - (performance.now() - stopwatch.startedAt) : null;
  localStorage.setItem(STOPWATCH_KEY, JSON.stringify({
    running: stopwatch.running, startEpoch, accumulated: stopwatch.accumulated, laps: stopwatch.laps,
  }));
}

function loadStopwatch() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(STOPWATCH_KEY));
  } catch {
    return;
  }
  if (!saved) return;
  stopwatch.accumulated = saved.accumulated ?? 0;
  stopwatch.laps = saved.laps ?? [];
  stopwatch.running = Boolean(saved.running);
  if (stopwatch.running) stopwatch.startedAt = performance.now() - Math.max(0, Date.now() - saved.startEpoch);
}

function startStop() {
  if (stopwatch.running) {
    stopwatch.accumulated = stopwatchMs();
    stopwatch.running = false;
  } else {
    stopwatch.startedAt = performance.now();
    stopwatch.running = true;
  }
  saveStopwatch();
  renderStopwatch();
}

function lap() {
  stopwatch.laps.push(stopwatchHundredths());
  saveStopwatch();
  renderLaps();
  renderStopwatchButtons();
}

function resetStopwatch() {
  stopwatch.accumulated = 0;
  stopwatch.laps = [];
  $("#sw-status").textContent = "";
  saveStopwatch();
  renderStopwatch();
}

function renderStopwatch() {
  cancelAnimationFrame(stopwatchFrame);
  renderStopwatchTime();
  renderStopwatchButtons();
  renderLaps();
}

function renderStopwatchTime() {
  $("#sw-time").textContent = hundredthsText(stopwatchHundredths());
  if (stopwatch.running) stopwatchFrame = requestAnimationFrame(renderStopwatchTime);
}

function renderStopwatchButtons() {
  const button = $("#sw-startstop");
  button.textContent = stopwatch.running ? t("Stop") : t("Start");
  button.classList.toggle("start", !stopwatch.running);
  button.classList.toggle("stop", stopwatch.running);
  $("#sw-lap").disabled = !stopwatch.running;
  $("#sw-reset").disabled = stopwatch.running || stopwatchMs() === 0;
  $("#sw-copy").disabled = stopwatch.laps.length === 0;
}

function lapRows() {
  return stopwatch.laps.map((total, index) => ({
    number: index + 1, total: hundredthsText(total), diff: total - (stopwatch.laps[index - 1] ?? 0),
  }));
}

function lapMarks(diffs) {
  const marks = new Map();
  const shortest = Math.min(...diffs);
  const longest = Math.max(...diffs);
  if (diffs.length < 3 || shortest === longest) return marks;
  marks.set(diffs.indexOf(shortest), "fastest");
  marks.set(diffs.indexOf(longest), "slowest");
  return marks;
}

function renderLaps() {
  const rows = lapRows();
  const marks = lapMarks(rows.map((row) => row.diff));
  const items = rows.map((row, index) => {
    const mark = marks.get(index);
    const text = t("Lap {n}   {total}   +{diff}", { n: row.number, total: row.total, diff: hundredthsText(row.diff) });
    const shown = { fastest: t("fastest"), slowest: t("slowest") }[mark];
    return h("li", { class: mark ? `lap ${mark}` : "lap" }, mark ? `${text}  ${shown}` : text);
  });
  $("#laps").replaceChildren(...items.reverse());
}

async function copyLaps() {
  const rows = lapRows();
  const text = rows.map((row) => `${row.number}   ${row.total}   ${hundredthsText(row.diff)}\n`).join("");
  const status = $("#sw-status");
  try {
    await copyText(text);
    status.textContent = tn("Copied {n} lap", "Copied {n} laps", rows.length);
  } catch {
    status.textContent = t("Could not copy the laps");
  }
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // No clipboard API outside a secure context, which a plain-http LAN address is not.
  }
  const area = h("textarea", { readonly: true, class: "offscreen" });
  area.value = text;
  document.body.append(area);
  area.select();
  area.setSelectionRange(0, text.length);
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}
