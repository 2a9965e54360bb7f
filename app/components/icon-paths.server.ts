/** The icons of the menu and the frame (24×24 grid, stroke = currentColor), served as one sprite at /icons.svg. */
export const ICON_PATHS: Record<string, string[]> = {
  home: ["M3 11l9-8 9 8", "M5 10v10h5v-6h4v6h5V10"],
  school: ["M3 21h18", "M5 21V9l7-5 7 5v12", "M9 21v-5h6v5", "M12 8v3"],
  users: ["M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2", "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8", "M22 21v-2a4 4 0 0 0-3-3.87", "M16 3.13a4 4 0 0 1 0 7.75"],
  student: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8", "M4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1"],
  book: ["M4 19.5A2.5 2.5 0 0 1 6.5 17H20", "M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z"],
  star: ["M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"],
  calendar: ["M3 6h18v15H3z", "M16 3v6", "M8 3v6", "M3 11h18"],
  bus: ["M5 17V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v12", "M3 17h18", "M5 11h14", "M7 17v3", "M17 17v3", "M8 14h.01", "M16 14h.01"],
  device: ["M4 4h16v12H4z", "M8 20h8", "M12 16v4"],
  money: ["M2 6h20v12H2z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6", "M6 12h.01", "M18 12h.01"],
  chart: ["M3 3v18h18", "M7 16v-5", "M12 16V8", "M17 16v-9"],
  shield: ["M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"],
  admission: ["M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2", "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8", "M19 8v6", "M22 11h-6"],
  menu: ["M3 6h18", "M3 12h18", "M3 18h18"],
  fold: ["M3 6h18", "M9 12h12", "M3 18h18", "M7 9l-3 3 3 3"],
  unfold: ["M3 6h18", "M3 12h12", "M3 18h18", "M17 9l3 3-3 3"],
  close: ["M18 6L6 18", "M6 6l12 12"],
  refresh: ["M21 12a9 9 0 1 1-3-6.7L21 8", "M21 3v5h-5"],
  external: ["M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6", "M15 3h6v6", "M10 14L21 3"],
  logout: ["M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "M16 17l5-5-5-5", "M21 12H9"],
  chevron: ["M6 9l6 6 6-6"],
  lock: ["M5 11h14v10H5z", "M8 11V7a4 4 0 0 1 8 0v4"],
  search: ["M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16", "M21 21l-4.35-4.35"],
  bell: ["M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9", "M13.7 21a2 2 0 0 1-3.4 0"],
  tools: ["M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z"],
};

/** The sprite: one <symbol> per icon, referenced by <use href="/icons.svg#name">. */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_PATHS).map(
    ([name, paths]) => `<symbol id="${name}" viewBox="0 0 24 24">${paths.map((d) => `<path d="${d}"/>`).join("")}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${symbols.join("")}</svg>`;
}
