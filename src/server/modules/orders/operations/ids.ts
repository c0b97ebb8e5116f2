import { base32Id } from "../../../platform/ids";

/** `ord_` + 26 base32 characters: 130 random bits (docs/decisions/0031). */
export const newOrderId = (): string => base32Id("ord_");
