/** Orders per page of the back office's list. */
export const ORDERS_PAGE_SIZE = 50;
