import { redirect } from "@remix-run/node";

/** `/` → `/Home` (section 2). Logged-out visitors are then sent to /login by the console layout. */
export async function loader() {
  return redirect("/Home");
}
