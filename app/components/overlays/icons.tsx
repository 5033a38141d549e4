import type { SVGProps } from "react";

/** Small line icons for the overlays; decorative (aria-hidden), so their buttons carry the words. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
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

export const CloseIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const CheckIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export const WifiIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M2.5 9a14 14 0 0 1 19 0M5.5 12.5a9.5 9.5 0 0 1 13 0M8.6 15.9a5 5 0 0 1 6.8 0" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" stroke="none" />
  </Icon>
);

export const WifiOffIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M3 3l18 18M8.6 15.9a5 5 0 0 1 6.1-.6M5.5 12.5a9.4 9.4 0 0 1 4-2.2M2.5 9a14 14 0 0 1 4-2.6M14.2 8.2a9.5 9.5 0 0 1 4.3 2.3M17.4 5.6A14 14 0 0 1 21.5 9" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" stroke="none" />
  </Icon>
);

export const AlertIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 3.5l9.5 16.5h-19z" />
    <path d="M12 10v4.5" />
    <circle cx="12" cy="17.3" r="1" fill="currentColor" stroke="none" />
  </Icon>
);

export const InfoIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5" />
    <circle cx="12" cy="7.8" r="1" fill="currentColor" stroke="none" />
  </Icon>
);

export const RefreshIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
    <path d="M4 3.5V8h4.5" />
    <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
    <path d="M20 20.5V16h-4.5" />
  </Icon>
);

export const SpinnerIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p} className={`animate-spin motion-reduce:animate-none ${p.className ?? ""}`}>
    <path d="M12 3a9 9 0 1 1-9 9" />
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
