"use strict";

const TOKEN_KEY = "alarmplay-token";
const TAB_KEY = "alarmplay-tab";
const STOPWATCH_KEY = "alarmplay-stopwatch";
const PREVIEW_VOLUME_KEY = "alarmplay-preview-volume";
const LANGUAGE_KEY = "alarmplay-language";
// Each language named in itself, for the picker.
const LANGUAGE_NAMES = { de: "Deutsch", en: "English", ko: "한국어" };
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const DAY_GROUPS = {
  "mon tue wed thu fri sat sun": () => t("Every day"), "mon tue wed thu fri": () => t("Weekdays"), "sat sun": () => t("Weekends"),
};
const DURATION_KEYS = ["snooze", "ringFor", "fadeIn"];
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const NEW_ALARM_TIME = "07:00";
// The built-in default volume; a new alarm sends a volume only when the slider is moved.
const NEW_ALARM_VOLUME = 0.8;

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
const alarmForm = $("#alarm-form");

const state = {
  token: null,
  events: null,
  status: null,
  alarms: [],
  sounds: [],
  previewing: null,
  // Device clock minus phone clock: countdowns follow the device, which is what rings.
  clockOffset: 0,
};

// ---------------------------------------------------------------- language

async function loadMessages() {
  const chosen = localStorage.getItem(LANGUAGE_KEY);
  await loadCatalog(chosen);
  translatePage();
  renderLanguagePicker(chosen);
}

/** The words written in index.html: elements marked data-i18n, attributes in data-i18n-attrs. */
function translatePage() {
  for (const node of $$("[data-i18n]")) {
    node.dataset.i18n ||= node.textContent;
    node.textContent = t(node.dataset.i18n);
  }
  for (const node of $$("[data-i18n-attrs]")) {
    for (const name of node.dataset.i18nAttrs.split(" ")) node.setAttribute(name, t(node.getAttribute(name)));
  }
  for (const chip of $$("button.day")) chip.textContent = dayName(chip.dataset.day);
}

function renderLanguagePicker(chosen) {
  const picker = $("#language");
  picker.replaceChildren(h("option", { value: "" }, t("Automatic")),
    ...i18n.languages.map((code) => h("option", { value: code, lang: code }, LANGUAGE_NAMES[code] ?? code)));
  picker.value = chosen ?? "";
}

function chooseLanguage(code) {
  if (code) localStorage.setItem(LANGUAGE_KEY, code);
  else localStorage.removeItem(LANGUAGE_KEY);
  // Every text on the page, rendered or not, follows: simplest by starting again.
  location.reload();
}

const intlLocale = () => (i18n.language === "en" ? "en-US" : i18n.language);
const utcNames = (options) => (date) => new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: "UTC" }).format(date);
const weekdayName = (year, month, day) => utcNames({ weekday: "short" })(new Date(Date.UTC(year, month - 1, day)));
const monthName = (month) => utcNames({ month: "short" })(new Date(Date.UTC(2000, month - 1, 1)));

/** A wall-clock time: 06:45 in English as always, else as the language writes it (오전 6:45). */
function timeText(hour, minute) {
  if (i18n.language === "en") return `${pad(hour)}:${pad(minute)}`;
  return utcNames({ hour: "numeric", minute: "2-digit" })(new Date(Date.UTC(2000, 0, 1, hour, minute)));
}

// ---------------------------------------------------------------- helpers

function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false && child !== ""));
  return node;
}

const pad = (number) => String(number).padStart(2, "0");
const capitalize = (word) => word[0].toUpperCase() + word.slice(1);
const serverNow = () => Date.now() + state.clockOffset;

