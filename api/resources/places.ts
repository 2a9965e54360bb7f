import { places } from "@contract/resources/places";
import { defineMapping } from "./engine";

/** Places: table `places`, kindergarten-owned; nothing beyond the declaration. */
export const placesMapping = defineMapping({
  def: places,
  table: "places",
  alias: "p",
  from: (db) => db.selectFrom("places as p").innerJoin("kindergartens as k", "k.id", "p.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "p.id",
    name: "p.name",
    capacity: "p.capacity",
    remark: "p.remark",
    kindergartenId: "p.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: { name: "name", capacity: "capacity", remark: "remark" },
});
