import { Cta, Layout, P, SignOff, Title } from "./Layout";

export interface PdfReadyProps {
  subject: string;
  hello: string;
  title: string;
  /** null when the address was not safe: the message then has no button */
  pdfUrl: string | null;
  linkNote: string;
}

/** The PDF of a book, ready to download and print. */
export function PdfReady(p: PdfReadyProps) {
  return (
    <Layout title={p.subject} preview={`The PDF of ${p.title} is ready to download and print.`}>
      <Title>{`${p.hello} your PDF is ready!`}</Title>
      <P>{`The PDF of ${p.title} is ready to download and print.`}</P>
      {p.pdfUrl ? <Cta href={p.pdfUrl}>Download the PDF</Cta> : null}
      <P small>{p.linkNote}</P>
      <SignOff lines={["Happy reading!", "The StoryNest team"]} />
    </Layout>
  );
}
