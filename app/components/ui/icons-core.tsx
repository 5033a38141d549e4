import type { SVGProps } from "react";

/**
 * The icon frame and the few icons every page shows at once (the header, the connection status),
 * apart from the rest (./icons, which re-exports these) so a page loads only the icons it shows.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Icons drawn filled, not as lines. */
export function FilledIcon(props: IconProps) {
  return <Icon fill="currentColor" stroke="none" {...props} />;
}

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const MenuIcon = (p: IconProps) => (
  <Icon strokeWidth={2.4} {...p}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Icon>
);
export const SpinnerIcon = (p: IconProps) => (
  <Icon {...p} className={`animate-spin motion-reduce:animate-none ${p.className ?? ""}`}>
    <path d="M12 3a9 9 0 1 1-9 9" />
  </Icon>
);
export const WifiOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3l18 18M8.6 15.9a5 5 0 0 1 6.1-.6M5.5 12.5a9.4 9.4 0 0 1 4-2.2M2.5 9a14 14 0 0 1 4-2.6M14.2 8.2a9.5 9.5 0 0 1 4.3 2.3M17.4 5.6A14 14 0 0 1 21.5 9" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" stroke="none" />
  </Icon>
);
export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5l9.5 16.5h-19z" />
    <path d="M12 10v4.5" />
    <circle cx="12" cy="17.3" r="1" fill="currentColor" stroke="none" />
  </Icon>
);
export const SparklesIcon = (p: IconProps) => (
  <FilledIcon {...p}>
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </FilledIcon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon strokeWidth={2.4} {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5" />
    <circle cx="12" cy="7.8" r="1" fill="currentColor" stroke="none" />
  </Icon>
);

export const CookieIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false" {...p}>
    <path d="M24 4a20 20 0 1 0 20 20 6 6 0 0 1-7-6 6 6 0 0 1-6-7 6 6 0 0 1-7-7z" fill="#f2b35b" />
    <path d="M24 4a20 20 0 1 0 20 20 6 6 0 0 1-7-6 6 6 0 0 1-6-7 6 6 0 0 1-7-7z" fill="none" stroke="#b8432a" strokeWidth="2" strokeLinejoin="round" />
    <circle cx="16" cy="20" r="3" fill="#7a4a2a" />
    <circle cx="26" cy="31" r="3.2" fill="#7a4a2a" />
    <circle cx="15" cy="32" r="2" fill="#7a4a2a" />
    <circle cx="33" cy="25" r="1.8" fill="#7a4a2a" />
    <circle cx="23" cy="15" r="1.6" fill="#7a4a2a" />
  </svg>
);
