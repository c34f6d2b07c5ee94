// The hand-over screen: several people share this screen, and in a game with secrets the next
// one is asked to take it before anything of their seat is shown (nothing of any seat is shown
// meanwhile). The page connects as them when they say they are there.

import { t } from "../../i18n.js";

export function handoverView(table) {
  const section = document.getElementById("handover");
  const ready = document.getElementById("handover-ready");
  ready.addEventListener("click", () => table.ready());
  table.watch(
    (s) => [s.handover, s.names, s.lang],
    (s) => {
      const waiting = s.handover !== null;
      section.hidden = !waiting;
      document.body.classList.toggle("handing-over", waiting);
      if (!waiting) {
        delete document.body.dataset.handover;
        return;
      }
      const name = s.names[s.handover] ?? t("table.seat", { seat: s.handover });
      document.body.dataset.handover = s.handover;
      document.getElementById("handover-title").textContent = t("table.handover", { name });
      document.getElementById("handover-hint").textContent = t("table.handover_hint", { name });
      ready.textContent = t("table.ready", { name });
      ready.focus();
    },
  );
}
