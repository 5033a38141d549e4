// /customstory/* is the same page as /customstory (spec point 2).
export { action, clientAction, default, loader, meta, shouldRevalidate } from "./customstory";
