"use strict";

// The alarm editor: the form, what changed, and saving it.

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
  // The sun or a calendar gives each day its time: a time set here takes its place, as `edit --time` does.
  $("#rule-hint").hidden = !alarm?.rule;
  $("#rule-hint").textContent = alarm?.rule ? t("Each day's time follows {rule}; a time set here replaces it.", { rule: alarm.rule }) : "";
  setDays(alarm?.days ?? []);
  $("#per-day").checked = Boolean(alarm?.times);
  renderDayTimes(alarm?.times ?? {});
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
  }, `${sound.name}${sound.title ? ` — ${soundTitle(sound)}` : ""}${sound.broken ? t(" (broken)") : ""}`));
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

/** With "a time per day", a time field for each chosen day, in place of the one time. */
function renderDayTimes(times = dayTimes() ?? {}) {
  const fields = alarmForm.elements;
  const perDay = $("#per-day").checked;
  const rows = perDay ? (pressedDays() ?? []).map((day) => h("label", { class: "day-time" }, h("span", {}, dayName(day)),
    h("input", { type: "time", "data-day": day, value: times[day] ?? fields.time.value.slice(0, 5) ?? NEW_ALARM_TIME }))) : [];
  $("#day-times").replaceChildren(...rows);
  $("#day-times").hidden = !perDay;
  $(".time-field", alarmForm).hidden = perDay;
  fields.time.required = !perDay;
}

/** Each chosen day's time, as the file's `times`; null without "a time per day". */
function dayTimes() {
  if (!$("#per-day").checked) return null;
  return Object.fromEntries($$("#day-times input").map((input) => [input.dataset.day, input.value.replace(/^(\d\d:\d\d):00$/, "$1")]));
}

function toggleDay(chip) {
  chip.setAttribute("aria-pressed", chip.getAttribute("aria-pressed") !== "true");
  renderDayTimes();
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
  else hint = t("No days and no date: rings once, at the next {time}.", { time: time ? fileTime(time) : t("time set") });
  $("#repeat-hint").textContent = hint;
}

function showVolume() {
  $("#volume-value").textContent = t("{volume} %", { volume: alarmForm.elements.volume.value });
}

/** The form as alarms-file keys; null for an empty field. */
function formValues() {
  const fields = alarmForm.elements;
  const text = (name) => fields[name].value.trim() || null;
  const times = dayTimes();
  return {
    // The picker may add ":00" seconds to a time that had none.
    time: times ? null : fields.time.value.replace(/^(\d\d:\d\d):00$/, "$1") || null,
    days: times ? null : pressedDays(),
    times,
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
  if (!confirm(t("Delete the alarm “{name}” at {time}?", { name: alarmName(alarm), time: fileTime(alarm.time) }))) return;
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
