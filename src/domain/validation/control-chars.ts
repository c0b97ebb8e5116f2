/*
 * Control characters, written with Unicode properties: Cc is U+0000-U+001F and U+007F-U+009F; the
 * C1 range (U+0080-U+009F) is left out where only the ASCII controls are meant.
 */

/** An ASCII control character (U+0000-U+001F, U+007F): never in a file name. */
export const ASCII_CONTROL = /[^\P{Cc}\u0080-\u009f]/u;
export const ASCII_CONTROLS = /[^\P{Cc}\u0080-\u009f]/gu;

/** An ASCII control character that plain text does not hold (tab, line feed, form feed and carriage return do). */
export const BINARY_CONTROL = /[^\P{Cc}\t\n\f\r\u0080-\u009f]/u;
