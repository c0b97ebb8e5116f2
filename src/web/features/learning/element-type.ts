import type { IconName } from "../../components/ui/icon";
import type { TElementType } from "../../../domain/element";

export const ELEMENT_ICON: Record<TElementType, IconName> = { lesson: "book", test: "check", webinar: "play" };
