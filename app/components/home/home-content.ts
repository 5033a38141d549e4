// The words of home's sections below its first screen.

export const STEPS = [
  {
    icon: "child",
    title: "Tell us about your child",
    text: "Their name, age and the things they love: a favourite toy, a pet, a best friend. Add a photo if you like, so the pictures look like them.",
  },
  {
    icon: "theme",
    title: "Choose an adventure",
    text: "Space, the ocean, a castle or a meadow full of animals. Pick a gentle lesson, such as sharing or being brave, and an art style.",
  },
  {
    icon: "read",
    title: "Read it together",
    text: "Your book is written and illustrated page by page in a few minutes. Read it on any screen, keep it in your library or print it as a PDF.",
  },
] as const;

export const NINO_POINTS = [
  { title: "Listens and talks", text: "Your child can speak to Nino or type. Nino answers out loud in a warm, unhurried voice." },
  { title: "Kind and patient", text: "Nino never rushes, never scolds and is never scary. Every idea is a good place to start." },
  { title: "Builds stories step by step", text: "Who is the hero? Where do they live? What happens next? Nino asks one small question at a time." },
  { title: "There on wobbly days", text: "If your child feels sad or worried, Nino slows down, listens and offers a comforting story." },
] as const;

export const PROMISES = [
  {
    icon: "lock",
    title: "Your child's photo stays private",
    text: "A photo is only used to draw your child into their own book. It is never sold, never made public and never used to train AI models.",
  },
  {
    icon: "shield",
    title: "Gentle by design",
    text: "Stories and Nino's answers are made for young children and checked for anything unsuitable: no frights, no violence, no grown-up themes.",
  },
  {
    icon: "heart",
    title: "No ads, no strangers",
    text: "Books are private unless you choose to share one. There are no ads and nobody outside your family can message your child.",
  },
  {
    icon: "trash",
    title: "Delete it whenever you like",
    text: "Delete any book whenever you like, and clear what Nino remembers with one button. Everything else goes 12 months after your last visit.",
  },
] as const;