/** Whole seconds as m:ss, or h:mm:ss from one hour on. */
function clockText(totalSeconds) {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const seconds = totalSeconds % 60;
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Seconds spelled the way the CLI writes them: 9m, 1h30m, 30s, 0s. */
function durationText(seconds) {
  if (seconds <= 0) return "0s";
  return [[Math.floor(seconds / 3600), "h"], [Math.floor(seconds / 60) % 60, "m"], [seconds % 60, "s"]]
    .filter(([count]) => count > 0)
    .map(([count, unit]) => count + unit)
    .join("");
}

function untilText(iso) {
  const minutes = Math.floor((Date.parse(iso) - serverNow()) / 60000);
  if (minutes < 1) return t("in less than a minute");
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor(minutes / 60) % 24;
  if (days) return t("in {days} d {hours} h", { days, hours });
  return hours ? t("in {hours} h {minutes} m", { hours, minutes: minutes % 60 }) : t("in {minutes} m", { minutes });
}

// Read from the ISO text rather than through Date: the phone may be in another time zone
// than the device, and the alarm rings at the device's wall-clock time.
function wallClock(iso) {
  const [, year, month, day, hour, minute] = iso.match(/^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/).map(Number);
  return { weekday: weekdayName(year, month, day), day, month: monthName(month), time: timeText(hour, minute) };
}

function whenText(iso) {
  const { weekday, day, month, time } = wallClock(iso);
  const withinAWeek = Date.parse(iso) - serverNow() < 6 * 86400000;
  return withinAWeek ? tc("date", "{weekday} {time}", { weekday, time }) : tc("date", "{weekday} {day} {month} {time}", { weekday, day, month, time });
}

function dateText(date) {
  const [year, month, day] = date.split("-").map(Number);
  return tc("date", "{weekday} {day} {month} {year}", { weekday: weekdayName(year, month, day), day, month: monthName(month), year });
}

// The file's day names, shown as the language abbreviates them (2024-01-01 was a Monday).
const dayName = (day) => (i18n.language === "en" ? capitalize(day) : weekdayName(2024, 1, 1 + DAYS.indexOf(day)));

function daysText(days) {
  const chosen = DAYS.filter((day) => days.includes(day));
  return DAY_GROUPS[chosen.join(" ")]?.() ?? chosen.map(dayName).join(" ");
}

function repeatText(alarm) {
  if (alarm.days?.length) return daysText(alarm.days);
  return alarm.date ? dateText(alarm.date) : t("Once");
}

const untilSpan = (iso) => h("span", { "data-until": iso }, untilText(iso));
const alarmName = (alarm) => alarm.label ?? alarm.id;
const alarmPath = (id) => `/api/alarms/${encodeURIComponent(id)}`;

let toastTimer = 0;
function toast(message) {
  const node = $("#toast");
  node.textContent = message;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 5000);
}

function showError(error) {
  // A refused token already brought up the token panel; saying it twice helps nobody.
  if (error.status !== 401) toast(error.message);
}

// ---------------------------------------------------------------- API

class ApiError extends Error {
  constructor(status, body) {
    const problems = body?.problems ?? [];
    super(body?.error ?? (problems.map((problem) => problem.message).join("; ") || t("HTTP {status}", { status })));
    this.status = status;
    this.problems = problems;
  }
}

function parseBody(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { error: text };
  }
}

