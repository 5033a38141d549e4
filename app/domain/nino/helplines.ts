import { MARKET_COUNTRIES, type MarketCountry } from "../pricing/markets";

/**
 * A free telephone line for children, per market (the twenty markets of app/domain/pricing), named in
 * Nino's safe reply to a child at risk and in the e-mail the parent's account gets. Each is the
 * country's best-known line a child can call themselves; where the country runs the European child
 * helpline number 116 111, that number is used. A line's cost and hours vary, so the reply does not
 * promise either. `note` says what a reader checking the table should
 * know (a second line, the hours, a regional difference); it is never shown to a child.
 */
export interface Helpline {
  /** what a child is told to call, e.g. "Childline" */
  name: string;
  /** as it is written in that country, e.g. "0800 1111" */
  number: string;
  /** a second line named after the first, when the country has two that children are told about */
  also?: { name: string; number: string };
  note?: string;
}

// prettier-ignore
export const HELPLINES: Readonly<Record<MarketCountry, Helpline>> = {
  IN: { name: "CHILDLINE", number: "1098", note: "India's national child helpline (free, day and night); also reachable through the 112 emergency number." },
  US: { name: "Childhelp", number: "1-800-422-4453", also: { name: "the 988 Lifeline", number: "988" }, note: "Childhelp National Child Abuse Hotline (1-800-4-A-CHILD, 24/7); 988 Suicide & Crisis Lifeline (call or text, 24/7)." },
  GB: { name: "Childline", number: "0800 1111", note: "NSPCC's Childline, free, 24 hours." },
  AU: { name: "Kids Helpline", number: "1800 55 1800", note: "Free, 24/7, for ages 5 to 25." },
  AE: { name: "the Child Protection Centre helpline", number: "116 111", note: "The Ministry of Interior's child protection line." },
  CA: { name: "Kids Help Phone", number: "1-800-668-6868", note: "Free, 24/7; also by text to 686868." },
  EU: { name: "the child helpline", number: "116 111", note: "The EU-wide child helpline number (Nummer gegen Kummer in Germany, for example); some countries also keep an older national number. France answers children on 119 (Allô Enfance en Danger); the euro area is one market, so 116 111 is named." },
  JP: { name: "the 24-hour Children's SOS Dial", number: "0120-0-78310", note: "24時間子供SOSダイヤル, run by the Ministry of Education, free, 24 hours. Childline Japan (0120-99-7777) answers in the afternoons and evenings." },
  SG: { name: "Tinkle Friend", number: "1800 274 4788", note: "Singapore Children's Society's helpline for primary-school children." },
  NZ: { name: "What's Up", number: "0800 942 8787", note: "Barnardos' free line for 5 to 19 year olds (0800 WHATSUP)." },
  CH: { name: "Pro Juventute", number: "147", note: "Free, 24 hours, for children and young people." },
  SE: { name: "BRIS", number: "116 111", note: "Barnens Rätt i Samhället." },
  NO: { name: "Alarmtelefonen for barn og unge", number: "116 111", note: "Free, 24 hours." },
  DK: { name: "BørneTelefonen", number: "116 111", note: "Run by Børns Vilkår." },
  BR: { name: "Disque 100", number: "100", note: "The national human-rights line, which takes reports of violence against children, free, 24 hours." },
  MX: { name: "Línea de la Vida", number: "800 911 2000", note: "The national 24-hour support line (free). A child-specific national line is not as widely known, so this one is named." },
  ZA: { name: "Childline", number: "116", note: "Childline South Africa, free from any phone, 24 hours (also 0800 055 555)." },
  KR: { name: "the Youth Counselling line", number: "1388", note: "청소년상담 1388, for children and young people, 24 hours." },
  HK: { name: "Against Child Abuse", number: "2755 1122", note: "Its helpline; Hong Kong has no toll-free national child line as well known." },
  TW: { name: "the 113 protection hotline", number: "113", note: "保護專線 113, for children and families, free, 24 hours." },
};

/** The helpline of a market; India's (the default market) for anything else. */
export function helplineFor(market: string | null | undefined): Helpline {
  return (MARKET_COUNTRIES as readonly string[]).includes(market ?? "") ? HELPLINES[market as MarketCountry] : HELPLINES.IN;
}

/** "Childline on 0800 1111" (and the second line, when there is one). */
export function helplineWords(h: Helpline): string {
  return `${h.name} on ${h.number}${h.also ? `, or ${h.also.name} on ${h.also.number}` : ""}`;
}

/** The sentence added to the safe reply: the line a child can call themselves, for free. */
export function helplineSentence(market: string | null | undefined): string {
  return `You can also call ${helplineWords(helplineFor(market))}. They listen to children and can help.`;
}

/** A fixed safe reply with the market's helpline after it. */
export function withHelpline(reply: string, market: string | null | undefined): string {
  return `${reply} ${helplineSentence(market)}`;
}
