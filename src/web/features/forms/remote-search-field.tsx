import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { REMOTE_SEARCH_DELAY_MS, REMOTE_SEARCH_MAX_CHARS, REMOTE_SEARCH_MIN_CHARS, type TFormField, type TSearchOption } from "../../../domain/forms";
import { cn } from "../../components/ui/cn";
import { searchOptions } from "./api";

type Status = "idle" | "short" | "waiting" | "searching" | "done" | "error";

export interface RemoteSearchFieldProps {
  formId: string;
  field: TFormField;
  /** The chosen option's value (a record id); "" while nothing is chosen. */
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
  attributes: Record<string, string>;
}

const chars = (s: string) => [...s].length;

/**
 * A combobox whose options come from the server (seed 001 §5, §9): nothing is asked for under
 * 3 characters, and a search starts 1 s after the last keystroke. Typing again clears the choice,
 * so the answer is always an option the server offered.
 */
export function RemoteSearchField({ formId, field, value, onChange, onBlur, error, attributes }: RemoteSearchFieldProps) {
  const { t } = useTranslation("forms");
  const { t: tShell } = useTranslation("shell");
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [options, setOptions] = useState<TSearchOption[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const search = async (q: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setStatus("searching");
    try {
      const res = await searchOptions(formId, field.id, q, controller.signal);
      if (controller.signal.aborted) return;
      setOptions(res.ok ? res.data : []);
      setStatus(res.ok ? "done" : "error");
      setActive(-1);
      setOpen(true);
    } catch {
      // Aborted: a newer search replaced this one.
    }
  };

  const onInput = (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setText(next);
    if (value) onChange("");
    clearTimeout(timer.current);
    request.current?.abort();
    setOpen(false);
    const q = next.trim();
    if (chars(q) < REMOTE_SEARCH_MIN_CHARS) {
      setOptions([]);
      setStatus(q ? "short" : "idle");
      return;
    }
    setStatus("waiting");
    timer.current = setTimeout(() => void search(q), REMOTE_SEARCH_DELAY_MS);
  };

  const pick = (option: TSearchOption) => {
    setText(option.label);
    setOpen(false);
    setActive(-1);
    onChange(option.value);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      setActive((i) => (e.key === "ArrowDown" ? (i + 1) % options.length : (i - 1 + options.length) % options.length));
    } else if (e.key === "Enter" && open && active >= 0) {
      // The highlighted option is chosen; the form is not submitted.
      e.preventDefault();
      e.stopPropagation();
      pick(options[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const hint =
    status === "short" || status === "idle"
      ? t("search.minChars", { count: REMOTE_SEARCH_MIN_CHARS })
      : status === "searching" || status === "waiting"
        ? t("search.searching")
        : status === "error"
          ? t("errors:codes.INTERNAL")
          : options.length === 0
            ? tShell("dropdown.empty")
            : t("search.found", { count: options.length });
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className="relative flex flex-col gap-1.5" data-testid={`remote-search-${field.name}`} data-status={status}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {field.label}
        {field.validation.required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={field.name}
        role="combobox"
        type="text"
        autoComplete="off"
        maxLength={REMOTE_SEARCH_MAX_CHARS}
        required={field.validation.required === true}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        placeholder={field.props.placeholder}
        value={text}
        onChange={onInput}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        className={cn(
          "h-11 rounded-xl border bg-surface px-4 text-ink placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
          error ? "border-danger" : "border-line",
        )}
        {...attributes}
      />
      <p id={`${id}-hint`} className="text-sm text-muted" aria-live="polite">
        {hint}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={field.label}
        hidden={!open || options.length === 0}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-component border border-line bg-surface p-1.5 shadow-lg"
      >
        {options.map((o, i) => (
          <li
            key={o.value}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Picked on press, with the focus kept in the input, so picking does not count as leaving the
            // field. Keys belong to the input (a combobox with aria-activedescendant: arrows move, Enter picks).
            onMouseDown={(e) => {
              e.preventDefault();
              pick(o);
            }}
            className={cn("cursor-pointer rounded-xl px-3 py-2 text-ink", i === active ? "bg-primary-soft" : "hover:bg-primary-soft")}
          >
            {o.label}
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="min-h-5 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : (
        <div className="min-h-5" aria-hidden="true" />
      )}
    </div>
  );
}