async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${state.token}` };
  let payload;
  if (body instanceof Blob) {
    headers["Content-Type"] = "application/octet-stream";
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch {
    throw new ApiError(0, { error: t("Cannot reach the alarm clock") });
  }
  const text = await response.text();
  const parsed = text ? parseBody(text) : null;
  if (response.status === 401) {
    forgetToken();
    throw new ApiError(401, parsed ?? { error: t("The token was refused") });
  }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

// ---------------------------------------------------------------- token

function adoptToken() {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const fromAddress = url.searchParams.get("token") || fragment.get("token");
  if (fromAddress) {
    localStorage.setItem(TOKEN_KEY, fromAddress);
    url.searchParams.delete("token");
    fragment.delete("token");
    url.hash = fragment.toString();
    // Keeps the token out of the address bar, the history and screenshots.
    history.replaceState(null, "", url);
  }
  return localStorage.getItem(TOKEN_KEY);
}

function tokenFromText(text) {
  const match = text.match(/token=([0-9a-f]+)/i) ?? text.match(/\b[0-9a-f]{32}\b/i);
  return match ? match[1] ?? match[0] : text.trim();
}

function saveToken(event) {
  event.preventDefault();
  const token = tokenFromText($("#token-input").value);
  if (!token) return;
  localStorage.setItem(TOKEN_KEY, token);
  $("#token-input").value = "";
  connect(token);
}

function connect(token) {
  state.token = token;
  $("#token-panel").hidden = true;
  $("#token-note").hidden = true;
  openEvents();
  refresh();
  loadSounds();
}

function forgetToken() {
  const hadToken = state.token !== null;
  localStorage.removeItem(TOKEN_KEY);
  state.token = null;
  state.events?.close();
  state.events = null;
  setConnected(false);
  // Parallel requests all see the 401; only the first knows a token was there.
  if (hadToken) $("#token-note").hidden = false;
  $("#token-panel").hidden = false;
}

// ---------------------------------------------------------------- live state

let refreshTimer = 0;
let refreshCount = 0;

// Events come in bursts (stopped, then reloaded); one fetch answers them all.
function scheduleRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refresh, 100);
}

async function refresh() {
  if (!state.token) return;
  const current = ++refreshCount;
  let status, alarms;
  try {
    [status, alarms] = await Promise.all([api("GET", "/api/status"), api("GET", "/api/alarms")]);
  } catch {
    // An unreachable device already shows as the red dot, a refused token as the token panel.
    return;
  }
  // A slow answer must not overwrite a newer one.
  if (current !== refreshCount) return;
  state.clockOffset = Date.parse(status.now) - Date.now();
  state.status = status;
  state.alarms = alarms;
  renderAll();
}

function openEvents() {
  state.events?.close();
  const source = new EventSource(`/api/events?token=${encodeURIComponent(state.token)}`);
  source.onopen = () => {
    setConnected(true);
    scheduleRefresh();
  };
  source.onmessage = (message) => {
    handleEvent(message.data);
    scheduleRefresh();
  };
  // Sent first, and instead of the events a slow phone missed: all it needs to catch up.
  source.addEventListener("snapshot", scheduleRefresh);
  source.onerror = () => {
    setConnected(false);
    scheduleRefresh();
    // EventSource retries a dropped stream by itself but gives up on an HTTP error (a
    // restarting server); a refused token is noticed by the refresh and stops this loop.
    if (source.readyState === EventSource.CLOSED) {
      setTimeout(() => { if (state.events === source) openEvents(); }, 5000);
    }
  };
  state.events = source;
}

function handleEvent(data) {
  let event;
  try {
    event = JSON.parse(data);
  } catch {
    return;
  }
  // Switching previews ends the previous one; only the end of the one playing resets the button.
  const ended = event.sound ?? event.name;
  if (event.event === "preview_ended" && (!ended || ended === state.previewing)) setPreviewing(null);
}

function setConnected(open) {
  const dot = $("#conn");
  dot.classList.toggle("on", open);
  const text = open ? t("Connected") : t("Disconnected");
  dot.title = text;
  dot.setAttribute("aria-label", text);
}

const eventsOpen = () => state.events?.readyState === EventSource.OPEN;

function renderAll() {
  $("#version").textContent = `alarmplay ${state.status?.version ?? ""}`;
  renderNextAlarm();
  renderFileProblems();
  renderReports();
  renderSnoozed();
  renderAlarms();
  renderTimers();
  renderSleep();
  renderRinging();
}

function renderNextAlarm() {
  const next = state.status?.next;
  const node = $("#next-alarm");
  if (!next) node.textContent = t("No alarm scheduled");
  else node.replaceChildren(t("Next: {name}, {when} · ", { name: alarmName(next), when: whenText(next.at) }), untilSpan(next.at));
}

function renderFileProblems() {
  const problems = state.status?.problems ?? [];
  $("#file-problems").hidden = problems.length === 0;
  $("#file-problems-list").replaceChildren(...problems.map((line) => h("li", {}, line)));
}

// Kept by run until seen here: a ring that fell back or rang the bell, a missed alarm.
function renderReports() {
  const reports = state.status?.reports ?? [];
  $("#reports").hidden = reports.length === 0;
  $("#reports-list").replaceChildren(...reports.map((report) => h("li", { "data-event": report.event },
    `${wallClock(report.time).time} ${report.id}: `,
    report.event === "missed" ? `missed (scheduled ${wallClock(report.scheduled).time})` : report.reason)));
}

async function reportsSeen() {
  try {
    await api("POST", "/api/reports/seen");
  } finally {
    refresh();
  }
}

// What the check before the alarm's next ring found wrong, on its card.
function preflightBanner(alarm) {
  const check = (state.status?.preflight ?? []).find((entry) => entry.id === alarm.id);
  if (!check || check.ok) return null;
  return h("span", { class: "preflight-problem", role: "alert" }, `⚠ ${check.problems.join(" · ")}`);
}

// The alarm's wake-up phase under way (`wakeUp`), on its card: how far, and a stop for that ring.
function wakingBanner(alarm) {
  const name = alarm.id ?? `#${alarm.position}`;
  const phase = (state.status?.waking ?? []).find((entry) => entry.id === name);
  if (!phase) return null;
  return h("div", { class: "waking", role: "status", "data-name": name },
    h("span", {}, `🌅 ${t("Waking up · {percent}% · rings at {time}", { percent: Math.round(phase.progress * 100), time: wallClock(phase.ring).time })}`),
    h("button", { type: "button", class: "stop-waking" }, t("Stop")));
}

function renderSnoozed() {
  const snoozed = state.status?.snoozed ?? [];
  const list = $("#snoozed");
  list.hidden = snoozed.length === 0;
  list.replaceChildren(...snoozed.map((alarm) => h("li", { class: "snoozed", "data-id": alarm.id },
    h("span", {}, t("{name} snoozed until {time} · ", { name: alarmName(alarm), time: wallClock(alarm.until).time }), untilSpan(alarm.until)),
    h("button", { type: "button", class: "dismiss" }, t("Stop")))));
}

function updateRelativeTimes() {
  for (const node of $$("[data-until]")) node.textContent = untilText(node.dataset.until);
}

// ---------------------------------------------------------------- alarms

function renderAlarms() {
  $("#alarms").replaceChildren(...state.alarms.map(alarmItem));
  $("#alarms-empty").hidden = state.alarms.length > 0 || state.status === null;
}

