import { describeCheckedBooks } from "./story-checked-books";

// the first half of 5,000 books: the second is story-books-checked-2, so each file stays short
describeCheckedBooks(0, 2500);
