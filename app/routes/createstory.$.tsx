// /createstory/* is the same page as /createstory (spec point 2).
export { action, default, loader, meta } from "./createstory";
