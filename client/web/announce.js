// What a screen reader says of the table as it changes: every move (the log's line, a bot's
// too), whose turn it is, an auction's price and the game's end, in the page's language. Said in
// live regions outside the redrawn screen (index.html): polite ones, and assertive ones
// for "Your turn". Two regions of each kind take turns, so a line said twice in a row (two
// passes) is still said twice: the new text lands in a region that was empty.

// Every message said, in order, for the tests: {text, lines, moves, assertive} (`moves`: how many
// of its first lines are the log's lines of moves).
const said = [];
const regions = { polite: [], assertive: [], next: { polite: 0, assertive: 0 } };

function regionsOf(kind) {
  if (!regions[kind].length) {
    const found = [...document.querySelectorAll(`[data-announce="${kind}"]`)];
    regions[kind] = found;
  }
  return regions[kind];
}

/** Say the `lines` of one change as one message (assertive: at once, over what is being said;
 *  moves: how many of the first lines tell moves). */
export function announce(lines, { assertive = false, moves = 0 } = {}) {
  const kept = lines.filter(Boolean);
  if (!kept.length) return;
  const text = kept.join(" ");
  const kind = assertive ? "assertive" : "polite";
  said.push({ text, lines: kept, moves, assertive });
  const pair = regionsOf(kind);
  if (!pair.length) return;
  const index = regions.next[kind];
  regions.next[kind] = (index + 1) % pair.length;
  pair.forEach((region, i) => {
    if (i !== index) region.textContent = "";
  });
  pair[index].textContent = text;
}

/** Every line said so far, for the tests (`window.jeweltable.announced`). */
export function announced() {
  return said;
}

/** Empty the live regions (behind the pass and play curtain, a seat's last words must not stay
 *  on the page for the next person). */
export function silence() {
  for (const kind of ["polite", "assertive"]) {
    for (const region of regionsOf(kind)) region.textContent = "";
  }
}
