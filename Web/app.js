"use strict";

// The tabs, and wiring the page up: loaded last, it starts everything.

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
  $("#per-day").addEventListener("change", () => renderDayTimes());
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
