import { cn } from "~/components/ui/cn";
import type { Emotion } from "~/domain/nino/types";
import { BADGES, avatarMoodFor, badgeFor } from "./moods";
import { NinoAvatar } from "./NinoAvatar";
import type { PanelMessage } from "./useNinoConnection";

/** One message of the conversation: the child's on the right, Nino's on the left with his mood. */
export function MessageBubble({ message }: { message: PanelMessage }) {
  if (message.type === "user") {
    return (
      <div className="flex justify-end" data-testid="nino-user-message">
        <p className="max-w-[85%] whitespace-pre-wrap rounded-3xl rounded-br-md bg-plum px-4 py-2.5 text-[1.02rem] leading-snug text-white">
          <span className="sr-only">You said: </span>
          {message.content}
        </p>
      </div>
    );
  }
  const badge = BADGES[badgeFor(message.emotion as Emotion)];
  return (
    <div className="flex items-end gap-2" data-testid="nino-message">
      <NinoAvatar mood={avatarMoodFor(message.emotion, false)} className="size-9 shrink-0" />
      <div className="max-w-[85%] rounded-3xl rounded-bl-md bg-paper px-4 py-2.5 shadow-card">
        <span className={cn("mb-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold", badge.className)} data-testid="nino-badge">
          <span aria-hidden="true">{badge.icon}</span>
          <span className="sr-only">Nino, </span>
          {badge.label}
        </span>
        <p className="whitespace-pre-wrap text-[1.02rem] leading-snug text-ink">{message.content}</p>
      </div>
    </div>
  );
}
