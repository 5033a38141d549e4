// /createstory/* is the same page as /createstory (spec point 2).
export { action, clientAction, default, loader, meta, shouldRevalidate } from "./createstory";
