// Where things are on a game's drawing: its root <svg> says the grid (data-cell-size, and
// data-origin "X Y": cell (x, y) is drawn from origin + (x, y) x size), its pieces their names
// (data-piece). See docs/protocol.md, "Routes of the browser pages".

export const SVG = "http://www.w3.org/2000/svg";
export const COMPASS_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }; // on screen, y downwards

export function origin(svg) {
  return (svg.dataset.origin ?? "0 0").split(" ").map(Number);
}

// The middle of a cell in the drawing's units.
export function middleOf(svg, [x, y], size) {
  const [ox, oy] = origin(svg);
  return [ox + (x + 0.5) * size, oy + (y + 0.5) * size];
}

// The cell under the middle of an element as drawn (before it is animated).
export function drawnCell(svg, element, size) {
  const box = element.getBoundingClientRect();
  const middle = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
  const point = middle.matrixTransform(svg.getScreenCTM().inverse());
  const [ox, oy] = origin(svg);
  return [Math.floor((point.x - ox) / size), Math.floor((point.y - oy) / size)];
}

export function pieceOf(svg, piece) {
  return svg.querySelector(`[data-piece="${CSS.escape(piece)}"]`);
}

// Where a piece is drawn (its cell's middle), or null when it is not on the board.
export function pieceMiddle(svg, piece, size) {
  const element = pieceOf(svg, piece);
  return element ? middleOf(svg, drawnCell(svg, element, size), size) : null;
}

const TRANSLATE = /^translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)$/;

// An element's own translate() as {x, y} ({0, 0} without a transform); null for any other
// transform (an animation's transform would replace it).
export function ownTranslate(element) {
  const transform = element.getAttribute("transform");
  if (!transform) return { x: 0, y: 0 };
  const found = TRANSLATE.exec(transform);
  return found ? { x: Number(found[1]), y: Number(found[2]) } : null;
}

export function shape(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
