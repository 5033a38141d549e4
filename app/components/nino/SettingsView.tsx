import { useState } from "react";
import { btn } from "./panel-styles";
import type { NinoSettings } from "./session";

/** The child's name and age, voice on or off, and Nino muted or not; saved on this device. */
export function SettingsView({ settings, onSave, onBack }: { settings: NinoSettings; onSave: (s: NinoSettings) => void; onBack: () => void }) {
  const [name, setName] = useState(settings.childName);
  const [age, setAge] = useState(settings.age ? String(settings.age) : "");
  const [muted, setMuted] = useState(settings.muted);
  const [voiceEnabled, setVoiceEnabled] = useState(settings.voiceEnabled);
  return (
    <form
      aria-labelledby="nino-settings-title"
      className="flex-1 overflow-y-auto px-4 py-5"
      data-testid="nino-settings"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ childName: name.trim().slice(0, 40), age: age ? Number(age) : null, muted, voiceEnabled });
      }}
    >
      <h2 id="nino-settings-title" className="font-display text-2xl font-semibold text-ink">
        Settings
      </h2>
      <div className="mt-4 grid gap-4">
        <div>
          <label htmlFor="nino-settings-name" className="font-bold text-ink">
            Child's name
          </label>
          <input
            id="nino-settings-name"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            placeholder="Friend"
            className="mt-1 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-paper px-4 text-base focus:border-plum focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="nino-settings-age" className="font-bold text-ink">
            Age
          </label>
          <select
            id="nino-settings-age"
            value={age}
            onChange={(e) => setAge(e.target.value)}
            className="mt-1 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-paper px-4 text-base focus:border-plum focus:outline-none"
          >
            <option value="">Not saying</option>
            {Array.from({ length: 10 }, (_, i) => i + 3).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-ink-soft">Nino listens more patiently to younger children.</p>
        </div>
        <label className="flex min-h-12 items-center gap-3 font-bold text-ink">
          <input type="checkbox" className="size-6 accent-plum" checked={voiceEnabled} onChange={(e) => setVoiceEnabled(e.target.checked)} />
          Talk with voice
        </label>
        <label className="flex min-h-12 items-center gap-3 font-bold text-ink">
          <input type="checkbox" className="size-6 accent-plum" checked={muted} onChange={(e) => setMuted(e.target.checked)} />
          Mute Nino's voice
        </label>
      </div>
      <div className="mt-6 flex gap-2">
        <button type="submit" className={btn.primary}>
          Save
        </button>
        <button type="button" className={btn.secondary} onClick={onBack}>
          Cancel
        </button>
      </div>
      <p className="mt-4 text-sm text-ink-soft">Settings stay on this device. Voice recordings are never stored.</p>
    </form>
  );
}
