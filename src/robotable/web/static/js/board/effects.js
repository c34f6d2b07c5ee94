// What is shown over the board for a moment, not a piece walking: a shot's line and its hit,
// a robot falling or leaving the board, a chip won or drawn, a parcel picked up or delivered.
// The planners (games/*.js) say which and where; each is drawn here in a layer over the drawing,
// seen only while its animation plays.

import { COMPASS_STEP, middleOf, origin, pieceMiddle, shape } from "./geometry.js";

// One effect drawn in `layer` and played from `delay` for `duration` milliseconds (then it is
// gone); false when there is nothing to draw it on (a shot whose robots are not drawn).
export function drawEffect(svg, layer, fx, size, delay, duration) {
  const timing = { delay, duration, easing: "ease-out" };
  const add = (element, frames) => {
    element.dataset.effect = fx.kind;
    element.style.opacity = "0"; // seen only while its animation plays
    layer.append(element);
    element.animate(frames, timing);
  };
  if (fx.kind === "shot") return drawShot(svg, fx, size, add);
  const at = fx.cell ? middleOf(svg, fx.cell, size) : null;
  if (!at) return false;
  const token = shape("circle", { cx: at[0], cy: at[1], r: size * 0.3, fill: "#ffbf00", stroke: "#333", "stroke-width": size / 25 });
  token.style.transformOrigin = `${at[0]}px ${at[1]}px`;
  if (fx.kind === "fell") {
    // the robot goes down into the pit: smaller and darker until gone
    token.setAttribute("fill", "#555");
    add(token, [{ transform: "scale(1.2)", opacity: 1 }, { transform: "scale(0.1) rotate(270deg)", opacity: 0.2 }]);
  } else if (fx.kind === "left") {
    // it slides one cell on, over the edge, and fades (it swells where no direction is known)
    const [dx, dy] = COMPASS_STEP[fx.toward] ?? [0, 0];
    const away = fx.toward in COMPASS_STEP ? `translate(${dx * size}px, ${dy * size}px)` : "scale(1.8)";
    add(token, [{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: away, opacity: 0 }]);
  } else if (fx.kind === "chip-won") {
    // the chip leaves the target's cell for its winner's pile, over the board's top edge
    const [, oy] = origin(svg);
    add(token, [{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: `translate(0px, ${oy - at[1]}px)`, opacity: 0 }]);
  } else if (fx.kind === "chip-drawn") {
    add(token, [{ transform: "scale(2.5)", opacity: 0 }, { transform: "scale(1)", opacity: 1, offset: 0.6 }, { transform: "scale(1)", opacity: 0 }]);
  } else if (fx.kind === "parcel-picked" || fx.kind === "parcel-delivered") {
    const parcel = shape("rect", { x: at[0] - size * 0.2, y: at[1] - size * 0.2, width: size * 0.4, height: size * 0.4, fill: "#a0522d" });
    parcel.style.transformOrigin = `${at[0]}px ${at[1]}px`;
    // picked: it rises onto the pawn; delivered: it sinks into the drop point
    const end = fx.kind === "parcel-picked" ? "translate(0px, -20%) scale(1.3)" : "scale(0.1)";
    add(parcel, [{ transform: "scale(1)", opacity: 1 }, { transform: end, opacity: 0 }]);
  } else return false;
  return true;
}

// A shot's line runs from the shooter to its target, fully drawn half-way through; a hit
// flashes on the target.
function drawShot(svg, fx, size, add) {
  const [from, to] = [pieceMiddle(svg, fx.from, size), pieceMiddle(svg, fx.to, size)];
  if (!from || !to) return false;
  const colour = fx.hit ? "#d62728" : "#7f7f7f";
  const ray = shape("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], stroke: colour, "stroke-width": size / 8 });
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  ray.setAttribute("stroke-dasharray", `${length} ${length}`);
  add(ray, [{ strokeDashoffset: length, opacity: 1 }, { strokeDashoffset: 0, opacity: 1, offset: 0.5 }, { strokeDashoffset: 0, opacity: 0 }]);
  if (fx.hit) {
    const flash = shape("circle", { cx: to[0], cy: to[1], r: size / 2, fill: "none", stroke: colour, "stroke-width": size / 10 });
    flash.style.transformOrigin = `${to[0]}px ${to[1]}px`;
    add(flash, [{ opacity: 0, transform: "scale(0.2)" }, { opacity: 0, transform: "scale(0.2)", offset: 0.45 }, { opacity: 1, transform: "scale(1.2)", offset: 0.7 }, { opacity: 0, transform: "scale(1.6)" }]);
  }
  return true;
}
