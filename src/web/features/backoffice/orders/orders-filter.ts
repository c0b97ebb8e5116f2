import { GATEWAYS, ORDER_STATUSES, type TGateway, type TOrderStatus } from "../../../../domain/order";

/**
 * The orders screen's filter as it lives in the address (a GET form: shareable, keyboard-only, no
 * script needed): course, status, gateway, a day range (inclusive, UTC) and the page cursor.
 */
export interface OrdersFilter {
  courseId?: string;
  status?: TOrderStatus;
  gateway?: TGateway;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  after?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => ((list as readonly string[]).includes(v ?? "") ? (v as T) : undefined);
const text = (v: string | null) => (v && v.length <= 100 && !v.includes("\u0000") ? v : undefined);

/** What the address holds; anything malformed is left out (the form then shows it empty). */
export function readOrdersFilter(params: URLSearchParams): OrdersFilter {
  return {
    courseId: text(params.get("courseId")),
    status: oneOf(ORDER_STATUSES, params.get("status")),
    gateway: oneOf(GATEWAYS, params.get("gateway")),
    from: validDay(params.get("from")),
    to: validDay(params.get("to")),
    after: text(params.get("after")),
  };
}

/** The API's query: days become instants, `to` the start of the next day (the range includes it). */
export function apiQuery(f: OrdersFilter): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.courseId) q.courseId = f.courseId;
  if (f.status) q.status = f.status;
  if (f.gateway) q.gateway = f.gateway;
  if (f.from) q.from = new Date(`${f.from}T00:00:00.000Z`).toISOString();
  if (f.to) q.to = new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  return q;
}

/** The address of the same filter (without the page cursor unless given). */
export function filterSearch(f: OrdersFilter, after?: string): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ courseId: f.courseId, status: f.status, gateway: f.gateway, from: f.from, to: f.to, after })) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The CSV export of the filter (every page). */
export function csvHref(f: OrdersFilter): string {
  const q = new URLSearchParams(apiQuery(f)).toString();
  return `/api/admin/orders.csv${q ? `?${q}` : ""}`;
}
