import { useState } from "react";
import { inputClass } from "~/components/account/AccountUi";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { CHILD_LIMITS, PET_ANIMALS, RELATIONS, relationLabel } from "~/domain/children/child";
import type { CompanionValues } from "./page-data";

interface Row extends CompanionValues {
  key: number;
}

const BLANK = { id: "", name: "", relation: "", animal: "" };
const selectClass = cn(inputClass, "appearance-auto pr-3");
const RELATION_CHOICES = RELATIONS.map((r) => ({ value: r, label: r === "pet" ? "A pet" : relationLabel(r) }));
const ANIMAL_CHOICES = PET_ANIMALS.map((animal) => ({ value: animal, label: animal.charAt(0).toUpperCase() + animal.slice(1) }));

/** One of a row's lists (who they are, a pet's animal), labelled, with its error. */
function Choice({
  id,
  name,
  label,
  value,
  choices,
  onChange,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Field idPrefix="child" size="md" name={id} label={label} error={error}>
      {(a) => (
        <select {...a} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={cn(selectClass, a.className)}>
          <option value="">Choose…</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The family, friends and pets who may join the child's stories: a row each (name, who they are,
 * and a pet's animal), up to 8. Before the page's script runs there is one empty row to fill in and a
 * row is removed by clearing its name; with it, rows are added and removed with buttons, and the
 * animal shows only for a pet.
 */
export function CompanionRows({ initial, errors, hydrated }: { initial: CompanionValues[]; errors: Partial<Record<string, string>>; hydrated: boolean }) {
  const [rows, setRows] = useState<Row[]>(() => {
    const list = initial.length < CHILD_LIMITS.companions ? [...initial, BLANK] : initial;
    return list.map((c, key) => ({ ...c, key }));
  });
  const [nextKey, setNextKey] = useState(rows.length);
  const change = (key: number, part: Partial<CompanionValues>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...part } : r)));
  const add = () => {
    setRows((all) => [...all, { ...BLANK, key: nextKey }]);
    setNextKey((k) => k + 1);
  };

  return (
    <fieldset aria-describedby="child-companions-hint">
      <legend className="text-base font-semibold text-ink">Family, friends and pets</legend>
      <p id="child-companions-hint" className="mt-0.5 text-sm text-ink-soft">
        Who may appear in the stories, up to {CHILD_LIMITS.companions}. A sister who is saved as a child too can be added here by her name.
        {hydrated ? null : " To take someone out, clear their name."}
      </p>
      {errors.companions ? <p className="mt-2 font-semibold text-coral-dark">{errors.companions}</p> : null}
      <ul className="mt-3 grid gap-3">
        {rows.map((row, i) => (
          <li key={row.key} className="grid gap-3 rounded-2xl bg-cream/60 p-4 sm:grid-cols-2" data-testid="companion-row">
            <input type="hidden" name="companionId" value={row.id} />
            <Field idPrefix="child" size="md" name={`companionName-${i}`} label="Name" error={errors[`companions.${i}.name`]}>
              {(a) => (
                <input
                  {...a}
                  name="companionName"
                  type="text"
                  autoComplete="off"
                  autoCapitalize="words"
                  maxLength={CHILD_LIMITS.companionName + 10}
                  value={row.name}
                  onChange={(e) => change(row.key, { name: e.target.value })}
                  className={cn(inputClass, a.className)}
                />
              )}
            </Field>
            <Choice
              id={`companionRelation-${i}`}
              name="companionRelation"
              label="Who they are"
              value={row.relation}
              choices={RELATION_CHOICES}
              onChange={(relation) => change(row.key, { relation })}
              error={errors[`companions.${i}.relation`]}
            />
            {!hydrated || row.relation === "pet" ? (
              <Choice
                id={`companionAnimal-${i}`}
                name="companionAnimal"
                label={hydrated ? "Which animal" : "If a pet: which animal"}
                value={row.animal}
                choices={ANIMAL_CHOICES}
                onChange={(animal) => change(row.key, { animal })}
                error={errors[`companions.${i}.animal`]}
              />
            ) : (
              <input type="hidden" name="companionAnimal" value="" />
            )}
            {hydrated ? (
              <div className="flex items-end sm:col-span-2 sm:justify-end">
                <Button variant="ghost" size="sm" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  Remove{row.name.trim() ? ` ${row.name.trim()}` : ""}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {hydrated && rows.length < CHILD_LIMITS.companions ? (
        <div className="mt-3">
          <Button variant="secondary" size="sm" onClick={add}>
            <span aria-hidden="true">+</span> Add a person or pet
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
