import type { TOrderStatus } from "../../../domain/order";
import { Badge } from "../../components/ui/badge";
import { useTranslation } from "../../i18n/use-translation";

const TONES: Record<TOrderStatus, "primary" | "neutral" | "success" | "danger"> = {
  created: "neutral",
  pending: "primary",
  paid: "success",
  failed: "danger",
  expired: "neutral",
  reversed: "danger",
};

/** An order's status in words and colour (the orders pack's status.*). */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation("orders");
  return (
    <span className="whitespace-nowrap" data-testid="order-status" data-status={status}>
      <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}
