import { type TRefundRequest, ZAdminOrderDetail } from "../../../../domain/order-admin";
import { api } from "../../../lib/api";

/** The back office's order calls the order screen makes (the list is drawn by its loader). */
export const refundOrder = (orderId: string, body: TRefundRequest) =>
  api.post(`/api/admin/orders/${encodeURIComponent(orderId)}/refund`, ZAdminOrderDetail, body);
