import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/session.server";
import { uploadAction } from "~/utils/upload.server";

/**
 * The JavaScript path of upload fields (progress and preview): POST /files?kind=image|video|pdf with the form's
 * `csrf` and the file as `upload__file`; answers `{file}` (the temporary file) or `{error}` (the API's message).
 * Without JavaScript the file goes with the form itself (app/utils/upload.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return uploadAction(request);
}
