import { FilledIcon, Icon, type IconProps } from "./icons-core";

export { AlertIcon, CheckIcon, ChevronDownIcon, CloseIcon, SparklesIcon, SpinnerIcon, WifiOffIcon } from "./icons-core";

/**
 * The product's small icons, in one place. They are decorative (aria-hidden): a button or link that
 * shows one says what it does in words. Line icons are drawn on a 24-unit grid with round ends and
 * take the text colour; `size` sets their width and height in pixels (each icon's default is the
 * size it is drawn at most), and a size class (`size-5`) works too.
 */
// ── Actions ──────────────────────────────────────────────────────────────────────────────────────

export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
    <path d="M4 3.5V8h4.5" />
    <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
    <path d="M20 20.5V16h-4.5" />
  </Icon>
);

export const RetryIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M4 12a8 8 0 1 0 2.4-5.7M4 4v4.5h4.5" />
  </Icon>
);

export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" />
  </Icon>
);

export const ShareIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Icon>
);

// ── Directions ───────────────────────────────────────────────────────────────────────────────────

export const ChevronLeftIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);

export const ArrowLeftIcon = (p: IconProps) => (
  <Icon strokeWidth={2.64} {...p}>
    <path d="M19.2 12H6m4.8-4.8L6 12l4.8 4.8" />
  </Icon>
);

export const ArrowRightIcon = (p: IconProps) => (
  <Icon strokeWidth={2.64} {...p}>
    <path d="M4.8 12H18m-4.8-4.8L18 12l-4.8 4.8" />
  </Icon>
);

// ── The reader ───────────────────────────────────────────────────────────────────────────────────

export const PlayIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </Icon>
);

export const PauseIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M8 5v14M16 5v14" strokeWidth={3.2} />
  </Icon>
);

export const ExpandIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const ShrinkIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </Icon>
);

export const BookIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M12 6.5C10 5 7 4.5 4 5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5V5c-3-.5-6 0-8 1.5zM12 6.5v13" />
  </Icon>
);

export const BrushIcon = (p: IconProps) => (
  <Icon size={22} {...p}>
    <path d="M14.5 4.5l5 5-7.5 7.5-5-5zM7 12l-2.2 2.2c-1 1-1 2.6-.3 3.7-1 .6-1.8.6-2.5.6 1.8 1.6 5 1.6 6.6 0L11 16" />
  </Icon>
);

// ── Nino's panel ─────────────────────────────────────────────────────────────────────────────────

export const MicIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </Icon>
);

export const SendIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <path d="M4 12l16-8-6 16-2.5-6.5z" />
  </Icon>
);

export const StopIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <rect x="6" y="6" width="12" height="12" rx="3" />
  </Icon>
);

export const HelpIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
  </Icon>
);

export const SettingsIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M2 12h3M19 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
  </Icon>
);

export const SoundIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <path d="M4 10v4h4l5 4V6L8 10z" />
    <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);

export const MutedIcon = (p: IconProps) => (
  <Icon size={24} {...p}>
    <path d="M4 10v4h4l5 4V6L8 10z" />
    <path d="M17 9l5 6M22 9l-5 6" />
  </Icon>
);

// ── Messages and states ──────────────────────────────────────────────────────────────────────────

/** A tick in a soft green disc, for the home page's short promises. */
export const CheckBadgeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="10.8" fill="#e1f6ec" stroke="none" />
    <path d="M7.2 12.6l3.12 3L16.8 9" strokeWidth={2.64} />
  </Icon>
);

// ── Decorations ──────────────────────────────────────────────────────────────────────────────────

/** A small four-pointed sparkle, for headings and the book's end page. */
export const SparkleIcon = (p: IconProps) => (
  <FilledIcon size={18} {...p}>
    <path d="M12 2.5c.6 4.6 2.4 6.4 7 7-4.6.6-6.4 2.4-7 7-.6-4.6-2.4-6.4-7-7 4.6-.6 6.4-2.4 7-7z" />
  </FilledIcon>
);

/** A sparkle with a smaller one beside it, for the "Create a story" buttons. */

export const StarIcon = (p: IconProps) => (
  <FilledIcon {...p}>
    <path d="M12 2.4l2.88 6 6.48.72-4.8 4.44 1.32 6.48L12 16.8l-5.88 3.24 1.32-6.48-4.8-4.44 6.48-.72z" />
  </FilledIcon>
);

/** The cookie banner's cookie, in its own colours. */
