// The puzzles published from this browser (a guest's are reached by their link only: it is kept
// here, so its author finds it again): [{id, game, title, link}], newest first, 50 at most.

const KEY = "robotable:published-here";
const KEPT = 50;

export function publishedHere() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(kept) ? kept.filter((p) => p && typeof p.link === "string" && p.link.startsWith("/puzzles/")) : [];
  } catch {
    return [];
  }
}

export function keepPublished({ id, game, title, link }) {
  const others = publishedHere().filter((p) => p.id !== id);
  localStorage.setItem(KEY, JSON.stringify([{ id, game, title, link }, ...others].slice(0, KEPT)));
}