function alarmItem(alarm) {
  const toggle = h("input", {
    type: "checkbox", class: "alarm-switch", role: "switch", "aria-label": t("{name} at {time}", { name: alarmName(alarm), time: alarm.time }),
  });
  toggle.checked = alarm.enabled;
  const skipped = alarm.status === "skipped" ? h("span", { class: "tag" }, t("skipped once"))
    : alarm.shiftedFrom && alarm.next ? h("span", { class: "tag" }, t("once at {time}", { time: wallClock(alarm.next).time })) : null;
  const next = alarm.enabled && alarm.next ? untilSpan(alarm.next) : null;
  const nextSkip = alarm.nextSkip ? h("span", { class: "alarm-skip" }, alarm.nextSkip.text) : null;
  return h("li", { class: alarm.enabled ? "alarm card" : "alarm card off", "data-id": alarm.id },
    h("button", { type: "button", class: "alarm-open" },
      h("span", { class: "alarm-time" }, alarm.time),
      h("span", { class: "alarm-details" }, [alarm.label, repeatText(alarm)].filter(Boolean).join(" · ")),
      h("span", { class: "alarm-when" }, skipped, skipped && next ? " " : null, next),
      nextSkip,
      preflightBanner(alarm)),
    wakingBanner(alarm),
    h("label", { class: "switch" }, toggle, h("span", { class: "track", "aria-hidden": "true" })));
}

function replaceAlarm(alarm, previousId = alarm.id) {
  const index = state.alarms.findIndex((candidate) => candidate.id === previousId);
  if (index === -1) state.alarms.push(alarm);
  else state.alarms[index] = alarm;
  renderAlarms();
}

async function toggleAlarm(input) {
  const id = input.closest("li.alarm").dataset.id;
  input.disabled = true;
  try {
    replaceAlarm(await api("POST", `${alarmPath(id)}/${input.checked ? "enable" : "disable"}`));
    scheduleRefresh();
  } catch (error) {
    input.checked = !input.checked;
    showError(error);
  } finally {
    input.disabled = false;
  }
}

async function stopAlarm(id) {
  try {
    await api("POST", "/api/stop", { id });
  } catch (error) {
    showError(error);
  }
  scheduleRefresh();
}

// ---------------------------------------------------------------- editor

const editor = { alarm: null, initial: null };

function openEditor(alarm) {
  editor.alarm = alarm;
  fillForm(alarm);
  editor.initial = formValues();
  clearProblems();
  $("#editor-title").textContent = alarm ? t("Edit alarm") : t("New alarm");
  $("#skip-alarm").hidden = !alarm;
  $("#only-next-field").hidden = !alarm;
  $("#only-next").checked = false;
  $("#unshift-alarm").hidden = !alarm?.shift;
  $("#delete-alarm").hidden = !alarm;
  if (alarm) renderSkipButton(alarm);
  $("#editor").hidden = false;
  $("#editor-title").focus();
}

function closeEditor() {
  if (state.previewing) stopPreview().catch(showError);
  $("#editor").hidden = true;
  editor.alarm = null;
}

function fillForm(alarm) {
  const fields = alarmForm.elements;
  const time = alarm?.time ?? NEW_ALARM_TIME;
  // A seconds field only for alarms that use seconds; it clutters the picker otherwise.
  fields.time.step = time.length > 5 ? 1 : 60;
  fields.time.value = time;
  setDays(alarm?.days ?? []);
  fields.date.value = alarm?.date ?? "";
  fields.label.value = alarm?.label ?? "";
  fillSoundOptions(alarm?.sound.name ?? "");
  fields.volume.value = Math.round((alarm?.volume ?? NEW_ALARM_VOLUME) * 100);
  for (const key of DURATION_KEYS) fields[key].value = alarm ? durationText(alarm[key]) : "";
  fields.maxSnoozes.value = alarm?.maxSnoozes ?? "";
  showVolume();
  showRepeatHint();
}

function fillSoundOptions(selected) {
  const options = state.sounds.map((sound) => h("option", {
    value: sound.name, disabled: sound.broken && sound.name !== selected,
  }, `${sound.name}${sound.title ? ` — ${sound.title}` : ""}${sound.broken ? t(" (broken)") : ""}`));
  if (selected && !state.sounds.some((sound) => sound.name === selected)) {
    options.push(h("option", { value: selected }, selected));
  }
  alarmForm.elements.sound.replaceChildren(h("option", { value: "" }, t("Default sound")), ...options);
  alarmForm.elements.sound.value = selected;
  renderPreviewButtons();
}

function setDays(days) {
  for (const chip of $$("button.day", alarmForm)) chip.setAttribute("aria-pressed", days.includes(chip.dataset.day));
}

function pressedDays() {
  const days = $$("button.day[aria-pressed=true]", alarmForm).map((chip) => chip.dataset.day);
  return days.length ? days : null;
}

