// /customstory/* is the same page as /customstory (spec point 2).
export { action, default, loader, meta } from "./customstory";
