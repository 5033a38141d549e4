import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

export type Variant = "primary" | "secondary" | "ghost" | "danger";
export type Size = "md" | "lg" | "sm";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";
const variants: Record<Variant, string> = {
  // White on coral is 4.9:1 and on coral-dark 7:1 (WCAG AA for normal text).
  primary: "bg-coral text-white shadow-sm hover:bg-coral-dark",
  secondary: "border-2 border-ink/15 bg-paper text-ink hover:border-ink/30 hover:bg-cream",
  ghost: "text-ink hover:bg-ink/5",
  danger: "bg-red-700 text-white hover:bg-red-800",
};
// Every size keeps a tap target of at least 44 px.
const sizes: Record<Size, string> = {
  sm: "min-h-11 px-4 text-sm",
  md: "min-h-12 px-5 text-base",
  lg: "min-h-14 px-7 text-lg",
};

export function buttonClass(variant: Variant = "primary", size: Size = "md", extra?: string) {
  return cn(base, variants[variant], sizes[size], extra);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = "button", ...rest }, ref) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...rest} />;
});

export function ButtonLink({ variant, size, className, ...rest }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