function toggleDay(chip) {
  chip.setAttribute("aria-pressed", chip.getAttribute("aria-pressed") !== "true");
  // Days and a date exclude each other in the alarms file.
  if (pressedDays()) alarmForm.elements.date.value = "";
  showRepeatHint();
}

/** What the chosen days or date mean, said as the alarm will behave. */
function showRepeatHint() {
  const fields = alarmForm.elements;
  const days = pressedDays();
  const time = fields.time.value.replace(/^(\d\d:\d\d):00$/, "$1");
  let hint;
  if (days) hint = t("Repeats weekly: {days}.", { days: daysText(days) });
  else if (fields.date.value) hint = t("Rings once, on {date}.", { date: dateText(fields.date.value) });
  else hint = t("No days and no date: rings once, at the next {time}.", { time: time || t("time set") });
  $("#repeat-hint").textContent = hint;
}

function showVolume() {
  $("#volume-value").textContent = t("{volume} %", { volume: alarmForm.elements.volume.value });
}

/** The form as alarms-file keys; null for an empty field. */
function formValues() {
  const fields = alarmForm.elements;
  const text = (name) => fields[name].value.trim() || null;
  return {
    // The picker may add ":00" seconds to a time that had none.
    time: fields.time.value.replace(/^(\d\d:\d\d):00$/, "$1") || null,
    days: pressedDays(),
    date: fields.date.value || null,
    label: text("label"),
    sound: fields.sound.value || null,
    volume: Number(fields.volume.value) / 100,
    snooze: text("snooze"),
    maxSnoozes: fields.maxSnoozes.value === "" ? null : Number(fields.maxSnoozes.value),
    ringFor: text("ringFor"),
    fadeIn: text("fadeIn"),
  };
}

function alarmChanges() {
  const values = formValues();
  const changed = Object.keys(values)
    .filter((key) => JSON.stringify(values[key]) !== JSON.stringify(editor.initial[key]));
  if (editor.alarm) return Object.fromEntries(changed.map((key) => [key, values[key]]));
  // Whatever is left empty a new alarm inherits from the file's defaults. The volume slider
  // always has a value, so only a moved slider counts as a choice.
  return Object.fromEntries(Object.entries(values)
    .filter(([key, value]) => value !== null && (key !== "volume" || changed.includes(key))));
}

async function saveAlarm(event) {
  event.preventDefault();
  clearProblems();
  const changes = alarmChanges();
  if (editor.alarm && Object.keys(changes).length === 0) return closeEditor();
  const button = $("#save-alarm");
  button.disabled = true;
  try {
    let saved = null;
    // "Only next time": the new time moves the next ring alone; the alarm keeps its own.
    if (editor.alarm && changes.time && $("#only-next").checked) {
      saved = await api("POST", `${alarmPath(editor.alarm.id)}/shift`, { to: changes.time });
      delete changes.time;
    }
    if (!saved || Object.keys(changes).length > 0) {
      saved = editor.alarm
        ? await api("PATCH", alarmPath(editor.alarm.id), changes)
        : await api("POST", "/api/alarms", changes);
    }
    replaceAlarm(saved, editor.alarm?.id);
    closeEditor();
    scheduleRefresh();
  } catch (error) {
    showProblems(error);
  } finally {
    button.disabled = false;
  }
}

function clearProblems() {
  for (const problem of $$(".problem", alarmForm)) problem.remove();
}

function showProblems(error) {
  if (error.status === 401) return;
  const problems = error.problems?.length ? error.problems : [{ field: null, message: error.message }];
  for (const { field, message } of problems) {
    const key = field ?? "form";
    const slot = $(`[data-slot="${CSS.escape(key)}"]`, alarmForm) ?? $('[data-slot="form"]', alarmForm);
    slot.append(h("p", { class: "problem", "data-field": key }, message));
  }
  $(".problem", alarmForm).scrollIntoView({ block: "center", behavior: "smooth" });
}

function renderSkipButton(alarm) {
  const button = $("#skip-alarm");
  button.textContent = alarm.status === "skipped" ? t("Unskip") : t("Skip next");
  button.disabled = alarm.status !== "skipped" && alarm.status !== "rings";
}

async function toggleSkip() {
  const alarm = editor.alarm;
  try {
    const updated = await api("POST", `${alarmPath(alarm.id)}/${alarm.status === "skipped" ? "unskip" : "skip"}`);
    editor.alarm = updated;
    replaceAlarm(updated);
    renderSkipButton(updated);
    scheduleRefresh();
  } catch (error) {
    showProblems(error);
  }
}

async function unshiftAlarm() {
  try {
    const updated = await api("POST", `${alarmPath(editor.alarm.id)}/shift`, { to: null });
    replaceAlarm(updated);
    closeEditor();
    scheduleRefresh();
  } catch (error) {
    showProblems(error);
  }
}

