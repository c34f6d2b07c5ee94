// The check and publish bar, the same for every game's editor: the puzzle's title, a guest's
// name, "Check" (the server's solver proves the optimum, or says why there is none, in words),
// "Publish" (once checked: the server checks again and answers the puzzle's link), then the
// link, "Play it" and "Download the file". Owns #ed-bar-form; reads the editor's `file()`.

import { api, el } from "../../api.js";
import { language, t } from "../../i18n.js";
import { createStore } from "../../shared/store.js";
import { signedInName } from "../../shared/who.js";
import { guestKey, guestName } from "../guest.js";
import { keepPublished } from "./mine.js";

// The file without its words: a new title needs no new check.
const shape = (file) => JSON.stringify({ ...file, title: null, lesson: null });

// A file checked before it has a title: the games that need one are given "Untitled".
function titled(file) {
  if (file.title.en) return file;
  const untitled = { en: t("editor.untitled"), fr: t("editor.untitled") };
  return { ...file, title: untitled };
}

// A text saved as a file of this browser's downloads.
function save(name, text) {
  const address = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const anchor = el("a", { href: address, download: name });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(address), 1000);
}

export function barView(editor) {
  const box = document.getElementById("ed-bar-form");
  // `author`: the signed-in person's name (they publish under it), or null for a guest
  const store = createStore({ checked: null, shape: null, published: null, pending: false, error: "", author: null });
  const { get, set } = store;
  const said = (words) => (words ? words[language()] ?? words.en : "");

  async function check() {
    set({ pending: true, error: "", checked: null, published: null });
    const file = editor.file();
    try {
      const checked = await api(`/api/puzzles/${editor.game}/check`, { method: "POST", body: titled(file) });
      set({ checked, shape: shape(file), pending: false });
    } catch (failure) {
      set({ pending: false, error: failure.message });
    }
  }

  async function publish() {
    const file = editor.file();
    if (!file.title.en) return set({ error: t("editor.no_title") });
    set({ pending: true, error: "" });
    const name = get().author ? undefined : nameInput.value.trim() || undefined;
    if (name) guestName.set(name);
    try {
      const body = { puzzle: file, guest: guestKey(), name };
      const published = await api(`/api/puzzles/${editor.game}/publish`, { method: "POST", body });
      keepPublished(published); // its author finds it again on /puzzles
      set({ published, pending: false });
    } catch (failure) {
      set({ pending: false, error: failure.message });
    }
  }

  // The form is drawn once (typing keeps its focus); what the server said, under it.
  const title = el("input", { id: "ed-title", maxlength: 200, oninput: (e) => editor.setTitle(e.target.value) });
  const nameInput = el("input", { id: "ed-name", maxlength: 24, value: guestName.get() });
  const checkButton = el("button", { type: "button", id: "ed-check", onclick: check });
  const publishButton = el("button", { type: "button", id: "ed-publish", onclick: publish });
  const result = el("p", { id: "ed-result", class: "result", role: "status", "aria-live": "polite" });
  const error = el("p", { id: "ed-error", class: "error", role: "alert" });
  const link = el("p", { id: "ed-link" });
  // the files made here, in this browser, before any publication
  const saveFile = el("button", { type: "button", id: "ed-save-file", onclick: () => save(`${editor.game}-puzzle.json`, `${JSON.stringify(editor.file(), null, 1)}\n`) });
  const saveBoard = editor.boardFile ? el("button", { type: "button", id: "ed-save-board", onclick: () => saveBoardFile() }) : null;
  const open = el("input", { type: "file", id: "ed-open", accept: ".json,application/json", onchange: (e) => opened(e.target) });
  const openLabel = el("label", { class: "wide" });
  const files = el("p", { class: "actions" }, saveFile, saveBoard ? " " : "", saveBoard);
  const titleLabel = el("label", { class: "wide" });
  const nameLabel = el("label", { class: "wide" });
  box.replaceChildren(titleLabel, nameLabel, el("p", { class: "actions" }, checkButton, " ", publishButton), result, error, link, files, openLabel);

  // The board as a game's board file; a board that is not one (DR2D's part of a factory) is told.
  function saveBoardFile() {
    const made = editor.boardFile();
    if (made.problem) return set({ error: t(made.problem) });
    set({ error: "" });
    save(made.name, made.text);
  }

  // A puzzle file of this game opened: the editor shows it, to change it or check it again.
  async function opened(input) {
    const [chosen] = input.files;
    input.value = "";
    if (!chosen) return;
    let data = null;
    try {
      data = chosen.size <= 12000 ? JSON.parse(await chosen.text()) : null;
    } catch {
      data = null;
    }
    const read = data !== null && editor.load(Array.isArray(data) ? data[0] : data);
    if (read) title.value = editor.get().title;
    set({ checked: null, published: null, error: read ? "" : t("editor.cannot_open") });
  }

  function draw() {
    const { checked, published, pending } = get();
    const current = shape(editor.file());
    titleLabel.replaceChildren(el("span", {}, t("editor.puzzle_title"), " "), title);
    // a signed-in author publishes under their account's name, listed
    if (get().author) nameLabel.replaceChildren(t("editor.as_author", { name: get().author }));
    else nameLabel.replaceChildren(el("span", {}, t("editor.your_name"), " "), nameInput);
    checkButton.textContent = t("editor.check");
    publishButton.textContent = t("editor.publish");
    saveFile.textContent = t("editor.save_file");
    openLabel.replaceChildren(el("span", {}, t("editor.open_file"), " "), open);
    if (saveBoard) saveBoard.textContent = t("editor.save_board");
    const fresh = checked && get().shape === current;
    checkButton.disabled = pending;
    publishButton.disabled = pending || !fresh || !checked.proven || Boolean(published);
    let text = pending && !checked ? t("editor.checking") : "";
    if (checked) text = fresh ? said(checked.words) : t("editor.changed");
    else if (!pending) text = t("editor.publish_first");
    result.textContent = text;
    box.dataset.result = fresh ? (checked.proven ? "proven" : checked.reason) : "none";
    error.textContent = get().error;
    if (!published) return link.replaceChildren();
    const where = new URL(published.link, location.href).href;
    const lead = published.again ? "editor.published_again" : published.listed ? "editor.published_listed" : "editor.published_link";
    link.replaceChildren(
      t(lead),
      " ",
      el("a", { id: "ed-published", href: published.link }, where),
      " · ",
      el("a", { id: "ed-play", href: published.link }, t("editor.play")),
      " · ",
      el("a", { id: "ed-download", href: published.file, download: "" }, t("editor.download")),
    );
  }

  store.subscribe(draw);
  signedInName().then((author) => set({ author }));
  editor.watch((s) => [s], draw); // any change of the puzzle: the check may be stale
  return { redraw: draw };
}
