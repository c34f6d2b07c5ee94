// Whether the page is connected to the table, and why the server closed it when it did.

import { t } from "../../i18n.js";
import { inWords } from "../codes.js";

const SAID = { connecting: "table.connecting", connected: "table.connected", lost: "table.lost" };

export function connectionView(table) {
  const line = document.getElementById("connection");
  table.watch(
    (s) => [s.connection, s.closing, s.lang],
    (s) => {
      if (s.connection === "closed") line.textContent = t("table.closed", { reason: inWords("closing", s.closing) });
      else line.textContent = s.connection ? t(SAID[s.connection]) : "";
    },
  );
}