async function deleteAlarm() {
  const alarm = editor.alarm;
  if (!confirm(t("Delete the alarm “{name}” at {time}?", { name: alarmName(alarm), time: alarm.time }))) return;
  try {
    await api("DELETE", alarmPath(alarm.id));
    state.alarms = state.alarms.filter((candidate) => candidate.id !== alarm.id);
    renderAlarms();
    closeEditor();
    scheduleRefresh();
  } catch (error) {
    showProblems(error);
  }
}

// ---------------------------------------------------------------- ringing

function renderRinging() {
  const ringing = state.status?.ringing ?? [];
  const card = $("#ringing");
  const appearing = card.hidden && ringing.length > 0;
  card.hidden = ringing.length === 0;
  if (ringing.length === 0) return;
  const alarm = ringing[0];
  card.dataset.id = alarm.id;
  card.dataset.since = alarm.since;
  $("#ringing-label").textContent = alarmName(alarm);
  $("#ringing-snoozes").textContent = alarm.snoozesLeft ? tn("{n} snooze left", "{n} snoozes left", alarm.snoozesLeft) : t("No snoozes left");
  $("#ringing-detail").textContent = [
    alarm.sound, alarm.bell && t("terminal bell"), ringing.length > 1 && t("{n} more ringing", { n: ringing.length - 1 }),
  ].filter(Boolean).join(" · ");
  $("#snooze").disabled = alarm.snoozesLeft === 0;
  updateRingingElapsed();
  if (appearing) ($("#snooze").disabled ? $("#stop") : $("#snooze")).focus();
}

function updateRingingElapsed() {
  const card = $("#ringing");
  if (card.hidden) return;
  const seconds = Math.floor((serverNow() - Date.parse(card.dataset.since)) / 1000);
  $("#ringing-elapsed").textContent = t("Ringing for {elapsed}", { elapsed: clockText(Math.max(0, seconds)) });
}

async function ringAction(action) {
  try {
    await api("POST", `/api/${action}`, { id: $("#ringing").dataset.id });
  } catch (error) {
    showError(error);
  }
  scheduleRefresh();
}

// ---------------------------------------------------------------- sounds

async function loadSounds() {
  if (!state.token) return;
  try {
    state.sounds = await api("GET", "/api/sounds");
  } catch (error) {
    showError(error);
    return;
  }
  renderSounds();
  renderSleepSounds();
}

function renderSounds() {
  $("#sounds").replaceChildren(...state.sounds.map(soundItem));
  renderPreviewButtons();
}

function soundItem(sound) {
  const facts = [sound.title, sound.durationSeconds !== undefined && clockText(Math.round(sound.durationSeconds))];
  return h("li", { class: sound.broken ? "sound card broken" : "sound card", "data-name": sound.name },
    h("span", { class: "sound-index" }, String(sound.index)),
    h("span", { class: "sound-text" },
      h("span", { class: "sound-name" }, sound.name),
      h("span", { class: "sound-facts" }, facts.filter(Boolean).join(" · ")),
      sound.broken && h("span", { class: "sound-broken" }, t("broken: {reason}", { reason: sound.reason ?? t("cannot be played") }))),
    h("button", { type: "button", class: "preview preview-button", disabled: sound.broken }, "▶"));
}

function setPreviewing(name) {
  state.previewing = name;
  renderPreviewButtons();
}

function renderPreviewButtons() {
  for (const button of $$("#sounds button.preview")) setPreviewButton(button, button.closest("li").dataset.name);
  const editorButton = $("#preview-sound");
  setPreviewButton(editorButton, alarmForm.elements.sound.value);
  editorButton.disabled = !alarmForm.elements.sound.value;
}

function setPreviewButton(button, name) {
  const playing = Boolean(name) && state.previewing === name;
  button.textContent = playing ? "■" : "▶";
  button.setAttribute("aria-pressed", playing);
  button.setAttribute("aria-label", playing ? t("Stop {name}", { name: name || t("sound") }) : t("Preview {name}", { name: name || t("sound") }));
}

async function togglePreview(name, volume) {
  try {
    if (state.previewing === name) {
      await stopPreview();
    } else {
      await api("POST", `/api/sounds/${encodeURIComponent(name)}/preview`, { volume });
      setPreviewing(name);
    }
  } catch (error) {
    showError(error);
  }
}

async function stopPreview() {
  await api("DELETE", "/api/preview");
  setPreviewing(null);
}

function showPreviewVolume() {
  const volume = $("#preview-volume").value;
  $("#preview-volume-value").textContent = t("{volume} %", { volume });
  localStorage.setItem(PREVIEW_VOLUME_KEY, volume);
}

