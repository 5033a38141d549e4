// /customstory/* is the same page as /customstory: any path below it shows the form.
export { action, clientAction, default, headers, loader, meta, shouldRevalidate } from "./customstory";
