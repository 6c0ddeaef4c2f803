"use strict";

// The page's shared constants and state, its language, and the words and times it shows.
// The page's scripts are classic scripts sharing one global scope, loaded in order (index.html).

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

// English as the browser's own English writes it (en-US 6:45 AM, en-GB 06:45), as its time fields do.
const intlLocale = () => (i18n.language === "en" ? (navigator.language.startsWith("en") ? navigator.language : "en-US") : i18n.language);
const utcNames = (options) => (date) => new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: "UTC" }).format(date);
const weekdayName = (year, month, day) => utcNames({ weekday: "short" })(new Date(Date.UTC(year, month - 1, day)));
const monthName = (month) => utcNames({ month: "short" })(new Date(Date.UTC(2000, month - 1, 1)));

/** A wall-clock time as the language writes it, two-digit hours as the browser's own time fields
 *  show them (06:45 AM, 06:45, 오전 06:45): every time on the page. */
function timeText(hour, minute, second = 0) {
  const seconds = second ? { second: "2-digit" } : {};
  return utcNames({ hour: "2-digit", minute: "2-digit", ...seconds })(new Date(Date.UTC(2000, 0, 1, hour, minute, second)));
}

/** A time as the alarms file writes it ("06:45", "07:30:15"), shown as every other time is. */
function fileTime(text) {
  const [hour, minute, second] = text.split(":").map(Number);
  return timeText(hour, minute, second || 0);
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
  if (alarm.times) return timesText(alarm.times);
  if (alarm.days?.length) return daysText(alarm.days);
  return alarm.date ? dateText(alarm.date) : t("Once");
}

/** A time per day, days of the same time together: "Weekdays 06:30 · Sat 09:30". */
function timesText(times) {
  const byTime = new Map();
  for (const day of DAYS) if (times[day]) byTime.set(times[day], [...(byTime.get(times[day]) ?? []), day]);
  return [...byTime].map(([time, days]) => `${daysText(days)} ${fileTime(time)}`).join(" · ");
}

/** A sound's title: a built-in tone's in the reader's language, a file's as it is. */
const soundTitle = (sound) => (sound.titleIsOurs ? t(sound.title) : sound.title);

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