async function uploadSound(input) {
  const file = input.files[0];
  if (!file) return;
  const status = $("#upload-status");
  status.classList.remove("error");
  // Checked here too so a phone does not send 50 MiB only to hear no.
  if (file.size > MAX_UPLOAD_BYTES) {
    status.textContent = t("{file} is larger than 50 MiB.", { file: file.name });
    status.classList.add("error");
    input.value = "";
    return;
  }
  status.textContent = t("Uploading {file}…", { file: file.name });
  try {
    const sound = await api("POST", `/api/sounds?name=${encodeURIComponent(file.name)}`, file);
    status.textContent = t("Added {name} as sound {index}.", { name: sound.name, index: sound.index });
  } catch (error) {
    status.textContent = `${file.name}: ${error.message}`;
    status.classList.add("error");
  } finally {
    // Lets the same file be chosen again after fixing it.
    input.value = "";
  }
  loadSounds();
}

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

// ---------------------------------------------------------------- timer

function renderTimers() {
  $("#timers").replaceChildren(...(state.status?.timers ?? []).map(timerItem));
}

function timerItem(timer) {
  return h("li", { class: "timer card", "data-id": timer.id },
    h("span", { class: "timer-text" },
      h("span", { class: "timer-remaining", "data-countdown": timer.at }, remainingText(timer.at)),
      h("span", { class: "timer-label" }, t("{label} · ends {time}", { label: timer.label ?? t("Timer"), time: wallClock(timer.at).time }))),
    h("button", { type: "button", class: "cancel", "aria-label": t("Cancel {name}", { name: timer.label ?? timer.id }) }, t("Cancel")));
}

const remainingText = (iso) => clockText(Math.max(0, Math.ceil((Date.parse(iso) - serverNow()) / 1000)));

function updateCountdowns() {
  for (const node of $$("[data-countdown]")) node.textContent = remainingText(node.dataset.countdown);
}

async function startTimer() {
  const status = $("#timer-status");
  const duration = $("#timer-duration").value.trim();
  if (!duration) {
    status.textContent = t("Pick a preset or type a duration such as 90s or 1h30m.");
    return;
  }
  const label = $("#timer-label").value.trim();
  try {
    const timer = await api("POST", "/api/timer", label ? { duration, label } : { duration });
    status.textContent = "";
    state.status?.timers.push(timer);
    renderTimers();
  } catch (error) {
    status.textContent = error.message;
  }
  scheduleRefresh();
}

async function cancelTimer(id) {
  try {
    await api("DELETE", `/api/timer/${encodeURIComponent(id)}`);
    state.status.timers = state.status.timers.filter((timer) => timer.id !== id);
    renderTimers();
  } catch (error) {
    $("#timer-status").textContent = error.message;
  }
  scheduleRefresh();
}

// ---------------------------------------------------------------- sleep timer

function renderSleep() {
  const sleep = state.status?.sleep ?? null;
  $("#sleep-running").hidden = !sleep;
  if (!sleep) return;
  const left = $("#sleep-left");
  left.dataset.countdown = sleep.endsAt;
  left.textContent = remainingText(sleep.endsAt);
  const fade = sleep.fading ? t("fading out") : t("fades out over the last {time}", { time: clockText(sleep.fadeSeconds) });
  $("#sleep-what").textContent = t("{sound} · ends {time}", { sound: sleep.sound, time: wallClock(sleep.endsAt).time }) + ` · ${fade}`;
}

function renderSleepSounds() {
  const select = $("#sleep-sound");
  const chosen = select.value;
  select.replaceChildren(h("option", { value: "" }, t("Default sound")),
    ...state.sounds.filter((sound) => !sound.broken).map((sound) => h("option", { value: sound.name },
      `${sound.name}${sound.title ? ` — ${sound.title}` : ""}`)));
  select.value = state.sounds.some((sound) => sound.name === chosen) ? chosen : "";
}

async function startSleep() {
  const status = $("#sleep-status");
  const duration = $("#sleep-duration").value.trim();
  if (!duration) {
    status.textContent = t("Type a duration such as 30m or 1h.");
    return;
  }
  const sound = $("#sleep-sound").value;
  try {
    const sleep = await api("POST", "/api/sleep", sound ? { duration, sound } : { duration });
    status.textContent = "";
    if (state.status) state.status.sleep = sleep;
    renderSleep();
  } catch (error) {
    status.textContent = error.message;
  }
  scheduleRefresh();
}

async function stopSleep() {
  try {
    await api("DELETE", "/api/sleep");
    if (state.status) state.status.sleep = null;
    renderSleep();
  } catch (error) {
    $("#sleep-status").textContent = error.message;
  }
  scheduleRefresh();
}

// ---------------------------------------------------------------- tabs and wiring

