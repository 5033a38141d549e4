import { describeCheckedBooks } from "./story-checked-books";

// the second half of 5,000 books: the first is story-books-checked-1, so each file stays short
describeCheckedBooks(2500, 5000);
