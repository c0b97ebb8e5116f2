import type { TCourseType, TCurrency } from "../../../domain/course";
import type { TElementType } from "../../../domain/element";
import type { TBlock } from "../../../domain/page";
import type { DemoLang } from "./demo-content";

/** A text in each demo language. */
export type L = Record<DemoLang, string>;

export interface DemoElement {
  id: string;
  type: TElementType;
  /** Minutes. */
  duration: number;
  title: L;
  /** The element page's blocks in one language. */
  blocks: (lang: DemoLang) => TBlock[];
  discussion?: boolean;
}

export interface DemoCourse {
  id: string;
  type: TCourseType;
  arbitraryWalkthrough: boolean;
  requiresRegistration: boolean;
  price?: number;
  currency?: TCurrency;
  duration: number;
  cover: string;
  category: { id: string; title: L };
  title: L;
  description: L;
  buttonText: L;
  buttonTextBuy: L;
  index: number;
  /** A certificate for finishing the course (validity in months; null: it does not expire). */
  certificate?: { validityMonths: number | null };
  /** The course page's blocks in one language. */
  page: (lang: DemoLang) => TBlock[];
  elements: DemoElement[];
}

export const text = (id: string, html: string, title?: string): TBlock => ({ id, type: "text", props: title ? { title, html } : { html } });
export const fact = (id: string, value: string, body: string): TBlock => ({ id, type: "fact", props: { variant: "fact", value, text: body } });
export const quote = (id: string, body: string, author: string): TBlock => ({ id, type: "quote", props: { text: body, author } });
export const faq = (id: string, title: string, items: Array<[string, string]>): TBlock => ({
  id,
  type: "faq",
  props: { title, items: items.map(([question, answer]) => ({ question, answer })) },
});
export const photo = (id: string, src: string, alt: string, caption?: string): TBlock => ({
  id,
  type: "photo",
  props: { src, alt, ...(caption ? { caption } : {}), width: 960, height: 540 },
});
/** Paragraphs as HTML. */
export const paras = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join("");
