// The page's words, shared by the page (app.js) and the night clock (clock.js): classic scripts,
// so these names are global to both.

// The same gettext catalogs as the commands, served as JSON by `run` (GET /api/messages): the
// language the picker chose, else the browser's (Accept-Language). A message a catalog lacks
// stays English. `{name}` placeholders let a translation put the values in its own order.
const i18n = { language: "en", languages: ["en"], messages: {}, plural: (n) => Number(n !== 1) };

const fill = (text, values = {}) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
const t = (msgid, values) => fill(i18n.messages[msgid] || msgid, values);
// A short message with its context, stored as gettext's pgettext stores it.
const tc = (context, msgid, values) => fill(i18n.messages[`${context}\u0004${msgid}`] || msgid, values);

function tn(singular, plural, count, values = {}) {
  const forms = i18n.messages[`${singular}\u0000${plural}`]?.split("\u0000");
  const text = forms ? forms[i18n.plural(count)] ?? forms[0] : count === 1 ? singular : plural;
  return fill(text, { n: count, ...values });
}

/** The catalog's Plural-Forms rule as a function; only arithmetic on n is accepted. */
function pluralRule(rule) {
  if (!/^[n0-9\s()!=<>&|?:%+-]+$/.test(rule)) return i18n.plural;
  const evaluate = new Function("n", `return Number(${rule});`);
  return (n) => evaluate(n);
}

/** Loads the catalog of `chosen` (else the browser's language) into `i18n`; English when there is none. */
async function loadCatalog(chosen) {
  try {
    const response = await fetch(`/api/messages${chosen ? `?lang=${encodeURIComponent(chosen)}` : ""}`);
    const catalog = await response.json();
    i18n.language = catalog.language;
    i18n.languages = catalog.languages;
    i18n.messages = catalog.messages;
    i18n.plural = pluralRule(catalog.plural);
  } catch {
    // An older `run` without catalogs: the page stays English.
  }
  document.documentElement.lang = i18n.language;
}
