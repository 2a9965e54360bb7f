/** Types and constants of the bus pages for the browser bundle (no zod: the schemas stay in contract/, read by .server modules). */
export type { RideRow, RidesReply, RidersReply } from "@contract/resources/buses";
export const TRIPS_LIST = ["morning", "afternoon"] as const;
