"use strict";

// The API (every call with the token, errors worded) and the token itself.

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
