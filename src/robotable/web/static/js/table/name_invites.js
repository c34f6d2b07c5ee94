// The creator's invitations by name (docs/protocol.md, "Invitations by name"): which account
// each free person's seat is offered to, and the creator's friends to suggest. Kept in the
// controller's store as `byName` ({seat: name}; null until known, and for anyone but a signed-in
// creator, who alone may invite by name), `friendNames` and `byNameRefused` ({seat, text}).

import { api } from "../api.js";

// The controller's commands for invitations by name, over its store's `get` and `set`.
export function nameInvites({ get, set }) {
  const route = () => `/api/tables/${encodeURIComponent(get().table)}/invitations`;
  const creatorToken = () => get().creator ?? undefined;

  async function loadNameInvites() {
    try {
      const { invitations } = await api(route(), { token: creatorToken() });
      set({ byName: Object.fromEntries(invitations.map((entry) => [entry.seat, entry.name])) });
    } catch {
      set({ byName: null }); // not the signed-in creator: no invitation by name here
      return;
    }
    api("/api/account/friends").then(
      (lists) => set({ friendNames: lists.friends.map((friend) => friend.name) }),
      () => {},
    );
  }

  return {
    loadNameInvites,
    // Offers `seat` to the account named `name`; a refusal is said beside the seat's form.
    async inviteByName(seat, name) {
      try {
        await api(route(), { method: "POST", body: { seat, name }, token: creatorToken() });
        set({ byNameRefused: null });
      } catch (failure) {
        set({ byNameRefused: { seat, text: failure.message } });
      }
      await loadNameInvites();
    },
    async cancelNameInvite(seat) {
      try {
        await api(`${route()}/cancel`, { method: "POST", body: { seat }, token: creatorToken() });
      } catch (failure) {
        set({ byNameRefused: { seat, text: failure.message } });
      }
      await loadNameInvites();
    },
  };
}