function showTab(name) {
  for (const button of $$("nav button[data-tab]")) {
    if (button.dataset.tab === name) button.setAttribute("aria-current", "page");
    else button.removeAttribute("aria-current");
  }
  for (const section of $$("main > section")) section.hidden = section.id !== `tab-${name}`;
  // The tabs share one scrolling area; a new tab starts at its top.
  $("main").scrollTop = 0;
  localStorage.setItem(TAB_KEY, name);
  if (name === "sounds" || name === "timer") loadSounds();
}

function wire() {
  $("#token-form").addEventListener("submit", saveToken);
  $("#language").addEventListener("change", (event) => chooseLanguage(event.target.value));
  for (const button of $$("nav button[data-tab]")) button.addEventListener("click", () => showTab(button.dataset.tab));

  $("#alarms").addEventListener("click", (event) => {
    const row = event.target.closest("li.alarm");
    if (event.target.matches(".stop-waking")) return stopAlarm(event.target.closest(".waking").dataset.name);
    if (!row || event.target.closest(".switch")) return;
    openEditor(state.alarms.find((alarm) => alarm.id === row.dataset.id));
  });
  $("#alarms").addEventListener("change", (event) => {
    if (event.target.matches(".alarm-switch")) toggleAlarm(event.target);
  });
  $("#snoozed").addEventListener("click", (event) => {
    if (event.target.matches(".dismiss")) stopAlarm(event.target.closest("li").dataset.id);
  });
  $("#add-alarm").addEventListener("click", () => openEditor(null));
  $("#reports-seen").addEventListener("click", reportsSeen);

  alarmForm.addEventListener("submit", saveAlarm);
  for (const chip of $$("button.day", alarmForm)) chip.addEventListener("click", () => toggleDay(chip));
  alarmForm.elements.date.addEventListener("input", () => {
    if (alarmForm.elements.date.value) setDays([]);
    showRepeatHint();
  });
  alarmForm.elements.time.addEventListener("input", showRepeatHint);
  alarmForm.elements.volume.addEventListener("input", showVolume);
  alarmForm.elements.sound.addEventListener("change", renderPreviewButtons);
  $("#preview-sound").addEventListener("click", () => {
    togglePreview(alarmForm.elements.sound.value, Number(alarmForm.elements.volume.value) / 100);
  });
  $("#cancel-edit").addEventListener("click", closeEditor);
  $("#skip-alarm").addEventListener("click", toggleSkip);
  $("#unshift-alarm").addEventListener("click", unshiftAlarm);
  $("#delete-alarm").addEventListener("click", deleteAlarm);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("#editor").hidden) closeEditor();
  });

  $("#snooze").addEventListener("click", () => ringAction("snooze"));
  $("#stop").addEventListener("click", () => ringAction("stop"));

  $("#sounds").addEventListener("click", (event) => {
    if (!event.target.matches("button.preview")) return;
    togglePreview(event.target.closest("li").dataset.name, Number($("#preview-volume").value) / 100);
  });
  $("#preview-volume").addEventListener("input", showPreviewVolume);
  $("#upload").addEventListener("change", (event) => uploadSound(event.target));

  $("#sw-startstop").addEventListener("click", startStop);
  $("#sw-lap").addEventListener("click", lap);
  $("#sw-reset").addEventListener("click", resetStopwatch);
  $("#sw-copy").addEventListener("click", copyLaps);

  $("#timer-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startTimer();
  });
  for (const preset of $$("button.preset")) {
    preset.addEventListener("click", () => {
      $("#timer-duration").value = preset.dataset.duration;
      startTimer();
    });
  }
  $("#sleep-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startSleep();
  });
  $("#sleep-stop").addEventListener("click", stopSleep);
  $("#timers").addEventListener("click", (event) => {
    if (event.target.matches("button.cancel")) cancelTimer(event.target.closest("li").dataset.id);
  });

  // Opening a #token= address in the same tab changes only the fragment: no reload.
  window.addEventListener("hashchange", () => {
    const token = adoptToken();
    if (token && token !== state.token) connect(token);
  });
  // Phones freeze background pages; what is on screen after waking up may be hours old.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) scheduleRefresh(); });
  setInterval(() => {
    updateCountdowns();
    updateRingingElapsed();
  }, 1000);
  setInterval(() => {
    updateRelativeTimes();
    // Without the event stream nothing says when something changes, so ask now and then.
    if (!eventsOpen()) scheduleRefresh();
  }, 30000);
}

async function start() {
  await loadMessages();
  wire();
  $("#preview-volume").value = localStorage.getItem(PREVIEW_VOLUME_KEY) ?? 60;
  showPreviewVolume();
  loadStopwatch();
  renderStopwatch();
  const tab = localStorage.getItem(TAB_KEY);
  showTab($(`nav button[data-tab="${tab}"]`) ? tab : "alarms");
  const token = adoptToken();
  if (token) connect(token);
  else forgetToken();
}

start();
