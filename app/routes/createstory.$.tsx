// /createstory/* is the same page as /createstory: any path below it shows the form.
export { action, clientAction, default, headers, loader, meta, shouldRevalidate } from "./createstory";
