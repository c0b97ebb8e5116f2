/** The icon set: 24x24 stroke icons drawn inline so they inherit colour and need no requests. */
export const ICONS = {
  "arrow-start": "M19 12H5m6-6-6 6 6 6",
  "arrow-end": "M5 12h14m-6-6 6 6-6 6",
  "arrow-up": "M12 19V5m-6 6 6-6 6 6",
  "chevron-down": "m6 9 6 6 6-6",
  "chevron-up": "m6 15 6-6 6 6",
  globe: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z",
  check: "m5 12 5 5 9-10",
  close: "M6 6l12 12M18 6 6 18",
  menu: "M4 6h16M4 12h16M4 18h16",
  home: "M3 11 12 4l9 7M5 10v10h14V10",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Zm0 14a2 2 0 0 1 2-2h13",
  play: "M8 5v14l11-7L8 5Z",
  video: "M3 6h12v12H3V6Zm12 4 6-3v10l-6-3",
  calendar: "M4 5h16v16H4V5Zm0 5h16M8 3v4m8-4v4",
  star: "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9L12 3Z",
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7m0 3h.01",
  chat: "M4 5h16v11H8l-4 4V5Z",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0",
  cookie: "M12 3a9 9 0 1 0 9 9 3 3 0 0 1-3-3 3 3 0 0 1-3-3 3 3 0 0 1-3-3Zm-3 8h.01M15 15h.01M10 16h.01",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-5v-5m0-3h.01",
  alert: "M12 3 2 20h20L12 3Zm0 6v5m0 3h.01",
  lock: "M6 11h12v10H6V11Zm2 0V7a4 4 0 1 1 8 0v4",
  mail: "M3 6h18v12H3V6Zm0 0 9 7 9-7",
  phone: "M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2Z",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5",
  external: "M14 4h6v6m0-6-9 9M19 14v6H4V5h6",
  refresh: "M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11",
  list: "M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01",
  gift: "M4 11h16v10H4V11Zm-1-4h18v4H3V7Zm9 0v14M12 7c-1.5-3-5-4-5.5-2S9 7 12 7Zm0 0c1.5-3 5-4 5.5-2S15 7 12 7Z",
  printer: "M7 9V3h10v6M7 17H4v-8h16v8h-3M7 14h10v7H7v-7Z",
  receipt: "M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6m-6 4h6m-6 4h3",
  file: "M6 3h8l4 4v14H6V3Zm8 0v4h4M9 12h6m-6 4h6",
  music: "M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z",
  upload: "M12 16V4m-5 5 5-5 5 5M4 16v4h16v-4",
  trash: "M4 7h16M10 11v6m4-6v6M6 7l1 14h10l1-14M9 7V4h6v3",
} as const;

export type IconName = keyof typeof ICONS;

/** How every icon is drawn: a 24-unit outline in the text's colour. */
const STROKED = { viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

export function Icon({ name, className = "size-5", label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg {...STROKED} className={className} aria-hidden={label ? undefined : true} role={label ? "img" : undefined} aria-label={label} focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

/**
 * The named icons as symbols of one hidden sprite, for a list that repeats them (each row's icon is
 * then an `<IconUse>`, about 60 bytes instead of 250): `prefix` keeps its ids apart from another's.
 */
export function IconSprite({ prefix, names }: { prefix: string; names: readonly IconName[] }) {
  return (
    <svg className="hidden" aria-hidden="true" focusable="false">
      {names.map((name) => (
        <symbol key={name} id={`${prefix}${name}`} {...STROKED}>
          <path d={ICONS[name]} />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon of an `<IconSprite>` rendered with the same prefix on the page; sized by its container's CSS or `className`. */
export function IconUse({ sprite, name, className }: { sprite: string; name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#${sprite}${name}`} />
    </svg>
  );
}
