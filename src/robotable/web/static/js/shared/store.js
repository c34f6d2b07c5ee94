// A small store: one state object that only its owner replaces (a new, frozen object each
// time, never one changed in place), and views that watch the parts they draw. A view is given
// the whole state and redraws from it alone, so a state made afresh redraws every view.

export function createStore(initial) {
  let state = Object.freeze({ ...initial });
  const listeners = new Set();
  const notify = () => {
    // a listener may cause another change: those after it are given the newest state
    for (const listener of [...listeners]) listener(state);
  };
  return {
    get: () => state,
    // A new state: this one with `changes`.
    set(changes) {
      state = Object.freeze({ ...state, ...changes });
      notify();
    },
    // A new state made whole: nothing of the last one is kept but what `next` carries.
    replace(next) {
      state = Object.freeze({ ...next });
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Calls `render(state)` now and whenever one of the values `select(state)` lists changed
    // (compared by identity: the owner makes new values, never changes old ones).
    watch(select, render) {
      let seen = null;
      const listener = (now) => {
        const picked = select(now);
        if (seen && picked.length === seen.length && picked.every((value, i) => value === seen[i])) return;
        seen = picked;
        render(now);
      };
      listener(state);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
