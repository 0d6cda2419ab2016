// A tiny element builder: h("div", {class: "x", onclick: f}, child, ...) for HTML, s(...) for
// SVG. Children may be strings, numbers, elements, arrays of them, null or false (left out).

const SVG = "http://www.w3.org/2000/svg";

function build(element, props, kids) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(element.style, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    element.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return element;
}

export function h(tag, props, ...kids) {
  return build(document.createElement(tag), props, kids);
}

export function s(tag, props, ...kids) {
  return build(document.createElementNS(SVG, tag), props, kids);
}

/** A button that reacts to a tap (click covers touch, mouse and keys). */
export function button(label, onTap, props = {}) {
  return h("button", { type: "button", ...props, onclick: onTap }, label);
}
