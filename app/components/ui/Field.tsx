import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * Ids of a form control and of its hint and error, so the label and the messages are tied to it:
 * the control is `{idPrefix}-{name}`, its hint `…-hint` and its error `…-error`; the control is
 * described by the error first, then the hint.
 */
export function fieldIds(idPrefix: string, name: string, hasHint: boolean, error: string | undefined) {
  const id = `${idPrefix}-${name}`;
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(" ") || undefined };
}

/** The border of a text control: the error colour while its field has an error. */
function inputState(error: string | undefined) {
  return error ? "border-coral-dark bg-paper" : "border-ink/15";
}

type FieldSize = "lg" | "md";

const LOOK: Record<FieldSize, { label: string; hint: string; error: string; badge: string }> = {
  // the story form: large, bold labels for a long form read on a phone
  lg: { label: "text-[1.0625rem] font-bold text-ink", hint: "mt-0.5 text-[0.95rem] leading-snug text-ink-soft", error: "text-[0.95rem]", badge: "mt-1" },
  // shorter forms (contact)
  md: { label: "text-base font-semibold text-ink", hint: "mt-0.5 text-sm text-ink-soft", error: "text-sm", badge: "mt-0.5" },
};

/** A field's error, beside its control (`data-field-error` names the field). */
export function ErrorText({ id, children, field, size = "lg" }: { id: string | undefined; children: ReactNode; field: string; size?: FieldSize }) {
  return (
    <p id={id} className={cn("mt-2 flex items-start gap-2 font-semibold text-coral-dark", LOOK[size].error)} data-field-error={field}>
      <span
        aria-hidden="true"
        className={cn("flex size-4 shrink-0 items-center justify-center rounded-full bg-coral-dark text-[10px] leading-none text-white", LOOK[size].badge)}
      >
        !
      </span>
      <span>{children}</span>
    </p>
  );
}

/** What a field gives its control: ids, name, the error state, and the border that shows it. */
interface ControlProps {
  id: string;
  name: string;
  required?: true;
  "aria-required"?: true;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/**
 * A labelled form control with its hint and its error beside it. `extra` (a character count) sits
 * under the control in the large size and beside the label in the medium one.
 */
export function Field({
  idPrefix,
  name,
  label,
  optional,
  required,
  hint,
  error,
  extra,
  size = "lg",
  children,
}: {
  idPrefix: string;
  name: string;
  label: string;
  /** says "optional" beside the label */
  optional?: boolean;
  /** the control is required (and says so to assistive technology) */
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  extra?: ReactNode;
  size?: FieldSize;
  children: (props: ControlProps) => ReactNode;
}) {
  const { id, hintId, errorId, describedBy } = fieldIds(idPrefix, name, Boolean(hint), error);
  const look = LOOK[size];
  const labelEl = (
    <label htmlFor={id} className={look.label}>
      {label}
      {optional ? <span className="ml-2 whitespace-nowrap text-sm font-semibold text-ink-soft">optional</span> : null}
    </label>
  );
  const control: ControlProps = {
    id,
    name,
    ...(required ? { required: true, "aria-required": true } : {}),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: inputState(error),
  };
  return (
    <div>
      {size === "md" ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelEl}
          {extra}
        </div>
      ) : (
        labelEl
      )}
      {hint ? (
        <p id={hintId} className={look.hint}>
          {hint}
        </p>
      ) : null}
      <div className="mt-2">{children(control)}</div>
      {size === "lg" && extra ? <div className="mt-1 flex justify-end">{extra}</div> : null}
      {error ? (
        <ErrorText id={errorId} field={name} size={size}>
          {error}
        </ErrorText>
      ) : null}
    </div>
  );
}
