"use strict";

// A ringing alarm, and the sounds: preview and upload.

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
    alarm.plays ? `${alarm.sound} (${alarm.plays})` : alarm.sound, alarm.bell && t("terminal bell"), ringing.length > 1 && t("{n} more ringing", { n: ringing.length - 1 }),
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
  const facts = [soundTitle(sound), sound.durationSeconds !== undefined && clockText(Math.round(sound.durationSeconds))];
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
