"use strict";

// The timer and the sleep timer.

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
