import { cn } from "~/components/ui/cn";
import { btn } from "./panel-styles";

const SHORTCUTS: readonly [string, string][] = [
  ["Enter", "Start talking"],
  ["Escape", "Stop and close"],
  ["Space", "Start or stop listening"],
  ["Ctrl + H", "This help"],
  ["Ctrl + S", "Settings"],
  ["Ctrl + M", "Mute or unmute Nino"],
  ["Ctrl + V", "Talk with your voice"],
  ["Ctrl + T", "Type messages"],
];

/** How to talk with Nino, and the panel's keyboard shortcuts. */
export function HelpView({ onBack }: { onBack: () => void }) {
  return (
    <section aria-labelledby="nino-help-title" className="flex-1 overflow-y-auto px-4 py-5" data-testid="nino-help">
      <h2 id="nino-help-title" className="font-display text-2xl font-semibold text-ink">
        How to talk with Nino
      </h2>
      <p className="mt-2 text-ink-soft">Talk with your voice, or type. Nino can help make up a story, play a learning game, or just listen.</p>
      <h3 className="mt-4 font-bold text-ink">Keyboard shortcuts</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded-lg border-2 border-ink/15 bg-paper px-2 py-0.5 font-mono text-sm font-bold">{keys}</kbd>
            </dt>
            <dd className="text-ink">{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={cn(btn.secondary, "mt-6")} onClick={onBack}>
        Back to Nino
      </button>
    </section>
  );
}
