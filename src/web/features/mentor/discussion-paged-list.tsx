import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { MoreButton } from "../../components/ui/more-button";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure } from "../../lib/api";
import { ApiErrorAlert } from "../orders/api-error-alert";

export interface PagedListProps<T> {
  /** The list's pages as the server's cursor brings them. */
  query: Pick<UseInfiniteQueryResult, "error" | "isPending" | "refetch" | "hasNextPage" | "isFetchingNextPage" | "fetchNextPage">;
  /** The pages joined, each item once. */
  items: readonly T[];
  keyOf(item: T): string;
  render(item: T): React.ReactNode;
  /** What an empty list says. */
  empty: string;
  /** `{testId}-empty` and `{testId}-more`. */
  testId: string;
}

/** One of the mentors' discussion lists: its error with a retry, loading, empty, the items and "more". */
export function PagedList<T>({ query, items, keyOf, render, empty, testId }: PagedListProps<T>) {
  const { t } = useTranslation("mentor");
  return (
    <>
      {query.error instanceof ApiFailure ? (
        <ApiErrorAlert error={query.error.error}>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </ApiErrorAlert>
      ) : query.isPending ? (
        <Spinner label={t("loading")} />
      ) : items.length === 0 ? (
        <p className="rounded-component border border-dashed border-line p-6 text-center text-muted" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={keyOf(item)}>{render(item)}</li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <MoreButton
          size="sm"
          busy={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
          label={t("list.more")}
          busyLabel={t("loading")}
          data-testid={`${testId}-more`}
        />
      ) : null}
    </>
  );
}
