// A tiny element builder: the page is small enough not to need a framework.

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

export function byID<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`page is missing #${id}`);
  return e as T;
}

/** Formats a number for people: grouped digits, a few significant decimals. */
export function fmt(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return "—";
  const a = Math.abs(x);
  const d = a >= 100 ? 0 : a >= 10 ? Math.min(1, digits) : a >= 1 ? Math.min(2, digits) : digits;
  return x.toLocaleString("en-US", { maximumFractionDigits: d });
}

/** A state's time as the picture's header writes it (its clock), else formatted here. */
export function clockOf(st: { clock?: string; simTimeNs: number }): string {
  return st.clock ?? fmtTime(st.simTimeNs);
}

/** Formats virtual nanoseconds as s / ms / µs. */
export function fmtTime(ns: number): string {
  if (ns >= 1e9) return `${fmt(ns / 1e9)} s`;
  if (ns >= 1e6) return `${fmt(ns / 1e6)} ms`;
  return `${fmt(ns / 1e3)} µs`;
}
