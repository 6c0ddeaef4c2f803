"use strict";

// What `run` says live (the status, the event stream) and the list of alarms.

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
  renderClock();
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

// The clock the alarms ring by, when it may be wrong: the kernel calls it unsynchronised before
// a ring, or another alarmplay of the household has a clock more than a minute from this one's.
function renderClock() {
  const clock = state.status?.clock;
  const lines = [];
  if (clock?.warning) {
    lines.push(t("Not synchronised, and {name} rings at {time}.", { name: clock.warning.id, time: wallClock(clock.warning.ring).time }));
  }
  for (const other of clock?.disagreements ?? []) {
    // Whole minutes: the broker's latency is in the seconds.
    const values = { name: other.name, difference: durationText(Math.round(Math.abs(other.differenceSeconds) / 60) * 60) };
    const said = other.differenceSeconds < 0 ? t("{name} is {difference} behind this clock.", values) : t("{name} is {difference} ahead of this clock.", values);
    const which = {
      both: t("Both clocks are synchronised."),
      here: t("This device's clock is synchronised, {name}'s is not.", values),
      there: t("{name}'s clock is synchronised, this device's is not.", values),
    }[other.synchronised] ?? t("Neither clock is synchronised.");
    lines.push(`${said} ${which}`);
  }
  $("#clock-warning").hidden = lines.length === 0;
  $("#clock-warning-list").replaceChildren(...lines.map((line) => h("li", {}, line)));
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
    type: "checkbox", class: "alarm-switch", role: "switch", "aria-label": t("{name} at {time}", { name: alarmName(alarm), time: fileTime(alarm.time) }),
  });
  toggle.checked = alarm.enabled;
  const skipped = alarm.status === "skipped" ? h("span", { class: "tag" }, t("skipped once"))
    : alarm.shiftedFrom && alarm.next ? h("span", { class: "tag" }, t("once at {time}", { time: wallClock(alarm.next).time })) : null;
  const next = alarm.enabled && alarm.next ? untilSpan(alarm.next) : null;
  const nextSkip = alarm.nextSkip ? h("span", { class: "alarm-skip" }, alarm.nextSkip.text) : null;
  return h("li", { class: alarm.enabled ? "alarm card" : "alarm card off", "data-id": alarm.id },
    h("button", { type: "button", class: "alarm-open" },
      // A time per day, or one from the sun or a calendar: the next ring's time is the one to show.
      h("span", { class: "alarm-time" }, (alarm.times || alarm.rule) && alarm.next ? wallClock(alarm.next).time : fileTime(alarm.time)),
      h("span", { class: "alarm-details" }, [alarm.label, repeatText(alarm), alarm.rule].filter(Boolean).join(" · ")),
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
