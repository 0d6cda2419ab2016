// Player colours with a symbol each, never colour alone (docs: VISUAL.md); the phone page
// (app.js) and the table display (tv.js) share them.
export const PLAYERS = [
  { colour: "#C0143C", symbol: "●" },
  { colour: "#1F4FB8", symbol: "■" },
  { colour: "#F2A900", symbol: "▲" },
  { colour: "#0F8A5F", symbol: "◆" },
  { colour: "#8E44AD", symbol: "★" },
  { colour: "#E8702A", symbol: "⬟" },
  { colour: "#F2EFE8", symbol: "✚" },
];
