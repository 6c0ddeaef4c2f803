"use strict";
// The night clock (/clock): the time large, the next alarm, a wake-up phase's progress, and when
// an alarm rings a card that fills the screen, where a tap anywhere snoozes. Dark by night.
// Built on the page's API like the page itself: the status, its event stream, snooze and stop.

const TOKEN_KEY = "alarmplay-token";
const $ = (selector) => document.querySelector(selector);
const pad = (number) => String(number).padStart(2, "0");
const clock = { token: null, status: null, events: null, offset: 0, wakeLock: null };

function tokenFromAddress() {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const given = url.searchParams.get("token") || fragment.get("token");
  if (given) {
    localStorage.setItem(TOKEN_KEY, given);
    url.searchParams.delete("token");
    history.replaceState(null, "", url.pathname + url.search);
  }
  return given || localStorage.getItem(TOKEN_KEY);
}

async function api(method, path) {
  const response = await fetch(path, { method, headers: { Authorization: `Bearer ${clock.token}` } });
  if (response.status === 401) {
    $("#token-note").hidden = false;
    throw new Error("token");
  }
  return response.json();
}

/** A time of the device as HH:MM (the language's own way: 오전 6:45), in the browser's zone. */
function timeText(date) {
  if (i18n.language === "en") return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return new Intl.DateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit" }).format(date);
}

const deviceNow = () => new Date(Date.now() + clock.offset);

/** Whether `date`'s local time is within the night hours "HH:MM"–"HH:MM" (across midnight). */
function isNight(date, night) {
  const minutes = (text) => { const [h, m] = text.split(":").map(Number); return h * 60 + m; };
  const now = date.getHours() * 60 + date.getMinutes();
  const from = minutes(night?.from ?? "22:00"), to = minutes(night?.to ?? "07:00");
  return from <= to ? now >= from && now < to : now >= from || now < to;
}

function renderTime() {
  const now = deviceNow();
  $("#now").textContent = timeText(now);
  $("#date").textContent = new Intl.DateTimeFormat(i18n.language === "en" ? "en-GB" : i18n.language,
    { weekday: "long", day: "numeric", month: "long" }).format(now);
  document.body.classList.toggle("night", isNight(now, clock.status?.night));
}

function render() {
  const status = clock.status;
  if (!status) return;
  const next = status.next;
  $("#next").textContent = next
    ? t("Next alarm: {name} at {time}", { name: next.label ?? next.id, time: timeText(new Date(next.at)) })
    : t("No alarm ahead");
  const waking = status.waking?.[0];
  $("#waking").hidden = !waking;
  if (waking) {
    const percent = Math.round((waking.progress ?? 0) * 100);
    $("#waking-text").textContent = t("Waking up for {name}: {percent}%", { name: waking.label ?? waking.id, percent });
    $("#waking-bar").setAttribute("aria-valuenow", String(percent));
    $("#waking-bar span").style.width = `${percent}%`;
  }
  const ringing = status.ringing?.[0];
  $("#ringing").hidden = !ringing;
  if (ringing) $("#ringing-title").textContent = t("{name} is ringing", { name: ringing.label ?? ringing.id });
}

async function refresh() {
  try {
    const status = await api("GET", "/api/status");
    clock.offset = new Date(status.now).getTime() - Date.now();
    clock.status = status;
    render();
    renderTime();
  } catch {
    // A refused token shows its note; an unreachable device the reconnecting line.
  }
}

function setConnected(open) {
  $("#conn").hidden = open;
  $("#conn").textContent = open ? "" : t("Reconnecting to the alarm clock…");
}

/** The event stream: any event may change what shows; it reopens after `run` restarts. */
function openEvents() {
  clock.events?.close();
  const source = new EventSource(`/api/events?token=${encodeURIComponent(clock.token)}`);
  source.onopen = () => { setConnected(true); refresh(); };
  source.addEventListener("snapshot", (message) => {
    try {
      clock.status = JSON.parse(message.data);
      render();
    } catch {
      refresh();
    }
  });
  source.onmessage = () => refresh();
  source.onerror = () => {
    setConnected(false);
    if (source.readyState === EventSource.CLOSED) setTimeout(() => { if (clock.events === source) openEvents(); }, 5000);
  };
  clock.events = source;
}

async function act(path) {
  try {
    await api("POST", path);
  } finally {
    refresh();
  }
}

/** The screen stays on where the browser allows it; taken again when the page is shown again. */
async function keepAwake() {
  try {
    if (document.visibilityState === "visible" && "wakeLock" in navigator) clock.wakeLock = await navigator.wakeLock.request("screen");
  } catch {
    // Refused (battery saver, no secure context): the clock still works, the screen may sleep.
  }
}

function translate() {
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.dataset.i18n ||= node.textContent;
    node.textContent = t(node.dataset.i18n);
  }
}

async function start() {
  await loadCatalog(localStorage.getItem("alarmplay-language"));
  translate();
  clock.token = tokenFromAddress();
  if (!clock.token) {
    $("#token-note").hidden = false;
  } else {
    openEvents();
    refresh();
  }
  renderTime();
  setInterval(renderTime, 1000);
  $("#ringing").addEventListener("click", (event) => { if (event.target.id !== "stop") act("/api/snooze"); });
  $("#stop").addEventListener("click", () => act("/api/stop"));
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
}

start();
