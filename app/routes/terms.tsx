import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { pageMeta } from "~/domain/content/meta";
import { LEGAL_UPDATED } from "~/domain/content/legal";

export const meta: MetaFunction = () =>
  pageMeta("Terms of use", "The terms for using StoryNest: accounts, the photos and details you give us, books made with AI, credits and payments, Nino, sharing and your rights.");

const CONTENTS = [
  { id: "about", label: "About these terms" },
  { id: "who", label: "Who can use StoryNest" },
  { id: "your-content", label: "What you give us" },
  { id: "ai", label: "Books made with AI" },
  { id: "ownership", label: "Who owns the books" },
  { id: "payments", label: "Credits, plans and payments" },
  { id: "nino", label: "Nino" },
  { id: "fair-use", label: "Using StoryNest fairly" },
  { id: "service", label: "Keeping the service running" },
  { id: "liability", label: "Our responsibility" },
  { id: "ending", label: "Closing your account" },
  { id: "changes", label: "Changes and contact" },
] as const;

export default function Terms() {
  return (
    <ContentPage
      eyebrow="The small print, made readable"
      title="Terms of use"
      tone="lavender"
      updated={`Last updated ${LEGAL_UPDATED}`}
      lede="These terms are the agreement between you and StoryNest when you use our website, make books and talk with Nino. We have kept them as short and plain as we can."
      contents={CONTENTS}
    >
      <Section id="about" title="1. About these terms">
        <p>
          StoryNest is a service that makes personalised, illustrated storybooks for children and offers Nino, a story companion. By using StoryNest you agree to these terms, to our <Link to="/privacy">privacy policy</Link> and to our <Link to="/returns">refund policy</Link>. If you do not agree, please do not use the service.
        </p>
        <p>Nothing in these terms takes away rights you have under the consumer law of the country where you live.</p>
      </Section>
      <Section id="who" title="2. Who can use StoryNest">
        <p>
          StoryNest is for parents, carers and other adults who make books for children. You must be at least 18 years old, or the age of majority where you live, to create an account, buy credits or make a book. Children may read books and talk with Nino with a grown-up's permission and, for younger children, with a grown-up nearby.
        </p>
        <p>You are responsible for keeping your password safe and for what happens under your account.</p>
      </Section>
      <Section id="your-content" title="3. What you give us">
        <p>
          To make a book you give us details such as a child's first name, age and interests, and you may add a photo. You may only do this for a child you are the parent or legal guardian of, or with that parent's or guardian's permission. Please do not upload photos of other people without their permission.
        </p>
        <p>
          You allow us to use these details only to make, store and show your books, and to provide the features you ask for. We explain exactly how in our <Link to="/privacy">privacy policy</Link>.
        </p>
      </Section>
      <Section id="ai" title="4. Books made with AI">
        <p>
          Stories and illustrations are created by AI models following instructions written by our team to keep them kind and suitable for young children. AI is not perfect: a picture may have an odd detail, or a sentence may not be quite right. Please read each book before you share it with your child, and tell us if something is wrong: our <Link to="/returns">refund policy</Link> explains how we put it right.
        </p>
        <p>Stories are made for enjoyment. They are not educational, medical or psychological advice.</p>
      </Section>
      <Section id="ownership" title="5. Who owns the books">
        <p>
          You may read, print, share with family and friends and keep the books you make, for personal, non-commercial use, for as long as you like. You may not sell them or use them in a commercial product without our written permission.
        </p>
        <p>
          The StoryNest name, logo, the Nino character, our website and the design of our books belong to us. Illustrations carry a small StoryNest mark in the corner; please do not remove it.
        </p>
      </Section>
      <Section id="payments" title="6. Credits, plans and payments">
        <ul>
          <li>Books are paid for with credits. The number of credits each book needs and the price of each pack or plan are shown on the <Link to="/pricing">pricing page</Link> before you pay.</li>
          <li>Prices are shown in the currency of your market, including any taxes we are required to charge.</li>
          <li>Credits are only taken from your balance when a book has been made. If a book fails to finish, you keep your credits.</li>
          <li>Credits do not expire while your account is open.</li>
          <li>Subscriptions renew automatically at the end of each period until you cancel. You can cancel at any time from your account, and you keep your benefits until the end of the period you have paid for.</li>
          <li>Payments are handled by our payment provider. We never see or store your full card number.</li>
        </ul>
        <p>
          Refunds are covered by our <Link to="/returns">refund policy</Link>.
        </p>
      </Section>
      <Section id="nino" title="7. Nino">
        <p>
          Nino is a friendly AI companion for story time. Nino can help a child make up a story, play short learning games and offer comfort, but Nino is not a person, a teacher, a doctor or a therapist, and is not a replacement for the care of a trusted adult. If you are worried about a child's wellbeing, please speak to a professional.
        </p>
        <p>
          Voice chat uses your browser's speech recognition and needs your permission to use the microphone. You can always type instead.
        </p>
      </Section>
      <Section id="fair-use" title="8. Using StoryNest fairly">
        <p>Please do not:</p>
        <ul>
          <li>ask for stories or pictures that are violent, sexual, hateful, frightening for children or that mock a real person;</li>
          <li>upload images you do not have the right to use, or images of children who are not in your care without permission;</li>
          <li>try to break, overload or get around the limits of the service, or to access other families' books;</li>
          <li>use StoryNest to collect information about children or to contact them.</li>
        </ul>
        <p>We may refuse a request, remove a book or suspend an account that breaks these rules, and we will tell you why.</p>
      </Section>
      <Section id="service" title="9. Keeping the service running">
        <p>
          We work hard to keep StoryNest available and your books safe, but we cannot promise the service will never be interrupted. We may change or improve features over time. If we ever close StoryNest, we will give you at least 60 days' notice so you can download your books as PDFs, and we will refund unused credits.
        </p>
      </Section>
      <Section id="liability" title="10. Our responsibility">
        <p>
          We are responsible for losses that are a foreseeable result of us breaking these terms or not using reasonable care. We are not responsible for losses that were not foreseeable, or for problems caused by things outside our reasonable control. Nothing in these terms limits our responsibility where the law does not allow it to be limited.
        </p>
      </Section>
      <Section id="ending" title="11. Closing your account">
        <p>
          You can stop using StoryNest at any time and ask us to delete your account from the <Link to="/contact">contact page</Link>. When your account is closed, we delete your books and your child's details as described in our <Link to="/privacy">privacy policy</Link>. Please download any books you want to keep first.
        </p>
      </Section>
      <Section id="changes" title="12. Changes and contact">
        <p>
          If we make an important change to these terms, we will tell you on the website, and by e-mail if you have an account, at least 30 days before it takes effect. If you do not agree with the change, you can close your account and we will refund any unused credits.
        </p>
        <p>
          Questions about these terms are welcome on our <Link to="/contact">contact page</Link>.
        </p>
      </Section>
    </ContentPage>
  );
}
